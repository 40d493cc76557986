// Stable discs: discs that no continuation of the game can flip.
//
// stable_discs(own, other) returns a subset of `own` that is provably stable
// (not every stable disc: the exact set is expensive to find). A disc is
// counted stable when, on each of its four lines (the rank, the file and the
// two diagonals through it), one of these holds:
//   - the line is full (no empty square is left on it, so no move can be
//     made on it, so nothing on it is ever flipped along it);
//   - one of its two neighbours on the line is off the board or is a stable
//     disc of the same colour (a flank along that line would have to flip
//     that neighbour too, which cannot happen).
// The second rule feeds on itself, so the set grows from the corners and the
// full lines until nothing changes. A disc flipped along one line is flipped
// along that line only, so a disc that cannot be flanked on any of its four
// lines is never flipped.
//
// The solver uses it for the stability cutoff (search/exact_search.hpp): the side to
// move cannot finish above 64 - 2 * (the opponent's stable discs).
#pragma once

#include <array>

#include "core/lines.hpp"
#include "core/square.hpp"

namespace rb {

namespace stability_detail {

// The diagonals (a1-h8 direction, then a8-h1 direction) with at least two
// squares: a diagonal of one square is a corner, stable on that line anyway.
struct Diagonals {
  std::array<Bitboard, 13> up{};    // through b1..g1 and a1..a7, from core/lines.hpp
  std::array<Bitboard, 13> down{};  // through b1..g1 and h1..h7
};
inline constexpr Diagonals kDiagonals = [] {
  Diagonals d;
  for (int k = 0; k < 13; ++k) {  // k - 6 = file - rank of the up diagonal; 7 + k - 6 = file + rank
    const int up_start = k < 6 ? make_square(0, 6 - k) : make_square(k - 6, 0);
    const int down_start = k < 6 ? make_square(k + 1, 0) : make_square(7, k - 6);
    d.up[k] = lines::line(up_start, lines::kDiagonal);
    d.down[k] = lines::line(down_start, lines::kAntiDiagonal);
  }
  return d;
}();
static_assert(kDiagonals.up[6] == 0x8040201008040201ull &&
              kDiagonals.down[6] == 0x0102040810204080ull);
static_assert(kDiagonals.up[0] == (bit(48) | bit(57)) && kDiagonals.down[0] == (bit(1) | bit(8)));

// The squares whose rank, file, and each diagonal are full.
constexpr void full_lines(Bitboard occupied, Bitboard& rank, Bitboard& file, Bitboard& up,
                          Bitboard& down) {
  rank = 0;
  for (int r = 0; r < 8; ++r) {
    const Bitboard row = kRank1 << (8 * r);
    if ((occupied & row) == row) rank |= row;
  }
  Bitboard column = occupied & (occupied >> 32);
  column &= column >> 16;
  column &= column >> 8;
  file = (column & kRank1) * kFileA;
  up = 0;
  down = 0;
  for (int i = 0; i < 13; ++i) {
    if ((occupied & kDiagonals.up[i]) == kDiagonals.up[i]) up |= kDiagonals.up[i];
    if ((occupied & kDiagonals.down[i]) == kDiagonals.down[i]) down |= kDiagonals.down[i];
  }
}

}  // namespace stability_detail

// A subset of `own` that no move can ever flip (see above).
constexpr Bitboard stable_discs(Bitboard own, Bitboard other) {
  using namespace stability_detail;
  Bitboard full_rank, full_file, full_up, full_down;
  full_lines(own | other, full_rank, full_file, full_up, full_down);
  // Squares where a line is safe whatever the neighbours: a full line, or an
  // edge that ends the line (the corners end all four).
  const Bitboard rank_safe = full_rank | kFileA | kFileH;
  const Bitboard file_safe = full_file | kRank1 | kRank8;
  const Bitboard up_safe = full_up | kEdges;
  const Bitboard down_safe = full_down | kEdges;
  Bitboard stable = 0;
  while (true) {
    const Bitboard next = own &
                          (rank_safe | ((stable << 1) & ~kFileA) | ((stable >> 1) & ~kFileH)) &
                          (file_safe | (stable << 8) | (stable >> 8)) &
                          (up_safe | ((stable << 9) & ~kFileA) | ((stable >> 9) & ~kFileH)) &
                          (down_safe | ((stable << 7) & ~kFileH) | ((stable >> 7) & ~kFileA));
    if (next == stable) return stable;
    stable = next;
  }
}

}  // namespace rb
