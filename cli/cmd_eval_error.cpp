// `reversi-bench eval-error`: how far the pattern evaluation (the shipped
// weights or --eval-weights) is from the exact scores of a corpus
// (make-corpus), per empties count, on the games train-eval holds out
// (train/corpus.hpp: eval_samples(), eval_errors()). With --json, every
// sample measured too, so that two evaluations measured on one corpus can be
// compared game by game (scripts/eval_compare.py: the ratio of their errors
// with its interval).
#include <fmt/core.h>

#include <cmath>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "core/errors.hpp"
#include "eval/default_weights.hpp"
#include "io/json.hpp"
#include "io/output.hpp"
#include "train/corpus.hpp"

namespace rb::cli {

void add_eval_error_command(CLI::App& app, int& exit_code) {
  struct Args {
    std::string corpus, weights, json;
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
  auto* json = cmd->add_option("--json", args->json,
                               "also write the rows and every sample measured (its game, empties, "
                               "label and evaluation) as JSON, for scripts/eval_compare.py")
                   ->type_name("FILE");
  cmd->callback([args, json, &exit_code] {
    const bool json_given = json->count() > 0;
    if (json_given) check_writable(args->json, "--json");
    const train::Corpus corpus = train::read_corpus(args->corpus);
    const PatternWeights weights = load_pattern_weights(args->weights, "--eval-weights");
    const PatternEval eval(weights);
    const auto samples = train::eval_samples(corpus, eval, args->every_game);
    if (samples.empty()) throw UsageError("--corpus: no exact label in the games measured");
    const auto rows = train::eval_errors(samples);
    fmt::print("evaluation: {}\ncorpus: {} ({} games, {}; exact labels up to {} empties)\n",
               args->weights.empty() ? "the shipped weights" : args->weights, args->corpus,
               corpus.games.size(), args->every_game ? "every game" : "the held-out games",
               corpus.config.exact_empties);
    fmt::print("{:>7} {:>8} {:>10} {:>10}\n", "empties", "samples", "rms", "mean");
    double sq = 0;
    for (const auto& r : rows) {
      fmt::print("{:>7} {:>8} {:>10.2f} {:>+10.2f}\n", r.empties, r.samples, r.rms, r.mean);
      sq += r.rms * r.rms * r.samples;
    }
    const double rms = std::sqrt(sq / static_cast<double>(samples.size()));
    fmt::print("{:>7} {:>8} {:>10.2f}\n", "all", samples.size(), rms);
    if (json_given) {
      Json doc = result_document("eval-error");
      doc["config"] = {
          {"corpus", args->corpus},
          {"corpus_identity", train::corpus_identity(corpus.config)},
          {"games", corpus.games.size()},
          {"exact_empties", corpus.config.exact_empties},
          {"every_game", args->every_game},
          {"eval_weights", args->weights.empty() ? Json(nullptr) : Json(args->weights)},
          {"weights_checksum", fmt::format("{:016x}", train::weights_checksum(weights))}};
      Json out_rows = Json::array();
      for (const auto& r : rows) {
        out_rows.push_back(
            {{"empties", r.empties}, {"samples", r.samples}, {"rms", r.rms}, {"mean", r.mean}});
      }
      doc["rows"] = std::move(out_rows);
      doc["summary"] = {{"samples", samples.size()}, {"rms", rms}};
      Json out_samples = Json::array();
      for (const auto& s : samples) {
        out_samples.push_back({{"game", s.game},
                               {"empties", s.empties},
                               {"label", s.label},
                               {"evaluation", s.evaluation}});
      }
      doc["samples"] = std::move(out_samples);
      write_json_file(args->json, doc, "--json");
    }
    exit_code = kExitOk;
  });
}

}  // namespace rb::cli
