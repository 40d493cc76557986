// `reversi-bench train-eval`: learns the pattern weights of eval/pattern.hpp
// from the project's own games and solver, deterministically for a seed
// (the trainer: train/trainer.hpp), and writes them as a weights file that
// names the command that made them (without -o).
#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "core/errors.hpp"
#include "core/seconds.hpp"
#include "eval/weights.hpp"
#include "io/input.hpp"
#include "io/output.hpp"
#include "train/corpus.hpp"
#include "train/trainer.hpp"

namespace rb::cli {
namespace {

struct TrainArgs {
  train::TrainConfig config;
  std::string corpus;
  std::string output;
  bool resume = false;
};

int train(const TrainArgs& a, bool partial_outputs) {
  const auto t0 = std::chrono::steady_clock::now();
  std::optional<train::Corpus> corpus;
  if (!a.corpus.empty()) corpus = train::read_corpus(a.corpus);
  // The file is written after every stage (its comments saying how far it
  // is until the last), so that --resume can go on after an interrupt.
  train::Trained earlier;
  train::Resume resume{nullptr, escape_controls(a.output), nullptr};
  if (partial_outputs) {
    resume.on_stage = [&](const train::Trained& so_far) {
      write_output_file(a.output, format_pattern_weights(so_far.weights, so_far.comments),
                        "--output");
    };
  }
  if (a.resume) {
    earlier = {read_pattern_weights(a.output), pattern_weights_comments(a.output)};
    forget_input(a.output);  // read to be written anew
    resume.earlier = &earlier;
  }
  const train::Trained trained = corpus
                                     ? train::train_from_corpus(*corpus, a.corpus, a.config, resume)
                                     : train::train_weights(a.config, resume);
  write_weights_output("train-eval", a.output, trained.weights, trained.comments, t0);
  return kExitOk;
}

}  // namespace

void write_weights_output(const char* command, const std::string& path,
                          const PatternWeights& weights, const std::vector<std::string>& comments,
                          std::chrono::steady_clock::time_point start) {
  const std::string text = format_pattern_weights(weights, comments);
  write_output_file(path, text, "--output");
  std::fprintf(stderr, "%s: wrote %s (%zu bytes), %.1f s\n", command, escape_controls(path).c_str(),
               text.size(), seconds_since(start));
}

void add_train_eval_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<TrainArgs>();
  train::TrainConfig& config = args->config;
  auto* cmd = app.add_subcommand(
      "train-eval", "Learn the pattern evaluation's weights from seeded games (deterministic)");
  auto* seed = add_seed_option(cmd, config.seed, "the seed of the games");
  auto* games = add_number_option<int>(cmd, "--games", config.games, "games played (default 1000)",
                                       1, 10000000);
  auto* exact = add_number_option<int>(
      cmd, "--exact-empties", config.exact_empties,
      "samples with at most this many empties are solved exactly (default 14)", 0, 20);
  cmd->add_option("--corpus", args->corpus,
                  "fit on the games of this corpus file (make-corpus) instead of playing and "
                  "solving them: its seed, games and exact empties")
      ->type_name("FILE")
      ->excludes(seed)
      ->excludes(games)
      ->excludes(exact);
  add_number_option<int>(cmd, "--min-empties", config.min_empties,
                         "fewest empties of a sample (default 8)", 0, 60);
  add_number_option<int>(cmd, "--max-empties", config.max_empties,
                         "most empties of a sample (default 31)", 0, 60);
  add_number_option<int>(cmd, "--stage-width", config.stage_width,
                         "empties counts per stage, each fitted apart (default 8)", 1, 61);
  add_number_option<double>(cmd, "--ridge", config.ridge,
                            "the ridge penalty of the fit (default 32)", 0.0, 1e9);
  add_number_option<int>(cmd, "--iterations", config.iterations,
                         "conjugate-gradient steps per stage (default 100)", 1, 100000);
  cmd->add_flag("--search-labels", config.search_labels,
                "label the samples of a stage above --exact-empties by a search down to the stage "
                "below, evaluated with its fitted weights, not by the game's outcome");
  add_number_option<int>(cmd, "--network-width", config.network.width,
                         "fit a network over the patterns for each stage, with this many numbers "
                         "per configuration (default 0: none; train/network_fit.hpp)",
                         0, network::kMaxWidth);
  auto* hidden = add_number_option<int>(cmd, "--network-hidden", config.network.hidden,
                                        "the network's hidden units, a multiple of 8 (default 16)",
                                        8, network::kMaxHidden);
  auto* passes =
      add_number_option<int>(cmd, "--network-passes", config.network.passes,
                             "passes of the network's fit over the samples (default 8)", 1, 1000);
  auto* rate = add_number_option<double>(cmd, "--network-rate", config.network.rate,
                                         "the network's Adam step (default 0.003)", 1e-6, 1.0);
  auto* l2 = add_number_option<double>(cmd, "--network-l2", config.network.l2,
                                       "the L2 penalty on the network's embeddings (default 0.01)",
                                       0.0, 1.0);
  add_number_option<int>(cmd, "-t,--threads", config.threads,
                         "threads computing the labels (default 1); the weights are the same "
                         "bytes whatever their number",
                         1, 256);
  cmd->add_option("-o,--output", args->output,
                  "the weights file to write (a new one, or with --resume, also after each stage, "
                  "marked unfinished until the last)")
      ->required();
  cmd->add_flag("--resume", args->resume,
                "keep the stages --output holds from a fit by this command (interrupted, or to "
                "another --max-empties) and fit the rest");
  cmd->callback([args, seed, hidden, passes, rate, l2, &exit_code] {
    if (args->corpus.empty() && seed->count() == 0) {
      throw UsageError("--seed is required (or fit on a --corpus)");
    }
    if (args->config.network.width == 0) {
      for (const CLI::Option* o : {hidden, passes, rate, l2}) {
        if (o->count() > 0) throw UsageError(o->get_name() + ": only with --network-width");
      }
    } else if (args->config.network.hidden % 8 != 0) {
      throw UsageError("--network-hidden: must be a multiple of 8");
    }
    // Written as every output is (io/output.hpp). A new file, or the one
    // --resume goes on from, is written after each stage too; weights that
    // the run replaces otherwise stay whole until the new ones are complete.
    const OutputTarget target = check_writable(args->output, "--output");
    using Kind = OutputTarget::Kind;
    if (args->resume && target.kind != Kind::regular) {
      throw UsageError(
          "--resume: '" + escape_controls(args->output) + "' " +
          (target.kind == Kind::new_file ? "does not exist" : "is not a regular file"));
    }
    exit_code = train(*args, target.kind == Kind::new_file || args->resume);
  });
}

}  // namespace rb::cli
