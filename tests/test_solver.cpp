// The endgame solver: exact scores on the generated suites for every variant
// under alpha-beta and PVS, with and without the table; identical node counts
// across variants that share a move order; minimax agreeing with alpha-beta;
// WLD; the time limit; and FForum #1-#19 with the best configuration.
#include <gtest/gtest.h>

#include <map>
#include <tuple>

#include "core/solver.hpp"
#include "support.hpp"

namespace rb {
namespace {

constexpr bool kDeep = RB_TEST_SCALE > 0;

const std::vector<ObfEntry>& suite(const std::string& name) {
  static std::map<std::string, std::vector<ObfEntry>> cache;
  auto it = cache.find(name);
  if (it == cache.end()) {
    it = cache.emplace(name, read_obf_file(RB_POSITIONS_DIR "/" + name + ".obf")).first;
  }
  return it->second;
}

std::vector<std::string> suites() {
  if (kDeep) return {"e10", "e12"};
  return {"e10"};
}

struct Config {
  Algo algo;
  std::size_t tt_mb;
};
const Config kConfigs[] = {
    {Algo::alphabeta, 0}, {Algo::alphabeta, 16}, {Algo::pvs, 0}, {Algo::pvs, 16}};

std::string describe(const std::string& suite_name, const Config& c) {
  return suite_name + " " + std::string(algo_name(c.algo)) + " tt " + std::to_string(c.tt_mb);
}

SolveOptions options_for(const Config& c) {
  SolveOptions o;
  o.algo = c.algo;
  o.order = Order::fastest;
  o.tt_mb = c.tt_mb;
  return o;
}

struct SuiteRun {
  std::vector<SolveResult> results;
  std::uint64_t nodes = 0;
};

template <Board V, MoveGen G = V::info.movegen>
SuiteRun run_suite(const std::vector<ObfEntry>& entries, const SolveOptions& options) {
  SuiteRun run;
  for (const auto& e : entries) {
    run.results.push_back(solve<V, G>(e.position, options));
    run.nodes += run.results.back().nodes;
  }
  return run;
}

// The move order is a1..h8 for scan and mask alike, the list's priority order
// for list; node counts are compared with a baseline board of the same order.
template <MoveGen G>
const SuiteRun& baseline(const std::string& suite_name, const Config& c) {
  static std::map<std::tuple<std::string, Algo, std::size_t>, SuiteRun> cache;
  const auto key = std::make_tuple(suite_name, c.algo, c.tt_mb);
  auto it = cache.find(key);
  if (it == cache.end()) {
    SuiteRun run = G == MoveGen::list ? run_suite<ShiftList>(suite(suite_name), options_for(c))
                                      : run_suite<Shift>(suite(suite_name), options_for(c));
    it = cache.emplace(key, std::move(run)).first;
  }
  return it->second;
}

template <class V>
class SolverTest : public ::testing::Test {
 protected:
  void SetUp() override { RB_SKIP_IF_UNAVAILABLE(V); }
};
TYPED_TEST_SUITE(SolverTest, testing::VariantTypes, testing::VariantName);

TYPED_TEST(SolverTest, ExactScoresAndSameNodesAsEveryOtherVariant) {
  constexpr MoveGen kOrderClass =
      TypeParam::info.movegen == MoveGen::list ? MoveGen::list : MoveGen::mask;
  for (const auto& name : suites()) {
    const auto& entries = suite(name);
    for (const Config& c : kConfigs) {
      SCOPED_TRACE(describe(name, c));
      const SuiteRun run = run_suite<TypeParam>(entries, options_for(c));
      for (std::size_t i = 0; i < entries.size(); ++i) {
        const SolveResult& r = run.results[i];
        ASSERT_TRUE(r.solved);
        EXPECT_EQ(r.score, entries[i].best_score().value()) << "position " << i + 1;
        // Moves may tie: the move found must have the best listed score.
        EXPECT_EQ(entries[i].score_of(r.best_move), entries[i].best_score())
            << "position " << i + 1 << " move " << square_name(r.best_move);
      }
      const SuiteRun& base = baseline<kOrderClass>(name, c);
      EXPECT_EQ(run.nodes, base.nodes);
      for (std::size_t i = 0; i < entries.size(); ++i) {
        EXPECT_EQ(run.results[i].nodes, base.results[i].nodes) << "position " << i + 1;
        EXPECT_EQ(run.results[i].best_move, base.results[i].best_move) << "position " << i + 1;
      }
    }
  }
}

TYPED_TEST(SolverTest, EveryMoveScoreMatchesTheSuite) {
  const auto& entries = suite("e10");
  SolveOptions o;
  o.tt_mb = 4;
  for (std::size_t i = 0; i < entries.size(); i += 3) {
    const MoveScores all = score_all_moves<TypeParam>(entries[i].position, o);
    ASSERT_TRUE(all.solved);
    ASSERT_EQ(all.moves.size(), entries[i].moves.size()) << "position " << i + 1;
    for (const MoveScore& m : all.moves) {
      EXPECT_EQ(entries[i].score_of(m.move), m.score)
          << "position " << i + 1 << " " << square_name(m.move);
    }
  }
}

TEST(Solver, MinimaxAgreesWithAlphaBetaOnE10) {
  const auto& entries = suite("e10");
  SolveOptions minimax, alphabeta;
  minimax.algo = Algo::minimax;
  minimax.order = Order::none;
  alphabeta.algo = Algo::alphabeta;
  alphabeta.order = Order::none;
  const std::size_t n = kDeep ? entries.size() : 5;
  std::uint64_t minimax_nodes = 0, alphabeta_nodes = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const auto a = solve<KindergartenList>(entries[i].position, minimax);
    const auto b = solve<KindergartenList>(entries[i].position, alphabeta);
    EXPECT_EQ(a.score, b.score) << "position " << i + 1;
    EXPECT_EQ(a.score, entries[i].best_score().value());
    minimax_nodes += a.nodes;
    alphabeta_nodes += b.nodes;
  }
  EXPECT_GT(minimax_nodes, 2 * alphabeta_nodes);
}

TEST(Solver, MoveSourceOverrideKeepsTheOrder) {
  // Scan (try a1..h8) and mask (legal moves a1..h8) visit the same nodes.
  const auto& entries = suite("e10");
  SolveOptions o;
  o.algo = Algo::alphabeta;
  o.order = Order::none;
  for (std::size_t i = 0; i < entries.size(); i += 5) {
    const auto scan = solve<Mailbox, MoveGen::scan>(entries[i].position, o);
    const auto mask = solve<Mailbox, MoveGen::mask>(entries[i].position, o);
    const auto shift = solve<Shift, MoveGen::scan>(entries[i].position, o);
    EXPECT_EQ(scan.nodes, mask.nodes);
    EXPECT_EQ(scan.nodes, shift.nodes);
    EXPECT_EQ(scan.best_move, shift.best_move);
  }
}

TEST(Solver, WinDrawLossHasTheSignOfTheScore) {
  const auto& entries = suite("e12");
  SolveOptions o;
  o.wld = true;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const int best = entries[i].best_score().value();
    EXPECT_EQ(solve<Kindergarten>(entries[i].position, o).score, (best > 0) - (best < 0))
        << "position " << i + 1;
  }
}

