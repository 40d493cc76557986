// Line gathers by multiplication, and the line tables they index: the flip
// method of the kindergarten board (variants/kindergarten), also used by the
// fast board; the bmi2 board indexes the same line tables with PEXT.
//
// The flips of a move never leave the four lines through the played square,
// and along one line they depend only on the 8 cells of that line. So a line
// is gathered into a byte (bit i = the i-th cell of the line), the flips are
// read from tables indexed by the byte(s), and the resulting byte is spread
// back onto the line. Everything here is built by constexpr code and checked
// by static_asserts below; nothing is written by hand.
//
// Gathers (each one AND and one multiplication, no carries; see the
// constants below for why):
// - rank, diagonal, anti-diagonal: mask the line and multiply by kAFile (one
//   bit per byte). The product is the sum of the eight rank bytes, shifted
//   into the top byte; a rank has all its cells in one byte, and a diagonal
//   has one cell per file, so the bytes never overlap and the sum is an OR:
//   the top byte is the line with cell i = file i. (The classic description
//   calls this "rotating" the diagonal onto a rank.)
// - file f: mask the file and multiply by kFileGather >> f, which moves rank
//   i's cell, bit 8i + f, to bit 56 + i: the top byte is the file with cell
//   i = rank i. (It is the classic "shift to the A-file, multiply by a
//   diagonal constant", with the shift folded into the constant.)
// Scatters go the other way: multiply the byte back out, then mask the line.
//
// Tables (kTables.outflank and kTables.flipped), for a square at position i
// of its line:
// - outflank[i][o]: o is the opponent's line restricted to its six inner
//   cells (an opponent disc at cell 0 or 7 can never be flipped, so it is
//   never part of a run). The entry marks, on each side of i, the cell just
//   beyond the run of opponent discs that starts next to i (nothing if that
//   run is empty or runs to the end of the line). ANDed with the player's
//   line it leaves the discs that really close a run.
// - flipped[i][b]: the cells strictly between i and each cell of b, i.e. the
//   discs flipped once b (the ANDed outflank byte) is known. Those cells are
//   always inner cells (1..6), which the file scatter relies on.
#pragma once

#include <array>
#include <cstdint>

#include "core/lines.hpp"
#include "core/square.hpp"

