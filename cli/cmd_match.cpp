// `reversi-bench match`: two engines (--engine, as engine-test gives them,
// each with its level) play games in colour-swapped pairs from a list of
// openings, -j N games at once, until the pairs are played or the SPRT
// decides (run/match.hpp). A line per pair shows the progress; at the end
// the pentanomial counts, the Elo of engine A (the first) with its
// interval, and the SPRT. --ggf records every game, --state the match so
// that --resume goes on after an interrupt. Exit 0 when the match was
// played (whatever its result), 2 for usage errors.
#include <fmt/core.h>

#include <chrono>
#include <ctime>
#include <memory>
#include <optional>

#include <CLI/CLI.hpp>
#include "cli/commands.hpp"
#include "cli/engine_options.hpp"
#include "cli/match_report.hpp"
#include "cli/options.hpp"
#include "cli/solver_choice.hpp"
#include "core/errors.hpp"
#include "io/data_files.hpp"
#include "io/machine.hpp"
#include "io/output.hpp"
#include "protocol/process.hpp"
#include "run/match.hpp"
#include "run/match_records.hpp"

namespace rb::cli {
namespace {

struct MatchArgs {
  std::vector<EngineArg> engines;
  std::string openings = "positions/openings-8.txt";
  int opening_plies = 0;
  int pairs = 0;
  int jobs = 1;
  double time_limit = 60, start_timeout = 10, clock_margin = 0.1;
  int adjudicate = -1;
  bool sprt = false;
  SprtSettings sprt_settings;
  double confidence = 0.95;
  SolverArgs solver;
  std::string ggf, state, json;
  bool resume = false;
};

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char text[40];
  std::strftime(text, sizeof text, "%Y.%m.%d_%H:%M:%S.UTC", &tm);
  return text;
}

// A game for engine A: its disc margin ("+12", "-4", "0"), the fault that
// decided it, and where it was adjudicated.
std::string result_for_a(const GameRecord& g) {
  if (g.end == GameRecord::End::fault) return g.faulty == 0 ? "lost:fault" : "won:fault";
  const int margin = g.black == 0 ? g.result : -g.result;
  return (margin > 0 ? "+" : "") + std::to_string(margin) +
         (g.end == GameRecord::End::adjudicated ? "@" + std::to_string(g.adjudicated_empties) : "");
}

Json game_summary(const GameRecord& g) {
  Json out = game_json(g);
  out["pair"] = g.pair;
  out.erase("moves");
  return out;
}

int run(MatchArgs& args) {
  settle_engines(args.engines, {});
  if (args.engines.size() != 2) {
    throw UsageError("a match is between two engines: give --engine twice (" +
                     std::to_string(args.engines.size()) + " given)");
  }
  if (args.sprt && args.sprt_settings.elo0 >= args.sprt_settings.elo1) {
    throw UsageError("--elo0 is not below --elo1");
  }
  if (args.resume && args.state.empty()) throw UsageError("--resume: give the --state file");
  MatchSettings settings;
  for (const EngineArg& e : args.engines) {
    settings.engines.push_back({e.spec, e.game_time.value_or(0)});
    // Without --depth an NBoard engine plays at its own level.
    settings.engines.back().spec.nboard_depth = e.depth.value_or(0);
  }
  const std::string found = find_data_file(args.openings);
  settings.openings = read_openings(found.empty() ? args.openings : found, args.opening_plies);
  settings.pairs = args.pairs > 0 ? args.pairs : static_cast<int>(settings.openings.size());
  settings.jobs = args.jobs;
  settings.move_time_limit = args.time_limit;
  settings.start_timeout = args.start_timeout;
  settings.clock_margin = args.clock_margin;
  settings.adjudicate_empties = args.adjudicate;
  if (args.sprt) settings.sprt = args.sprt_settings;
  std::optional<ChosenSolver> solver;
  if (args.adjudicate >= 0) solver = choose_solver(args.solver);
  // Over MPI (reversi-bench-mpi), the ranks but the first only play.
  MatchTransport* transport = match_transport();
  if (transport && !transport->leader()) {
    protocol::install_interrupt_cleanup();
    transport->run(settings, solver ? &*solver : nullptr, {}, {});
    return kExitOk;
  }
  const Json identity = match_identity(settings);
  std::vector<PairRecord> done;
  if (args.resume) done = read_match_state(args.state, identity, settings);
  if (!args.ggf.empty()) check_writable(args.ggf, "--ggf");
  if (!args.json.empty()) check_writable(args.json, "--json");
  std::optional<LineLog> ggf, state;
  if (!args.ggf.empty()) ggf.emplace(args.ggf, args.resume);
  if (!args.state.empty()) {
    const bool fresh = !args.resume;
    state.emplace(args.state, args.resume);
    if (fresh) state->write(identity.dump());
  }
  protocol::install_interrupt_cleanup();

  const auto& a = settings.engines[0].spec.name;
  const auto& b = settings.engines[1].spec.name;
  fmt::print("match A {} vs B {}: {} pairs from {} openings ({}), -j {}{}\n", a, b, settings.pairs,
             settings.openings.size(), args.openings, settings.jobs,
             args.adjudicate >= 0
                 ? ", adjudicated exactly at " + std::to_string(args.adjudicate) + " empties"
                 : "");
  if (!done.empty())
    fmt::print("resumed: {} pairs already played (--state {})\n", done.size(), args.state);
  std::fflush(stdout);
  MatchObserver observer;
  observer.game = [&](const GameRecord& g) {
    if (ggf) ggf->write(ggf_record(g, settings, utc_now()));
    if (g.end == GameRecord::End::fault) {
      const auto& name = settings.engines[static_cast<std::size_t>(g.faulty)].spec.name;
      fmt::print("  fault: {} in pair {} game {} ({}): {}\n", name, g.pair + 1, g.game + 1,
                 protocol::fault_name(g.fault), g.fault_reason);
      for (const auto& line : g.last_lines) fmt::print("    | {}\n", line);
    }
  };
  observer.pair = [&](const PairRecord& p, const MatchProgress& m) {
    if (state) state->write(pair_json(p).dump());
    fmt::print("pair {:>4}  {:<22} A {:>10} as black {:>10} as white  games {} (+{} ={} -{})  {}\n",
               p.pair + 1,
               settings.openings[static_cast<std::size_t>(p.games[0].opening)].label.substr(0, 22),
               result_for_a(p.games[0]), result_for_a(p.games[1]), 2 * m.counts.pairs(), m.wins,
               m.draws, m.losses, short_statistics(m.counts, m.sprt));
    std::fflush(stdout);
  };
  const MatchResult r = transport
                            ? *transport->run(settings, solver ? &*solver : nullptr, done, observer)
                            : run_match(settings, solver ? &*solver : nullptr, done, observer);

  const MatchProgress& m = r.progress;
  fmt::print("\n{} vs {}: {} games, {} wins, {} draws, {} losses for {}; faults: {} {}, {} {}\n", a,
             b, 2 * m.counts.pairs(), m.wins, m.draws, m.losses, a, a, m.faults[0], b, m.faults[1]);
  if (m.counts.pairs() > 0) print_match_statistics(m.counts, settings.sprt, args.confidence);
  if (r.stopped_by_sprt) fmt::print("stopped: the SPRT decided\n");
  if (!args.json.empty()) {
    Json doc;
    doc["schema"] = kResultSchema;
    doc["kind"] = "match";
    add_machine_and_build(doc);
    Json engines = Json::array();
    for (const auto& e : identity["engines"]) engines.push_back(e);
    doc["config"] = {{"engines", engines},
                     {"openings", args.openings},
                     {"opening_count", settings.openings.size()},
                     {"pairs", settings.pairs},
                     {"jobs", settings.jobs},
                     {"time_limit_s", settings.move_time_limit},
                     {"adjudicate_empties", settings.adjudicate_empties}};
    if (settings.sprt) {
      doc["config"]["sprt"] = {{"elo0", settings.sprt->elo0},
                               {"elo1", settings.sprt->elo1},
                               {"alpha", settings.sprt->alpha},
                               {"beta", settings.sprt->beta}};
    }
    Json games = Json::array();
    for (const PairRecord& p : r.pairs) {
      for (const GameRecord& g : p.games) games.push_back(game_summary(g));
    }
    doc["games"] = games;
    Json result = match_statistics_json(m.counts, settings.sprt, args.confidence);
    result["wins"] = m.wins;
    result["draws"] = m.draws;
    result["losses"] = m.losses;
    result["faults"] = {m.faults[0], m.faults[1]};
    result["stopped_by_sprt"] = r.stopped_by_sprt;
    doc["result"] = result;
    write_json_file(args.json, doc, "--json");
  }
  return kExitOk;
}

}  // namespace

