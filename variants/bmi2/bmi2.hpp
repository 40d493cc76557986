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
// masks, and stay in L1.
//
// Legal moves reuse the avx2 board's four-lane shift fill, so the variant
// needs BMI2 and AVX2 (every CPU with BMI2 that this project has met also has
// AVX2; with the portable scalar fill instead the perft is about 40% slower,
// as the legal moves dominate it). Like the avx2 board, the kernels are
// target-attributed functions called out of line.
//
// On AMD CPUs before Zen 3, PEXT and PDEP are microcoded and slow (tens of
// cycles); there this variant is correct but not fast.
#pragma once

#include <immintrin.h>

#include <array>
#include <bit>
#include <cstdint>

#include "core/board.hpp"
#include "core/empty_list.hpp"
#include "variants/avx2/avx2.hpp"
#include "variants/fast/pair_board.hpp"
#include "variants/kindergarten/kindergarten_tables.hpp"

namespace rb {

namespace bmi2_detail {

// The lines through one square, with the square's position on each.
struct alignas(32) SquareLines {
  Bitboard file;
  Bitboard diagonal;       // file - rank constant (a1-h8 direction)
  Bitboard anti_diagonal;  // file + rank constant (a8-h1 direction)
  std::uint8_t file_index, diagonal_index, anti_diagonal_index, rank_shift;
};

struct Tables {
  std::array<std::array<std::uint8_t, 256>, 8> outflank;
  std::array<std::array<std::uint8_t, 256>, 8> flipped;
  std::array<SquareLines, 64> lines;
};

constexpr Tables make_tables() {
  Tables t{};
  for (int i = 0; i < 8; ++i) {
    for (int o = 0; o < 256; ++o) {
      t.outflank[i][o] =
          static_cast<std::uint8_t>(kindergarten::line_outflank(i, static_cast<unsigned>(o)));
    }
    for (int b = 0; b < 256; ++b) {
      t.flipped[i][b] =
          static_cast<std::uint8_t>(kindergarten::line_between(i, static_cast<unsigned>(b)));
    }
  }
  for (Square s = 0; s < 64; ++s) {
    SquareLines& l = t.lines[s];
    for (Square c = 0; c < 64; ++c) {
      if (file_of(c) == file_of(s)) l.file |= bit(c);
      if (file_of(c) - rank_of(c) == file_of(s) - rank_of(s)) l.diagonal |= bit(c);
      if (file_of(c) + rank_of(c) == file_of(s) + rank_of(s)) l.anti_diagonal |= bit(c);
    }
    const Bitboard below = bit(s) - 1;
    l.file_index = static_cast<std::uint8_t>(popcount(l.file & below));
    l.diagonal_index = static_cast<std::uint8_t>(popcount(l.diagonal & below));
    l.anti_diagonal_index = static_cast<std::uint8_t>(popcount(l.anti_diagonal & below));
    l.rank_shift = static_cast<std::uint8_t>(8 * rank_of(s));
  }
  return t;
}

inline constexpr Tables kTables = make_tables();

// Spot checks. Opponent on 1 and 2, played at 0: closed by 3, flips 1 and 2.
static_assert(kTables.outflank[0][0b00000110] == 0b00001000);
static_assert(kTables.flipped[0][0b00001000] == 0b00000110);
// Opponent on 1, 2 and 4, played at 3: candidates 0 (left) and 5 (right).
static_assert(kTables.outflank[3][0b00010110] == 0b00100001);
static_assert(kTables.flipped[3][0b00100001] == 0b00010110);
// A run to the end of the line (or of a short line's byte) is not closed.
static_assert(kTables.outflank[0][0b11111110] == 0);
static_assert(kTables.outflank[2][0b00011000] == 0b00100000);
// The lines through d4 (27) and h1 (7); positions on them.
static_assert(kTables.lines[27].diagonal == 0x8040201008040201ULL);
static_assert(kTables.lines[27].anti_diagonal == 0x0001020408102040ULL);
static_assert(kTables.lines[27].file_index == 3 && kTables.lines[27].diagonal_index == 3 &&
              kTables.lines[27].anti_diagonal_index == 3);
static_assert(kTables.lines[7].anti_diagonal_index == 0 && kTables.lines[7].diagonal == bit(7));

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
  const SquareLines& l = kTables.lines[s];
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
  [[gnu::target("avx2")]] static Bitboard legal_moves(Bitboard player, Bitboard opponent) {
    return avx2_detail::legal_moves(player, opponent);
  }
  [[gnu::target("bmi2")]] static Bitboard flips(Square s, Bitboard player, Bitboard opponent) {
    return bmi2_detail::flips(s, player, opponent);
  }
};

struct Bmi2 : PairBoard<Bmi2Kernel> {
  using PairBoard::PairBoard;
  static constexpr VariantInfo info{"bmi2",
                                    "two bitboards; flips by PEXT of each line, outflank/flipped "
                                    "tables and PDEP back; AVX2 moves",
                                    "bitboard", MoveGen::mask, kCpuBmi2 | kCpuAvx2};
};

static_assert(KernelBoard<Bmi2>);

struct Bmi2List : WithEmptyList<Bmi2> {
  using WithEmptyList<Bmi2>::WithEmptyList;
  static constexpr VariantInfo info =
      list_variant_info(Bmi2::info, "bmi2+list", "the bmi2 board walked by its empty list");
};

static_assert(ListBoard<Bmi2List> && KernelBoard<Bmi2List>);

}  // namespace rb
