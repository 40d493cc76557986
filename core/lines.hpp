// The lines of the board: for every square, its eight rays and the four
// lines through it, built once at compile time by one walk and shared by
// every part that needs them (the kindergarten gathers, the bmi2 line
// extracts, the avx2/avx512 ray registers, the stability test).
//
// A ray of square s is the set of cells from the neighbour of s in one
// direction up to the edge of the board (s itself excluded). The directions
// come in four pairs, one per line through s, called lanes:
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
// Each square's eight rays fill one 64-byte cache line. A line through s is
// its two rays of one lane and s itself.
#pragma once

#include <array>

#include "core/square.hpp"

namespace rb::lines {

enum Lane : int { kRank = 0, kFile = 1, kAntiDiagonal = 2, kDiagonal = 3 };

inline constexpr std::array<int, 4> kStep = {1, 8, 7, 9};
// File change of one step up along each lane (the step down is the opposite).
inline constexpr std::array<int, 4> kFileStep = {1, 0, -1, 1};

struct alignas(64) SquareRays {
  std::array<Bitboard, 4> up;
  std::array<Bitboard, 4> down;
};

// The cells from s (excluded) to the edge, stepping by (df, dr).
constexpr Bitboard ray(Square s, int df, int dr) {
  Bitboard cells = 0;
  for (int f = file_of(s) + df, r = rank_of(s) + dr; on_board(f, r); f += df, r += dr) {
    cells |= bit(make_square(f, r));
  }
  return cells;
}

constexpr std::array<SquareRays, 64> make_rays() {
  std::array<SquareRays, 64> table{};
  for (Square s = 0; s < 64; ++s) {
    for (int lane = 0; lane < 4; ++lane) {
      const int df = kFileStep[lane], dr = lane == kRank ? 0 : 1;
      table[s].up[lane] = ray(s, df, dr);
      table[s].down[lane] = ray(s, -df, -dr);
    }
  }
  return table;
}

inline constexpr std::array<SquareRays, 64> kRays = make_rays();

// The line of lane `lane` through s, s included.
constexpr Bitboard line(Square s, int lane) {
  return kRays[s].up[lane] | kRays[s].down[lane] | bit(s);
}

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
static_assert(kRays[0].up[kDiagonal] == 0x8040201008040200ULL);      // a1: b2..h8
static_assert(kRays[63].down[kDiagonal] == 0x0040201008040201ULL);   // h8: g7..a1
static_assert(kRays[27].up[kRank] == 0x00000000f0000000ULL);         // d4: e4..h4
static_assert(kRays[7].up[kAntiDiagonal] == 0x0102040810204000ULL);  // h1: g2..a8
static_assert(kRays[7].up[kRank] == 0 && kRays[7].down[kAntiDiagonal] == 0);
static_assert(line(27, kDiagonal) == 0x8040201008040201ULL);
static_assert(line(27, kAntiDiagonal) == 0x0001020408102040ULL);
static_assert(line(3, kFile) == 0x0808080808080808ULL && line(9, kRank) == 0xFF00ULL);

}  // namespace rb::lines
