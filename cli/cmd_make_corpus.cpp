// `reversi-bench make-corpus`: the trainer's games with their labels, in a
// file that `train-eval --corpus` fits on (train/corpus.hpp), made on -t
// threads, or over the ranks of an MPI job by reversi-bench-mpi
// (mpi/corpus_transport.hpp). One line per game, written as each is done and in
// game order, so that --resume goes on after an interrupt; the same
// arguments give the same bytes however many threads or ranks made them.
#include <fmt/core.h>

#include <algorithm>
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
#include "eval/default_weights.hpp"
#include "io/input.hpp"
#include "io/output.hpp"
#include "run/corpus.hpp"

namespace rb::cli {
namespace {

struct CorpusArgs {
  train::CorpusConfig config;
  int threads = 1;
  bool resume = false;
  std::string eval_weights;
  std::string output;
};

int make_corpus(const CorpusArgs& a) {
  const PatternWeights weights = load_pattern_weights(a.eval_weights, "--eval-weights");
  const PatternEval eval(weights);
  CorpusWork work{a.config, 0, a.threads, &eval};
  if (work.config.play_depth > 0) work.config.play_weights = train::weights_checksum(weights);
  CorpusTransport* transport = corpus_transport();
  if (transport && !transport->leader()) {  // an MPI worker: makes what it is handed
    transport->run(work, {});
    return kExitOk;
  }
  CorpusOutput out = open_corpus_output(a.output, work.config, a.resume);
  if (out.grown_from > 0) {
    std::fprintf(stderr, "make-corpus: %s of %d games now names --games %d\n",
                 escape_controls(a.output).c_str(), out.grown_from, a.config.games);
  }
  work.first = out.games;
  std::uint64_t samples = out.samples;
  if (work.first > 0) {
    std::fprintf(stderr, "make-corpus: resumed: %llu games already made (%s)\n",
                 static_cast<unsigned long long>(work.first), escape_controls(a.output).c_str());
  }
  const auto t0 = std::chrono::steady_clock::now();
  auto seconds = [&] { return seconds_since(t0); };
  double reported = 0;
  std::uint64_t made = 0;
  const CorpusSink sink = [&](std::uint64_t g, const std::string& line) {
    out.file.append(line);
    ++made;
    samples += static_cast<std::uint64_t>(std::count(line.begin(), line.end(), ' ') / 3);
    if (seconds() - reported >= 10) {
      reported = seconds();
      std::fprintf(stderr, "make-corpus: %llu of %d games, %.0f s\n",
                   static_cast<unsigned long long>(g + 1), a.config.games, reported);
    }
  };
  if (transport) {
    transport->run(work, sink);
  } else {
    make_corpus_games(work, sink);
  }
  fmt::print("corpus: {} games ({} made now), {} samples, {} in {:.1f} s\n", a.config.games, made,
             samples, a.output, seconds());
  return kExitOk;
}

}  // namespace

void add_make_corpus_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<CorpusArgs>();
  train::CorpusConfig& c = args->config;
  auto* cmd = app.add_subcommand(
      "make-corpus",
      "Play and label the trainer's games into a corpus file for train-eval --corpus "
      "(deterministic, resumable)");
  add_seed_option(cmd, c.seed, "the seed of the games")->required();
  add_number_option<int>(cmd, "--games", c.games, "games played (default 1000)", 1, 100000000);
  add_number_option<int>(cmd, "--exact-empties", c.exact_empties,
                         "samples with at most this many empties are solved exactly (default 14)",
                         0, 26);
  add_number_option<int>(cmd, "--min-empties", c.min_empties,
                         "fewest empties of a sample (default 8)", 0, 60);
  add_number_option<int>(cmd, "--max-empties", c.max_empties,
                         "most empties of a sample (default 59)", 0, 60);
  add_number_option<int>(cmd, "--play-depth", c.play_depth,
                         "play every game after its 8 random plies by the playing search at this "
                         "depth with the --eval-weights, one move in 8 random (default 0: half "
                         "random games, half greedy ones)",
                         0, 60);
  add_number_option<int>(cmd, "-t,--threads", args->threads,
                         "threads making games (default 1); the file is the same bytes whatever "
                         "their number",
                         1, 256);
  cmd->add_flag("--resume", args->resume,
                "go on with the corpus in --output (made by the same command) after an "
                "interrupt, or make it longer (the same command with fewer --games)");
  cmd->add_option("--eval-weights", args->eval_weights,
                  "the weights that order the label solves above 14 empties and that the search "
                  "plays with (--play-depth) (default: the shipped weights; the labels are exact "
                  "whatever they are)")
      ->type_name("FILE");
  cmd->add_option("-o,--output", args->output, "the corpus file")->required();
  cmd->callback([args, &exit_code] {
    if (args->config.min_empties > args->config.max_empties) {
      throw UsageError("--min-empties: must not exceed --max-empties");
    }
    exit_code = make_corpus(*args);
  });
}

}  // namespace rb::cli
