// The kindergarten board: two bitboards, flips by table lookup per line.
//
// A move flips discs only along the four lines through its square (rank,
// file, diagonal, anti-diagonal), and what it flips on a line depends only on
// that line's 8 cells and the square's position i on it. So instead of
// walking, each line is gathered into a byte with a mask and one
// multiplication (see kindergarten_tables.hpp for why each gather is exact),
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
// Legal moves use the shift fills of shift_moves.hpp; play(), undo() and the
// state are the shell of variants/shift/snapshot_board.hpp, as for the shift
// board.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <utility>

#include "core/board.hpp"
#include "core/empty_list.hpp"
#include "variants/kindergarten/kindergarten_tables.hpp"
#include "variants/shift/shift_moves.hpp"
#include "variants/shift/snapshot_board.hpp"

namespace rb {

struct KindergartenKernel {
  static Bitboard legal_moves(Bitboard player, Bitboard opponent) {
    return shift_legal_moves(player, opponent);
  }
  // The discs `player` flips by playing s against `opponent`; 0 when s is
  // occupied or closes no run.
  static constexpr Bitboard flips(Square s, Bitboard player, Bitboard opponent) {
    using namespace kindergarten;
    if ((player | opponent) & bit(s)) return 0;
    const auto& outflank_at_file = kTables.outflank[file_of(s)];
    const auto& flipped_at_file = kTables.flipped[file_of(s)];
    const SquareLines& l = kTables.lines[s];
    const Bitboard inner = opponent & kInnerFiles;

    // Rank, diagonal, anti-diagonal: cell i = file i, the square is cell file_of(s).
    unsigned closing =
        outflank_at_file[gather_by_file_inner(inner, l.rank)] & gather_by_file(player, l.rank);
    Bitboard flipped = scatter_by_file(flipped_at_file[closing], l.rank);

    closing = outflank_at_file[gather_by_file_inner(inner, l.diagonal)] &
              gather_by_file(player, l.diagonal);
    flipped |= scatter_by_file(flipped_at_file[closing], l.diagonal);

    closing = outflank_at_file[gather_by_file_inner(inner, l.anti_diagonal)] &
              gather_by_file(player, l.anti_diagonal);
    flipped |= scatter_by_file(flipped_at_file[closing], l.anti_diagonal);

    // File: cell i = rank i, the square is cell rank_of(s).
    closing = kTables.outflank[rank_of(s)][gather_file_inner(opponent, l)] & gather_file(player, l);
    flipped |= scatter_file(kTables.flipped[rank_of(s)][closing], l);

    return flipped;
  }
};

struct Kindergarten : SnapshotBoard<KindergartenKernel> {
  using SnapshotBoard::SnapshotBoard;
  static constexpr VariantInfo info{"kindergarten",
                                    "two bitboards; flips by gathering each line into a byte "
                                    "(one multiply) and outflank/flipped table lookups",
                                    "bitboard", MoveGen::mask, kCpuNone};
  static constexpr Bitboard kindergarten_flips(Square s, Bitboard player, Bitboard opponent) {
    return KindergartenKernel::flips(s, player, opponent);
  }
};

static_assert(KernelBoard<Kindergarten>);
// From the start: e6 flips e5 (file), f5 flips e5 (rank), and a board where
// c3 flips d4 and e5 along the diagonal toward f6.
static_assert(Kindergarten::kindergarten_flips(44, bit(35) | bit(28), bit(27) | bit(36)) ==
              bit(36));
static_assert(Kindergarten::kindergarten_flips(37, bit(35) | bit(28), bit(27) | bit(36)) ==
              bit(36));
static_assert(Kindergarten::kindergarten_flips(18, bit(45), bit(27) | bit(36)) ==
              (bit(27) | bit(36)));

struct KindergartenList : WithEmptyList<Kindergarten> {
  using WithEmptyList<Kindergarten>::WithEmptyList;
  static constexpr VariantInfo info = list_variant_info(
      Kindergarten::info, "kindergarten+list", "the kindergarten board walked by its empty list");
};

static_assert(ListBoard<KindergartenList> && KernelBoard<KindergartenList>);

}  // namespace rb
