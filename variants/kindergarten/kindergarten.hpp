// The kindergarten board: two bitboards, flips by table lookup per line.
//
// A move flips discs only along the four lines through its square (rank,
// file, diagonal, anti-diagonal), and what it flips on a line depends only on
// that line's 8 cells and the square's position i on it. So instead of
// walking, each line is gathered into a byte with a mask and one
// multiplication (see line_gather.hpp for why each gather is exact),
// and two small compile-time tables finish the job:
//
//   candidates = outflank[i][opponent's inner 6 cells]  the cells just past
//                                                       the runs next to i
//   closing    = candidates & player's line byte         the runs really closed
//   flips      = flipped[i][closing]                     the cells in between
//
// and the flipped byte is spread back onto the line by the reverse
// multiplication and a mask. The tables take 2.5 KB, plus one 64-byte cache
// line of masks and multipliers per square, and stay in L1. Apart from the
// test that the square is empty there are no branches and no variable
// shifts, and the four lines are independent, so the CPU overlaps their
// multiplications and loads.
//
// The name comes from the "kindergarten bitboards" of chess programming,
// where the same gather-by-multiplication indexes sliding-piece attacks.
//
// The gathers, tables and flip function live in
// variants/common/line_gather.hpp (the fast board uses them too). Legal moves
// use the shift fills of variants/common/shift_fill.hpp; play(), undo() and
// the state are the shell of variants/common/bitboard_shell.hpp.
#pragma once

#include "core/board.hpp"
#include "core/cpu.hpp"
#include "core/empty_list.hpp"
#include "variants/common/bitboard_shell.hpp"
#include "variants/common/line_gather.hpp"
#include "variants/common/shift_fill.hpp"

namespace rb {

struct KindergartenKernel {
  static constexpr VariantInfo info =
      bitboard_variant("kindergarten",
                       "two bitboards; flips by gathering each line into a byte "
                       "(one multiply) and outflank/flipped table lookups",
                       kCpuNone, /*textbook=*/true);
  static constexpr Bitboard legal_moves(Bitboard player, Bitboard opponent) {
    return shift_legal_moves(player, opponent);
  }
  static constexpr Bitboard flips(Square s, Bitboard player, Bitboard opponent) {
    return line_gather::gather_flips(s, player, opponent);
  }
};

using Kindergarten = BitboardShell<KindergartenKernel>;
using KindergartenList = WithEmptyList<Kindergarten>;
static_assert(KernelBoard<Kindergarten> && ListBoard<KindergartenList> &&
              KernelBoard<KindergartenList>);

}  // namespace rb
