// PatternEval: the learned evaluation (an Evaluator, eval/evaluator.hpp): a sum
// of learned weights, one per configuration of each of a few groups of
// squares (patterns), per game stage; the weights are trained by
// `reversi-bench train-eval` (train/) and read from a data file
// (eval/weights.hpp).
//
// Symmetry. A pattern is a base shape (an ordered list of squares) together
// with its 8 images under the symmetries of the board (the dihedral group:
// mirrors and rotations). A position's pattern score is the sum, over every
// shape and every image g, of weight[shape][index of the image's squares],
// the index reading the squares in the image's order. Applying a symmetry h
// to the position permutes the images (g -> h^-1 g) and so leaves the sum
// unchanged: the 8 symmetric positions evaluate equal by construction, and
// one weight table per shape serves all its images.
//
// How it is read. The image g of a shape on the board is the shape itself on
// the board transformed by g, so the evaluation transforms the two bitboards
// 8 times (mirrors and a transpose: a few shifts and masks each) and reads
// every shape's squares, with one pext per side, on each transformed board,
// in one table per shape: 88 reads per evaluation, in 0.33 MB of weights per
// stage, which the cache keeps. (Reading each distinct square set once, 46
// reads, needs a table per image, 3.6 MB per stage, and its reads missed the
// cache: 69% of the evaluation's samples were on them.)
//
// Carried from a node to its children. The shallow searches that rank moves
// evaluate thousands of positions that differ from their parent by one move.
// There the indices (one 16-bit index per image, pattern::Indices) are read
// from the board once, at the node being ranked, and every position below
// gets its own from its parent's: the square played adds 2 x 3^j to the
// index of each image holding it as its j-th square, each flipped disc
// 3^j, seen from the child's side to move (and the reverse for the other
// side's view, which a child's children are made from). That is a few vector
// additions over 96 lanes per move instead of 176 gathers and table reads;
// a leaf is then only its 88 weight reads (PatternEval::child_indices,
// eval_indices; search/ordering.hpp, shallow_score_from). The parent's
// indices stay on the caller's stack, so undoing a move costs nothing.
//
// A stage may add a network to the linear sum (eval/network.hpp): its
// inputs are the same 88 indices, read in a second table of K numbers per
// configuration, and its output is added in kEvalScale units.
#pragma once

#include <immintrin.h>
#include <array>
#include <bit>
#include <concepts>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/cpu.hpp"
#include "core/square.hpp"
#include "eval/evaluator.hpp"
#include "eval/network.hpp"
#include "eval/pattern_shapes.hpp"
#include "eval/probcut.hpp"
#include "variants/common/shift_fill.hpp"

namespace rb {

// The pattern evaluation of a set of weights: for a position with e empty
// squares, the stage whose range holds e (else the nearest one), its bias
// plus the weights of every image. See the opening comment for the reading.
class PatternEval {
 public:
  explicit PatternEval(const PatternWeights& weights);

  int eval(Bitboard player, Bitboard opponent) const {
    return bmi2_ ? eval_bmi2(player, opponent) : eval_portable(player, opponent);
  }

  // The two paths of eval(), public for the tests: eval_bmi2() only on a
  // CPU with BMI2 (eval() picks it when the CPU has it).
  [[gnu::target("bmi2")]] int eval_bmi2(Bitboard player, Bitboard opponent) const;
  int eval_portable(Bitboard player, Bitboard opponent) const;

  // The evaluation carried from a node to its children. indices() reads a
  // position's indices (pattern::Indices) from its bitboards, as eval()
  // does; child_indices() makes a child's from its parent's and the move
  // (the square played and the discs it flips: a few vector additions
  // instead of reading the board again); eval_indices() sums the weights
  // at a position's own indices. eval_indices(x.own, empties) equals eval()
  // of the position whose indices x are (tests/test_eval.cpp).
  void indices(Bitboard player, Bitboard opponent, pattern::Indices& out) const {
    if (bmi2_) {
      indices_bmi2(player, opponent, out);
    } else {
      indices_portable(player, opponent, out);
    }
  }
  [[gnu::target("bmi2")]] void indices_bmi2(Bitboard player, Bitboard opponent,
                                            pattern::Indices& out) const;
  void indices_portable(Bitboard player, Bitboard opponent, pattern::Indices& out) const;
  // The child's indices after the parent's side to move plays s, flipping
  // `flipped`: its own (the child's side to move is the parent's opponent)
  // and, with `both`, its other.
  static void child_indices(const pattern::Indices& parent, Square s, Bitboard flipped,
                            pattern::Indices& child, bool both);
  int eval_indices(const std::array<std::uint16_t, pattern::kIndexLanes>& own, int empties) const;

