// The avx2 board: the fast board's two algorithms, with the four lines
// through a square (or the four direction pairs of the whole board) side by
// side in the four 64-bit lanes of one 256-bit register.
//
// Lane k holds line k of avx2_rays.hpp: rank, file, anti-diagonal, diagonal,
// with the step d = 1, 8, 7, 9. AVX2 has per-lane variable shifts (VPSLLVQ,
// VPSRLVQ: each lane shifted by its own count), so one instruction moves all
// four lanes one step along their own direction, and each lane's own mask
// keeps its steps from wrapping around an edge.
//
// Legal moves: the shift fill of shift_moves.hpp, on four lanes at once.
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
// CPU features: AVX2. The kernels are functions with the target("avx2")
// attribute, so the rest of the program stays x86-64-v2, and they run only
// after variant_available() has checked the CPU. GCC never inlines a
// target("avx2") function into a caller without AVX2, so perft and the
// solver, which are templates instantiated in ordinary code, call each
// kernel out of line: one call per legal-move generation and one per play.
// Inside a kernel every helper is always_inline, so each kernel is one
// straight block. Measured against the same code in a program compiled
// entirely for AVX2/AVX-512, where everything inlines into perft, the calls
// cost at most 10% of the perft for this board (about 14% of a legal-move
// generation in a throughput test) and nothing measurable for the avx512
// board. Two other shapes were tried and were no faster: play() and
// legal_moves() as target functions taking the whole board state, and a
// play() that also computes the child's legal moves in the same call.
#pragma once

#include <immintrin.h>

#include "core/board.hpp"
#include "core/empty_list.hpp"
#include "variants/avx2/avx2_rays.hpp"
#include "variants/fast/pair_board.hpp"
#include "variants/shift/shift_moves.hpp"

// A helper inlined into the AVX2 kernels (and the bmi2 board's legal moves).
#define RB_AVX2_INLINE [[gnu::target("avx2"), gnu::always_inline]] inline

namespace rb {

namespace avx2_detail {

// The OR of the four 64-bit lanes.
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
  using namespace shift_detail;
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

RB_AVX2_INLINE Bitboard flips(Square s, Bitboard player, Bitboard opponent) {
  if ((player | opponent) & bit(s)) return 0;
  const rays::SquareRays& r = rays::kRays[s];
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
  [[gnu::target("avx2")]] static Bitboard legal_moves(Bitboard player, Bitboard opponent) {
    return avx2_detail::legal_moves(player, opponent);
  }
  [[gnu::target("avx2")]] static Bitboard flips(Square s, Bitboard player, Bitboard opponent) {
    return avx2_detail::flips(s, player, opponent);
  }
};

struct Avx2 : PairBoard<Avx2Kernel> {
  using PairBoard::PairBoard;
  static constexpr VariantInfo info{"avx2",
                                    "two bitboards; moves and flips with the four lines in the "
                                    "four lanes of an AVX2 register",
                                    "bitboard", MoveGen::mask, kCpuAvx2};
};

static_assert(KernelBoard<Avx2>);

struct Avx2List : WithEmptyList<Avx2> {
  using WithEmptyList<Avx2>::WithEmptyList;
  static constexpr VariantInfo info =
      list_variant_info(Avx2::info, "avx2+list", "the avx2 board walked by its empty list");
};

static_assert(ListBoard<Avx2List> && KernelBoard<Avx2List>);

}  // namespace rb
