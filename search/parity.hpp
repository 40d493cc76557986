// Quadrant parity: the board's four 4x4 quadrants, and which of them hold an
// odd number of empty squares. In an endgame the side that moves last in a
// region gains there, so moves into odd quadrants are tried first.
#pragma once

#include <array>

#include "core/square.hpp"

namespace rb {

// One bit per 4x4 quadrant (a1-d4, e1-h4, a5-d8, e5-h8).
constexpr unsigned quadrant_bit(Square s) {
  return 1u << ((file_of(s) >> 2) | ((rank_of(s) >> 2) << 1));
}

// The squares of the quadrants whose bits are set in `quadrants`.
constexpr Bitboard quadrant_squares(unsigned quadrants) {
  constexpr Bitboard kQuadrant0 = 0x000000000F0F0F0Full;  // a1-d4
  Bitboard b = 0;
  for (unsigned q = 0; q < 4; ++q) {
    if (quadrants & (1u << q)) b |= kQuadrant0 << ((q & 1) * 4 + (q >> 1) * 32);
  }
  return b;
}
static_assert(quadrant_squares(1) == 0x000000000F0F0F0Full);
static_assert(quadrant_squares(8) == 0xF0F0F0F000000000ull);
static_assert(quadrant_squares(15) == ~Bitboard{0});

inline constexpr auto kQuadrantSquares = [] {
  std::array<Bitboard, 16> t{};
  for (unsigned q = 0; q < 16; ++q) t[q] = quadrant_squares(q);
  return t;
}();

// Bit q set when quadrant q holds an odd number of empty squares.
constexpr unsigned quadrant_parity(Bitboard empty) {
  unsigned parity = 0;
  for_each_square(empty, [&](Square s) { parity ^= quadrant_bit(s); });
  return parity;
}

}  // namespace rb