void add_match_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<MatchArgs>();
  auto* cmd = app.add_subcommand(
      "match",
      "Play two engines (NBoard or GTP) against each other in colour-swapped pairs from "
      "openings, with Elo and an SPRT");
  add_engine_options(cmd, args->engines, true);
  cmd->add_option("--openings", args->openings,
                  "a file of openings: move lines ('f5d6c3', as XOT lists) or GGF games "
                  "(default: positions/openings-8.txt, made by `reversi-bench openings`)");
  add_number_option(cmd, "--opening-plies", args->opening_plies,
                    "cut each opening to its first N moves (default: whole)", 1, 59);
  add_number_option(cmd, "--pairs", args->pairs,
                    "pairs of games to play at most (default: one per opening); pair i starts "
                    "from opening i modulo their number",
                    1, 10000000);
  add_number_option(cmd, "-j,--jobs", args->jobs, "games played at once (default 1)", 1, 1024);
  add_number_option(cmd, "--time-limit", args->time_limit,
                    "seconds an engine has for any one move (default 60); past it the engine is "
                    "killed and loses the game",
                    0.001, 86400.0);
  add_number_option(cmd, "--start-timeout", args->start_timeout,
                    "seconds for an engine's start and each set-up (default 10)", 0.001, 3600.0);
  add_number_option(cmd, "--clock-margin", args->clock_margin,
                    "seconds an engine may overrun its --game-time (default 0.1)", 0.0, 60.0);
  add_number_option(cmd, "--adjudicate-empties", args->adjudicate,
                    "finish each game that reaches this many empties with the exact solver, "
                    "scored by perfect play from there",
                    0, 40);
  cmd->add_flag("--sprt", args->sprt,
                "stop when the SPRT decides between --elo0 and --elo1 (pentanomial, logistic "
                "Elo: docs/statistics.md)");
  add_sprt_options(cmd, args->sprt_settings, args->confidence);
  add_solver_options(cmd, args->solver, "the adjudicating solver");
  cmd->add_option("--ggf", args->ggf, "append every game to this file, in GGF, as it ends");
  cmd->add_option("--state", args->state,
                  "write the match state here, a line per finished pair (JSON Lines)");
  cmd->add_flag("--resume", args->resume,
                "go on with the match of --state: its finished pairs are counted, not replayed");
  cmd->add_option("--json", args->json, "also write the summary and the games as JSON");
  cmd->callback([args, &exit_code] { exit_code = run(*args); });
}

}  // namespace rb::cli