  // ProbCut's model for these weights (the fixed one when they have no
  // calibration).
  const ProbCutModel& probcut() const { return probcut_; }

 private:
  // to_ternary[b] reads the bits of b as base-3 digits 0/1: an image's index
  // is to_ternary[its squares of the player] + 2 * to_ternary[those of the
  // opponent], each gathered in index order.
  static constexpr auto kToTernary = [] {
    std::array<std::uint16_t, 1 << pattern::kMaxSize> t{};
    for (int b = 0; b < (1 << pattern::kMaxSize); ++b) {
      int v = 0;
      for (int j = pattern::kMaxSize - 1; j >= 0; --j) v = 3 * v + ((b >> j) & 1);
      t[static_cast<std::size_t>(b)] = static_cast<std::uint16_t>(v);
    }
    return t;
  }();

  // Calls f(shape, k, mine, theirs) for each image (image k of each shape):
  // its squares of the side to move and of the other side as base-3 digits
  // 0/1, gathered by `gather` (pext, or gather_bits below).
  template <class Gather, class F>
  static void read_images(Bitboard player, Bitboard opponent, Gather&& gather, F&& f);
  template <class Gather>
  int sum(Bitboard player, Bitboard opponent, Gather&& gather) const;
  template <class Gather>
  static void read_indices(Bitboard player, Bitboard opponent, Gather&& gather,
                           pattern::Indices& out);

