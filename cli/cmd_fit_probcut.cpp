// `reversi-bench fit-probcut`: ProbCut's calibration for a set of pattern
// weights (train/probcut.hpp), fitted on the positions of a corpus and
// written into a copy of the weights file as its probcut lines
// (eval/weights.hpp), which the playing search's ProbCut then reads
// (eval/probcut.hpp).
#include <fmt/core.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "core/errors.hpp"
#include "eval/default_weights.hpp"
#include "eval/weights.hpp"
#include "io/data_files.hpp"
#include "io/output.hpp"
#include "train/corpus.hpp"
#include "train/probcut.hpp"

namespace rb::cli {
namespace {

struct FitArgs {
  train::ProbCutConfig config;
  std::string corpus, weights, output;
};

int fit(const FitArgs& a) {
  const auto t0 = std::chrono::steady_clock::now();
  PatternWeights weights = load_pattern_weights(a.weights, "--eval-weights");
  weights.probcut.clear();  // replaced by the rows fitted here
  const train::Corpus corpus = train::read_corpus(a.corpus);
  const train::ProbCutConfig& c = a.config;
  const auto scores = train::probcut_scores(corpus, PatternEval(weights), c);
  const train::ProbCutFit fit = train::fit_probcut(scores, c);
  if (fit.rows.empty()) {
    throw UsageError(fmt::format(
        "--corpus: {} positions of {}..{} empties give no depth and range {} positions or more",
        scores.size(), c.min_empties, c.max_empties, c.min_samples));
  }
  weights.probcut = fit.rows;

  std::vector<std::string> comments;
  for (const std::string& line : pattern_weights_comments(find_data_file(a.weights))) {
    if (!line.starts_with("probcut")) comments.push_back(line);
  }
  comments.push_back(fmt::format(
      "probcut: reversi-bench fit-probcut --corpus {} --positions {} --min-empties {} "
      "--max-empties {} --range-width {} --min-depth {} --max-depth {} --min-samples {}",
      a.corpus, c.positions, c.min_empties, c.max_empties, c.range_width, c.min_depth, c.max_depth,
      c.min_samples));
  comments.push_back(fmt::format("probcut: {} positions, {} rows", scores.size(), fit.rows.size()));
  fmt::print("{} positions of {}..{} empties, searched to {} plies\n", scores.size(), c.min_empties,
             c.max_empties, c.max_depth);
  fmt::print("{:>5} {:>7} {:>7} {:>7} {:>10} {:>7} {:>7}\n", "depth", "shallow", "empties",
             "samples", "intercept", "slope", "sigma");
  for (std::size_t i = 0; i < fit.rows.size(); ++i) {
    const ProbCutRow& r = fit.rows[i];
    fmt::print("{:>5} {:>7} {:>7} {:>7} {:>+10.2f} {:>7.3f} {:>7.2f}\n", r.depth,
               probcut_shallow_depth(r.depth), fmt::format("{}-{}", r.min_empties, r.max_empties),
               fit.counts[i], r.intercept / double{kEvalScale},
               r.slope / double{kProbCutSlopeScale}, r.sigma / double{kEvalScale});
  }
  write_weights_output("fit-probcut", a.output, weights, comments, t0);
  return kExitOk;
}

}  // namespace

void add_fit_probcut_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<FitArgs>();
  train::ProbCutConfig& c = args->config;
  auto* cmd = app.add_subcommand(
      "fit-probcut",
      "Calibrate the playing search's ProbCut for a set of weights on a corpus's positions");
  cmd->add_option("--corpus", args->corpus, "a corpus file of make-corpus (its positions)")
      ->type_name("FILE")
      ->required();
  cmd->add_option("--eval-weights", args->weights,
                  "the weights calibrated (a file of train-eval); the output is this file with "
                  "its probcut lines")
      ->type_name("FILE")
      ->required();
  cmd->add_option("-o,--output", args->output, "the weights file to write (not the input)")
      ->required();
  add_number_option<int>(cmd, "--positions", c.positions,
                         "positions searched, spread over the corpus's fitted games (default 2000)",
                         1, 10000000);
  add_number_option<int>(cmd, "--min-empties", c.min_empties,
                         "fewest empties of a position (default 12)", 1, 60);
  add_number_option<int>(cmd, "--max-empties", c.max_empties,
                         "most empties of a position (default 59)", 1, 60);
  add_number_option<int>(cmd, "--range-width", c.range_width,
                         "empties counts per fitted range (default 8)", 1, 60);
  add_number_option<int>(cmd, "--min-depth", c.min_depth,
                         "shallowest depth fitted (default 3, where the search's ProbCut begins)",
                         3, 40);
  add_number_option<int>(cmd, "--max-depth", c.max_depth,
                         "deepest depth fitted, to which every position is searched (default 10; "
                         "deeper searches use its rows)",
                         3, 40);
  add_number_option<int>(cmd, "--min-samples", c.min_samples,
                         "fewest positions for a row (default 30)", 3, 10000000);
  add_number_option<int>(cmd, "-t,--threads", c.threads,
                         "threads searching (default 1); the rows are the same whatever their "
                         "number",
                         1, 256);
  cmd->callback([args, &exit_code] {
    const train::ProbCutConfig& k = args->config;
    if (k.min_empties > k.max_empties) {
      throw UsageError("--min-empties " + std::to_string(k.min_empties) +
                       " exceeds --max-empties " + std::to_string(k.max_empties));
    }
    if (k.min_depth > k.max_depth) {
      throw UsageError("--min-depth " + std::to_string(k.min_depth) + " exceeds --max-depth " +
                       std::to_string(k.max_depth));
    }
    check_writable(args->output, "--output");
    exit_code = fit(*args);
  });
}

}  // namespace rb::cli