namespace rb::line_gather {

// Cell i of an 8-cell line is played; `opponent` holds the opponent's cells of
// the line. The cells just beyond the runs of opponent cells next to i, on
// either side (the candidate outflanking cells), as bits of the line.
constexpr unsigned line_outflank(int i, unsigned opponent) {
  unsigned out = 0;
  int j = i - 1;
  while (j >= 0 && (opponent >> j & 1)) --j;
  if (j >= 0 && j < i - 1) out |= 1u << j;
  j = i + 1;
  while (j < 8 && (opponent >> j & 1)) ++j;
  if (j < 8 && j > i + 1) out |= 1u << j;
  return out;
}

// The cells strictly between cell i and each set bit of `ends`.
constexpr unsigned line_between(int i, unsigned ends) {
  unsigned between = 0;
  for (int j = 0; j < 8; ++j) {
    if (!(ends >> j & 1)) continue;
    for (int k = j + 1; k < i; ++k) between |= 1u << k;
    for (int k = i + 1; k < j; ++k) between |= 1u << k;
  }
  return between;
}

inline constexpr Bitboard kAFile = kFileA;

// Bits 56 - 7j for j = 0..7. Multiplying the A-file (bits 8i) by it puts
// term (i, j) on bit 8i + 56 - 7j = 56 + i + 7(i - j); two different (i, j)
// never share a position (so no carries), and only i == j lands in the top
// byte, on bit 56 + i. Shifted right by f it does the same for file f: term
// (i, j) moves to 8i + f + 56 - 7j - f, the same position as before (the
// shift is exact, as 56 - 7j - f >= 0 for j <= 7, f <= 7).
inline constexpr Bitboard kFileGather = 0x0102040810204080ULL;
// Bits 7j for j = 0..7. Multiplying a byte by it puts term (i, j) on bit
// i + 7j, and i + 7i = 8i is rank i of the A-file. For i in 1..6 the
// positions i + 7j are all distinct (no carries) and i + 7j is a multiple of
// 8 only for j == i, so masking the A-file keeps exactly the wanted bits.
// Shifted left by f (7 * 7 + 6 + f < 64) it lands on file f instead. Bits 0
// and 7 of the byte must be clear, which holds for flips (see flipped below).
inline constexpr Bitboard kFileScatter = 0x0002040810204081ULL;

// Everything flips() needs about the lines through one square, on one cache
// line.
struct alignas(64) SquareLines {
  Bitboard rank;
  Bitboard file;
  Bitboard file_inner;  // the file's cells on ranks 2..7
  Bitboard file_gather;
  Bitboard file_scatter;
  Bitboard diagonal;       // file - rank constant (a1-h8 direction)
  Bitboard anti_diagonal;  // file + rank constant (a8-h1 direction)
};

struct Tables {
  std::array<std::array<std::uint8_t, 64>, 8> outflank;  // by the 6 inner cells
  std::array<std::array<std::uint8_t, 256>, 8> flipped;
  std::array<SquareLines, 64> lines;
};

// The same tables indexed by all 8 cells of the line, for the bmi2 board,
// whose PEXT gathers a line whole.
struct FullLineTables {
  std::array<std::array<std::uint8_t, 256>, 8> outflank;
  std::array<std::array<std::uint8_t, 256>, 8> flipped;
};

constexpr Tables make_tables() {
  Tables t{};
  for (int i = 0; i < 8; ++i) {
    for (int o = 0; o < 64; ++o) {
      // o holds the opponent's cells 1..6 of the line.
      t.outflank[i][o] = static_cast<std::uint8_t>(line_outflank(i, static_cast<unsigned>(o) << 1));
    }
    for (int b = 0; b < 256; ++b) {
      t.flipped[i][b] = static_cast<std::uint8_t>(line_between(i, static_cast<unsigned>(b)));
    }
  }
  for (Square s = 0; s < 64; ++s) {
    SquareLines& l = t.lines[s];
    const int f = file_of(s);
    l.rank = lines::line(s, lines::kRank);
    l.file = lines::line(s, lines::kFile);
    l.diagonal = lines::line(s, lines::kDiagonal);
    l.anti_diagonal = lines::line(s, lines::kAntiDiagonal);
    l.file_inner = l.file & kInnerRanks;
    l.file_gather = kFileGather >> f;
    l.file_scatter = kFileScatter << f;
  }
  return t;
}

inline constexpr Tables kTables = make_tables();

constexpr FullLineTables make_full_line_tables() {
  FullLineTables t{};
  for (int i = 0; i < 8; ++i) {
    for (unsigned b = 0; b < 256; ++b) {
      t.outflank[i][b] = static_cast<std::uint8_t>(line_outflank(i, b));
      t.flipped[i][b] = kTables.flipped[i][b];
    }
  }
  return t;
}
inline constexpr FullLineTables kFullLineTables = make_full_line_tables();

// Gathers: a line's 8 cells as a byte; the _inner forms give its 6 inner
// cells (1..6) as an outflank index and expect `b` already restricted to
// them (b & kInnerFiles for by_file lines).
// A rank, diagonal or anti-diagonal mask `line`; cell i = file i.
constexpr unsigned gather_by_file(Bitboard b, Bitboard line) {
  return static_cast<unsigned>(((b & line) * kAFile) >> 56);
}
constexpr unsigned gather_by_file_inner(Bitboard b_inner, Bitboard line) {
  return static_cast<unsigned>(((b_inner & line) * kAFile) >> 57);
}
// The file of `l`; cell i = rank i.
constexpr unsigned gather_file(Bitboard b, const SquareLines& l) {
  return static_cast<unsigned>(((b & l.file) * l.file_gather) >> 56);
}
constexpr unsigned gather_file_inner(Bitboard b, const SquareLines& l) {
  return static_cast<unsigned>(((b & l.file_inner) * l.file_gather) >> 57);
}

// Scatters: a byte of inner cells back onto the line. Multiplying by kAFile
// copies the byte into every rank (no carries, as the byte is < 256); the
// line mask keeps, on each rank, the line's cell (or the whole rank).
constexpr Bitboard scatter_by_file(unsigned byte, Bitboard line) { return (byte * kAFile) & line; }
constexpr Bitboard scatter_file(unsigned byte, const SquareLines& l) {
  return (byte * l.file_scatter) & l.file;
}

// Spot checks of the tables.
// Opponent on cells 1, 2, played at 0: closed by cell 3, flips 1 and 2.
static_assert(kTables.outflank[0][0b000011] == 0b00001000);
static_assert(kTables.flipped[0][0b00001000] == 0b00000110);
// Opponent on 1, 2, 4, played at 3: candidates 0 (left) and 5 (right).
static_assert(kTables.outflank[3][0b001011] == 0b00100001);
static_assert(kTables.flipped[3][0b00100001] == 0b00010110);
// Opponent on 1..6, played at 7: the run reaches cell 0, which closes it.
static_assert(kTables.outflank[7][63] == 0b00000001);
static_assert(kTables.flipped[7][0b00000001] == 0b01111110);
// Opponent on 1..6, played at 3: cell 2 is opponent too, so the run to the
// left runs to 0 and to the right to 7.
static_assert(kTables.outflank[3][63] == 0b10000001);
// Played at 2 next to an empty cell 3: nothing on that side.
static_assert(kTables.outflank[2][0b000000] == 0);
static_assert(kTables.flipped[5][0] == 0);
// Line masks: a1-h8 and a8-h1 through d4 / e4.
static_assert(kTables.lines[27].diagonal == 0x8040201008040201ULL);
static_assert(kTables.lines[28].anti_diagonal == 0x0102040810204080ULL);
static_assert(kTables.lines[7].diagonal == bit(7));
static_assert(kTables.lines[0].anti_diagonal == bit(0));

// Spot checks of the gathers and scatters.
// The C-file with c1, c3 and c8 set gathers to ranks 0, 2, 7.
static_assert(gather_file(bit(2) | bit(18) | bit(58), kTables.lines[2]) == 0b10000101);
static_assert(gather_file_inner(bit(2) | bit(18) | bit(58), kTables.lines[42]) == 0b000010);
static_assert(gather_file(~Bitboard{0}, kTables.lines[63]) == 0xff);
static_assert(scatter_file(0b01111110, kTables.lines[7]) == 0x0080808080808000ULL);
static_assert(scatter_file(0b00100100, kTables.lines[0]) == (bit(16) | bit(40)));
// The a8-h1 diagonal through e4: b7, e4 and h1 gather to files 1, 4, 7.
static_assert(gather_by_file(bit(49) | bit(28) | bit(7), kTables.lines[28].anti_diagonal) ==
              0b10010010);
static_assert(gather_by_file_inner(kInnerFiles, kTables.lines[27].diagonal) == 63);
static_assert(scatter_by_file(0b01111110, kTables.lines[27].diagonal) == 0x0040201008040200ULL);
// Rank 4 (a4 = 24): a4 and h4 are cells 0 and 7; b4 is inner cell 1.
static_assert(gather_by_file(bit(24) | bit(31), kTables.lines[27].rank) == 0x81);
static_assert(gather_by_file_inner(bit(25), kTables.lines[27].rank) == 1);
static_assert(scatter_by_file(0x7e, kTables.lines[30].rank) == 0x000000007e000000ULL);

// Exhaustive check of the file gather/scatter: on every file, the scatter of
// every inner byte gathers back to itself.
constexpr bool file_round_trips() {
  for (Square s = 0; s < 8; ++s) {
    for (unsigned byte = 0; byte < 256; byte += 2) {
      const unsigned inner = byte & 0x7e;
      if (gather_file(scatter_file(inner, kTables.lines[s]), kTables.lines[s]) != inner) {
        return false;
      }
      if (gather_file_inner(scatter_file(inner, kTables.lines[s]), kTables.lines[s]) !=
          inner >> 1) {
        return false;
      }
    }
  }
  return true;
}
static_assert(file_round_trips());

// The discs `player` flips by playing s against `opponent`; 0 when s is
// occupied or closes no run. Each line through s is gathered into a byte,
// the outflanking cells and the flipped cells read from the tables, and the
// flipped byte scattered back.
constexpr Bitboard gather_flips(Square s, Bitboard player, Bitboard opponent) {
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

// From the start: e6 flips e5 (file), f5 flips e5 (rank), and a board where
// c3 flips d4 and e5 along the diagonal toward f6.
static_assert(gather_flips(44, bit(35) | bit(28), bit(27) | bit(36)) == bit(36));
static_assert(gather_flips(37, bit(35) | bit(28), bit(27) | bit(36)) == bit(36));
static_assert(gather_flips(18, bit(45), bit(27) | bit(36)) == (bit(27) | bit(36)));
// The full-line tables: a run to the end of the line is not closed.
static_assert(kFullLineTables.outflank[0][0b00000110] == 0b00001000);
static_assert(kFullLineTables.outflank[3][0b00010110] == 0b00100001);
static_assert(kFullLineTables.outflank[0][0b11111110] == 0);
static_assert(kFullLineTables.outflank[2][0b00011000] == 0b00100000);

}  // namespace rb::line_gather