  struct Stage {
    int bias = 0;
    std::vector<std::int16_t> weights;  // pattern::kWeightsPerStage, as trained
    // The stage's network (eval/network.hpp), or none.
    int min_empties = 0;
    int width = 0;
    std::size_t stride = 0;  // 4 or 8: a configuration's row of embed
    std::vector<std::int16_t> embed;
    std::shared_ptr<const NetworkLayers> layers;
  };
  // The network's output for a position whose 88 indices `index(i)` gives.
  template <class Index>
  static int network_output(const Stage& stage, int empties, Index&& index);
  std::vector<Stage> stages_;
  std::array<std::uint8_t, 65> stage_of_empties_{};
  ProbCutModel probcut_;
  bool bmi2_ = false;
};
static_assert(Evaluator<PatternEval>);

template <class Gather, class F>
[[gnu::always_inline]] inline void PatternEval::read_images(Bitboard player, Bitboard opponent,
                                                            Gather&& gather, F&& f) {
  const auto players = pattern::transformed(player);
  const auto opponents = pattern::transformed(opponent);
  for (int shape = 0; shape < pattern::kShapeCount; ++shape) {
    const Bitboard mask = pattern::kShapeMasks[static_cast<std::size_t>(shape)];
    for (std::size_t k = 0; k < 8; ++k) {
      f(shape, k, kToTernary[gather(players[k], mask)], kToTernary[gather(opponents[k], mask)]);
    }
  }
}

template <class Gather>
[[gnu::always_inline]] inline int PatternEval::sum(Bitboard player, Bitboard opponent,
                                                   Gather&& gather) const {
  const int empties = popcount(~(player | opponent));
  const Stage& stage = stages_[stage_of_empties_[static_cast<std::size_t>(empties)]];
  const std::int16_t* weights = stage.weights.data();
  int total = stage.bias;
  if (stage.layers) {
    alignas(32) std::array<std::uint16_t, pattern::kIndexLanes> own;
    read_images(player, opponent, gather, [&](int shape, std::size_t k, int mine, int theirs) {
      own[8 * static_cast<std::size_t>(shape) + k] = static_cast<std::uint16_t>(mine + 2 * theirs);
    });
    return eval_indices(own, empties);
  }
  read_images(player, opponent, gather, [&](int shape, std::size_t, int mine, int theirs) {
    total += weights[pattern::kOffsets[static_cast<std::size_t>(shape)] + mine + 2 * theirs];
  });
  return total;
}

template <class Gather>
[[gnu::always_inline]] inline void PatternEval::read_indices(Bitboard player, Bitboard opponent,
                                                             Gather&& gather,
                                                             pattern::Indices& out) {
  read_images(player, opponent, gather, [&](int shape, std::size_t k, int mine, int theirs) {
    const std::size_t i = 8 * static_cast<std::size_t>(shape) + k;
    out.own[i] = static_cast<std::uint16_t>(mine + 2 * theirs);
    out.other[i] = static_cast<std::uint16_t>(theirs + 2 * mine);
  });
  for (std::size_t i = pattern::kImageCount; i < pattern::kIndexLanes; ++i) {
    out.own[i] = out.other[i] = 0;
  }
}

// pext without BMI2: the bits of b under mask, gathered in ascending order.
constexpr std::size_t gather_bits(Bitboard b, Bitboard mask) {
  std::size_t out = 0;
  for (std::size_t j = 1; mask; mask &= mask - 1, j <<= 1) {
    if (b & mask & (0 - mask)) out |= j;
  }
  return out;
}

namespace pattern {
// The two ways of gathering an image's squares: pext (BMI2 CPUs only) and
// the portable loop.
struct Pext {
  [[gnu::target("bmi2")]] Bitboard operator()(Bitboard b, Bitboard mask) const {
    return _pext_u64(b, mask);
  }
};
struct GatherBits {
  Bitboard operator()(Bitboard b, Bitboard mask) const { return gather_bits(b, mask); }
};
}  // namespace pattern

inline int PatternEval::eval_bmi2(Bitboard player, Bitboard opponent) const {
  return sum(player, opponent, pattern::Pext{});
}

inline int PatternEval::eval_portable(Bitboard player, Bitboard opponent) const {
  return sum(player, opponent, pattern::GatherBits{});
}

inline void PatternEval::indices_bmi2(Bitboard player, Bitboard opponent,
                                      pattern::Indices& out) const {
  read_indices(player, opponent, pattern::Pext{}, out);
}

inline void PatternEval::indices_portable(Bitboard player, Bitboard opponent,
                                          pattern::Indices& out) const {
  read_indices(player, opponent, pattern::GatherBits{}, out);
}

// The parent's side to move (digit 1 in parent.own, 2 in parent.other)
// takes s (empty, 0) and the flipped discs (the other side's: 2 in
// parent.own, 1 in parent.other). The child's own index reads the parent's
// opponent as 1, so it is parent.other with s 0 -> 2 and each flipped disc
// 1 -> 2; its other is parent.own with s 0 -> 1 and each flipped disc 2 -> 1.
[[gnu::always_inline]] inline void PatternEval::child_indices(const pattern::Indices& parent,
                                                              Square s, Bitboard flipped,
                                                              pattern::Indices& child, bool both) {
  constexpr std::size_t n = pattern::kIndexLanes;
  alignas(64) std::array<std::uint16_t, n> sum{};
  for (Bitboard f = flipped; f; f &= f - 1) {
    const auto& c = pattern::kSquareCoefficients[static_cast<std::size_t>(first_square(f))];
    for (std::size_t i = 0; i < n; ++i) sum[i] = static_cast<std::uint16_t>(sum[i] + c[i]);
  }
  const auto& c = pattern::kSquareCoefficients[static_cast<std::size_t>(s)];
  for (std::size_t i = 0; i < n; ++i) {
    child.own[i] = static_cast<std::uint16_t>(parent.other[i] + 2 * c[i] + sum[i]);
  }
  if (both) {
    for (std::size_t i = 0; i < n; ++i) {
      child.other[i] = static_cast<std::uint16_t>(parent.own[i] + c[i] - sum[i]);
    }
  }
}

[[gnu::always_inline]] inline int PatternEval::eval_indices(
    const std::array<std::uint16_t, pattern::kIndexLanes>& own, int empties) const {
  const Stage& stage = stages_[stage_of_empties_[static_cast<std::size_t>(empties)]];
  const std::int16_t* weights = stage.weights.data();
  int total = stage.bias;
  for (int shape = 0; shape < pattern::kShapeCount; ++shape) {
    const std::int16_t* table = weights + pattern::kOffsets[static_cast<std::size_t>(shape)];
    for (std::size_t k = 0; k < 8; ++k)
      total += table[own[8 * static_cast<std::size_t>(shape) + k]];
  }
  if (stage.layers) total += network_output(stage, empties, [&](std::size_t i) { return own[i]; });
  return total;
}

// A shape's 8 embeddings are summed in 16-bit lanes (|E| <= kMaxEmbed keeps
// the sums in 16 bits), each a row of 4 lanes (K <= 4) or 8, padded with 0.
template <class Index>
inline int PatternEval::network_output(const Stage& stage, int empties, Index&& index) {
  alignas(32) std::array<std::int32_t, network::kMaxInputs> x{};
  alignas(16) std::array<std::int16_t, 8> sums;
  const std::size_t width = static_cast<std::size_t>(stage.width);
  const std::int16_t* embed = stage.embed.data();
  for (int shape = 0; shape < pattern::kShapeCount; ++shape) {
    const std::size_t offset =
        static_cast<std::size_t>(pattern::kOffsets[static_cast<std::size_t>(shape)]);
    __m128i sum = _mm_setzero_si128();
    for (std::size_t k = 0; k < 8; ++k) {
      const std::int16_t* e =
          embed + (offset + index(8 * static_cast<std::size_t>(shape) + k)) * stage.stride;
      sum = _mm_add_epi16(sum, stage.stride == 4
                                   ? _mm_loadl_epi64(reinterpret_cast<const __m128i*>(e))
                                   : _mm_loadu_si128(reinterpret_cast<const __m128i*>(e)));
    }
    _mm_store_si128(reinterpret_cast<__m128i*>(sums.data()), sum);
    std::int32_t* in = &x[static_cast<std::size_t>(shape) * width];
    for (std::size_t d = 0; d < width; ++d) in[d] = sums[d];
  }
  x[pattern::kShapeCount * width] = (empties - stage.min_empties) * (network::kUnit / 4);
  return stage.layers->forward(x.data());
}

inline PatternEval::PatternEval(const PatternWeights& weights) : probcut_(weights.probcut) {
  for (const PatternWeights::Stage& s : weights.stages) {
    Stage& stage = stages_.emplace_back();
    stage.bias = s.bias;
    stage.weights = s.weights;
    stage.weights.resize(static_cast<std::size_t>(pattern::kWeightsPerStage));
    if (s.network) {
      stage.min_empties = s.min_empties;
      stage.width = s.network->width;
      stage.stride = stage.width <= 4 ? 4 : 8;
      stage.embed.assign(static_cast<std::size_t>(pattern::kWeightsPerStage) * stage.stride, 0);
      for (std::size_t i = 0; i < static_cast<std::size_t>(pattern::kWeightsPerStage); ++i) {
        for (std::size_t d = 0; d < static_cast<std::size_t>(stage.width); ++d) {
          stage.embed[i * stage.stride + d] =
              s.network->embed[i * static_cast<std::size_t>(stage.width) + d];
        }
      }
      stage.layers = std::make_shared<const NetworkLayers>(*s.network);
    }
  }
  if (stages_.empty()) {
    stages_.emplace_back().weights.assign(pattern::kWeightsPerStage, 0);
  }
  for (int e = 0; e <= 64; ++e) {
    int best = 0, distance = 1 << 30;
    for (int i = 0; i < static_cast<int>(weights.stages.size()); ++i) {
      const auto& s = weights.stages[static_cast<std::size_t>(i)];
      const int d = e < s.min_empties   ? s.min_empties - e
                    : e > s.max_empties ? e - s.max_empties
                                        : 0;
      if (d < distance) best = i, distance = d;
    }
    stage_of_empties_[static_cast<std::size_t>(e)] = static_cast<std::uint8_t>(best);
  }
  bmi2_ = cpu_supports(kCpuBmi2);
}

}  // namespace rb
