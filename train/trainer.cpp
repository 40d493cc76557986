#include "train/trainer.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <string_view>

#include "core/errors.hpp"
#include "core/job_queue.hpp"
#include "core/seconds.hpp"
#include "io/input.hpp"
#include "train/corpus.hpp"
#include "train/fit.hpp"
#include "train/games.hpp"

namespace rb::train {
namespace {
// The fit of every stage (steps 3 and the search labels) from the labelled
// games, in game order (g % 10 == 9 held out), the file's comments after
// `comments`.
Trained fit_stages(std::vector<std::vector<Sample>> games, const TrainConfig& a,
                   std::vector<std::string> comments, const Resume& resume);
// Refuses, before any work, earlier weights that this fit would not go on
// from (UsageError naming what differs).
void check_resumable(const Resume& resume, const TrainConfig& a,
                     const std::vector<std::string>& comments);
}  // namespace

namespace {
// The network options of a command line ("" without a network).
std::string network_options(const NetworkConfig& n) {
  if (n.width == 0) return "";
  return fmt::format(
      " --network-width {} --network-hidden {} --network-passes {} --network-rate {} "
      "--network-l2 {}",
      n.width, n.hidden, n.passes, n.rate, n.l2);
}
}  // namespace

std::string command_line(const TrainConfig& a) {
  return fmt::format(
      "reversi-bench train-eval --seed {} --games {} --exact-empties {} --min-empties {} "
      "--max-empties {} --stage-width {} --ridge {} --iterations {}{}{}",
      a.seed, a.games, a.exact_empties, a.min_empties, a.max_empties, a.stage_width, a.ridge,
      a.iterations, a.search_labels ? " --search-labels" : "", network_options(a.network));
}

std::string corpus_command_line(const TrainConfig& a, const std::string& path) {
  return fmt::format(
      "reversi-bench train-eval --corpus {} --min-empties {} --max-empties {} --stage-width {} "
      "--ridge {} --iterations {}{}{}",
      path, a.min_empties, a.max_empties, a.stage_width, a.ridge, a.iterations,
      a.search_labels ? " --search-labels" : "", network_options(a.network));
}

Trained train_weights(const TrainConfig& a, const Resume& resume) {
  if (a.min_empties > a.max_empties) {
    throw UsageError("--min-empties: must not exceed --max-empties");
  }
  std::vector<std::string> comments = {
      "pattern weights of eval/pattern.hpp, made by:", command_line(a),
      "(the same command gives the same bytes; see train/trainer.hpp)"};
  if (resume.earlier) check_resumable(resume, a, comments);
  const auto t0 = std::chrono::steady_clock::now();
  auto seconds = [&] { return seconds_since(t0); };
  // The games, in one sequence from the seed.
  std::mt19937_64 rng(a.seed);
  std::vector<std::vector<Sample>> games(static_cast<std::size_t>(a.games));
  std::vector<Position> ends(games.size());
  for (std::size_t g = 0; g < games.size(); ++g) {
    games[g] = play_game(rng, g % 2 == 1, a.min_empties, a.max_empties, ends[g]);
  }
  // The labels (train/corpus.hpp: Labeller), each game's by one thread.
  std::atomic<std::size_t> next{0};
  std::atomic<std::uint64_t> solved{0};
  run_tasks(static_cast<std::size_t>(a.threads), a.threads, [&](std::size_t) {
    Labeller labeller;
    for (std::size_t g; (g = next.fetch_add(1)) < games.size();) {
      solved += static_cast<std::uint64_t>(labeller.label_game(games[g], ends[g], a.exact_empties));
    }
  });
  std::fprintf(stderr, "train-eval: %d games, %llu solved, %.1f s (%d threads)\n", a.games,
               static_cast<unsigned long long>(solved.load()), seconds(), a.threads);
  return fit_stages(std::move(games), a, std::move(comments), resume);
}

Trained train_from_corpus(const Corpus& corpus, const std::string& path, TrainConfig a,
                          const Resume& resume) {
  const CorpusConfig& c = corpus.config;
  if (a.min_empties < c.min_empties || a.max_empties > c.max_empties) {
    throw UsageError(
        fmt::format("--corpus: {} holds samples of {}..{} empties, not all of --min-empties {} to "
                    "--max-empties {}",
                    path, c.min_empties, c.max_empties, a.min_empties, a.max_empties));
  }
  if (a.min_empties > a.max_empties) {
    throw UsageError("--min-empties: must not exceed --max-empties");
  }
  std::vector<std::string> comments = {
      "pattern weights of eval/pattern.hpp, made by:", corpus_command_line(a, path),
      "from the corpus " + corpus_identity(c),
      "(the same command and corpus give the same bytes; see train/trainer.hpp)"};
  // (A corpus is whole: read_corpus() refuses one cut short.)
  if (resume.earlier) check_resumable(resume, a, comments);
  a.exact_empties = c.exact_empties;
  std::vector<std::vector<Sample>> games;
  for (const auto& game : corpus.games) {
    std::vector<Sample> kept;
    for (const Sample& s : game) {
      if (s.empties >= a.min_empties && s.empties <= a.max_empties) kept.push_back(s);
    }
    games.push_back(std::move(kept));
  }
  std::fprintf(stderr, "train-eval: %zu games of the corpus %s\n", games.size(), path.c_str());
  return fit_stages(std::move(games), a, std::move(comments), resume);
}

namespace {
// The comments that name the command (those before the first stage's), its
// --max-empties left out: what an earlier fit must share to be resumed.
std::vector<std::string> command_comments(const std::vector<std::string>& comments) {
  std::vector<std::string> out;
  for (const std::string& c : comments) {
    if (c.starts_with("stage ")) break;
    if (c.starts_with(kUnfinished)) continue;
    std::string line = c;
    constexpr std::string_view kMax = " --max-empties ";
    if (const std::size_t at = line.find(kMax);
        line.starts_with("reversi-bench train-eval ") && at != std::string::npos) {
      std::size_t end = at + kMax.size();
      while (end < line.size() && line[end] >= '0' && line[end] <= '9') ++end;
      line.erase(at, end - at);
    }
    out.push_back(std::move(line));
  }
  return out;
}

void check_resumable(const Resume& resume, const TrainConfig& a,
                     const std::vector<std::string>& comments) {
  const Trained& earlier = *resume.earlier;
  if (!earlier.weights.probcut.empty()) {
    throw UsageError(fmt::format(
        "--resume: '{}' holds ProbCut rows (fit-probcut's output), not a fit of train-eval",
        resume.path));
  }
  const auto mine = command_comments(comments), theirs = command_comments(earlier.comments);
  if (mine != theirs) {
    std::size_t i = 0;
    while (i < mine.size() && i < theirs.size() && mine[i] == theirs[i]) ++i;
    auto quoted = [](const std::vector<std::string>& lines, std::size_t j) {
      return j < lines.size() ? "'" + escape_controls(lines[j]) + "'" : std::string("none");
    };
    throw UsageError(fmt::format(
        "--resume: '{}' holds the weights of another command (only --max-empties may differ; "
        "it is left out here): its comment {} is {}, this command's {}",
        resume.path, i + 1, quoted(theirs, i), quoted(mine, i)));
  }
  // Every stage of the file must be one this fit keeps, or its last stage
  // cut short by a lower --max-empties, which this fit widens: a file is
  // never cut down by a resume (a --max-empties below its stages, say).
  const auto& stages = earlier.weights.stages;
  for (std::size_t i = 0; i < stages.size(); ++i) {
    const int lo = stages[i].min_empties, hi = stages[i].max_empties;
    const int grid_hi = std::min(a.max_empties, lo + a.stage_width - 1);
    const bool on_grid = lo >= a.min_empties && lo <= a.max_empties &&
                         (lo - a.min_empties) % a.stage_width == 0 &&
                         (hi == grid_hi || (hi < grid_hi && i + 1 == stages.size()));
    if (!on_grid) {
      throw UsageError(fmt::format(
          "--resume: '{}' holds the stage {}..{}, which this fit (--min-empties {} --max-empties "
          "{} --stage-width {}) would not keep; give another --output to fit fewer stages",
          resume.path, lo, hi, a.min_empties, a.max_empties, a.stage_width));
    }
  }
}

Trained fit_stages(std::vector<std::vector<Sample>> games, const TrainConfig& a,
                   std::vector<std::string> comments, const Resume& resume) {
  bool keeping = resume.earlier != nullptr;  // check_resumable() has passed
  std::vector<Sample> samples, held_out;
  for (std::size_t g = 0; g < games.size(); ++g) {
    auto& into = g % 10 == 9 ? held_out : samples;
    into.insert(into.end(), games[g].begin(), games[g].end());
  }
  games.clear();
  std::fprintf(stderr, "train-eval: %zu samples to fit, %zu held out\n", samples.size(),
               held_out.size());

  PatternWeights weights;
  int kept = 0;
  for (int lo = a.min_empties; lo <= a.max_empties; lo += a.stage_width) {
    const int hi = std::min(a.max_empties, lo + a.stage_width - 1);
    if (keeping) {  // the earlier fit's stage lo..hi, if it has it, and its comments
      const auto& done = resume.earlier->weights.stages;
      const auto same = std::find_if(done.begin(), done.end(), [&](const auto& s) {
        return s.min_empties == lo && s.max_empties == hi;
      });
      auto keep_comments = [&] {  // the stage's, as the fit at once wrote them
        const std::string prefix = fmt::format("stage {}..{}:", lo, hi);
        for (const std::string& c : resume.earlier->comments) {
          if (c.starts_with(prefix)) comments.push_back(c);
        }
      };
      if (same != done.end()) {
        keep_comments();
        weights.stages.push_back(*same);
        ++kept;
        continue;
      }
      const bool above =
          std::any_of(done.begin(), done.end(), [&](const auto& s) { return s.min_empties > hi; });
      const bool empty = std::none_of(samples.begin(), samples.end(), [&](const Sample& s) {
        return s.empties >= lo && s.empties <= hi;
      });
      if (above && empty) {  // a stage without samples: none at once either (its labels' comment)
        keep_comments();
        continue;
      }
      keeping = false;
      if (kept > 0) {
        std::fprintf(stderr, "train-eval: kept the stages %d..%d of %s\n", a.min_empties, lo - 1,
                     resume.path.c_str());
      }
    }
    if (a.search_labels && hi > a.exact_empties && !weights.stages.empty()) {
      const int relabelled =
          search_label(samples, held_out, weights, lo, hi, a.exact_empties, a.threads);
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
    auto rms = [&](const PatternEval& eval, const std::vector<Sample>& set, int& count) {
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
    std::string linear_only;
    if (a.network.width > 0) {
      int count = 0;
      const double linear_rms = rms(PatternEval(PatternWeights{{out}, {}}), held_out, count);
      const auto t0 = std::chrono::steady_clock::now();
      NetworkFit net =
          fit_network(stage, out, lo, a.network, a.seed + static_cast<unsigned>(lo), a.threads);
      std::fprintf(stderr, "train-eval: stage %d..%d's network, %.1f s\n", lo, hi,
                   seconds_since(t0));
      linear_only = fmt::format(" (without the network: {:.2f}; {} embeddings capped)", linear_rms,
                                net.capped);
      out.network = std::move(net.network);
    }
    const PatternEval eval(PatternWeights{{out}, {}});
    int fitted = 0, tested = 0;
    const double fit_rms = rms(eval, stage, fitted), test_rms = rms(eval, held_out, tested);
    double zero = 0;  // the error of predicting 0 on the held-out samples
    for (const Sample& s : held_out) {
      if (s.empties >= lo && s.empties <= hi) zero += s.label * s.label;
    }
    zero = tested ? std::sqrt(zero / tested) : 0.0;
    comments.push_back(
        fmt::format("stage {}..{}: {} samples, rms error {:.2f} discs; held out: {} samples, "
                    "{:.2f} discs{} (predicting 0: {:.2f})",
                    lo, hi, fitted, fit_rms, tested, test_rms, linear_only, zero));
    weights.stages.push_back(std::move(out));
    if (resume.on_stage && hi < a.max_empties) {  // the last is written whole by the caller
      std::vector<std::string> so_far = comments;
      so_far.push_back(
          fmt::format("{} the stages up to {} empties of {}..{} (train-eval --resume goes on)",
                      kUnfinished, hi, a.min_empties, a.max_empties));
      resume.on_stage({weights, std::move(so_far)});
    }
  }
  if (keeping && kept > 0) {
    std::fprintf(stderr, "train-eval: kept every stage of %s\n", resume.path.c_str());
  }
  if (weights.stages.empty()) throw UsageError("train-eval: no sample in the empties range");
  return {std::move(weights), std::move(comments)};
}

}  // namespace

}  // namespace rb::train
