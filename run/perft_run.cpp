#include "run/perft_run.hpp"

#include <chrono>

#include "core/errors.hpp"
#include "core/median.hpp"
#include "core/seconds.hpp"

namespace rb {

std::string check_count(const PerftTable* table, PerftConvention convention, int depth,
                        Count128 leaves, bool& all_ok) {
  if (!table) return "";
  const auto expected = table->expected(convention, depth);
  if (!expected) return "-";
  if (*expected == leaves) return "ok";
  all_ok = false;
  return "MISMATCH: published " + std::to_string(*expected);
}

PerftRun count_perft_depths(const Position& start, const PerftCount& count,
                            const std::function<void(const PerftDepth&)>& on_depth) {
  PerftRun run;
  for (int depth = 1; depth <= count.depth; ++depth) {
    PerftDepth row;
    row.depth = depth;
    for (int r = 0; r < count.repeat; ++r) {
      if (count.before) count.before();  // (outside the timing: a cache cleared)
      const auto t0 = std::chrono::steady_clock::now();
      const Count128 leaves = count.count(start, depth);
      row.times.push_back(seconds_since(t0));
      if (r > 0 && leaves != row.leaves) {
        throw CheckFailed("perft(" + std::to_string(depth) + ") gave " + to_decimal(leaves) +
                          " leaves, then " + to_decimal(row.leaves));
      }
      row.leaves = leaves;
    }
    row.seconds = median(row.times);
    const bool ok_before = run.ok;
    row.check = check_count(count.table, count.convention, depth, row.leaves, run.ok);
    if (ok_before && !run.ok) run.first_wrong = depth;
    run.depths.push_back(row);
    if (on_depth) on_depth(run.depths.back());
  }
  if (run.first_wrong > 0 && run.first_wrong <= kMaxBisectDepth) {
    if (count.before) count.before();
    run.bisected = true;
    run.finding = bisect_perft(start, run.first_wrong, count.convention, count.board);
  }
  return run;
}

PerftRun run_perft_depths(const distributed::PerftFunctions& fns, const Position& start,
                          const PerftRunRequest& request,
                          const std::function<void(const PerftDepth&)>& on_depth) {
  const PerftOptions& options = request.options;
  PerftCache* cache = options.cache;
  PerftCount count;
  count.depth = request.depth;
  count.repeat = request.repeat;
  count.convention = options.convention;
  count.table = request.table;
  // The 64-bit perft where depth 21 from the start fits; deeper, 128 bits.
  count.count = [&](const Position& p, int depth) -> Count128 {
    return depth <= kMaxPerftDepth ? fns.perft(p, depth, options)
                                   : fns.perft_wide(p, depth, options, false);
  };
  if (cache) count.before = [cache] { cache->clear(); };
  count.board = {fns.legal_moves, fns.play,
                 [&](const Position& p, int d) { return fns.perft(p, d, options); }};
  PerftRun run = count_perft_depths(start, count, on_depth);
  if (request.divide) {
    if (cache) cache->clear();
    run.divide = fns.divide(start, request.depth, options);
  }
  return run;
}

}  // namespace rb
