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

PerftRun run_perft_depths(const distributed::PerftFunctions& fns, const Position& start,
                          const PerftRunRequest& request,
                          const std::function<void(const PerftDepth&)>& on_depth) {
  const PerftOptions& options = request.options;
  PerftCache* cache = options.cache;
  PerftRun run;
  for (int depth = 1; depth <= request.depth; ++depth) {
    PerftDepth row;
    row.depth = depth;
    for (int r = 0; r < request.repeat; ++r) {
      if (cache) cache->clear();  // every count starts from an empty cache, outside the timing
      const auto t0 = std::chrono::steady_clock::now();
      // The 64-bit perft where depth 21 from the start fits; deeper, 128 bits.
      const Count128 count = depth <= kMaxPerftDepth ? fns.perft(start, depth, options)
                                                     : fns.perft_wide(start, depth, options, false);
      row.times.push_back(seconds_since(t0));
      if (r > 0 && count != row.leaves) {
        throw CheckFailed("perft(" + std::to_string(depth) + ") gave " + to_decimal(count) +
                          " leaves, then " + to_decimal(row.leaves));
      }
      row.leaves = count;
    }
    row.seconds = median(row.times);
    const bool ok_before = run.ok;
    row.check = check_count(request.table, options.convention, depth, row.leaves, run.ok);
    if (ok_before && !run.ok) run.first_wrong = depth;
    run.depths.push_back(row);
    if (on_depth) on_depth(run.depths.back());
  }
  if (run.first_wrong > 0 && run.first_wrong <= kMaxBisectDepth) {
    if (cache) cache->clear();
    const BisectBoard board{fns.legal_moves, fns.play,
                            [&](const Position& p, int d) { return fns.perft(p, d, options); }};
    run.bisected = true;
    run.finding = bisect_perft(start, run.first_wrong, options.convention, board);
  }
  if (request.divide) {
    if (cache) cache->clear();
    run.divide = fns.divide(start, request.depth, options);
  }
  return run;
}

}  // namespace rb
