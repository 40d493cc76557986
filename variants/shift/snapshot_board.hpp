// The board shell of the textbook bitboards (shift, kindergarten): the pair
// (player, opponent) of 64-bit sets plus the colour to move, with the move
// generation supplied by a kernel type
//
//   struct K {
//     static Bitboard legal_moves(Bitboard player, Bitboard opponent);
//     static Bitboard flips(Square s, Bitboard player, Bitboard opponent);
//   };
//
// A move or a pass swaps the two words, so the code always speaks of
// "player" and "opponent" and never of colours. play() computes the flips
// once, refuses a square that flips nothing, and otherwise XORs the flips
// (and the new disc) into the words and swaps them. Undo keeps a fixed stack
// of snapshots of the previous state (both words and the colour, side by
// side) inside the object, so undo() is a copy back and no recomputation.
//
// This is the plain layout; variants/fast/pair_board.hpp is the same shell
// laid out for the CPU's store-to-load forwarding, which the fast variants
// use (its opening comment measures the difference).
#pragma once

#include <array>
#include <cassert>
#include <utility>

#include "core/board.hpp"

namespace rb {

template <class Kernel>
class SnapshotBoard {
 public:
  explicit SnapshotBoard(const Position& position)
      : player_(position.player), opponent_(position.opponent), side_(position.side) {
    assert(position.valid());
  }

  Position position() const { return {player_, opponent_, side_}; }
  Bitboard legal_moves() const { return Kernel::legal_moves(player_, opponent_); }
  Bitboard flips(Square s) const { return Kernel::flips(s, player_, opponent_); }

  static Bitboard moves_of(Bitboard player, Bitboard opponent) {
    return Kernel::legal_moves(player, opponent);
  }
  static Bitboard flips_of(Square s, Bitboard player, Bitboard opponent) {
    return Kernel::flips(s, player, opponent);
  }

  bool play(Square s) {
    const Bitboard flipped = flips(s);
    if (flipped == 0) return false;
    assert(depth_ < kMaxDepth);
    history_[depth_++] = Snapshot{player_, opponent_, side_};
    const Bitboard player = player_ ^ (flipped | bit(s));
    player_ = opponent_ ^ flipped;
    opponent_ = player;
    side_ = opposite(side_);
    assert(consistent());
    return true;
  }
  void undo() {
    assert(depth_ > 0);
    const Snapshot& last = history_[--depth_];
    player_ = last.player;
    opponent_ = last.opponent;
    side_ = last.side;
    assert(consistent());
  }
  void pass() {
    std::swap(player_, opponent_);
    side_ = opposite(side_);
  }

  int empties() const { return popcount(~(player_ | opponent_)); }
  int disc_difference() const { return popcount(player_) - popcount(opponent_); }
  Color side_to_move() const { return side_; }
  bool consistent() const {
    return (player_ & opponent_) == 0 && depth_ >= 0 && depth_ <= kMaxDepth;
  }

 private:
  // More than the plays any game can hold (at most 62, from two discs): the
  // stack can never overflow.
  static constexpr int kMaxDepth = 64;

  struct Snapshot {
    Bitboard player;
    Bitboard opponent;
    Color side;
  };

  Bitboard player_;
  Bitboard opponent_;
  Color side_;
  int depth_ = 0;
  std::array<Snapshot, kMaxDepth> history_{};
};

}  // namespace rb
