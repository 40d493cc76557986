// `reversi-bench solve`: the command's options and the choice of variant;
// the solving itself is cli/solve_run_impl.hpp (see cli/solve_run.hpp).
#include <memory>
#include <string>
#include <vector>

#include "cli/common.hpp"
#include "cli/options.hpp"
#include "cli/plugins.hpp"
#include "cli/solve_run.hpp"
#include "core/memory.hpp"
#include "variants/runtime.hpp"

namespace rb::cli {

void add_solve_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<SolveArgs>();
  auto* cmd = app.add_subcommand("solve", "Solve endgame positions exactly and check the scores");
  cmd->add_option("positions", args->inputs, "OBF files, FILE:N, or board strings")->required();
  cmd->add_option("-v,--variant", args->variant, "the variant to use")->required();
  add_option_rows(cmd, kSolveOptionRows, args->options);
  auto* moves =
      add_enum_option(cmd, "--moves", args->moves, "the move source (default: the variant's own)");
  auto* json = cmd->add_option("--json", args->json,
                               "also write the rows, configuration and machine as JSON");
  cmd->add_option("-t,--threads", args->options.threads,
                  "threads searching each position together (default 1)")
      ->check(in_range<int>(1, kMaxSearchThreads));
  cmd->add_option("-j,--jobs", args->jobs,
                  "positions solved side by side, each with its own table (default 1); "
                  "jobs x threads threads in all")
      ->check(in_range<int>(1, 256));
  cmd->add_option("--time-limit", args->time_limit,
                  "seconds per position; a position not solved in time is reported and skipped")
      ->check(in_range(0.0, 1e9));
  cmd->add_option("--repeat", args->repeat,
                  "solve each position this many times and report the median time")
      ->check(in_range<int>(1, 1000));
  add_plugin_option(cmd, args->plugins);
  cmd->callback([args, moves, json, &exit_code] {
    args->moves_given = moves->count() > 0;
    args->json_given = json->count() > 0;
    if (!(args->time_limit >= 0)) throw UsageError("--time-limit: must be a number >= 0");
    if (args->options.etc && args->options.tt_mb == 0) {
      throw UsageError("--etc: needs a table (--tt MB)");
    }
    if (args->jobs > 1 && args->options.tt_mb > 0) {  // one table per job, all at once
      check_memory_budget(static_cast<std::size_t>(args->jobs) * (args->options.tt_mb << 20),
                          "--jobs " + std::to_string(args->jobs) + " x --tt " +
                              std::to_string(args->options.tt_mb));
    }
    if (args->json_given) check_writable(args->json, "--json");
    std::vector<NamedPosition> positions;
    for (const auto& input : args->inputs) {
      for (auto& p : load_positions(input)) positions.push_back(std::move(p));
    }
    load_plugins(args->plugins);
    const auto names = resolve_variants(runtime_variant_infos(), {args->variant});
    if (names.size() != 1) throw UsageError("--variant: name exactly one variant");
    bool ran = false;
    for_each_chosen_variant(names, [&]<Board V>() {
      ran = true;
      check_before_timing<V>();
      exit_code = solve_variant<V>(*args, positions);
    });
    if (!ran) throw UsageError("--variant: '" + args->variant + "' is not a single variant");
  });
}

}  // namespace rb::cli
