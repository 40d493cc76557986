// The work of `reversi-bench perft` on one variant: depths 1..D counted from
// a position, each `repeat` times from an empty cache (the median time kept,
// a repetition that counts otherwise an error), each count checked against
// the published table; the first wrong depth bisected to the first wrong
// position (perft/bisect.hpp); the count split by root move (--divide).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "perft/bisect.hpp"
#include "perft/perft_cache.hpp"
#include "perft/perft_split.hpp"
#include "perft/perft_table.hpp"

namespace rb {

// "ok", "-" (nothing published), "" (no table), or the mismatch (and then
// all_ok becomes false).
std::string check_count(const PerftTable* table, PerftConvention convention, int depth,
                        Count128 leaves, bool& all_ok);

struct PerftRunRequest {
  int depth = 1;
  PerftOptions options;  // its cache is cleared before each count
  int repeat = 1;
  bool divide = false;
  const PerftTable* table = nullptr;  // the published counts, or none
};

struct PerftDepth {
  int depth = 0;
  Count128 leaves = 0;
  std::vector<double> times;  // one per repetition
  double seconds = 0;         // their median
  std::string check;          // check_count()
};

struct PerftRun {
  std::vector<PerftDepth> depths;
  bool ok = true;       // every count agrees with the table
  int first_wrong = 0;  // the first depth that does not (0: none)
  // The bisection of first_wrong, run when it is at most kMaxBisectDepth
  // (the reference counts above it would take long).
  bool bisected = false;
  std::optional<BisectFinding> finding;
  std::vector<DivideRow> divide;  // at `depth`, with --divide
};

// The loop of every perft run, for the built-in variants and plug-ins
// (run_perft_depths below) and board programs (run/board_runs) alike: depths
// 1..depth counted by `count`, each `repeat` times (`before` each, outside
// the timing: a cache cleared), checked against `table`, the first wrong
// one bisected on `board`.
struct PerftCount {
  int depth = 1;
  int repeat = 1;
  PerftConvention convention = PerftConvention::a124004;
  const PerftTable* table = nullptr;
  std::function<Count128(const Position&, int depth)> count;
  std::function<void()> before;
  BisectBoard board;
};
PerftRun count_perft_depths(const Position& start, const PerftCount& count,
                            const std::function<void(const PerftDepth&)>& on_depth);

// `on_depth` sees each depth as it is counted (perft prints it).
PerftRun run_perft_depths(const distributed::PerftFunctions& fns, const Position& start,
                          const PerftRunRequest& request,
                          const std::function<void(const PerftDepth&)>& on_depth);

}  // namespace rb
