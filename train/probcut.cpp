#include "train/probcut.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "core/errors.hpp"
#include "core/job_queue.hpp"
#include "core/reference.hpp"
#include "search/levels.hpp"
#include "search/presets.hpp"
#include "search/solver.hpp"

namespace rb::train {

namespace {
// A midgame search of at most 16 plies from positions of the corpus stores
// some hundreds of thousands of positions.
constexpr std::size_t kTableMb = 16;

bool game_over(const Sample& s) {
  const Position p{s.player, s.opponent, s.side};
  return ReferenceBoard(p).legal_moves() == 0 && ReferenceBoard(p.passed()).legal_moves() == 0;
}
}  // namespace

std::vector<DepthScores> probcut_scores(const Corpus& corpus, const PatternEval& eval,
                                        const ProbCutConfig& config) {
  std::vector<const Sample*> eligible;
  for (std::size_t g = 0; g < corpus.games.size(); ++g) {
    if (g % 10 == 9) continue;  // held out by train-eval
    for (const Sample& s : corpus.games[g]) {
      if (s.empties >= config.min_empties && s.empties <= config.max_empties &&
          s.empties > config.min_depth && !game_over(s)) {
        eligible.push_back(&s);
      }
    }
  }
  const std::size_t want = static_cast<std::size_t>(std::max(config.positions, 1));
  const std::size_t stride = std::max<std::size_t>(1, eligible.size() / want);
  std::vector<const Sample*> taken;
  for (std::size_t i = 0; i < eligible.size() && taken.size() < want; i += stride) {
    taken.push_back(eligible[i]);
  }

  // The scores ProbCut predicts are those of the full search.
  const SearchSession full =
      trainer_session(kBestPreset, &eval, kTableMb, [](SolveOptions& o) { o.selective = false; });
  std::vector<DepthScores> out(taken.size());
  constexpr std::size_t kBlock = 16;
  run_tasks((taken.size() + kBlock - 1) / kBlock, config.threads, [&](std::size_t block) {
    SearchSession session = full.worker();
    const std::size_t end = std::min(taken.size(), (block + 1) * kBlock);
    for (std::size_t i = block * kBlock; i < end; ++i) {
      const Sample& s = *taken[i];
      ThinkLimits limits;
      limits.level =
          Level{0, std::min(config.max_depth, s.empties - 1), 0, 0};  // the midgame alone
      // Cleared: an entry of another position's deeper search would stand
      // for this one's shallower value.
      const ThinkResult r = session.think({s.player, s.opponent, s.side}, limits, Tables::clear);
      DepthScores& d = out[i];
      d.empties = s.empties;
      for (const ThinkIteration& it : r.iterations) {
        if (it.kind != ThinkIteration::Kind::midgame) continue;
        if (it.depth != static_cast<int>(d.scores.size()) + 1) {
          throw CheckFailed("fit-probcut: the midgame's iterations are not 1, 2, ...");
        }
        d.scores.push_back(static_cast<int>(std::lround(it.score * kEvalScale)));
      }
    }
  });
  return out;
}

ProbCutFit fit_probcut(const std::vector<DepthScores>& scores, const ProbCutConfig& config) {
  ProbCutFit fit;
  const int width = std::max(config.range_width, 1);
  for (int d = std::max(config.min_depth, 1); d <= config.max_depth; ++d) {
    const int s = probcut_shallow_depth(d);
    for (int lo = config.min_empties; lo <= config.max_empties; lo += width) {
      const int hi = std::min(lo + width - 1, config.max_empties);
      double n = 0, sx = 0, sy = 0;
      std::vector<std::pair<double, double>> points;
      for (const DepthScores& p : scores) {
        if (p.empties < lo || p.empties > hi || p.empties <= d) continue;
        if (static_cast<int>(p.scores.size()) < d || s < 1) continue;
        const double x = p.scores[static_cast<std::size_t>(s - 1)];
        const double y = p.scores[static_cast<std::size_t>(d - 1)];
        points.emplace_back(x, y);
        n += 1, sx += x, sy += y;
      }
      if (static_cast<int>(points.size()) < std::max(config.min_samples, 3)) continue;
      const double mx = sx / n, my = sy / n;
      double sxx = 0, sxy = 0;
      for (const auto& [x, y] : points) sxx += (x - mx) * (x - mx), sxy += (x - mx) * (y - my);
      const double slope = sxx > 0 ? sxy / sxx : 1.0;
      const double intercept = my - slope * mx;
      double sse = 0;
      for (const auto& [x, y] : points) {
        const double e = y - intercept - slope * x;
        sse += e * e;
      }
      ProbCutRow row;
      row.depth = d;
      row.min_empties = lo;
      row.max_empties = hi;
      row.intercept = static_cast<int>(std::lround(intercept));
      row.slope = std::clamp(static_cast<int>(std::lround(slope * kProbCutSlopeScale)),
                             kProbCutSlopeScale / 10, 10 * kProbCutSlopeScale);
      row.sigma = static_cast<int>(std::lround(std::sqrt(sse / (n - 2))));
      fit.rows.push_back(row);
      fit.counts.push_back(static_cast<int>(points.size()));
    }
  }
  return fit;
}

}  // namespace rb::train