TEST(Solver, GameOverAndPass) {
  const Position over = parse_board("X-X" + std::string(60, '-') + "O X");
  const auto r = solve<Shift>(over);
  EXPECT_TRUE(r.solved);
  EXPECT_EQ(r.score, 62);
  EXPECT_EQ(r.best_move, kNoSquare);
  // X must pass; O then plays c1 and wins everything: X scores -64.
  const auto p = solve<MailboxList>(parse_board("OX" + std::string(62, '-') + " X"));
  EXPECT_EQ(p.best_move, kPass);
  EXPECT_EQ(p.score, -64);
}

TEST(Solver, TimeLimitStopsTheSearch) {
  SolveOptions o;
  o.algo = Algo::minimax;
  o.order = Order::none;
  o.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(50);
  const auto t0 = std::chrono::steady_clock::now();
  const auto r = solve<Shift>(read_obf_file(RB_POSITIONS_DIR "/fforum-40-59.obf")[0].position, o);
  EXPECT_FALSE(r.solved);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
}

TEST(Solver, FForum1To19WithTheBestConfiguration) {
  if (!kDeep) GTEST_SKIP() << "deep checks run in the optimized build";
  SolveOptions o;
  o.algo = Algo::pvs;
  o.order = Order::fastest;
  o.tt_mb = 64;
  const auto entries = read_obf_file(RB_POSITIONS_DIR "/fforum-1-19.obf");
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const auto r = solve<KindergartenList>(entries[i].position, o);
    EXPECT_EQ(r.score, entries[i].best_score().value()) << "FForum #" << i + 1;
    EXPECT_EQ(entries[i].score_of(r.best_move), entries[i].best_score()) << "FForum #" << i + 1;
  }
}

}  // namespace
}  // namespace rb
