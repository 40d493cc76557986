// Shared by the search tests: the suites of positions/, read once per test
// binary, the solver's options from its presets (search/presets.hpp), so
// that no test writes out a configuration of its own, and the solver
// bounded in time.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "check/random_positions.hpp"
#include "eval/pattern.hpp"
#include "io/obf.hpp"
#include "search/presets.hpp"
#include "search/solver.hpp"

namespace rb::testing {

// The positions of positions/NAME.obf (at most the first `limit`), read once.
inline const std::vector<ObfEntry>& suite(
    const std::string& name, std::size_t limit = std::numeric_limits<std::size_t>::max()) {
  static std::map<std::pair<std::string, std::size_t>, std::vector<ObfEntry>> cache;
  auto it = cache.find({name, limit});
  if (it == cache.end()) {
    std::vector<ObfEntry> entries = read_obf_file(RB_POSITIONS_DIR "/" + name + ".obf");
    if (entries.size() > limit) entries.resize(limit);
    it = cache.emplace(std::pair{name, limit}, std::move(entries)).first;
  }
  return it->second;
}

// Pattern weights drawn at random, in two stages (every weight non-zero
// somewhere), each within +-200 units: a sum over the 88 images stays far
// inside the midgame table's 16-bit bounds.
inline PatternWeights random_weights(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  PatternWeights w;
  for (auto [lo, hi] : {std::pair{0, 30}, std::pair{31, 60}}) {
    PatternWeights::Stage s;
    s.min_empties = lo;
    s.max_empties = hi;
    s.bias = static_cast<int>(rng() % 201) - 100;
    s.weights.resize(pattern::kWeightsPerStage);
    for (auto& x : s.weights) x = static_cast<std::int16_t>(static_cast<int>(rng() % 401) - 200);
    w.stages.push_back(std::move(s));
  }
  return w;
}

// Positions from random games of every length (seeded), one in four an
// arbitrary disc set.
inline std::vector<Position> sample_positions(int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Position> out;
  for (int i = 0; i < count; ++i) {
    out.push_back(i % 4 == 3 ? random_arbitrary(rng)
                             : random_reachable(rng, static_cast<int>(rng() % 61)));
  }
  return out;
}

// The shipped pattern weights, as train-eval wrote them.
inline const std::string kShippedWeights = RB_POSITIONS_DIR "/../data/pattern-weights.txt";

// Two sets of weights are the same: every stage's range, bias, weights and
// network (or none), and the ProbCut rows.
inline void expect_same_weights(const PatternWeights& a, const PatternWeights& b) {
  ASSERT_EQ(a.stages.size(), b.stages.size());
  for (std::size_t i = 0; i < a.stages.size(); ++i) {
    EXPECT_EQ(a.stages[i].min_empties, b.stages[i].min_empties) << "stage " << i;
    EXPECT_EQ(a.stages[i].max_empties, b.stages[i].max_empties) << "stage " << i;
    EXPECT_EQ(a.stages[i].bias, b.stages[i].bias) << "stage " << i;
    EXPECT_EQ(a.stages[i].weights, b.stages[i].weights) << "stage " << i;
    EXPECT_EQ(a.stages[i].network, b.stages[i].network) << "stage " << i;
  }
  EXPECT_EQ(a.probcut, b.probcut);
}

// The options of the preset `name` with a table of `tt_mb` MiB (tests keep
// it small) and `threads` threads.
inline SolveOptions preset_options(std::string_view name, std::size_t tt_mb, int threads = 1) {
  SolveOptions o = preset(name).options;
  o.tt_mb = tt_mb;
  o.threads = threads;
  return o;
}

// Every solve of the search tests ends within kSolveSeconds: a search made
// wrong by a bug tends to search on and on (a broken MTD driver, selective
// pass or parallel search) rather than return a wrong score, and must fail
// its test in seconds, not run into CTest's limit. The slowest solve of the
// tests takes well under a second optimized and a few seconds at -O0.
inline constexpr std::chrono::seconds kSolveSeconds{RB_TEST_SCALE > 0 ? 10 : 120};

// The deadline of one solve, unless the test set a limit of its own (a
// deadline or a stop flag, which it then checks itself).
inline bool bound(SolveOptions& o) {
  if (o.stop || o.deadline != std::chrono::steady_clock::time_point::max()) return false;
  o.deadline = std::chrono::steady_clock::now() + kSolveSeconds;
  return true;
}

// solve() within kSolveSeconds: a solve that does not end in time is a
// failure of the test, naming the position.
template <Board B, MoveGen G = B::info.movegen>
SolveResult bounded_solve(const Position& position, SolveOptions o = {},
                          TranspositionTable* table = nullptr) {
  const bool bounded = bound(o);
  SolveResult r = solve<B, G>(position, o, table);
  if (bounded && !r.solved) {
    ADD_FAILURE() << "a solve did not end within " << kSolveSeconds.count()
                  << " s (a search that does not end?): " << board_string(position);
  }
  return r;
}

// score_all_moves() within kSolveSeconds, the same way.
template <Board B, MoveGen G = B::info.movegen>
MoveScores bounded_score_all_moves(const Position& position, SolveOptions o = {},
                                   TranspositionTable* table = nullptr) {
  const bool bounded = bound(o);
  MoveScores r = score_all_moves<B, G>(position, o, table);
  if (bounded && !r.solved) {
    ADD_FAILURE() << "a solve of every move did not end within " << kSolveSeconds.count()
                  << " s (a search that does not end?): " << board_string(position);
  }
  return r;
}

}  // namespace rb::testing
