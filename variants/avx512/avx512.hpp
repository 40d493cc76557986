// The avx512 board: the avx2 board's lanes, with the instructions AVX-512
// adds where they shorten the work.
//
// Legal moves: all eight directions in the eight 64-bit lanes of one 512-bit
// register. The up directions (+1, +8, +7, +9) and the down directions are
// made alike by using ROTATES (VPROLVQ, per-lane variable rotate) instead of
// shifts: a step down by d is a rotate left by 64 - d. A rotate brings the
// bits shifted out back in at the other end of the word, but only bits on
// the first or last rank (or the A/H file for the sideways steps) can wrap
// that way, and the run cells are the opponent discs restricted to the inner
// files/ranks (as in shift_moves.hpp), so the wrapped bits always land on
// masked-out cells. The steps are the shift fill's (two single steps, two
// double steps through "two opponent discs in a row" cells), each of the form
// x | (mask & step(x)), which is a single VPTERNLOGQ. The eight lanes are
// folded into one word at the end.
//
// Flips: the fast board's per-ray method, the four up rays in one 256-bit
// register and the four down rays in another (AVX-512VL gives the new
// instructions on 256-bit registers):
// - Up rays: outflank = u & -u & player (u = ray & ~opponent), one
//   VPTERNLOGQ for the three-way AND; a VPTESTMQ mask of the lanes that have
//   an outflank, and a zero-masked AND gives (outflank - 1) & ray there.
// - Down rays: AVX-512CD has a per-lane leading-zero count (VPLZCNTQ), so
//   the highest candidate is 2^63 >> lzcnt(u) (VPSRLVQ, which gives 0 for a
//   count of 64, i.e. for u = 0), and -(outflank << 1) & ray the flips, as in
//   the scalar code, merged with the up flips by one more VPTERNLOGQ.
//
// Does it pay? Measured against the avx2 board on this project's Xeon
// (Sapphire Rapids, 2 cores, single thread): about 30% fewer ns per call for
// both kernels (flips 2.4 against 3.4 ns, legal moves 2.9 against 4.1 ns in a
// throughput test; 15% and 10% less in a latency test), and the perft from
// the start runs 20-25% faster. So it is kept. The 512-bit register is used
// only for the moves, where it halves the instruction count; the flips' up
// and down rays need different instructions, so they stay in two 256-bit
// registers. (On CPUs that lower their clock for 512-bit instructions the
// balance may differ; these are light integer instructions.)
//
// CPU features: AVX-512 F, VL and CD (the kCpuAvx512 bit) and AVX2. As with
// the avx2 board, the kernels inline into the searches compiled for this
// variant (cmake/isa.cmake) and are target-attributed functions called out
// of line elsewhere, run only on a CPU that has them.
#pragma once

#include <immintrin.h>

#include "core/board.hpp"
#include "core/cpu.hpp"
#include "core/empty_list.hpp"
#include "core/lines.hpp"
#include "variants/common/avx2_lanes.hpp"
#include "variants/common/bitboard_shell.hpp"

#define RB_AVX512_TARGET "avx2,avx512f,avx512vl,avx512cd"
#define RB_AVX512_INLINE [[gnu::target(RB_AVX512_TARGET), gnu::always_inline]] inline

