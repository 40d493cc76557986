// `reversi-bench match`: engines (--engine, as engine-test gives them, each
// with its level) play games in colour-swapped pairs from a list of
// openings, -j N games at once, until the pairs are played or the SPRT
// decides (run/match.hpp). A line per pair shows the progress; at the end
// the pentanomial counts, the Elo of engine A (the first) with its
// interval, and the SPRT. With more than two engines, a round robin: every
// two play --pairs pairs, and a table gives each engine's score and Elo
// against the field and the cross table. --ggf records every game, --state
// the match so that --resume goes on after an interrupt. Exit 0 when the
// match was played (whatever its result), 2 for usage errors.
#include <fmt/core.h>

#include <memory>
#include <optional>
#include <utility>

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
  SearchRequest solver;
  std::string ggf, state, json;
  bool resume = false;
};

// The settings common to every match of the command (engines aside).
MatchSettings base_settings(const MatchArgs& args) {
  MatchSettings settings;
  const std::string found = find_data_file(args.openings);
  settings.openings = read_openings(found.empty() ? args.openings : found, args.opening_plies);
  const int count = static_cast<int>(settings.openings.size());
  // A pair past the last opening would start from an opening already
  // played: engines at a fixed depth replay it game for game, and the
  // counts and the SPRT would take the same pair twice.
  if (args.pairs > count) {
    throw UsageError("--pairs " + std::to_string(args.pairs) + ": more than the " +
                     std::to_string(count) + " openings of " + args.openings +
                     " (each pair plays its own opening; make more with `reversi-bench "
                     "openings --count " +
                     std::to_string(args.pairs) + "`)");
  }
  settings.pairs = args.pairs > 0 ? args.pairs : count;
  settings.jobs = args.jobs;
  settings.move_time_limit = args.time_limit;
  settings.start_timeout = args.start_timeout;
  settings.clock_margin = args.clock_margin;
  settings.adjudicate_empties = args.adjudicate;
  if (args.sprt) settings.sprt = args.sprt_settings;
  return settings;
}

// One match of two engines, with its progress lines and records.
MatchResult play(const MatchSettings& settings, const SearchSession* solver,
                 const std::vector<PairRecord>& done, LineLog* ggf, MatchState* state) {
  MatchObserver observer;
  observer.game = [&](const GameRecord& g) {
    if (g.end == GameRecord::End::fault) print_fault(g, settings);
  };
  // The records of a pair once it is counted: a game of a pair abandoned
  // (an interrupt, the SPRT decided) is in neither.
  observer.pair = [&](const PairRecord& p, const MatchProgress& m) {
    if (state) state->write(p);
    if (ggf) {
      for (const GameRecord& g : p.games) ggf->write(ggf_record(g, settings, utc_now()));
    }
    print_pair(p, m, settings);
  };
  MatchTransport* transport = match_transport();
  return transport ? *transport->run(settings, solver, done, observer)
                   : run_match(settings, solver, done, observer);
}

