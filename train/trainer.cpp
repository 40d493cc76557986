#include "train/trainer.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>
#include <random>

#include "core/errors.hpp"
#include "core/parallel_tasks.hpp"
#include "search/instances.hpp"
#include "search/presets.hpp"
#include "train/fit.hpp"
#include "train/games.hpp"

namespace rb::train {

std::string command_line(const TrainConfig& a) {
  return fmt::format(
      "reversi-bench train-eval --seed {} --games {} --exact-empties {} --min-empties {} "
      "--max-empties {} --stage-width {} --ridge {} --iterations {}{}",
      a.seed, a.games, a.exact_empties, a.min_empties, a.max_empties, a.stage_width, a.ridge,
      a.iterations, a.search_labels ? " --search-labels" : "");
}

Trained train_weights(const TrainConfig& a) {
  if (a.min_empties > a.max_empties) {
    throw UsageError("--min-empties: must not exceed --max-empties");
  }
  const auto t0 = std::chrono::steady_clock::now();
  auto seconds = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  // The games, in one sequence from the seed.
  std::mt19937_64 rng(a.seed);
  std::vector<std::vector<Sample>> games(static_cast<std::size_t>(a.games));
  std::vector<Position> ends(games.size());
  for (std::size_t g = 0; g < games.size(); ++g) {
    games[g] = play_game(rng, g % 2 == 1, a.min_empties, a.max_empties, ends[g]);
  }
  // The labels are exact scores: the fastest rung that needs no evaluation
  // (the one being trained), with a smaller table. One table per thread for
  // all its games' solves: it holds true bounds of the positions it keys
  // on, so the scores stay exact whichever games it saw before.
  SolveOptions o = preset("mobility").options;
  o.tt_mb = 16;
  std::atomic<std::size_t> next{0};
  std::atomic<std::uint64_t> solved{0};
  run_tasks(static_cast<std::size_t>(a.threads), a.threads, [&](std::size_t) {
    TranspositionTable table(o.tt_mb);
    for (std::size_t g; (g = next.fetch_add(1)) < games.size();) {
      // From the last sample back, so that a sample above exact_empties
      // takes the label of the first sample of its game at or below it (or,
      // in a game that ended before, the final score).
      std::optional<Sample> anchor;
      for (auto it = games[g].rbegin(); it != games[g].rend(); ++it) {
        Sample& s = *it;
        if (s.empties <= a.exact_empties) {
          const SolveResult r = solve<Kernel>(Position{s.player, s.opponent, s.side}, o, &table);
          if (!r.solved) throw CheckFailed("train-eval: a label solve did not finish");
          s.label = r.score;
          anchor = s;
          ++solved;
        } else if (anchor) {
          s.label = anchor->side == s.side ? anchor->label : -anchor->label;
        } else {
          const int black = final_for_black(ends[g]);
          s.label = s.side == Color::black ? black : -black;
        }
      }
    }
  });
  std::vector<Sample> samples, held_out;
  for (std::size_t g = 0; g < games.size(); ++g) {
    auto& into = g % 10 == 9 ? held_out : samples;
    into.insert(into.end(), games[g].begin(), games[g].end());
  }
  games.clear();
  std::fprintf(stderr, "train-eval: %d games, %zu samples, %llu solved, %.1f s (%d threads)\n",
               a.games, samples.size(), static_cast<unsigned long long>(solved.load()), seconds(),
               a.threads);

  PatternWeights weights;
  std::vector<std::string> comments = {
      "pattern weights of eval/pattern.hpp, made by:", command_line(a),
      "(the same command gives the same bytes; see train/trainer.hpp)"};
  for (int lo = a.min_empties; lo <= a.max_empties; lo += a.stage_width) {
    const int hi = std::min(a.max_empties, lo + a.stage_width - 1);
    if (a.search_labels && lo > a.exact_empties && !weights.stages.empty()) {
      const int relabelled = search_label(samples, held_out, weights, lo, hi, a.threads);
      comments.push_back(
          fmt::format("stage {}..{}: labels of {} samples searched down to {} empties", lo, hi,
                      relabelled, lo - 1));
    }
    std::vector<Sample> stage;
    for (const Sample& s : samples) {
      if (s.empties >= lo && s.empties <= hi) stage.push_back(s);
    }
    if (stage.empty()) continue;
    const std::vector<double> w = fit(stage, a.ridge, a.iterations);
    PatternWeights::Stage out;
    out.min_empties = lo;
    out.max_empties = hi;
    out.bias = quantize(w.back(), a.ridge);
    out.weights.resize(pattern::kWeightsPerStage);
    for (int j = 0; j < pattern::kWeightsPerStage; ++j) {
      out.weights[static_cast<std::size_t>(j)] = quantize(w[static_cast<std::size_t>(j)], a.ridge);
    }
    // The fit's error, rounded weights, on its own samples and on the
    // held-out games' samples of the stage.
    const PatternEval eval(PatternWeights{{out}});
    auto rms = [&](const std::vector<Sample>& set, int& count) {
      double sq = 0;
      count = 0;
      for (const Sample& s : set) {
        if (s.empties < lo || s.empties > hi) continue;
        const double d = eval.eval(s.player, s.opponent) / double{kEvalScale} - s.label;
        sq += d * d;
        ++count;
      }
      return count ? std::sqrt(sq / count) : 0.0;
    };
    int fitted = 0, tested = 0;
    const double fit_rms = rms(stage, fitted), test_rms = rms(held_out, tested);
    double zero = 0;  // the error of predicting 0 on the held-out samples
    for (const Sample& s : held_out) {
      if (s.empties >= lo && s.empties <= hi) zero += s.label * s.label;
    }
    zero = tested ? std::sqrt(zero / tested) : 0.0;
    comments.push_back(
        fmt::format("stage {}..{}: {} samples, rms error {:.2f} discs; held out: {} samples, "
                    "{:.2f} discs (predicting 0: {:.2f})",
                    lo, hi, fitted, fit_rms, tested, test_rms, zero));
    weights.stages.push_back(std::move(out));
  }
  if (weights.stages.empty()) throw UsageError("train-eval: no sample in the empties range");
  return {std::move(weights), std::move(comments)};
}

}  // namespace rb::train
