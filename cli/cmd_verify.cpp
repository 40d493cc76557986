// `reversi-bench verify`: every chosen variant against the reference board on
// the targeted positions (check/flip_cases.hpp: every flip case, each move
// situation), then seeded random positions, reachable and arbitrary,
// alternately; the share of the flip cases the positions exercised. A plug-in
// is verified in a child process (check/plugin_check.hpp): a crash is
// reported with the entry point and the position, and fails the run.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>

#include <CLI/CLI.hpp>
#include "check/plugin_check.hpp"
#include "check/random_positions.hpp"
#include "check/verify.hpp"
#include "cli/board_options.hpp"
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/plugins.hpp"
#include "core/errors.hpp"
#include "core/seconds.hpp"
#include "io/json.hpp"
#include "io/output.hpp"
#include "variants/runtime.hpp"

namespace rb::cli {
namespace {

struct VerifyArgs {
  std::vector<std::string> variants{"all"};
  std::uint64_t positions = 10000;
  std::uint64_t seed = 1;
  bool no_targeted = false;
  std::vector<std::string> plugins;
  std::string json;

  VerifySet set() const { return {!no_targeted, positions, seed}; }
};

// A board's row: its outcome, or for a plug-in (checked in a child that
// prints its own row) whether it passed.
struct Row {
  std::string name;
  std::optional<VerifyOutcome> outcome;
  bool passed = false;
};

// The positions are the same for every variant (VerifyPositions), so that a
// mismatch can be replayed with the same seed.
template <Board V>
VerifyOutcome verify_variant(const VerifyArgs& args, const std::string& name) {
  VerifyOutcome out;
  std::mt19937_64 continuations(args.seed ^ 0x5bd1e995u);
  const auto start = std::chrono::steady_clock::now();
  auto last_report = start;
  const VerifySet set = args.set();
  for (VerifyPositions positions(set); !positions.done();) {
    const std::uint64_t n = positions.index();
    const Position p = positions.next();
    if (auto m = verify_variant_position<V>(p, continuations, out.counts)) {
      out.mismatch = std::move(m);
      out.minimal = minimal_kernel_mismatch<V>(parse_board(out.mismatch->board));
      break;
    }
    const auto now = std::chrono::steady_clock::now();
    if (now - last_report > std::chrono::seconds(2)) {
      last_report = now;
      std::fprintf(stderr, "\rverify %s: %llu/%llu positions", name.c_str(),
                   static_cast<unsigned long long>(n + 1),
                   static_cast<unsigned long long>(set.size()));
      std::fflush(stderr);
    }
  }
  out.seconds = seconds_since(start);
  if (last_report != start) std::fprintf(stderr, "\r%60s\r", "");
  return out;
}

// Verifies V and prints its row and its first mismatch.
template <Board V>
Row verify_and_print(const VerifyArgs& args) {
  const std::string name(runtime_info<V>().name);
  const VerifyOutcome out = verify_variant<V>(args, name);
  print_verify_row(name, out);
  return {name, out, !out.mismatch};
}

std::string percent(std::size_t part, std::size_t whole) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f%%", whole ? 100.0 * part / whole : 0.0);
  return text;
}

void print_header(const VerifyArgs& args, const VerifyCoverage& c) {
  const VerifySet set = args.set();
  std::printf(
      "verify: %llu targeted positions (every flip case, each move situation), then "
      "%llu random (seed %llu), half reachable, half arbitrary\n",
      static_cast<unsigned long long>(set.targeted_count()),
      static_cast<unsigned long long>(set.random), static_cast<unsigned long long>(set.seed));
  if (c.random_counted < set.random) {
    std::printf("coverage (of the targeted and the first %llu random positions):\n",
                static_cast<unsigned long long>(c.random_counted));
  }
  std::printf(
      "coverage: flip cases %zu of %zu (%s; the random positions alone %zu, %s); move "
      "situations %zu of %d (",
      c.all.cases_seen(), c.all.cases(), percent(c.all.cases_seen(), c.all.cases()).c_str(),
      c.random.cases_seen(), percent(c.random.cases_seen(), c.random.cases()).c_str(),
      c.all.situations_seen(), kMoveSituations);
  for (int k = 0; k < kMoveSituations; ++k) {
    std::printf("%s%s %llu", k ? ", " : "",
                std::string(situation_name(static_cast<MoveSituation>(k))).c_str(),
                static_cast<unsigned long long>(c.all.situations()[static_cast<std::size_t>(k)]));
  }
  std::printf(")\n");
  if (c.all.cases_seen() < c.all.cases()) {
    std::string text;
    for (const std::string& m : c.all.missing(5)) text += (text.empty() ? "" : ", ") + m;
    std::printf("  flip cases never exercised, the first: %s\n", text.c_str());
  }
  std::printf("%-20s %12s %14s %11s %9s\n", "variant", "positions", "moves checked", "mismatches",
              "seconds");
}

Json coverage_json(const FlipCoverage& c) {
  Json situations = Json::object();
  for (int k = 0; k < kMoveSituations; ++k) {
    situations[std::string(situation_name(static_cast<MoveSituation>(k)))] =
        c.situations()[static_cast<std::size_t>(k)];
  }
  return {
      {"flip_cases", c.cases()}, {"flip_cases_seen", c.cases_seen()}, {"situations", situations}};
}

Json mismatch_json(const Mismatch& m) {
  return {{"what", m.what}, {"board", m.board}, {"expected", m.expected}, {"actual", m.actual}};
}

void write_verify_json(const VerifyArgs& args, const VerifyCoverage& coverage,
                       const std::vector<Row>& rows) {
  Json doc = result_document("verify");
  const VerifySet set = args.set();
  doc["config"] = {{"targeted", set.targeted_count()}, {"random", set.random}, {"seed", set.seed}};
  doc["coverage"] = coverage_json(coverage.all);
  doc["coverage_random"] = coverage_json(coverage.random);
  doc["coverage_random"]["positions"] = coverage.random_counted;
  Json out = Json::array();
  for (const Row& r : rows) {
    Json row = {{"name", r.name}, {"passed", r.passed}};
    if (r.outcome) {
      row["positions"] = r.outcome->counts.positions;
      row["moves"] = r.outcome->counts.moves;
      row["seconds"] = r.outcome->seconds;
      if (r.outcome->mismatch) row["mismatch"] = mismatch_json(*r.outcome->mismatch);
      if (r.outcome->minimal) row["minimal"] = mismatch_json(*r.outcome->minimal);
    }
    out.push_back(row);
  }
  doc["rows"] = out;
  write_json_file(args.json, doc, "--json");
}

}  // namespace

