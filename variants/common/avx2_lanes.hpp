// The AVX2 helpers shared by the avx2, bmi2 and avx512 boards: lane folding
// and broadcasting, and the legal-move fill with the four lines through the
// board in the four 64-bit lanes of one register (its method is explained in
// variants/avx2/avx2.hpp).
//
// Every function here is always_inline with the avx2 target: it is inlined
// into the target-attributed kernels of those boards, which run only after
// variant_available() has checked the CPU.
#pragma once

#include <immintrin.h>

#include "core/square.hpp"
#include "variants/common/shift_fill.hpp"

#define RB_AVX2_INLINE [[gnu::target("avx2"), gnu::always_inline]] inline

namespace rb::avx2_lanes {

RB_AVX2_INLINE Bitboard or_lanes(__m256i v) {
  __m128i x = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  x = _mm_or_si128(x, _mm_unpackhi_epi64(x, x));
  return static_cast<Bitboard>(_mm_cvtsi128_si64(x));
}

RB_AVX2_INLINE __m256i broadcast(Bitboard b) {
  return _mm256_set1_epi64x(static_cast<long long>(b));
}

// The steps of the four lanes: rank, file, anti-diagonal, diagonal.
RB_AVX2_INLINE __m256i steps(int times) {
  return _mm256_set_epi64x(9 * times, 7 * times, 8 * times, 1 * times);
}

RB_AVX2_INLINE Bitboard legal_moves(Bitboard player, Bitboard opponent) {
  const __m256i d1 = steps(1), d2 = steps(2);
  const __m256i p = broadcast(player);
  // The opponent discs allowed as run cells, per lane.
  const __m256i mask =
      _mm256_and_si256(broadcast(opponent), _mm256_set_epi64x(static_cast<long long>(kInnerSquares),
                                                              static_cast<long long>(kInnerSquares),
                                                              static_cast<long long>(kInnerRanks),
                                                              static_cast<long long>(kInnerFiles)));
  __m256i up = _mm256_and_si256(mask, _mm256_sllv_epi64(p, d1));
  __m256i down = _mm256_and_si256(mask, _mm256_srlv_epi64(p, d1));
  up = _mm256_or_si256(up, _mm256_and_si256(mask, _mm256_sllv_epi64(up, d1)));
  down = _mm256_or_si256(down, _mm256_and_si256(mask, _mm256_srlv_epi64(down, d1)));
  const __m256i pairs_up = _mm256_and_si256(mask, _mm256_sllv_epi64(mask, d1));
  const __m256i pairs_down = _mm256_srlv_epi64(pairs_up, d1);
  up = _mm256_or_si256(up, _mm256_and_si256(pairs_up, _mm256_sllv_epi64(up, d2)));
  down = _mm256_or_si256(down, _mm256_and_si256(pairs_down, _mm256_srlv_epi64(down, d2)));
  up = _mm256_or_si256(up, _mm256_and_si256(pairs_up, _mm256_sllv_epi64(up, d2)));
  down = _mm256_or_si256(down, _mm256_and_si256(pairs_down, _mm256_srlv_epi64(down, d2)));
  const __m256i candidates =
      _mm256_or_si256(_mm256_sllv_epi64(up, d1), _mm256_srlv_epi64(down, d1));
  return or_lanes(candidates) & ~(player | opponent);
}

}  // namespace rb::avx2_lanes
