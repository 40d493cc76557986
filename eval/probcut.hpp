// ProbCut's calibration (Buro's ProbCut and Multi-ProbCut): how well a
// shallow search predicts a deep one, per depth pair and game stage, for
// the playing search's ProbCut (search/midgame.hpp).
//
// At a node `depth` plies above the horizon, the midgame search first
// searches it shallow_depth(depth) plies deep, with a null window. ProbCut
// models the deep score v_d as a linear function of the shallow one v_s
// plus a normal error: v_d = intercept + slope * v_s + e, e of spread
// sigma. The node then returns beta when v_s is high enough that v_d
// reaches beta with t spreads to spare (intercept + slope * v_s - t sigma
// >= beta), alpha when it is low enough the other way.
//
// The model's parameters come from data: `reversi-bench fit-probcut`
// (train/probcut.hpp) searches corpus positions to every depth, fits the
// regression per depth and empties range, and writes the rows into the
// weights file (eval/weights.hpp: `probcut` lines), since they measure
// those weights. A weights file without rows, or a search with no pattern
// evaluation, uses the fixed model: slope 1, intercept 0, sigma 3 discs
// at every depth and stage (the spread measured at the root of 30
// positions of 36-50 empties, depths 3-12: 1.8-3.2 discs).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "eval/evaluator.hpp"

namespace rb {

// The shallow search's depth for a node `depth` plies above the horizon:
// twice the depth's quarter, plus its parity (8 gives 4, 9 gives 5), so
// that the two searches end on the same side to move.
constexpr int probcut_shallow_depth(int depth) { return 2 * (depth / 4) + (depth & 1); }

// The slope is stored in 1/kProbCutSlopeScale units.
inline constexpr int kProbCutSlopeScale = 1000;
// The fixed model's spread (kEvalScale units), and the spreads of margin.
inline constexpr int kProbCutFixedSigma = 3 * kEvalScale;
inline constexpr double kProbCutT = 1.5;

// One fitted row: the depth pair (depth, probcut_shallow_depth(depth)) at
// nodes of min_empties..max_empties empties. intercept and sigma in
// kEvalScale units, slope in 1/kProbCutSlopeScale.
struct ProbCutRow {
  int depth = 0;
  int min_empties = 0;
  int max_empties = 0;
  int intercept = 0;
  int slope = kProbCutSlopeScale;
  int sigma = kProbCutFixedSigma;
  bool operator==(const ProbCutRow&) const = default;
};

// The model at every (depth, empties), from the rows: the row of that
// depth whose range holds the empties count, else the row of the nearest
// depth that has one there (the deepest row is used for deeper searches),
// else the nearest range's; with no rows, the fixed model.
class ProbCutModel {
 public:
  struct Fit {
    int intercept = 0;
    int slope = kProbCutSlopeScale;
    int sigma = kProbCutFixedSigma;
  };

  constexpr ProbCutModel() = default;
  explicit ProbCutModel(const std::vector<ProbCutRow>& rows) {
    if (rows.empty()) return;
    calibrated_ = true;
    for (int d = 0; d <= kMax; ++d) {
      for (int e = 0; e <= kMax; ++e) fits_[index(d, e)] = pick(rows, d, e);
    }
  }

  bool calibrated() const { return calibrated_; }
  const Fit& at(int depth, int empties) const {
    return fits_[index(std::clamp(depth, 0, kMax), std::clamp(empties, 0, kMax))];
  }

  // The shallow score at or above which the deep one is predicted at or
  // above `beta` with t spreads to spare (the fixed model: beta + 4.5
  // discs, kEvalScale units throughout).
  int high_bound(int beta, int depth, int empties) const {
    const Fit& f = at(depth, empties);
    const int target = beta + static_cast<int>(kProbCutT * f.sigma) - f.intercept;
    if (f.slope == kProbCutSlopeScale) return target;
    return static_cast<int>(std::ceil(double(target) * kProbCutSlopeScale / f.slope));
  }
  // The shallow score at or below which the deep one is predicted at or
  // below `alpha` with t spreads to spare.
  int low_bound(int alpha, int depth, int empties) const {
    const Fit& f = at(depth, empties);
    const int target = alpha - static_cast<int>(kProbCutT * f.sigma) - f.intercept;
    if (f.slope == kProbCutSlopeScale) return target;
    return static_cast<int>(std::floor(double(target) * kProbCutSlopeScale / f.slope));
  }

 private:
  static constexpr int kMax = 60;
  static constexpr std::size_t index(int d, int e) {
    return static_cast<std::size_t>(d) * (kMax + 1) + static_cast<std::size_t>(e);
  }

  static Fit pick(const std::vector<ProbCutRow>& rows, int depth, int empties) {
    // Ranked by: the range holds the empties (else its distance to them),
    // then the depth's distance, a shallower row before a deeper one.
    const ProbCutRow* best = nullptr;
    auto rank = [&](const ProbCutRow& r) {
      const int off =
          empties < r.min_empties ? r.min_empties - empties : std::max(0, empties - r.max_empties);
      const int dd = r.depth <= depth ? 2 * (depth - r.depth) : 2 * (r.depth - depth) + 1;
      return std::array<int, 2>{off, dd};
    };
    for (const ProbCutRow& r : rows) {
      if (!best || rank(r) < rank(*best)) best = &r;
    }
    return {best->intercept, best->slope, best->sigma};
  }

  std::array<Fit, (kMax + 1) * (kMax + 1)> fits_{};
  bool calibrated_ = false;
};

// The fixed model, for searches without a calibrated evaluation.
inline constexpr ProbCutModel kFixedProbCutModel{};

}  // namespace rb