int run(MatchArgs& args) {
  settle_engines(args.engines, {});
  const std::size_t n = args.engines.size();
  if (n < 2) {
    throw UsageError("a match is between two engines or more: give --engine twice or more (" +
                     std::to_string(n) + " given)");
  }
  if (n > 2 && (args.sprt || !args.state.empty())) {
    throw UsageError(std::string(args.sprt ? "--sprt" : "--state") +
                     ": for a match of two engines (a round robin of " + std::to_string(n) +
                     " plays --pairs pairs between every two)");
  }
  if (args.sprt && args.sprt_settings.elo0 >= args.sprt_settings.elo1) {
    throw UsageError("--elo0 is not below --elo1");
  }
  if (args.resume && args.state.empty()) throw UsageError("--resume: give the --state file");
  std::vector<MatchEngine> engines;
  for (const EngineArg& e : args.engines) {
    engines.push_back({e.spec, e.game_time.value_or(0)});
    // Without --depth an NBoard engine plays at its own level.
    engines.back().spec.nboard_depth = e.depth.value_or(0);
  }
  const MatchSettings base = base_settings(args);
  std::optional<SearchSession> chosen;
  if (args.adjudicate >= 0) chosen.emplace(SearchSession::open(args.solver));
  const SearchSession* solver = chosen ? &*chosen : nullptr;
  // Every two engines, in order: (0, 1) alone for a match of two.
  const EnginePairs matches = round_robin_pairings(static_cast<int>(n));
  auto settings_of = [&](const std::pair<int, int>& m) {
    MatchSettings s = base;
    s.engines = {engines[static_cast<std::size_t>(m.first)],
                 engines[static_cast<std::size_t>(m.second)]};
    return s;
  };
  // Over MPI (reversi-bench-mpi), the ranks but the first only play.
  if (MatchTransport* t = match_transport(); t && !t->leader()) {
    protocol::install_interrupt_cleanup();
    for (const auto& m : matches) t->run(settings_of(m), solver, {}, {});
    return kExitOk;
  }
  const MatchSettings first = settings_of(matches.front());
  const Json identity = match_identity(first);
  // Every output checked (io/output.hpp, io/record_file.hpp) before one is
  // written: none is an input (the openings, the weights), no two share a
  // file, an existing state is refused without --resume.
  if (!args.state.empty()) MatchState::check(args.state, args.resume);
  if (!args.ggf.empty()) check_writable(args.ggf, "--ggf");
  if (!args.json.empty()) check_writable(args.json, "--json");
  std::vector<PairRecord> done;
  std::optional<MatchState> state;
  if (!args.state.empty()) {
    state.emplace(args.resume ? MatchState::resume(args.state, identity, first, done)
                              : MatchState::create(args.state, identity));
  }
  std::optional<LineLog> ggf;
  if (!args.ggf.empty()) ggf.emplace(args.ggf, args.resume, "--ggf");
  protocol::install_interrupt_cleanup();

  std::vector<MatchResult> results;
  for (const auto& m : matches) {
    const MatchSettings settings = settings_of(m);
    print_match_header(settings, args.openings, args.adjudicate);
    if (!done.empty()) {
      fmt::print("resumed: {} pairs already played (--state {})\n", done.size(), args.state);
    }
    std::fflush(stdout);
    results.push_back(
        play(settings, solver, done, ggf ? &*ggf : nullptr, state ? &*state : nullptr));
    print_match_summary(results.back(), settings, args.confidence);
  }
  std::vector<std::string> names;
  for (const MatchEngine& e : engines) names.push_back(e.spec.name);
  const std::optional<RoundRobin> table =
      n > 2 ? std::optional(round_robin_standings(n, matches, results, args.confidence))
            : std::nullopt;
  if (table) print_round_robin(names, *table, args.confidence);
  if (!args.json.empty()) {
    Json doc = result_document("match");
    Json config = match_config_json(first, args.openings);
    config["engines"] = Json::array();
    for (const MatchEngine& e : engines) {
      MatchSettings one = first;
      one.engines = {e, e};
      config["engines"].push_back(match_identity(one)["engines"][0]);
    }
    doc["config"] = config;
    doc["games"] = games_json(matches, results);
    doc["result"] = n == 2 ? match_result_json(results[0], first, args.confidence)
                           : round_robin_json(names, *table, args.confidence);
    write_json_file(args.json, doc, "--json");
  }
  return kExitOk;
}

}  // namespace

void add_match_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<MatchArgs>();
  auto* cmd = app.add_subcommand(
      "match",
      "Play engines (NBoard or GTP) against each other in colour-swapped pairs from openings, "
      "with Elo and an SPRT (two engines) or a round robin (more)");
  add_engine_options(cmd, args->engines, true);
  cmd->add_option("--openings", args->openings,
                  "a file of openings: move lines ('f5d6c3', as XOT lists) or GGF games "
                  "(default: positions/openings-8.txt, made by `reversi-bench openings`)");
  add_number_option(cmd, "--opening-plies", args->opening_plies,
                    "cut each opening to its first N moves (default: whole)", 1, 59);
  add_number_option(cmd, "--pairs", args->pairs,
                    "pairs of games to play at most, between every two engines, no more than the "
                    "openings (default: one per opening); pair i starts from opening i",
                    1, 10000000);
  add_number_option(cmd, "-j,--jobs", args->jobs, "games played at once (default 1)", 1, 32);
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
  add_solver_options(cmd, args->solver, "the adjudicating solver (one thread a game)");
  cmd->add_option("--ggf", args->ggf,
                  "write every game to this file, in GGF, as its pair ends (appended to it with "
                  "--resume)");
  cmd->add_option("--state", args->state,
                  "write the match state here, a line per finished pair (JSON Lines)");
  cmd->add_flag("--resume", args->resume,
                "go on with the match of --state: its finished pairs are counted, not replayed");
  cmd->add_option("--json", args->json, "also write the summary and the games as JSON");
  cmd->callback([args, &exit_code] { exit_code = run(*args); });
}

}  // namespace rb::cli
