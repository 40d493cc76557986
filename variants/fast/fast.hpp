// The fast board: the quickest portable bitboard code found here, with no
// CPU-specific instruction (it runs on the x86-64-v2 baseline, and on any
// other 64-bit machine). It is a combination of measured choices rather than
// a new algorithm:
//
// Flips: the kindergarten board's line gathers (variants/common/line_gather.hpp) (one multiply
// gathers a line into a byte, two small tables give the outflanks and the flips, one multiply
// spreads them back; see variants/kindergarten). The per-ray method of the avx2 board in scalar
// form was measured against it: for each ray, the first cell that is not an opponent disc is the
// lowest bit of u = ray & ~opponent (u & -u, the "carry" form) on the up rays and the highest bit
// (a bit scan: BSR, as x86-64-v2 has no LZCNT) on the down rays, and the cells before it flip when
// it holds a player disc. It needs about 80 instructions against the gathers' 55, and it is slower
// in every measurement here: 6.5 against 5.0 ns per flip in a throughput test, 10-25% slower in a
// latency test, and 3-7% slower in the perft from the start. Vectorized, where the eight rays cost
// four instructions' worth of lanes, it is the faster method (avx2 and avx512 boards).
//
// Legal moves: the shift fills of variants/common/shift_fill.hpp (every player disc pushed
// through the opponent's discs in all directions at once, with the run
// lengths doubled by a precomputed "two opponent discs in a row" mask, a
// Kogge-Stone style prefix fill), except for the east direction (+1), whose
// run cells are consecutive bits: there one addition does the whole fill.
// Adding the cells just east of the player's discs to the opponent's inner
// discs (files B..G) starts a carry wherever such a cell holds an opponent
// disc; it ripples through the run and stops on the first cell past it, the
// only kind of bit of the sum that is in neither operand. (About 8% fewer
// ns per generation than the plain shift fill. A three-step Kogge-Stone fill,
// 1, 2 and 4 cells, is no faster: the runs are at most six cells long, so
// the fill needs four steps of either kind.) In a perft the legal moves,
// not the flips, take most of the time.
//
// Board: the shell of every bitboard variant (variants/common/bitboard_shell.hpp).
#pragma once

#include "core/board.hpp"
#include "core/cpu.hpp"
#include "core/empty_list.hpp"
#include "variants/common/bitboard_shell.hpp"
#include "variants/common/line_gather.hpp"
#include "variants/common/shift_fill.hpp"

namespace rb {

struct FastKernel {
  static constexpr VariantInfo info =
      bitboard_variant("fast",
                       "two bitboards; kindergarten line-gather flips, shift and "
                       "carry fill moves; portable",
                       kCpuNone);
  static constexpr Bitboard legal_moves(Bitboard player, Bitboard opponent) {
    using namespace shift_detail;
    const Bitboard inner = opponent & kInnerFiles;
    // East: the carry fill (bits from the H-file are dropped, not wrapped).
    const Bitboard east_of_player = (player << 1) & ~kFileA;
    const Bitboard east = (east_of_player + inner) & ~(east_of_player | inner);
    // West: the shift fill's down half.
    Bitboard west = inner & (player >> 1);
    west |= inner & (west >> 1);
    const Bitboard pairs = inner & (inner >> 1);
    west |= pairs & (west >> 2);
    west |= pairs & (west >> 2);
    const Bitboard moves = east | (west >> 1) | candidates<8>(player, opponent & kInnerRanks) |
                           candidates<7>(player, opponent & kInnerSquares) |
                           candidates<9>(player, opponent & kInnerSquares);
    return moves & ~(player | opponent);
  }
  static constexpr Bitboard flips(Square s, Bitboard player, Bitboard opponent) {
    return line_gather::gather_flips(s, player, opponent);
  }
};

// From the start: d3 c4 f5 e6, and e6 flips e5.
static_assert(FastKernel::flips(44, bit(35) | bit(28), bit(27) | bit(36)) == bit(36));
static_assert(FastKernel::legal_moves(bit(35) | bit(28), bit(27) | bit(36)) ==
              shift_legal_moves(bit(35) | bit(28), bit(27) | bit(36)));
// East runs: a1 x, b1-c1 o -> d1; g2 x, h2 o -> nothing (no wrap to a3).
static_assert(FastKernel::legal_moves(bit(0), bit(1) | bit(2)) == bit(3));
static_assert(FastKernel::legal_moves(bit(14), bit(15)) == 0);

using Fast = BitboardShell<FastKernel>;
using FastList = WithEmptyList<Fast>;
static_assert(KernelBoard<Fast> && ListBoard<FastList> && KernelBoard<FastList>);

}  // namespace rb
