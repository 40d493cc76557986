// The one search session (search/session.hpp): its solves give the suites'
// published scores; a worker searches as its session does, with tables of
// its own; tables kept between two solves of one position save positions,
// cleared ones give the same count again; a time of a protocol's clock past
// any game sets no deadline, and a time of 0 stops the playing search after
// its first poll, with the iterations it finished; weights that nothing reads are refused, naming
// the option.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <limits>

#include "core/errors.hpp"
#include "search/session.hpp"
#include "search_support.hpp"

namespace rb {
namespace {

using testing::kShippedWeights;
using testing::suite;

SearchSession open_session(const std::string& preset, int threads = 1) {
  SearchRequest request;
  request.preset = preset;
  request.threads = threads;
  return SearchSession::open(request);
}

TEST(Session, SolvesTheSuitesPublishedScores) {
  SearchSession session = open_session(std::string(kBestPreset));
  for (const ObfEntry& e : suite("e12")) {
    const SolveResult r = session.solve(e.position);
    ASSERT_TRUE(r.solved);
    EXPECT_EQ(r.score, e.best_score());
  }
}

TEST(Session, AWorkerSearchesAsItsSessionWithTablesOfItsOwn) {
  SearchSession session = open_session(std::string(kBestPreset));
  SearchSession worker = session.worker();
  EXPECT_EQ(worker.variant(), session.variant());
  EXPECT_EQ(worker.describe(), session.describe());
  for (const ObfEntry& e : suite("e14")) {
    const SolveResult a = session.solve(e.position);
    const SolveResult b = worker.solve(e.position);
    EXPECT_EQ(a.score, b.score);
    EXPECT_EQ(a.nodes, b.nodes) << "one thread visits the same nodes from cleared tables";
  }
  EXPECT_EQ(session.worker(2).options().threads, 2);
}

TEST(Session, KeptTablesSavePositionsClearedOnesDoNot) {
  SearchSession session = open_session("pvs");
  const Position p = suite("e14").front().position;
  const SolveResult first = session.solve(p, 0, Tables::clear);
  const SolveResult again = session.solve(p, 0, Tables::clear);
  const SolveResult kept = session.solve(p, 0, Tables::keep);
  EXPECT_EQ(first.nodes, again.nodes);
  EXPECT_LT(kept.nodes, first.nodes) << "a kept table holds the position's bounds";
  EXPECT_EQ(kept.score, first.score);
}

TEST(Session, AClockPastAnyGameSetsNoDeadline) {
  using Clock = std::chrono::steady_clock;
  EXPECT_EQ(deadline_after(1e12), Clock::time_point::max());
  EXPECT_EQ(deadline_after(std::numeric_limits<double>::infinity()), Clock::time_point::max());
  EXPECT_EQ(deadline_after(std::nan("")), Clock::time_point::max());
  EXPECT_EQ(deadline_after(-1), Clock::time_point::max());
  const auto before = Clock::now();
  const auto d = deadline_after(2.5);
  EXPECT_GE(d - before, std::chrono::milliseconds(2500));
  EXPECT_LT(d - before, std::chrono::seconds(60));
}

TEST(Session, ATimeOfZeroStopsAtTheFirstPoll) {
  SearchSession session = open_session(std::string(kBestPreset));
  ThinkLimits limits;
  limits.level = level_of(20);
  limits.seconds = 0.0;
  const ThinkResult r = session.think(suite("fforum-20-39").front().position, limits);
  EXPECT_FALSE(r.complete) << "a deadline of now did not stop the search";
  ASSERT_FALSE(r.iterations.empty()) << "the first iteration runs whatever the deadline";
  EXPECT_LT(r.iterations.back().depth, limits.level.depth);
  EXPECT_NE(r.best.move, kNoSquare);
}

TEST(Session, WeightsNothingReadsAreRefusedNamingTheOption) {
  SearchRequest request;
  request.preset = "alphabeta";
  request.eval_weights = kShippedWeights;
  try {
    SearchSession::settle(request);
    FAIL() << "weights accepted by a search that evaluates nothing";
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("--eval-weights: not used", 0), 0u) << e.what();
  }
}

}  // namespace
}  // namespace rb
