// The avx2 board: the fast board's two algorithms, with the four lines
// through a square (or the four direction pairs of the whole board) side by
// side in the four 64-bit lanes of one 256-bit register.
//
// Lane k holds line k of core/lines.hpp: rank, file, anti-diagonal, diagonal,
// with the step d = 1, 8, 7, 9. AVX2 has per-lane variable shifts (VPSLLVQ,
// VPSRLVQ: each lane shifted by its own count), so one instruction moves all
// four lanes one step along their own direction, and each lane's own mask
// keeps its steps from wrapping around an edge.
//
// Legal moves (variants/common/avx2_lanes.hpp, shared with the bmi2 and
// avx512 boards): the shift fill of shift_fill.hpp, on four lanes at once.
// The player's discs are broadcast to every lane and pushed through the
// opponent's discs (restricted per lane: files B..G for the rank and the
// diagonals, ranks 2..7 for the file), up (<< d) in one register and down
// (>> d) in another: two single steps, then two double steps through "two
// opponent discs in a row" cells, cover the longest run of six. One more
// step lands on the candidates; the four lanes are ORed together (two
// shuffles) and masked by the empty squares.
//
// Flips: the fast board's per-ray method, with the four up rays of the
// square in one register and the four down rays in another (the table row of
// the square is exactly these two registers).
// - Up rays: the outflank candidate is the lowest bit of u = ray & ~opponent,
//   u & -u, which is the same per-lane arithmetic (a 64-bit negate and an
//   AND). Where it is a player disc the flips are (outflank - 1) & ray; a
//   compare with zero clears the lanes without one.
// - Down rays: AVX2 has no per-lane leading-zero count (AVX-512 has), so the
//   highest bit of u is isolated by smearing u down its own line: u | u >> d,
//   then >> 2d, then >> 4d (variable shifts again) fills every ray cell at or
//   below the highest candidate, and the candidate is the one cell of u not
//   covered by the smear shifted one step further. Then, as in the scalar
//   code, -(outflank << 1) & ray is every ray cell above the outflank, with
//   nothing to clear when there is no outflank.
// The two registers are ORed and the four lanes folded into one word.
//
// CPU features: AVX2. The kernels are declared with RB_AVX2_KERNEL
// (core/cpu.hpp): in the searches of this variant, which are compiled for
// AVX2 in files of their own (cmake/isa.cmake, docs/isa.md), they are inline
// and inline into perft and the solver; in the rest of the program, which
// stays x86-64-v2, they are target("avx2") functions called out of line, and
// only after variant_available() has checked the CPU. Inside a kernel every
// helper is always_inline, so each kernel is one straight block. (Before the
// searches were compiled per instruction set, the out-of-line calls cost at
// most 10% of this board's perft; two other shapes were tried and were no
// faster: play() and legal_moves() as target functions taking the whole
// board state, and a play() that also computes the child's legal moves.)
#pragma once

#include <immintrin.h>

#include "core/board.hpp"
#include "core/cpu.hpp"
#include "core/empty_list.hpp"
#include "core/lines.hpp"
#include "variants/common/avx2_lanes.hpp"
#include "variants/common/bitboard_shell.hpp"

namespace rb {

namespace avx2_detail {

using namespace avx2_lanes;

// The OR of the four 64-bit lanes.
RB_AVX2_INLINE Bitboard flips(Square s, Bitboard player, Bitboard opponent) {
  if ((player | opponent) & bit(s)) return 0;
  const lines::SquareRays& r = lines::kRays[s];
  const __m256i up = _mm256_load_si256(reinterpret_cast<const __m256i*>(r.up.data()));
  const __m256i down = _mm256_load_si256(reinterpret_cast<const __m256i*>(r.down.data()));
  const __m256i p = broadcast(player);
  const __m256i o = broadcast(opponent);
  const __m256i zero = _mm256_setzero_si256();

  // Up rays: outflank = lowest candidate, if a player disc.
  const __m256i u = _mm256_andnot_si256(o, up);
  const __m256i up_outflank = _mm256_and_si256(_mm256_and_si256(u, _mm256_sub_epi64(zero, u)), p);
  const __m256i minus_one = _mm256_cmpeq_epi64(zero, zero);
  const __m256i up_flips =
      _mm256_andnot_si256(_mm256_cmpeq_epi64(up_outflank, zero),
                          _mm256_and_si256(_mm256_add_epi64(up_outflank, minus_one), up));

  // Down rays: outflank = highest candidate, if a player disc.
  const __m256i v = _mm256_andnot_si256(o, down);
  __m256i smear = _mm256_or_si256(v, _mm256_srlv_epi64(v, steps(1)));
  smear = _mm256_or_si256(smear, _mm256_srlv_epi64(smear, steps(2)));
  smear = _mm256_or_si256(smear, _mm256_srlv_epi64(smear, steps(4)));
  const __m256i highest = _mm256_andnot_si256(_mm256_srlv_epi64(smear, steps(1)), v);
  const __m256i down_outflank = _mm256_and_si256(highest, p);
  const __m256i down_flips = _mm256_and_si256(
      _mm256_sub_epi64(zero, _mm256_add_epi64(down_outflank, down_outflank)), down);

  return or_lanes(_mm256_or_si256(up_flips, down_flips));
}

}  // namespace avx2_detail

struct Avx2Kernel {
  static constexpr VariantInfo info =
      bitboard_variant("avx2",
                       "two bitboards; moves and flips with the four lines in the "
                       "four lanes of an AVX2 register",
                       kCpuAvx2);
  RB_AVX2_KERNEL Bitboard legal_moves(Bitboard player, Bitboard opponent) {
    return avx2_lanes::legal_moves(player, opponent);
  }
  RB_AVX2_KERNEL Bitboard flips(Square s, Bitboard player, Bitboard opponent) {
    return avx2_detail::flips(s, player, opponent);
  }
};

using Avx2 = BitboardShell<Avx2Kernel>;
using Avx2List = WithEmptyList<Avx2>;
static_assert(KernelBoard<Avx2> && ListBoard<Avx2List> && KernelBoard<Avx2List>);

}  // namespace rb
