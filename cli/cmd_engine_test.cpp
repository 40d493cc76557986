// `reversi-bench engine-test`: whole engines checked and timed on endgame
// suites, over the NBoard and GTP protocols, beside the project's own solver.
//
// Each --engine starts a new engine; the options that describe it (--name,
// --protocol, --gtp-setup, --gtp-level) follow it on the command line and
// belong to it. The engines run one after the other, each over every
// position (protocol/runner.hpp: a fault is recorded and the engine restarted,
// the run goes on), then the built-in solver (unless --no-builtin). Answers
// are judged by protocol/verdict.hpp: listed scores first, the project's
// solver for a move the suite does not list. Exit 1 when any answer is wrong
// or any engine faulted; 2 for usage errors, a missing or non-executable
// engine among them.
#include <fmt/core.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <set>

#include <CLI/CLI.hpp>
#include "cli/commands.hpp"
#include "cli/engine_options.hpp"
#include "cli/engine_report.hpp"
#include "cli/options.hpp"
#include "cli/solver_choice.hpp"
#include "core/errors.hpp"
#include "io/json.hpp"
#include "io/output.hpp"
#include "protocol/process.hpp"
#include "protocol/runner.hpp"

namespace rb::cli {
namespace {

struct EngineTestArgs {
  std::vector<std::string> inputs;
  std::vector<EngineArg> engines;
  bool builtin = true;
  SearchRequest solver;
  protocol::RunLimits limits;
  std::string json;
  bool json_given = false;
  bool verbose = false;
};

// Checks each engine's description and fills in its defaults; throws
// UsageError naming the engine.
// Checks each engine's description (cli/engine_options.hpp), and that a GTP
// engine without a set-up command is given games; throws UsageError naming
// the engine.
void settle_engines(EngineTestArgs& args, const std::vector<protocol::SuitePosition>& positions) {
  std::set<std::string> reserved;
  if (args.builtin) reserved.insert("builtin");
  cli::settle_engines(args.engines, reserved);
  for (const EngineArg& e : args.engines) {
    if (e.spec.protocol == protocol::Protocol::gtp && e.spec.gtp_setup.empty()) {
      for (const auto& p : positions) {
        if (!p.game) {
          throw UsageError("--engine '" + e.command +
                           "': without --gtp-setup a GTP engine is given a position by the moves "
                           "of a game that reaches it, and " +
                           p.label +
                           " is a board without one (give the engine's set-up command with "
                           "--gtp-setup, or positions as game lines: docs/engines.md)");
        }
      }
    }
  }
}

int run(EngineTestArgs& args) {
  std::vector<protocol::SuitePosition> positions;
  for (const auto& input : args.inputs) {
    for (auto& p : protocol::load_suite(input)) positions.push_back(std::move(p));
  }
  settle_engines(args, positions);
  if (args.engines.empty() && !args.builtin) {
    throw UsageError("nothing to test: give an --engine, or leave out --no-builtin");
  }
  if (args.builtin) SearchSession::open(args.solver);  // its usage errors before any engine runs
  if (args.json_given) check_writable(args.json, "--json");
  protocol::install_interrupt_cleanup();

  fmt::print("engine-test {} positions  {} engine(s){}  time limit {} s  start timeout {} s\n",
             positions.size(), args.engines.size(), args.builtin ? " and the built-in solver" : "",
             args.limits.time_limit, args.limits.start_timeout);
  ExactScorer exact(args.solver);
  EngineRunObserver observer{print_engine_header, print_engine_row, print_engine_faults};
  if (args.verbose) {
    observer.row = [](const EngineRow& row) {
      for (const auto& line : row.run.skipped) {
        fmt::print("     (#{}: skipped, printed before the request: {})\n", row.index, line);
      }
      print_engine_row(row);
    };
  }
  std::vector<EngineReport> reports;
  for (const EngineArg& e : args.engines) {
    reports.push_back(run_engine(e.spec, args.limits, positions, exact, observer));
  }
  if (args.builtin) {
    reports.push_back(run_builtin(args.solver, args.limits, positions, exact, observer));
  }
  print_summary_table(reports);
  const Json config = {{"inputs", args.inputs},
                       {"positions", static_cast<int>(positions.size())},
                       {"time_limit_s", args.limits.time_limit},
                       {"start_timeout_s", args.limits.start_timeout},
                       {"builtin", args.builtin}};
  const Json doc = engine_test_json(config, reports);
  if (args.json_given) write_json_file(args.json, doc, "--json");
  return doc["summary"]["passed"].get<bool>() ? kExitOk : kExitCheckFailed;
}

}  // namespace

void add_engine_test_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<EngineTestArgs>();
  auto* cmd = app.add_subcommand(
      "engine-test",
      "Check and time whole engines (NBoard or GTP) on endgame suites, beside the built-in "
      "solver");
  cmd->add_option("positions", args->inputs,
                  "OBF files, FILE:N, board strings, or game lines and files of them")
      ->required();
  add_engine_options(cmd, args->engines, false);
  cmd->add_flag_callback(
      "--no-builtin", [args] { args->builtin = false; },
      "leave the built-in solver out of the run (it runs last by default)");
  add_solver_options(cmd, args->solver,
                     "the built-in solver (and of the checks of unlisted moves)");
  add_number_option(cmd, "--time-limit", args->limits.time_limit,
                    "seconds an engine has for each position, 0 for a day (default 300); past "
                    "it the engine is killed and the position recorded as a fault",
                    0.0, 86400.0);
  add_number_option(cmd, "--start-timeout", args->limits.start_timeout,
                    "seconds for an engine's handshake and settings, and for each set-up of a "
                    "position (default 10)",
                    0.001, 3600.0);
  auto* json = cmd->add_option("--json", args->json, "also write the rows and summary as JSON");
  cmd->add_flag("--verbose", args->verbose,
                "name the lines each engine printed after a position was set and before the move "
                "was asked for (skipped; an answer among them is the fault unrequested)");
  cmd->callback([args, json, &exit_code] {
    args->json_given = json->count() > 0;
    exit_code = run(*args);
  });
}

}  // namespace rb::cli
