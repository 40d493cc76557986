// The bmi2 board: flips by extracting each line through the square into a
// byte with PEXT, two table lookups, and PDEP back onto the board.
//
// This is the kindergarten board's idea (see variants/kindergarten) with the
// BMI2 bit-gather and bit-scatter instructions in place of the multiplies:
// PEXT(x, mask) packs the bits of x selected by mask into the low bits of
// the result, in order, and PDEP(y, mask) spreads the low bits of y back to
// the positions of mask. Any set of cells becomes a compact index and back
// in one instruction each (3 cycles on Intel), with no "magic" constants and
// no restriction to the inner cells.
//
// For each of the four lines through square s (rank, file, diagonal,
// anti-diagonal), with s at position i of the line (cells in bit order):
//
//   o        = PEXT(opponent, line)          up to 8 bits
//   closing  = kOutflank[i][o] & PEXT(player, line)
//   flips   |= PDEP(kFlipped[i][closing], line)
//
// kOutflank[i][o] marks, on each side of i, the cell just past the run of
// opponent discs that starts next to i (nothing if that run is empty or
// reaches the end of the line); ANDed with the player's line it keeps the
// cells that really close a run. kFlipped[i][b] is every cell strictly
// between i and the cells of b. A diagonal shorter than 8 cells gives a byte
// whose top bits are 0, which the tables read as empty cells past the end:
// exactly right, since a run that reaches the end is not closed. The rank
// needs no PEXT at all (its cells are already one byte of the board), just
// shifts. The tables take 4 KB (two 8 x 256 byte tables) plus 2 KB of line
// masks, and stay in L1. The tables are the line tables of
// variants/common/line_gather.hpp indexed by whole lines.
//
// Legal moves reuse the avx2 board's four-lane shift fill (variants/common/avx2_lanes.hpp), so the
// variant needs BMI2 and AVX2 (every CPU with BMI2 that this project has met also has AVX2; with
// the portable scalar fill instead the perft is about 40% slower, as the legal moves dominate it).
// Like the avx2 board's, the kernels inline into the searches compiled for this variant
// (cmake/isa.cmake) and are target-attributed functions called out of line elsewhere.
//
// On AMD CPUs before Zen 3, PEXT and PDEP are microcoded and slow (tens of
// cycles); there this variant is correct but not fast.
#pragma once

#include <immintrin.h>

#include <array>
#include <bit>
#include <cstdint>

#include "core/board.hpp"
#include "core/cpu.hpp"
#include "core/empty_list.hpp"
#include "core/lines.hpp"
#include "variants/common/avx2_lanes.hpp"
#include "variants/common/bitboard_shell.hpp"
#include "variants/common/line_gather.hpp"

namespace rb {

namespace bmi2_detail {

// The lines through one square, with the square's position on each.
struct alignas(32) SquareLines {
  Bitboard file;
  Bitboard diagonal;       // file - rank constant (a1-h8 direction)
  Bitboard anti_diagonal;  // file + rank constant (a8-h1 direction)
  std::uint8_t file_index, diagonal_index, anti_diagonal_index, rank_shift;
};

constexpr std::array<SquareLines, 64> make_lines() {
  std::array<SquareLines, 64> t{};
  for (Square s = 0; s < 64; ++s) {
    SquareLines& l = t[s];
    l.file = lines::line(s, lines::kFile);
    l.diagonal = lines::line(s, lines::kDiagonal);
    l.anti_diagonal = lines::line(s, lines::kAntiDiagonal);
    const Bitboard below = bit(s) - 1;
    l.file_index = static_cast<std::uint8_t>(popcount(l.file & below));
    l.diagonal_index = static_cast<std::uint8_t>(popcount(l.diagonal & below));
    l.anti_diagonal_index = static_cast<std::uint8_t>(popcount(l.anti_diagonal & below));
    l.rank_shift = static_cast<std::uint8_t>(8 * rank_of(s));
  }
  return t;
}

inline constexpr std::array<SquareLines, 64> kLines = make_lines();
inline constexpr const line_gather::FullLineTables& kTables = line_gather::kFullLineTables;

// Positions on the lines through d4 (27) and h1 (7).
static_assert(kLines[27].file_index == 3 && kLines[27].diagonal_index == 3 &&
              kLines[27].anti_diagonal_index == 3);
static_assert(kLines[7].anti_diagonal_index == 0 && kLines[7].diagonal == bit(7));

[[gnu::target("bmi2"), gnu::always_inline]] inline Bitboard line_flips(Bitboard player,
                                                                       Bitboard opponent,
                                                                       Bitboard line, int i) {
  const unsigned closing = kTables.outflank[i][_pext_u64(opponent, line)] &
                           static_cast<unsigned>(_pext_u64(player, line));
  return _pdep_u64(kTables.flipped[i][closing], line);
}

[[gnu::target("bmi2"), gnu::always_inline]] inline Bitboard flips(Square s, Bitboard player,
                                                                  Bitboard opponent) {
  if ((player | opponent) & bit(s)) return 0;
  const SquareLines& l = kLines[s];
  const unsigned shift = l.rank_shift;
  const unsigned rank_closing = kTables.outflank[file_of(s)][(opponent >> shift) & 0xff] &
                                static_cast<unsigned>(player >> shift);
  Bitboard flipped = static_cast<Bitboard>(kTables.flipped[file_of(s)][rank_closing & 0xff])
                     << shift;
  flipped |= line_flips(player, opponent, l.file, l.file_index);
  flipped |= line_flips(player, opponent, l.diagonal, l.diagonal_index);
  flipped |= line_flips(player, opponent, l.anti_diagonal, l.anti_diagonal_index);
  return flipped;
}

}  // namespace bmi2_detail

struct Bmi2Kernel {
  static constexpr VariantInfo info =
      bitboard_variant("bmi2",
                       "two bitboards; flips by PEXT of each line, outflank/flipped "
                       "tables and PDEP back; AVX2 moves",
                       kCpuBmi2 | kCpuAvx2);
  RB_AVX2_KERNEL Bitboard legal_moves(Bitboard player, Bitboard opponent) {
    return avx2_lanes::legal_moves(player, opponent);
  }
  RB_BMI2_KERNEL Bitboard flips(Square s, Bitboard player, Bitboard opponent) {
    return bmi2_detail::flips(s, player, opponent);
  }
};

using Bmi2 = BitboardShell<Bmi2Kernel>;
using Bmi2List = WithEmptyList<Bmi2>;
static_assert(KernelBoard<Bmi2> && ListBoard<Bmi2List> && KernelBoard<Bmi2List>);

}  // namespace rb