void add_verify_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<VerifyArgs>();
  auto* cmd = app.add_subcommand(
      "verify",
      "Cross-check variants against the reference board on targeted and seeded random positions");
  cmd->add_option("-v,--variant", args->variants, "variant name(s), or all (default)")
      ->delimiter(',');
  add_number_option<std::uint64_t>(cmd, "-n,--positions", args->positions,
                                   "how many random positions after the targeted ones (default "
                                   "10000)",
                                   std::uint64_t{0}, std::uint64_t{1} << 40);
  add_seed_option(cmd, args->seed, "the seed of the random positions");
  cmd->add_flag("--no-targeted", args->no_targeted,
                "leave out the targeted positions (every flip case, each move situation): the "
                "random positions alone, to see what they cover");
  cmd->add_option("--json", args->json, "also write the rows and the coverage as JSON");
  auto* plugin = add_plugin_option(cmd, args->plugins);
  auto board = std::make_shared<BoardArgs>();
  add_board_options(cmd, *board, false);
  cmd->get_option("--board-cmd")->excludes(cmd->get_option("--variant"))->excludes(plugin);
  cmd->callback([args, board, &exit_code] {
    if (args->set().size() == 0) {
      throw UsageError("--positions 0 with --no-targeted: no position to verify");
    }
    if (!args->json.empty()) check_writable(args->json, "--json");
    std::vector<Row> rows;
    bool ok = true;
    const VerifyCoverage coverage = verify_coverage(args->set());
    if (!board->command.empty()) {
      print_header(*args, coverage);
      const auto [name, outcome] = verify_board_and_print(*board, args->set());
      rows.push_back({name, outcome, !outcome.mismatch});
      ok = !outcome.mismatch;
    } else {
      load_plugins(args->plugins);
      const auto names = resolve_variants(runtime_variant_infos(), args->variants);
      print_header(*args, coverage);
      for_each_chosen_variant(names, [&]<Board V>() {
        if (!ok) return;
        if constexpr (PluginVariant<V>) {
          const auto outcome =
              run_in_checking_child([&] { return verify_and_print<V>(*args).passed ? 0 : 1; });
          if (outcome.crashed) throw CheckFailed(outcome.report);
          ok = outcome.exit_code == 0;
          rows.push_back({std::string(runtime_info<V>().name), std::nullopt, ok});
        } else {
          rows.push_back(verify_and_print<V>(*args));
          ok = rows.back().passed;
        }
      });
    }
    if (!args->json.empty()) write_verify_json(*args, coverage, rows);
    exit_code = ok ? kExitOk : kExitCheckFailed;
  });
}

}  // namespace rb::cli
