// `reversi-bench solve`: exact endgame solving of OBF suites, an Edax-style
// table per position and a summary, checked against the listed scores. The
// suite is solved by run/solve_suite.hpp and printed by cli/solve_report.hpp.
//
// The solver's options are the rows of kSolveOptionRows
// (search/solve_options.hpp): each is a command-line option and a field of
// the JSON "config", from the one table. Each worker allocates its table
// once, before any timing, and clears it (outside the timed region) before
// each solve, so every solve starts from an empty table as the node counts
// require. A repetition that runs out of time is reported, never mixed into
// the median of the solved ones.
//
// Threads: -t N threads search each position together (the parallel search
// of search/parallel.hpp, sharing the job's table); -j J jobs solve positions
// side by side, each with its own table: J x N threads in all.
#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/plugins.hpp"
#include "cli/solve_report.hpp"
#include "cli/solver_choice.hpp"
#include "core/errors.hpp"
#include "core/memory.hpp"
#include "core/seconds.hpp"
#include "core/threads.hpp"
#include "io/data_files.hpp"
#include "io/json.hpp"
#include "io/output.hpp"
#include "search/presets.hpp"
#include "variants/runtime.hpp"

namespace rb::cli {
namespace {

int run(const SolveArgs& args, const std::vector<NamedPosition>& positions) {
  print_solve_header(args, positions.size());
  const auto t0 = std::chrono::steady_clock::now();
  const auto rows = solve_suite(args.suite_run(), positions, print_solve_row);
  const double wall = seconds_since(t0);
  const SolveSummary s = summarize(rows);
  print_solve_summary(args, rows, s, wall);
  if (args.json_given) write_json_file(args.json, solve_json(args, rows, s, wall), "--json");
  return s.wrong_scores > 0 ? kExitCheckFailed : kExitOk;
}

// The solve command, once its options are parsed: the solver set up
// (search/session.hpp) from the preset and the given options, the inputs
// read before the output is checked, the plug-ins loaded before the variant
// is named.
void run_solve(SolveArgs& args, const std::vector<RowOptions>& rows, bool moves_given,
               bool json_given, bool weights_given, int& exit_code) {
  args.moves_given = moves_given;
  args.json_given = json_given;
  if (!(args.time_limit >= 0)) throw UsageError("--time-limit: must be a number >= 0");
  SearchRequest request;
  request.preset = args.preset;
  request.apply_given = [&](SolveOptions& o) {
    apply_given_options(kSolveOptionRows, rows, args.parsed, o);
  };
  request.given = [&](std::string_view option) {
    return std::any_of(rows.begin(), rows.end(), [&](const RowOptions& o) {
      return o.option->check_lname(std::string(option)) && o.given();
    });
  };
  request.threads = args.parsed.threads;
  request.cut_profile = args.parsed.cut_profile;
  request.eval_weights = args.eval_weights;
  request.weights_given = weights_given;
  request.variant = args.variant;
  if (args.moves_given) request.moves = args.moves;
  args.session.emplace(SearchSession::settle(request));
  args.options = args.session->options();
  if (args.jobs > 1 && args.options.tt_mb > 0) {  // one table per job, all at once
    check_memory_budget(
        static_cast<std::size_t>(args.jobs) * (args.options.tt_mb << 20),
        "--jobs " + std::to_string(args.jobs) + " x --tt " + std::to_string(args.options.tt_mb));
  }
  std::vector<NamedPosition> positions;
  for (const auto& input : args.inputs) {
    for (auto& p : load_positions(input)) positions.push_back(std::move(p));
  }
  if (args.json_given) check_writable(args.json, "--json");
  args.session->choose_variant();
  exit_code = run(args, positions);
}

}  // namespace

void add_solve_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<SolveArgs>();
  auto* cmd = app.add_subcommand("solve", "Solve endgame positions exactly and check the scores");
  cmd->add_option("positions", args->inputs, "OBF files, FILE:N, or board strings")->required();
  cmd->add_option("-v,--variant", args->variant,
                  "the variant to use (default auto: the fastest this CPU runs, with the empty "
                  "list where the preset uses one; `reversi-bench list` shows them)");
  cmd->add_option("--preset", args->preset,
                  "the configuration of the search (default best, the measured fastest); "
                  "options given with it change it; `reversi-bench list --presets` shows them")
      ->type_name("NAME")
      ->check(preset_validator());
  const auto rows =
      add_option_rows(cmd, kSolveOptionRows, args->parsed, preset(kBestPreset).options);
  auto* moves =
      add_enum_option(cmd, "--moves", args->moves, "the move source (default: the variant's own)",
                      std::optional<MoveGen>());
  moves->group(std::string(option_group_title(OptionGroup::technique)));
  auto* json = cmd->add_option("--json", args->json,
                               "also write the rows, configuration and machine as JSON");
  add_number_option<int>(cmd, "-t,--threads", args->parsed.threads,
                         "threads searching each position together (default 1)", 1,
                         kMaxSearchThreads);
  add_number_option<int>(cmd, "-j,--jobs", args->jobs,
                         "positions solved side by side, each with its own table (default 1); "
                         "jobs x threads threads in all",
                         1, 256);
  add_number_option<double>(
      cmd, "--time-limit", args->time_limit,
      "seconds per position; a position not solved in time is reported and skipped", 0.0, 1e9);
  add_number_option<int>(cmd, "--repeat", args->repeat,
                         "solve each position this many times and report the median time", 1, 1000);
  cmd->add_option("--eval-weights", args->eval_weights,
                  "a pattern weights file for --eval pattern (default: the weights of "
                  "data/pattern-weights.txt, compiled in)")
      ->group(std::string(option_group_title(OptionGroup::technique)));
  cmd->add_flag("--cut-profile", args->parsed.cut_profile,
                "count how the nodes end, by empties (cutoffs by the first move or a later one, "
                "the positions the failed moves took, fail-low and exact nodes); one thread")
      ->group(std::string(option_group_title(OptionGroup::tuning)));
  add_plugin_option(cmd, args->plugins);
  auto* weights = cmd->get_option("--eval-weights");
  cmd->callback([args, rows, moves, json, weights, &exit_code] {
    run_with_plugins(args->plugins, exit_code, [&] {
      try {
        run_solve(*args, rows, moves->count() > 0, json->count() > 0, weights->count() > 0,
                  exit_code);
      } catch (const ThreadStartError& e) {
        throw thread_start_failure(
            "-t", args->options.threads, e,
            args->jobs > 1 ? "threads for each of the " + std::to_string(args->jobs) + " jobs (-j)"
                           : "threads");
      }
    });
  });
}

}  // namespace rb::cli
