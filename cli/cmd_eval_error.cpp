// `reversi-bench eval-error`: how far the pattern evaluation (the shipped
// weights or --eval-weights) is from the exact scores of a corpus
// (make-corpus), per empties count, on the games train-eval holds out
// (train/corpus.hpp: eval_errors()).
#include <fmt/core.h>

#include <cmath>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "core/errors.hpp"
#include "eval/default_weights.hpp"
#include "train/corpus.hpp"

namespace rb::cli {

void add_eval_error_command(CLI::App& app, int& exit_code) {
  struct Args {
    std::string corpus, weights;
    bool every_game = false;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand(
      "eval-error",
      "The pattern evaluation's error against a corpus's exact labels, per empties count");
  cmd->add_option("--corpus", args->corpus, "a corpus file of make-corpus")
      ->type_name("FILE")
      ->required();
  cmd->add_option("--eval-weights", args->weights,
                  "the weights measured (a file of train-eval; default: the shipped weights)")
      ->type_name("FILE");
  cmd->add_flag("--every-game", args->every_game,
                "measure on every game, not only those train-eval holds out (g % 10 == 9)");
  cmd->callback([args, &exit_code] {
    const train::Corpus corpus = train::read_corpus(args->corpus);
    const PatternEval eval(load_pattern_weights(args->weights, "--eval-weights"));
    const auto rows = train::eval_errors(corpus, eval, args->every_game);
    fmt::print("evaluation: {}\ncorpus: {} ({} games, {}; exact labels up to {} empties)\n",
               args->weights.empty() ? "the shipped weights" : args->weights, args->corpus,
               corpus.games.size(), args->every_game ? "every game" : "the held-out games",
               corpus.config.exact_empties);
    fmt::print("{:>7} {:>8} {:>10} {:>10}\n", "empties", "samples", "rms", "mean");
    int samples = 0;
    double sq = 0;
    for (const auto& r : rows) {
      fmt::print("{:>7} {:>8} {:>10.2f} {:>+10.2f}\n", r.empties, r.samples, r.rms, r.mean);
      samples += r.samples;
      sq += r.rms * r.rms * r.samples;
    }
    if (samples == 0) throw UsageError("--corpus: no exact label in the games measured");
    fmt::print("{:>7} {:>8} {:>10.2f}\n", "all", samples, std::sqrt(sq / samples));
    exit_code = kExitOk;
  });
}

}  // namespace rb::cli
