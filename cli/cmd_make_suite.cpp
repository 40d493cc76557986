// `reversi-bench make-suite`: a generated endgame suite. Positions with
// exactly E empties from seeded random games, each with the exact score of
// every legal move, computed by one variant and confirmed by a second variant
// with another algorithm and move source. Deterministic for a seed; the
// finished positions kept in a partial file that --resume goes on with
// (run/make_suite.hpp).
#include <chrono>
#include <cstdio>
#include <memory>

#include <CLI/CLI.hpp>
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "core/errors.hpp"
#include "core/seconds.hpp"
#include "io/obf.hpp"
#include "run/make_suite.hpp"

namespace rb::cli {
namespace {

struct MakeSuiteArgs {
  SuiteRequest request;
  std::string output;
  bool resume = false;
};

}  // namespace

void add_make_suite_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<MakeSuiteArgs>();
  auto* cmd = app.add_subcommand(
      "make-suite", "Generate an endgame suite with the exact score of every move (deterministic)");
  add_number_option<int>(cmd, "-e,--empties", args->request.empties, "empties of every position", 1,
                         24)
      ->required();
  add_number_option<int>(cmd, "-n,--count", args->request.count, "how many positions (default 30)",
                         1, 10000);
  add_seed_option(cmd, args->request.seed, "the seed of the random games");
  cmd->add_option("-o,--output", args->output,
                  "the OBF file to write (finished positions are kept in OUTPUT.partial until "
                  "the suite is complete)")
      ->required();
  cmd->add_flag("--resume", args->resume,
                "go on with OUTPUT.partial, the positions an interrupted run of the same -e and "
                "--seed finished (-n may differ)");
  cmd->callback([args, &exit_code] {
    const auto start = std::chrono::steady_clock::now();
    const SuiteFileRun run =
        make_suite_file(args->request, args->output, args->resume, [&](int made) {
          std::fprintf(stderr, "\rmake-suite: %d/%d positions, %.0f s", made, args->request.count,
                       seconds_since(start));
        });
    if (run.disagreement) {
      std::fprintf(stderr, "\nmake-suite: the two computations disagree on %s\n",
                   board_string(*run.disagreement).c_str());
      exit_code = kExitCheckFailed;
      return;
    }
    std::fprintf(stderr, "\n");
    if (run.resumed > 0) {
      std::fprintf(stderr, "make-suite: resumed: %d positions taken from the partial file\n",
                   run.resumed);
    }
    exit_code = kExitOk;
  });
}

}  // namespace rb::cli
