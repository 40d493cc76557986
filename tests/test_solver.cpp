// The endgame solver: exact scores on the generated suites for every variant
// under alpha-beta and PVS, with and without the table, the last-empties
// paths and the cutoffs; identical node counts across variants that share a
// move order; the last-empty shortcut against the reference board; stable
// discs never flipped; minimax agreeing with alpha-beta; WLD; the time
// limit; and FForum #1-#19 with the best configuration.
#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <random>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include "check/random_positions.hpp"
#include "core/reference.hpp"
#include "search/instances.hpp"
#include "search/stability.hpp"
#include "search_support.hpp"
#include "support.hpp"

namespace rb {
namespace {

constexpr bool kDeep = RB_TEST_SCALE > 0;

// The sanitizer build (-O0) looks for memory and UB errors, not for more
// positions: the first 10 of each suite (the Release build runs them all).
const std::vector<ObfEntry>& suite(const std::string& name) {
  return testing::suite(name, kDeep ? std::numeric_limits<std::size_t>::max() : 10);
}

std::vector<std::string> suites() {
  if (kDeep) return {"e10", "e12"};
  return {"e10"};
}

// The configurations every variant is run with: the plain searches, and the
// last-empties paths and cutoffs (the few-empties path runs on the bitboards
// alone for kernel boards and with play()/undo() for the mailbox, and must
// visit the same nodes either way).
struct Config {
  const char* label;
  Algo algo;
  std::size_t tt_mb;
  Order order = Order::fastest;
  bool last_empty = false;
  int few_empties = 0;
  bool cutoffs = false;  // etc and stability
};
const Config kConfigs[] = {
    {"alphabeta", Algo::alphabeta, 0},
    {"alphabeta+tt", Algo::alphabeta, 16},
    {"pvs", Algo::pvs, 0},
    {"pvs+tt", Algo::pvs, 16},
    {"alphabeta+last", Algo::alphabeta, 0, Order::none, true},
    {"alphabeta+few4", Algo::alphabeta, 0, Order::fastest, false, 4},
    {"pvs+all", Algo::pvs, 16, Order::mobility, true, 6, true},
};

std::string describe(const std::string& suite_name, const Config& c) {
  return suite_name + " " + c.label;
}

SolveOptions options_for(const Config& c) {
  SolveOptions o;
  o.algo = c.algo;
  o.order = c.order;
  o.tt_mb = c.tt_mb;
  o.last_empty = c.last_empty;
  o.few_empties = c.few_empties;
  o.etc = c.cutoffs;
  o.stability = c.cutoffs;
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
    run.results.push_back(testing::bounded_solve<V, G>(e.position, options));
    run.nodes += run.results.back().nodes;
  }
  return run;
}

// The move order is a1..h8 for scan and mask alike, the list's priority order
// for list; node counts are compared with a baseline board of the same order.
template <MoveGen G>
const SuiteRun& baseline(const std::string& suite_name, const Config& c) {
  static std::map<std::tuple<std::string, std::string>, SuiteRun> cache;
  const auto key = std::make_tuple(suite_name, std::string(c.label));
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
    const MoveScores all = testing::bounded_score_all_moves<TypeParam>(entries[i].position, o);
    ASSERT_TRUE(all.solved);
    ASSERT_EQ(all.moves.size(), entries[i].moves.size()) << "position " << i + 1;
    for (const MoveScore& m : all.moves) {
      EXPECT_EQ(entries[i].score_of(m.move), m.score)
          << "position " << i + 1 << " " << square_name(m.move);
    }
  }
}

