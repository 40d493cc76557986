// `reversi-bench sample`: seeded random positions from random games, as OBF
// lines (the benchmark corpus in positions/ is made this way).
#include <cstdio>
#include <memory>

#include <CLI/CLI.hpp>
#include "check/random_positions.hpp"
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "core/errors.hpp"
#include "io/obf.hpp"

namespace rb::cli {
namespace {

struct SampleArgs {
  int count = 1000;
  std::uint64_t seed = 1;
  int min_empties = 0;
  int max_empties = 59;
};

}  // namespace

void add_sample_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<SampleArgs>();
  auto* cmd = app.add_subcommand(
      "sample", "Print seeded random positions from random games, empties spread evenly");
  add_number_option<int>(cmd, "-n,--count", args->count, "how many positions", 1, 1000000);
  add_seed_option(cmd, args->seed, "the seed");
  add_number_option<int>(cmd, "--min-empties", args->min_empties, "fewest empties", 0, 60);
  add_number_option<int>(cmd, "--max-empties", args->max_empties, "most empties", 0, 60);
  cmd->callback([args, &exit_code] {
    if (args->min_empties > args->max_empties) {
      throw UsageError("--min-empties " + std::to_string(args->min_empties) +
                       " is above --max-empties " + std::to_string(args->max_empties));
    }
    std::mt19937_64 rng(args->seed);
    const int span = args->max_empties - args->min_empties + 1;
    std::printf("%% reversi-bench sample -n %d --seed %llu --min-empties %d --max-empties %d\n",
                args->count, static_cast<unsigned long long>(args->seed), args->min_empties,
                args->max_empties);
    for (int made = 0, attempts = 0; made < args->count; ++attempts) {
      if (attempts > args->count * 1000) {
        throw UsageError("could not reach the requested empties in random games");
      }
      // Empties cycle through the range so that every stage is represented.
      const int empties = args->min_empties + made % span;
      const Position p = random_reachable(rng, 60 - empties);
      if (p.empties() != empties) continue;  // the game ended (or passed) on the way
      std::printf("%s\n", board_string(p).c_str());
      ++made;
    }
    exit_code = kExitOk;
  });
}

}  // namespace rb::cli
