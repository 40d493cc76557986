// Position: the side-to-move relative description every board converts to
// and from. `player` holds the discs of the side to move, `opponent` the
// other side's; they never overlap. `side` is the colour of the side to move,
// kept for display and I/O only.
#pragma once

#include "core/square.hpp"

namespace rb {

struct Position {
  Bitboard player = 0;
  Bitboard opponent = 0;
  Color side = Color::black;

  static constexpr Position from_colors(Bitboard black, Bitboard white, Color side) {
    return side == Color::black ? Position{black, white, side} : Position{white, black, side};
  }
  // The standard start: d5 and e4 black, d4 and e5 white, black to move.
  static constexpr Position start() {
    return from_colors(bit(35) | bit(28), bit(27) | bit(36), Color::black);
  }

  constexpr Bitboard black() const { return side == Color::black ? player : opponent; }
  constexpr Bitboard white() const { return side == Color::black ? opponent : player; }
  constexpr Bitboard empty() const { return ~(player | opponent); }
  constexpr int empties() const { return popcount(empty()); }
  constexpr bool valid() const { return (player & opponent) == 0; }
  // The same discs with the other side to move.
  constexpr Position passed() const { return {opponent, player, opposite(side)}; }

  friend constexpr bool operator==(const Position&, const Position&) = default;
};

// A move (a square, or kPass) and the exact score after it for the side that
// played it.
struct MoveScore {
  Square move;
  int score;
  friend bool operator==(const MoveScore&, const MoveScore&) = default;
};

}  // namespace rb