TEST(Solver, LastEmptiesPathsAndCutoffsKeepEveryMoveScore) {
  // Each switch on its own and all together, on the mailbox (play/undo) and
  // a kernel board, with minimax too (the few-empties path keeps its nodes).
  const auto& entries = suite("e10");
  for (int variant = 0; variant < 5; ++variant) {
    SolveOptions o;
    o.tt_mb = 4;
    o.last_empty = variant != 1;
    o.few_empties = variant == 0 ? 0 : 5;
    o.stability = variant >= 3;
    o.etc = variant >= 3;
    o.order = variant == 4 ? Order::mobility : Order::fastest;
    if (variant == 2) o.algo = Algo::minimax;
    // The sanitizer build: positions 1 and 6, and minimax on the first only.
    const std::size_t step = kDeep ? 4 : 5;
    const std::size_t n = kDeep || variant != 2 ? entries.size() : 1;
    for (std::size_t i = 0; i < n; i += step) {
      SCOPED_TRACE("switches " + std::to_string(variant) + " position " + std::to_string(i + 1));
      const MoveScores board = testing::bounded_score_all_moves<Mailbox>(entries[i].position, o);
      const MoveScores bits =
          testing::bounded_score_all_moves<Kindergarten>(entries[i].position, o);
      ASSERT_TRUE(board.solved && bits.solved);
      EXPECT_EQ(board.nodes, bits.nodes);
      ASSERT_EQ(bits.moves.size(), entries[i].moves.size());
      for (const MoveScore& m : bits.moves) {
        EXPECT_EQ(entries[i].score_of(m.move), m.score) << square_name(m.move);
      }
    }
  }
}

TEST(Solver, LastEmptyShortcutCoversPassesAndGameEnds) {
  // Positions with one empty square where the side to move plays it, must
  // pass and let the opponent play it, or neither can: the shortcut's score
  // equals the reference board's final count.
  std::mt19937_64 rng(7);
  int passes = 0, ends = 0, checked = 0;
  for (int game = 0; game < 4000 && (passes < 20 || ends < 5 || checked < 200); ++game) {
    ReferenceBoard board(Position::start());
    while (board.position().empties() > 1) {
      const Bitboard moves = board.legal_moves();
      if (moves == 0) {
        board.pass();
        if (board.legal_moves() == 0) break;
        continue;
      }
      std::vector<Square> list;
      for_each_square(moves, [&](Square s) { list.push_back(s); });
      board.play(list[rng() % list.size()]);
    }
    const Position p = board.position();
    if (p.empties() != 1) continue;
    const Square last = first_square(p.empty());
    // The reference score: play the last square out by the rules.
    ReferenceBoard end(p);
    int expected;
    if (end.play(last)) {
      expected = -end.final_score();  // the opponent is to move now
    } else {
      end.pass();
      if (end.play(last)) {
        ++passes;
        expected = end.final_score();  // back to the side of p
      } else {
        ++ends;
        end.pass();
        expected = end.final_score();
      }
    }
    SolveOptions o;
    o.last_empty = true;
    for (int few : {0, 3}) {
      o.few_empties = few;
      EXPECT_EQ(testing::bounded_solve<Mailbox>(p, o).score, expected) << board_string(p);
      EXPECT_EQ(testing::bounded_solve<ShiftList>(p, o).score, expected) << board_string(p);
    }
    ++checked;
  }
  EXPECT_GE(passes, 20);
  EXPECT_GE(ends, 5);
}

TEST(Solver, StableDiscsAreNeverFlipped) {
  // Random games: every disc found stable at some point keeps its colour to
  // the end of the game.
  std::mt19937_64 rng(11);
  int stable_seen = 0;
  for (int game = 0; game < 300; ++game) {
    ReferenceBoard board(Position::start());
    Bitboard stable_black = 0, stable_white = 0;
    while (true) {
      const Position p = board.position();
      const Bitboard black = p.side == Color::black ? p.player : p.opponent;
      const Bitboard white = p.side == Color::black ? p.opponent : p.player;
      ASSERT_EQ(stable_black & ~black, 0u)
          << "a stable black disc was flipped: " << board_string(p);
      ASSERT_EQ(stable_white & ~white, 0u)
          << "a stable white disc was flipped: " << board_string(p);
      stable_black |= stable_discs(black, white);
      stable_white |= stable_discs(white, black);
      Bitboard moves = board.legal_moves();
      if (moves == 0) {
        board.pass();
        moves = board.legal_moves();
        if (moves == 0) break;
      }
      std::vector<Square> list;
      for_each_square(moves, [&](Square s) { list.push_back(s); });
      board.play(list[rng() % list.size()]);
    }
    stable_seen += popcount(stable_black | stable_white);
  }
  EXPECT_GT(stable_seen, 300);  // the check saw many stable discs
}

