// `reversi-bench verify`: every chosen variant against the reference board on
// seeded random positions, reachable and arbitrary, alternately. A plug-in
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
#include "variants/runtime.hpp"

namespace rb::cli {
namespace {

struct VerifyArgs {
  std::vector<std::string> variants{"all"};
  std::uint64_t positions = 10000;
  std::uint64_t seed = 1;
  std::vector<std::string> plugins;
};

struct Row {
  std::string name;
  VerifyCounts counts;
  std::uint64_t mismatches = 0;
  double seconds = 0;
};

// The positions are the same for every variant (verify_nth_position), so
// that a mismatch can be replayed with the same seed.
template <Board V>
Row verify_variant(const VerifyArgs& args, std::optional<Mismatch>& first,
                   std::optional<Mismatch>& minimal) {
  Row row{std::string(runtime_info<V>().name), {}, 0, 0};
  std::mt19937_64 positions(args.seed);
  std::mt19937_64 continuations(args.seed ^ 0x5bd1e995u);
  const auto start = std::chrono::steady_clock::now();
  auto last_report = start;
  for (std::uint64_t n = 0; n < args.positions; ++n) {
    const Position p = verify_nth_position(positions, n);
    if (auto m = verify_variant_position<V>(p, continuations, row.counts)) {
      ++row.mismatches;
      first = std::move(m);
      minimal = minimal_kernel_mismatch<V>(parse_board(first->board));
      break;
    }
    const auto now = std::chrono::steady_clock::now();
    if (now - last_report > std::chrono::seconds(2)) {
      last_report = now;
      std::fprintf(stderr, "\rverify %s: %llu/%llu positions", row.name.c_str(),
                   static_cast<unsigned long long>(n + 1),
                   static_cast<unsigned long long>(args.positions));
      std::fflush(stderr);
    }
  }
  row.seconds = seconds_since(start);
  if (last_report != start) std::fprintf(stderr, "\r%60s\r", "");
  return row;
}

// Verifies V and prints its row and its first mismatch; returns whether it passed.
template <Board V>
bool verify_and_print(const VerifyArgs& args) {
  std::optional<Mismatch> first, minimal;
  const Row row = verify_variant<V>(args, first, minimal);
  std::printf("%-20s %12llu %14llu %11llu %9.2f\n", row.name.c_str(),
              static_cast<unsigned long long>(row.counts.positions),
              static_cast<unsigned long long>(row.counts.moves),
              static_cast<unsigned long long>(row.mismatches), row.seconds);
  std::fflush(stdout);
  if (first) {
    print_mismatch(row.name, *first);
    if (minimal && minimal->board != first->board) print_minimal_mismatch(*minimal);
  }
  return !first;
}

}  // namespace

void add_verify_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<VerifyArgs>();
  auto* cmd = app.add_subcommand(
      "verify", "Cross-check variants against the reference board on seeded random positions");
  cmd->add_option("-v,--variant", args->variants, "variant name(s), or all (default)")
      ->delimiter(',');
  add_number_option<std::uint64_t>(cmd, "-n,--positions", args->positions,
                                   "how many positions (default 10000)", std::uint64_t{1},
                                   std::uint64_t{1} << 40);
  add_seed_option(cmd, args->seed, "the seed of the positions");
  auto* plugin = add_plugin_option(cmd, args->plugins);
  auto board = std::make_shared<BoardArgs>();
  add_board_options(cmd, *board, false);
  cmd->get_option("--board-cmd")->excludes(cmd->get_option("--variant"))->excludes(plugin);
  cmd->callback([args, board, &exit_code] {
    const auto header = [&] {
      std::printf("verify: %llu positions (seed %llu), half reachable, half arbitrary\n",
                  static_cast<unsigned long long>(args->positions),
                  static_cast<unsigned long long>(args->seed));
      std::printf("%-20s %12s %14s %11s %9s\n", "variant", "positions", "moves checked",
                  "mismatches", "seconds");
    };
    if (!board->command.empty()) {
      header();
      exit_code =
          verify_board_and_print(*board, args->positions, args->seed) ? kExitOk : kExitCheckFailed;
      return;
    }
    load_plugins(args->plugins);
    const auto names = resolve_variants(runtime_variant_infos(), args->variants);
    header();
    bool ok = true;
    for_each_chosen_variant(names, [&]<Board V>() {
      if (!ok) return;
      if constexpr (PluginVariant<V>) {
        const auto outcome =
            run_in_checking_child([&] { return verify_and_print<V>(*args) ? 0 : 1; });
        if (outcome.crashed) throw CheckFailed(outcome.report);
        ok = outcome.exit_code == 0;
      } else {
        ok = verify_and_print<V>(*args);
      }
    });
    exit_code = ok ? kExitOk : kExitCheckFailed;
  });
}

}  // namespace rb::cli
