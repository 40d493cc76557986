// The rays of every square, as one compile-time table shared by the avx2
// and avx512 boards.
//
// For square s and each of the eight directions, the ray is the set of
// cells from the neighbour of s in that direction up to the edge of the
// board (s itself excluded). The directions come in four pairs, one per
// line through s, and each pair is one "lane":
//
//   lane      0      1      2           3
//   line      rank   file   anti-diag.  diagonal
//   step d    1      8      7           9
//   up ray    +1 E   +8 N   +7 NW       +9 NE      bits above s
//   down ray  -1 W   -8 S   -7 SE       -9 SW      bits below s
//
// The up rays hold only bits above s and the down rays only bits below it,
// which is what the bit tricks of the flip functions rely on: along an up
// ray the cell nearest to s is the lowest bit, along a down ray the highest.
// Each square's eight rays fill one 64-byte cache line.
#pragma once

#include <array>

#include "core/square.hpp"

namespace rb::rays {

inline constexpr std::array<int, 4> kStep = {1, 8, 7, 9};
// File change of one step up along each lane (the step down is the opposite).
inline constexpr std::array<int, 4> kFileStep = {1, 0, -1, 1};

struct alignas(64) SquareRays {
  std::array<Bitboard, 4> up;
  std::array<Bitboard, 4> down;
};

constexpr std::array<SquareRays, 64> make_rays() {
  std::array<SquareRays, 64> table{};
  for (Square s = 0; s < 64; ++s) {
    for (int lane = 0; lane < 4; ++lane) {
      const int df = kFileStep[lane];
      const int dr = lane == 0 ? 0 : 1;
      for (int sign : {1, -1}) {
        Bitboard ray = 0;
        for (int f = file_of(s) + sign * df, r = rank_of(s) + sign * dr; on_board(f, r);
             f += sign * df, r += sign * dr) {
          ray |= bit(make_square(f, r));
        }
        (sign > 0 ? table[s].up : table[s].down)[lane] = ray;
      }
    }
  }
  return table;
}

inline constexpr std::array<SquareRays, 64> kRays = make_rays();

// The up rays are above s, the down rays below, and the steps are right.
constexpr bool rays_are_ordered() {
  for (Square s = 0; s < 64; ++s) {
    for (int lane = 0; lane < 4; ++lane) {
      const Bitboard up = kRays[s].up[lane], down = kRays[s].down[lane];
      if (up & (bit(s) | (bit(s) - 1))) return false;
      if (down & ~(bit(s) - 1)) return false;
      if (up && first_square(up) != s + kStep[lane]) return false;
      if (down && 63 - std::countl_zero(down) != s - kStep[lane]) return false;
    }
  }
  return true;
}
static_assert(rays_are_ordered());
static_assert(kRays[0].up[3] == 0x8040201008040200ULL);     // a1: b2..h8
static_assert(kRays[63].down[3] == 0x0040201008040201ULL);  // h8: g7..a1
static_assert(kRays[27].up[0] == 0x00000000f0000000ULL);    // d4: e4..h4
static_assert(kRays[7].up[2] == 0x0102040810204000ULL);     // h1: g2..a8
static_assert(kRays[7].up[0] == 0 && kRays[7].down[2] == 0);

}  // namespace rb::rays