TEST(Solver, StableDiscsOnKnownBoards) {
  // A full board: every disc is stable. An owned corner is stable; a lone
  // centre disc is not.
  EXPECT_EQ(stable_discs(0x00000000FFFFFFFFull, 0xFFFFFFFF00000000ull), 0x00000000FFFFFFFFull);
  EXPECT_EQ(stable_discs(bit(0) | bit(27), bit(28)), bit(0));
  // a1 b1 c1 in a row along the edge, with a2 taken too: all stable.
  EXPECT_EQ(stable_discs(bit(0) | bit(1) | bit(2) | bit(8), bit(27)),
            bit(0) | bit(1) | bit(2) | bit(8));
  // b2 inside a1 b1 c1 a2 a3: each of its four lines has a stable neighbour
  // of its own colour (a2, b1, a1, and a3 or c1 on the a3-c1 diagonal).
  constexpr Bitboard kCornerBlock = bit(0) | bit(1) | bit(2) | bit(8) | bit(16) | bit(9);
  EXPECT_EQ(stable_discs(kCornerBlock, bit(27)), kCornerBlock);
  // Without a3 and c1, the a3-c1 diagonal through b2 is open: b2 is not stable.
  EXPECT_EQ(stable_discs(kCornerBlock & ~bit(16) & ~bit(2), bit(27)) & bit(9), 0u);
}

TEST(Solver, MinimaxAgreesWithAlphaBetaOnE10) {
  const auto& entries = suite("e10");
  SolveOptions minimax, alphabeta;
  minimax.algo = Algo::minimax;
  minimax.order = Order::none;
  alphabeta.algo = Algo::alphabeta;
  alphabeta.order = Order::none;
  const std::size_t n = kDeep ? entries.size() : 2;
  std::uint64_t minimax_nodes = 0, alphabeta_nodes = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const auto a = testing::bounded_solve<KindergartenList>(entries[i].position, minimax);
    const auto b = testing::bounded_solve<KindergartenList>(entries[i].position, alphabeta);
    EXPECT_EQ(a.score, b.score) << "position " << i + 1;
    EXPECT_EQ(a.score, entries[i].best_score().value());
    minimax_nodes += a.nodes;
    alphabeta_nodes += b.nodes;
  }
  EXPECT_GT(minimax_nodes, 2 * alphabeta_nodes);
}

// The last-empties paths (the few-empties search at 6 empties or fewer and,
// on kernel boards, the unrolled last four squares of
// search/last_empties.hpp) against the general search, which plays every
// node to the end: the same score on every position of e10, e12 and e14
// (the first 10 of each in the sanitizer build), equal to the file's, and
// on positions of random games with 1 to 6 empty squares.
TYPED_TEST(SolverTest, LastEmptiesPathsScoreAsTheGeneralSearch) {
  SolveOptions general;
  general.algo = Algo::pvs;
  general.tt_mb = 1;
  SolveOptions last = general;
  last.last_empty = true;
  last.few_empties = 6;
  for (const char* name : {"e10", "e12", "e14"}) {
    const auto& entries = suite(name);
    for (std::size_t i = 0; i < entries.size(); ++i) {
      const auto want = testing::bounded_solve<TypeParam>(entries[i].position, general);
      const auto got = testing::bounded_solve<TypeParam>(entries[i].position, last);
      ASSERT_TRUE(want.solved && got.solved) << name << " position " << i + 1;
      EXPECT_EQ(want.score, entries[i].best_score().value()) << name << " position " << i + 1;
      EXPECT_EQ(got.score, want.score) << name << " position " << i + 1;
    }
  }
  std::mt19937_64 rng(36);
  std::array<int, 7> by_empties{};
  for (int i = 0; i < (kDeep ? 600 : 120); ++i) {
    const Position p = random_reachable(rng, 54 + i % 6);
    const int empties = popcount(p.empty());
    if (empties < 1 || empties > 6) continue;
    ++by_empties[static_cast<std::size_t>(empties)];
    const auto want = testing::bounded_solve<TypeParam>(p, general);
    const auto got = testing::bounded_solve<TypeParam>(p, last);
    ASSERT_TRUE(want.solved && got.solved) << board_string(p);
    EXPECT_EQ(got.score, want.score) << board_string(p);
  }
  for (int e = 1; e <= 6; ++e) EXPECT_GT(by_empties[static_cast<std::size_t>(e)], 0) << e;
}

