// `reversi-bench bench`: the search's signature, as Stockfish keeps one. A
// fixed set of positions solved with a preset (best by default) on one
// thread, each from an empty table: the node count is the same on every run
// and every variant with the same move source, and changes only when the
// search does. A change to the search states the new signature in its
// commit message; a change not meant to touch the search keeps it (the
// test bench_signature pins it).
//
// NODES counts every position the search visited: the exact search's, the
// selective pass's and the ordering searches' (pre-search included), so that
// a change to any of them shows.
#include <fmt/core.h>

#include <memory>

#include <CLI/CLI.hpp>
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/plugins.hpp"
#include "cli/solver_choice.hpp"
#include "core/errors.hpp"
#include "io/bench_positions.hpp"
#include "io/data_files.hpp"
#include "io/json.hpp"
#include "io/machine.hpp"
#include "io/obf.hpp"
#include "io/output.hpp"
#include "run/solve_suite.hpp"
#include "search/presets.hpp"

namespace rb::cli {
namespace {

// The positions: FForum #1-#19 (14-16 empties) and #20-#31 (6-20 empties,
// where the pre-search, the selective pass and the shallow order work),
// compiled in from positions/ (io/bench_positions.hpp). About 1.4 s with
// the best preset on the fastest variant here, 7.5 s on mailbox+list.
struct BenchSuite {
  const char* file;
  std::string_view text;
  std::size_t count;  // its first positions
};
constexpr BenchSuite kBenchSuites[] = {{"positions/fforum-1-19.obf", kBenchFForum1To19, 19},
                                       {"positions/fforum-20-39.obf", kBenchFForum20To39, 12}};

struct BenchArgs {
  std::string variant = "auto";
  std::string preset{kBestPreset};
  std::string json;
  std::vector<std::string> plugins;
};

int run_bench(const BenchArgs& args, const SearchSession& session,
              const std::vector<NamedPosition>& positions, bool json_given) {
  fmt::print("bench  variant {}{}  preset {}  threads 1  tt {} MB  {} positions\n",
             session.variant(), args.variant == "auto" ? " (auto)" : "", args.preset,
             session.options().tt_mb, positions.size());
  fmt::print("{:>4} {:<32} {:>7} {:>6} {:>9} {:>14} {:>14} {:>9}\n", "#", "position", "empties",
             "score", "expected", "exact nodes", "other nodes", "seconds");
  std::uint64_t total = 0;
  double seconds = 0;
  int wrong = 0;
  Json rows = Json::array();
  SuiteRun run;
  run.session = &session;
  solve_suite(run, positions, [&](const SolveRow& row) {
    const SolveResult& r = row.result;
    const std::uint64_t other = r.selective_nodes + r.shallow_nodes;
    const bool ok = r.solved && row.score_ok;
    wrong += !ok;
    total += r.nodes + other;
    seconds += row.seconds;
    fmt::print("{:>4} {:<32} {:>7} {:>+6} {:>9} {:>14} {:>14} {:>9.3f}{}\n", row.index, row.label,
               row.empties, r.score, row.expected ? format_score(*row.expected) : "-", r.nodes,
               other, row.seconds, ok ? "" : "  WRONG SCORE");
    rows.push_back({{"position", row.label},
                    {"empties", row.empties},
                    {"score", r.score},
                    {"score_ok", ok},
                    {"nodes", r.nodes},
                    {"other_nodes", other},
                    {"seconds", row.seconds}});
  });
  const double nps = seconds > 0 ? static_cast<double>(total) / seconds : 0.0;
  fmt::print("bench: {} nodes, {:.3f} s, {:.0f} nodes/s\n", total, seconds, nps);
  if (json_given) {
    Json doc = result_document("bench");
    doc["config"] = {{"variant", session.variant()},
                     {"variant_requested", args.variant},
                     {"preset", args.preset}};
    doc["rows"] = rows;
    doc["summary"] = {
        {"nodes", total}, {"seconds", seconds}, {"nodes_per_second", nps}, {"wrong_scores", wrong}};
    write_json_file(args.json, doc, "--json");
  }
  return wrong > 0 ? kExitCheckFailed : kExitOk;
}

}  // namespace

void add_bench_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<BenchArgs>();
  auto* cmd = app.add_subcommand(
      "bench", "Solve a fixed set of positions on one thread: the search's node-count signature");
  cmd->add_option("-v,--variant", args->variant,
                  "the variant (default auto: the fastest this CPU runs)");
  cmd->add_option("--preset", args->preset, "the configuration (default best)")
      ->type_name("NAME")
      ->check(preset_validator());
  auto* json = cmd->add_option("--json", args->json, "also write the rows and machine as JSON");
  add_plugin_option(cmd, args->plugins);
  cmd->callback([args, json, &exit_code] {
    // the plug-ins (inputs) first: an output naming one is refused
    run_with_plugins(args->plugins, exit_code, [&] {
      const bool json_given = json->count() > 0;
      if (json_given) check_writable(args->json, "--json");
      SearchRequest request;  // the preset as it is, on one thread
      request.preset = args->preset;
      request.variant = args->variant;
      request.weights_option = "bench";
      SearchSession session = SearchSession::settle(request);
      std::vector<NamedPosition> positions;
      for (const BenchSuite& suite : kBenchSuites) {
        auto entries = parse_obf_text(suite.text, suite.file);
        if (entries.size() < suite.count) {
          throw InputError(suite.file, 0, 0, "holds fewer positions than bench solves");
        }
        for (std::size_t i = 0; i < suite.count; ++i) {
          positions.push_back(
              {std::move(entries[i]), std::string(suite.file) + ":" + std::to_string(i + 1)});
        }
      }
      session.choose_variant();
      exit_code = run_bench(*args, session, positions, json_given);
    });
  });
}

}  // namespace rb::cli
