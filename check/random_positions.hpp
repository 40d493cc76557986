// Seeded random positions, for the verifier, the tests and the benchmarks.
#pragma once

#include <random>

#include "core/reference.hpp"

namespace rb {

// Plays a random game from the start for `plies` plies (a forced pass counts
// as a ply) or until the game ends; moves are uniform among the legal ones.
inline Position random_reachable(std::mt19937_64& rng, int plies) {
  ReferenceBoard board(Position::start());
  for (int ply = 0; ply < plies; ++ply) {
    Bitboard moves = board.legal_moves();
    if (moves == 0) {
      if (board.game_over()) break;
      board.pass();
      continue;
    }
    for (auto k = rng() % static_cast<unsigned>(popcount(moves)); k > 0; --k) moves &= moves - 1;
    board.play(first_square(moves));
  }
  return board.position();
}

// Any two non-overlapping bitboards over all 64 squares, either side to move;
// how full the board is varies from position to position.
inline Position random_arbitrary(std::mt19937_64& rng) {
  Bitboard black = 0, white = 0;
  const auto empty_eighths = 1 + rng() % 7;
  for (Square s = 0; s < 64; ++s) {
    if (rng() % 8 < empty_eighths) continue;
    (rng() % 2 ? black : white) |= bit(s);
  }
  return Position::from_colors(black, white, rng() % 2 ? Color::black : Color::white);
}

}  // namespace rb
