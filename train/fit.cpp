#include "train/fit.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "core/errors.hpp"
#include "core/job_queue.hpp"
#include "core/rules.hpp"
#include "search/presets.hpp"
#include "search/solver.hpp"

namespace rb::train {

namespace {
// The label searches' tables: a search of at most 8 plies stores some
// thousands of positions.
constexpr std::size_t kLabelTableMb = 2;
}  // namespace

// Ridge regression by conjugate gradients; see the opening comment. Each
// sample has the features of pattern::features() and a bias feature.
std::vector<double> fit(const std::vector<Sample>& samples, double ridge, int iterations) {
  const std::size_t n = pattern::kWeightsPerStage + 1;  // the last one: the bias
  const std::size_t bias = n - 1;
  std::vector<std::array<int, pattern::kImages.size()>> features;
  features.reserve(samples.size());
  for (const Sample& s : samples) features.push_back(pattern::features(s.player, s.opponent));
  // A v = X'(X v) + ridge v
  auto apply = [&](const std::vector<double>& v, std::vector<double>& out) {
    std::fill(out.begin(), out.end(), 0.0);
    for (std::size_t i = 0; i < samples.size(); ++i) {
      double xv = v[bias];
      for (int f : features[i]) xv += v[static_cast<std::size_t>(f)];
      out[bias] += xv;
      for (int f : features[i]) out[static_cast<std::size_t>(f)] += xv;
    }
    for (std::size_t j = 0; j < n; ++j) out[j] += ridge * v[j];
  };
  std::vector<double> w(n, 0.0), r(n, 0.0), p(n), ap(n);
  for (std::size_t i = 0; i < samples.size(); ++i) {
    r[bias] += samples[i].label;
    for (int f : features[i]) r[static_cast<std::size_t>(f)] += samples[i].label;
  }
  p = r;
  auto dot = [&](const std::vector<double>& x, const std::vector<double>& y) {
    double s = 0;
    for (std::size_t j = 0; j < n; ++j) s += x[j] * y[j];
    return s;
  };
  double rr = dot(r, r);
  for (int it = 0; it < iterations && rr > 0; ++it) {
    apply(p, ap);
    const double alpha = rr / dot(p, ap);
    for (std::size_t j = 0; j < n; ++j) {
      w[j] += alpha * p[j];
      r[j] -= alpha * ap[j];
    }
    const double next = dot(r, r);
    const double beta = next / rr;
    rr = next;
    for (std::size_t j = 0; j < n; ++j) p[j] = r[j] + beta * p[j];
  }
  return w;
}

// The label search of --search-labels: fail-soft alpha-beta `depth` plies
// deep (a pass is no ply), in kEvalScale units, `eval` at the leaves and a
// game over scored exactly; at 3 plies or more the children are searched
// best first by their evaluation, so that the deepest labels (8 plies) cost
// thousands of positions, not millions.
int label_search(Bitboard player, Bitboard opponent, int depth, int alpha, int beta,
                 const PatternEval& eval) {
  if (depth == 0) return eval.eval(player, opponent);
  Bitboard moves = Kernel::moves_of(player, opponent);
  if (moves == 0) {
    if (Kernel::moves_of(opponent, player) == 0) {
      return kEvalScale *
             final_score(popcount(player) - popcount(opponent), popcount(~(player | opponent)));
    }
    return -label_search(opponent, player, depth, -beta, -alpha, eval);
  }
  struct Child {
    Bitboard player, opponent;
    int value;  // its evaluation, for its side to move (the opponent)
  };
  std::array<Child, 64> children;
  int n = 0;
  for (; moves; moves &= moves - 1) {
    const Square s = first_square(moves);
    const Bitboard f = Kernel::flips_of(s, player, opponent);
    Child& c = children[static_cast<std::size_t>(n++)];
    c.player = opponent ^ f;
    c.opponent = player ^ f ^ bit(s);
    c.value = depth >= 3 ? eval.eval(c.player, c.opponent) : 0;
  }
  std::stable_sort(children.begin(), children.begin() + n,
                   [](const Child& x, const Child& y) { return x.value < y.value; });
  int best = -(1 << 20);
  for (int i = 0; i < n; ++i) {
    const Child& c = children[static_cast<std::size_t>(i)];
    const int v = -label_search(c.player, c.opponent, depth - 1, -beta, -alpha, eval);
    if (v > best) {
      best = v;
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }
  }
  return best;
}

SearchSession label_session(const PatternEval& eval, std::size_t tt_mb) {
  // ProbCut would make it a guess of the value.
  return trainer_session(kBestPreset, &eval, tt_mb, [](SolveOptions& o) { o.selective = false; });
}

int midgame_label(const Position& position, int depth, SearchSession& session) {
  ThinkLimits limits;
  limits.level = Level{0, depth, 0, 0};  // no endgame solve: the midgame alone
  const ThinkResult r = session.think(position, limits, Tables::keep);
  return static_cast<int>(std::lround(r.best.score * kEvalScale));
}

// --search-labels: the samples of the stage lo..hi (fitted and held out)
// take as label the score of a search from them down to lo - 1 empties, its
// leaves evaluated with the weights fitted so far, i.e. of the stages below
// (midgame_label(), the value label_search() defines). Returns how many
// samples were labelled.
int search_label(std::vector<Sample>& samples, std::vector<Sample>& held_out,
                 const PatternWeights& below, int lo, int hi, int exact_empties, int threads) {
  const PatternEval eval(below);
  std::vector<Sample*> todo;
  for (auto* set : {&samples, &held_out}) {
    for (Sample& s : *set) {
      if (s.empties >= std::max(lo, exact_empties + 1) && s.empties <= hi) todo.push_back(&s);
    }
  }
  // In blocks, each searched by one thread with tables of its own. A label
  // is the same whatever the tables held before: every search of the stage
  // ends at lo - 1 empties, so an entry of another sample's last iteration
  // is a true bound of the same value, and an entry of a shallower
  // iteration is never deep enough to bound it (it orders moves only).
  constexpr std::size_t kBlock = 256;
  const SearchSession labels = label_session(eval, kLabelTableMb);
  run_tasks((todo.size() + kBlock - 1) / kBlock, threads, [&](std::size_t block) {
    SearchSession session = labels.worker();
    const std::size_t end = std::min(todo.size(), (block + 1) * kBlock);
    for (std::size_t i = block * kBlock; i < end; ++i) {
      Sample& s = *todo[i];
      const int v = midgame_label({s.player, s.opponent, s.side}, s.empties - (lo - 1), session);
      s.label = v / double{kEvalScale};
    }
  });
  return static_cast<int>(todo.size());
}

// A weight in kEvalScale units; one beyond 16 bits is an ill-conditioned fit.
std::int16_t quantize(double discs, double ridge) {
  const double units = std::round(discs * kEvalScale);
  if (!(std::abs(units) <= 32767)) {
    throw UsageError(
        fmt::format("--ridge {}: a fitted weight of {:.4g} discs is beyond 16 bits: the fit is "
                    "ill-conditioned; give a larger --ridge or more --games",
                    ridge, discs));
  }
  return static_cast<std::int16_t>(units);
}

}  // namespace rb::train