TEST(Solver, MoveSourceOverrideKeepsTheOrder) {
  // Scan (try a1..h8) and mask (legal moves a1..h8) visit the same nodes.
  const auto& entries = suite("e10");
  SolveOptions o;
  o.algo = Algo::alphabeta;
  o.order = Order::none;
  for (std::size_t i = 0; i < entries.size(); i += 5) {
    const auto scan = testing::bounded_solve<Mailbox, MoveGen::scan>(entries[i].position, o);
    const auto mask = testing::bounded_solve<Mailbox, MoveGen::mask>(entries[i].position, o);
    const auto shift = testing::bounded_solve<Shift, MoveGen::scan>(entries[i].position, o);
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
    EXPECT_EQ(testing::bounded_solve<Kindergarten>(entries[i].position, o).score,
              (best > 0) - (best < 0))
        << "position " << i + 1;
  }
}

TEST(Solver, GameOverAndPass) {
  const Position over = parse_board("X-X" + std::string(60, '-') + "O X");
  const auto r = testing::bounded_solve<Shift>(over);
  EXPECT_TRUE(r.solved);
  EXPECT_EQ(r.score, 62);
  EXPECT_EQ(r.best_move, kNoSquare);
  // X must pass; O then plays c1 and wins everything: X scores -64.
  const auto p =
      testing::bounded_solve<MailboxList>(parse_board("OX" + std::string(62, '-') + " X"));
  EXPECT_EQ(p.best_move, kPass);
  EXPECT_EQ(p.score, -64);
}

TEST(Solver, TimeLimitStopsTheSearch) {
  SolveOptions o;
  o.algo = Algo::minimax;
  o.order = Order::none;
  o.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(50);
  const auto t0 = std::chrono::steady_clock::now();
  const auto r = testing::bounded_solve<Shift>(
      read_obf_file(RB_POSITIONS_DIR "/fforum-40-59.obf")[0].position, o);
  EXPECT_FALSE(r.solved);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
}

TEST(Solver, StopFlagStopsTheSearch) {
  std::atomic<bool> stop{false};
  SolveOptions o;
  o.algo = Algo::minimax;
  o.order = Order::none;
  o.stop = &stop;
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    stop = true;
  });
  const auto t0 = std::chrono::steady_clock::now();
  const auto r = testing::bounded_solve<Shift>(
      read_obf_file(RB_POSITIONS_DIR "/fforum-40-59.obf")[0].position, o);
  stopper.join();
  EXPECT_FALSE(r.solved);
  EXPECT_GT(r.nodes, 0u);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
  // A stop flag that is never set changes nothing.
  std::atomic<bool> never{false};
  SolveOptions quick;
  quick.stop = &never;
  const auto& e = suite("e10")[0];
  const auto with_flag = testing::bounded_solve<Shift>(e.position, quick);
  EXPECT_TRUE(with_flag.solved);
  EXPECT_EQ(with_flag.score, e.best_score().value());
  EXPECT_EQ(with_flag.nodes, testing::bounded_solve<Shift>(e.position).nodes);
}

TEST(Solver, ACallersTableClearedBetweenSolvesGivesTheSameSearch) {
  // The CLI allocates the table once, before any timing, and clears it
  // before each solve: the search must be the one a fresh table gives.
  SolveOptions o;
  o.tt_mb = 4;
  o.etc = true;
  TranspositionTable table(o.tt_mb);
  for (const auto& e : suite("e12")) {
    table.clear();
    const auto reused = testing::bounded_solve<KindergartenList>(e.position, o, &table);
    const auto fresh = testing::bounded_solve<KindergartenList>(e.position, o);
    EXPECT_EQ(reused.nodes, fresh.nodes);
    EXPECT_EQ(reused.score, fresh.score);
    EXPECT_EQ(reused.best_move, fresh.best_move);
  }
}

TEST(Solver, FForum1To19WithTheBestConfiguration) {
  if (!kDeep) GTEST_SKIP() << "deep checks run in the optimized build";
  const SolveOptions o = preset("mobility").options;
  const auto& entries = testing::suite("fforum-1-19");
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const auto r = testing::bounded_solve<KindergartenList>(entries[i].position, o);
    EXPECT_EQ(r.score, entries[i].best_score().value()) << "FForum #" << i + 1;
    EXPECT_EQ(entries[i].score_of(r.best_move), entries[i].best_score()) << "FForum #" << i + 1;
  }
}

}  // namespace
}  // namespace rb