namespace rb {

namespace avx512_detail {

// a | (b & c), as a VPTERNLOGQ truth table on (a, b, c) = (0xF0, 0xCC, 0xAA).
inline constexpr int kOrAnd = 0xF0 | (0xCC & 0xAA);
// a & b & c.
inline constexpr int kAnd3 = 0xF0 & 0xCC & 0xAA;

RB_AVX512_INLINE __m512i rotate(__m512i x, __m512i counts) {
  // The zero-masking form with every lane selected is the plain VPROLVQ; it
  // avoids the "undefined" source of _mm512_rolv_epi64, which GCC 12 reports
  // as uninitialized (the same for the extracts below: in GCC 12 even
  // _mm512_castsi512_si256 is an extract with an undefined source).
  return _mm512_maskz_rolv_epi64(0xff, x, counts);
}

RB_AVX512_INLINE Bitboard legal_moves(Bitboard player, Bitboard opponent) {
  // Lanes 0-3: steps up by 1, 8, 7, 9; lanes 4-7: the same steps down
  // (rotates left by 64 - d).
  const __m512i r1 = _mm512_set_epi64(64 - 9, 64 - 7, 64 - 8, 64 - 1, 9, 7, 8, 1);
  const __m512i r2 = _mm512_set_epi64(64 - 18, 64 - 14, 64 - 16, 64 - 2, 18, 14, 16, 2);
  const auto sq = static_cast<long long>(kInnerSquares);
  const auto ranks = static_cast<long long>(kInnerRanks);
  const auto files = static_cast<long long>(kInnerFiles);
  const __m512i mask =
      _mm512_and_si512(_mm512_set1_epi64(static_cast<long long>(opponent)),
                       _mm512_set_epi64(sq, sq, ranks, files, sq, sq, ranks, files));
  const __m512i p = _mm512_set1_epi64(static_cast<long long>(player));
  __m512i run = _mm512_and_si512(mask, rotate(p, r1));
  run = _mm512_ternarylogic_epi64(run, mask, rotate(run, r1), kOrAnd);
  const __m512i pairs = _mm512_and_si512(mask, rotate(mask, r1));
  run = _mm512_ternarylogic_epi64(run, pairs, rotate(run, r2), kOrAnd);
  run = _mm512_ternarylogic_epi64(run, pairs, rotate(run, r2), kOrAnd);
  const __m512i candidates = rotate(run, r1);
  const __m256i half = _mm256_or_si256(_mm512_maskz_extracti64x4_epi64(0xff, candidates, 0),
                                       _mm512_maskz_extracti64x4_epi64(0xff, candidates, 1));
  return avx2_lanes::or_lanes(half) & ~(player | opponent);
}

RB_AVX512_INLINE Bitboard flips(Square s, Bitboard player, Bitboard opponent) {
  if ((player | opponent) & bit(s)) return 0;
  const lines::SquareRays& r = lines::kRays[s];
  const __m256i up = _mm256_load_si256(reinterpret_cast<const __m256i*>(r.up.data()));
  const __m256i down = _mm256_load_si256(reinterpret_cast<const __m256i*>(r.down.data()));
  const __m256i p = _mm256_set1_epi64x(static_cast<long long>(player));
  const __m256i o = _mm256_set1_epi64x(static_cast<long long>(opponent));
  const __m256i zero = _mm256_setzero_si256();

  // Up rays: outflank = lowest candidate & player; flips below it where set.
  const __m256i u = _mm256_andnot_si256(o, up);
  const __m256i up_outflank = _mm256_ternarylogic_epi64(u, _mm256_sub_epi64(zero, u), p, kAnd3);
  const __mmask8 closed = _mm256_test_epi64_mask(up_outflank, up_outflank);
  const __m256i up_flips =
      _mm256_maskz_and_epi64(closed, _mm256_add_epi64(up_outflank, _mm256_set1_epi64x(-1)), up);

  // Down rays: outflank = highest candidate & player; flips above it.
  const __m256i v = _mm256_andnot_si256(o, down);
  const __m256i highest = _mm256_srlv_epi64(
      _mm256_set1_epi64x(static_cast<long long>(0x8000000000000000ULL)), _mm256_lzcnt_epi64(v));
  const __m256i down_outflank = _mm256_and_si256(highest, p);
  const __m256i above = _mm256_sub_epi64(zero, _mm256_add_epi64(down_outflank, down_outflank));

  return avx2_lanes::or_lanes(_mm256_ternarylogic_epi64(up_flips, above, down, kOrAnd));
}

}  // namespace avx512_detail

struct Avx512Kernel {
  static constexpr VariantInfo info =
      bitboard_variant("avx512",
                       "two bitboards; moves by 8-lane AVX-512 rotate fills, flips "
                       "with VPLZCNTQ and ternary logic",
                       kCpuAvx2 | kCpuAvx512);
  RB_AVX512_KERNEL Bitboard legal_moves(Bitboard player, Bitboard opponent) {
    return avx512_detail::legal_moves(player, opponent);
  }
  RB_AVX512_KERNEL Bitboard flips(Square s, Bitboard player, Bitboard opponent) {
    return avx512_detail::flips(s, player, opponent);
  }
};

using Avx512 = BitboardShell<Avx512Kernel>;
using Avx512List = WithEmptyList<Avx512>;
static_assert(KernelBoard<Avx512> && ListBoard<Avx512List> && KernelBoard<Avx512List>);

}  // namespace rb
