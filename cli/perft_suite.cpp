// `reversi-bench perft --suite`: the suite's positions counted by every
// chosen variant or plug-in (or by a board program: cli/board_options.cpp),
// each checked, the first wrong one bisected (perft/perft_suite.hpp).
#include <cstdio>

#include "cli/board_options.hpp"
#include "cli/commands.hpp"
#include "cli/perft_report.hpp"
#include "cli/plugins.hpp"
#include "search/instances.hpp"
#include "variants/runtime.hpp"

namespace rb::cli {

PerftSuite suite_of(const PerftArgs& args) {
  if (!args.suite || args.suite->empty()) return builtin_perft_suite();
  return read_perft_suite(*args.suite);
}

bool run_suite_and_print(const std::string& name, const PerftSuite& suite, const BisectBoard& board,
                         int max_depth) {
  std::printf("perft suite %s on %s: %zu positions, convention a124004, depths 1 to %s\n",
              suite.path.c_str(), name.c_str(), suite.entries.size(),
              max_depth < 99 ? std::to_string(max_depth).c_str() : "each one's last");
  std::printf("%-22s %5s %12s %12s %9s  %s\n", "position", "depth", "expected", "counted",
              "seconds", "check");
  const PerftSuiteResult r =
      run_perft_suite(suite, board, max_depth, true, [](const PerftSuiteRow& row) {
        std::printf("%-22s %5d %12llu %12llu %9.3f  %s\n", row.entry->label.c_str(), row.depth,
                    static_cast<unsigned long long>(row.expected),
                    static_cast<unsigned long long>(row.found), row.seconds,
                    row.ok ? "ok" : "MISMATCH");
        std::fflush(stdout);
      });
  std::printf("suite: %zu of %zu positions right\n",
              r.rows.size() - static_cast<std::size_t>(r.wrong), r.rows.size());
  if (const PerftSuiteRow* w = r.first_wrong()) {
    std::printf("\nfirst wrong: %s (%s:%d) at depth %d\n", w->entry->label.c_str(),
                suite.path.c_str(), w->entry->line, w->depth);
    print_bisection(r.finding, w->depth);
  }
  std::printf("\n");
  std::fflush(stdout);
  return r.wrong == 0;
}

// perft --suite: every chosen variant (or the board program) on the suite.
void perft_suite_command(const PerftArgs& args, const BoardArgs& board, int& exit_code) {
  const PerftSuite suite = suite_of(args);
  if (!board.command.empty()) {
    exit_code = suite_board_and_print(board, args, suite) ? kExitOk : kExitCheckFailed;
    return;
  }
  std::vector<std::string> requested;
  for (const auto& name : args.variants) requested.push_back(requested_variant(name, false));
  const auto names = resolve_variants(runtime_variant_infos(), requested);
  bool ok = true;
  for_each_chosen_variant(names, [&]<Board V>() {
    check_before_timing<V>();
    const distributed::PerftFunctions fns = perft_functions<V>();
    const PerftOptions options{PerftConvention::a124004};
    const BisectBoard bisect{fns.legal_moves, fns.play,
                             [&](const Position& p, int d) { return fns.perft(p, d, options); }};
    ok = run_suite_and_print(fns.name, suite, bisect, args.depth) && ok;
  });
  exit_code = ok ? kExitOk : kExitCheckFailed;
}

}  // namespace rb::cli
