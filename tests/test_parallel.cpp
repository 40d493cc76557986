// Threads: the parallel search of one position (search/parallel.hpp with
// SolveOptions::threads > 1), the transposition table shared by threads,
// and threaded perft. Every suite position solved with 1, 2, 4 and 8
// threads (more threads than this machine's cores) must give the suite's
// score and a best move whose own score is that score. This file is also
// built with ThreadSanitizer (scripts/test.sh, flavour tsan), at the small
// sizes of RB_TEST_SCALE 0.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <random>
#include <thread>
#include <type_traits>

#include "perft/perft.hpp"
#include "perft/perft_table.hpp"
#include "search/solver.hpp"
#include "search_support.hpp"
#include "support.hpp"

namespace rb {
namespace {

using testing::suite;

constexpr bool kDeep = RB_TEST_SCALE > 0;

// The suites every thread count solves: in optimized builds the generated
// suites up to 16 empties and FForum #1-#19 (published scores); in the
// sanitizer builds the small ones.
std::vector<std::string> suites() {
  if (kDeep) return {"e12", "e14", "e16", "fforum-1-19"};
  return {"e12"};
}

// The ladder's table and cutoffs (the preset cutoffs), splitting low enough
// that positions of 12 empties split too.
SolveOptions best(int threads) {
  SolveOptions o = testing::preset_options("cutoffs", 8, threads);
  o.split_min_empties = 8;
  return o;
}

// The score of `move` for the side to move in `p`, by a one-thread search of
// the position after it (or the suite's own move score when it lists one).
template <Board V>
int score_of_move(const ObfEntry& e, Square move) {
  if (const auto listed = e.score_of(move)) return *listed;
  SolveOptions o = best(1);
  ReferenceBoard board(e.position);
  if (move == kPass) {
    board.pass();
  } else {
    EXPECT_TRUE(board.play(move));
  }
  return -testing::bounded_solve<V>(board.position(), o).score;
}

template <Board V>
void check_suite(const std::string& name, std::initializer_list<int> thread_counts,
                 SolveOptions (*options)(int), std::size_t limit = 1000) {
  const auto& entries = suite(name);
  std::map<int, std::uint64_t> split_points;  // per thread count, over the suite
  for (std::size_t i = 0; i < std::min(limit, entries.size()); ++i) {
    const auto& e = entries[i];
    for (int threads : thread_counts) {
      SCOPED_TRACE(name + " " + board_string(e.position) + ", " + std::to_string(threads) +
                   " threads");
      const SolveResult r = testing::bounded_solve<V>(e.position, options(threads));
      ASSERT_TRUE(r.solved);
      EXPECT_EQ(r.score, e.best_score().value());
      ASSERT_EQ(r.threads.size(), static_cast<std::size_t>(threads));
      std::uint64_t sum = 0;
      for (const auto& t : r.threads) {
        sum += t.nodes;
        // The nodes searched in vain are counted once each, within the
        // thread's own nodes; one thread has no split point.
        EXPECT_LE(t.restarted_nodes + t.abandoned_nodes, t.nodes);
        if (threads == 1) {
          EXPECT_EQ(t.restarted_nodes + t.abandoned_nodes + t.split_points, 0u);
        }
        split_points[threads] += t.split_points;
      }
      EXPECT_EQ(sum, r.nodes);
      EXPECT_GT(r.threads[0].nodes, 0u);
      ASSERT_NE(r.best_move, kNoSquare);
      EXPECT_EQ(score_of_move<V>(e, r.best_move), r.score);
    }
  }
  for (int threads : thread_counts) {
    if (threads > 1) {
      EXPECT_GT(split_points[threads], 0u) << threads << " threads never split";
    }
  }
}

TEST(ParallelSearch, EverySuitePositionHasTheSameScoreWithAnyThreadCount) {
  for (const auto& name : suites()) {
    check_suite<KindergartenList>(name, {1, 2, 4, 8}, best);
  }
}

TEST(ParallelSearch, TheMailboxSearchesInParallelToo) {
  // A board that plays and undoes (no kernels), each thread on its own board.
  check_suite<MailboxList>(kDeep ? "e14" : "e12", {1, 3}, best, kDeep ? 1000 : 4);
}

SolveOptions plain_alphabeta(int threads) {
  SolveOptions o;
  o.algo = Algo::alphabeta;
  o.order = Order::none;
  o.split_min_empties = 6;
  o.threads = threads;
  return o;
}

TEST(ParallelSearch, AlphaBetaWithoutTableOrOrdering) {
  // No table: the threads share nothing but the split points.
  check_suite<Shift>(kDeep ? "e12" : "e10", {1, 4}, plain_alphabeta);
}

TEST(ParallelSearch, MinimaxAndWinDrawLoss) {
  const auto& entries = suite("e10");
  for (std::size_t i = 0; i < (kDeep ? entries.size() : 4); ++i) {
    const auto& e = entries[i];
    SolveOptions minimax;
    minimax.algo = Algo::minimax;
    minimax.order = Order::none;
    minimax.split_min_empties = 6;
    minimax.threads = 3;
    const SolveResult m = testing::bounded_solve<Kindergarten>(e.position, minimax);
    EXPECT_EQ(m.score, e.best_score().value()) << i;
    // Minimax visits every node once whatever the threads: the count is exact.
    minimax.threads = 1;
    EXPECT_EQ(m.nodes, testing::bounded_solve<Kindergarten>(e.position, minimax).nodes) << i;
    SolveOptions wld = best(3);
    wld.wld = true;
    const int s = e.best_score().value();
    EXPECT_EQ(testing::bounded_solve<Kindergarten>(e.position, wld).score, (s > 0) - (s < 0)) << i;
  }
}

// The pre-search (the solver's search in its estimate mode, classic
// evaluation), splitting (presearch_split) low enough that the positions of
// e12 split in it.
SolveOptions with_presearch(int threads) {
  SolveOptions o = best(threads);
  o.order = Order::mobility;
  o.eval = EvalKind::classic;
  o.presearch = true;
  o.presearch_empties = 4;
  o.presearch_min_empties = 6;
  o.presearch_nodes = 3000;
  o.presearch_split = true;
  o.split_min_empties = 6;
  return o;
}
SolveOptions with_serial_presearch(int threads) {
  SolveOptions o = with_presearch(threads);
  o.presearch_split = false;
  o.presearch_split_threads = 0;
  return o;
}
// The default: split with at most presearch_split_threads (2) threads.
SolveOptions with_default_presearch(int threads) {
  SolveOptions o = with_presearch(threads);
  o.presearch_split = SolveOptions{}.presearch_split;
  o.presearch_split_threads = SolveOptions{}.presearch_split_threads;
  return o;
}

// With presearch_split the pre-search splits like the exact search: the
// suite's scores with 1, 2 and 4 threads, and its positions within its
// budget, at most one poll interval (4096 positions) more per thread; a
// helper takes part in it, and by default with 2 threads (not with 4).
// Without presearch_split and above presearch_split_threads, the first thread alone
// searches exactly one thread's positions. One thread stops exactly at the
// budget when its whole iterations would take more (cut short inside an
// iteration), and searches them all otherwise.
TEST(ParallelSearch, ThePreSearchSplitsToo) {
  check_suite<KindergartenList>("e12", {1, 2, 4}, with_presearch, kDeep ? 1000 : 6);
  check_suite<KindergartenList>("e12", {2}, with_serial_presearch, kDeep ? 1000 : 6);
  const auto& entries = suite("e12");
  const std::size_t budget = with_presearch(1).presearch_nodes;
  SolveOptions whole = with_presearch(1);
  whole.presearch_nodes = std::size_t{1} << 30;
  int cut_short = 0;
  for (std::size_t i = 0; i < std::min<std::size_t>(entries.size(), kDeep ? 40 : 6); ++i) {
    SCOPED_TRACE(board_string(entries[i].position));
    const SolveResult all = testing::bounded_solve<KindergartenList>(entries[i].position, whole);
    const SolveResult one =
        testing::bounded_solve<KindergartenList>(entries[i].position, with_presearch(1));
    ASSERT_GT(all.shallow_nodes, 0u);
    EXPECT_EQ(one.shallow_nodes, std::min<std::uint64_t>(all.shallow_nodes, budget));
    EXPECT_EQ(one.threads[0].presearch_nodes, one.shallow_nodes);
    cut_short += all.shallow_nodes > budget;
    for (int threads : {2, 4}) {
      const SolveResult r =
          testing::bounded_solve<KindergartenList>(entries[i].position, with_presearch(threads));
      EXPECT_GT(r.shallow_nodes, 0u);
      EXPECT_LE(r.shallow_nodes, budget + 4096u * static_cast<unsigned>(threads));
      const SolveResult serial = testing::bounded_solve<KindergartenList>(
          entries[i].position, with_serial_presearch(threads));
      EXPECT_EQ(serial.shallow_nodes, one.shallow_nodes);
      EXPECT_EQ(serial.threads[0].presearch_nodes, one.shallow_nodes);
      for (std::size_t t = 1; t < serial.threads.size(); ++t) {
        EXPECT_EQ(serial.threads[t].presearch_nodes, 0u);
      }
      // By default it splits with 2 threads, not with 4.
      const SolveResult by_default = testing::bounded_solve<KindergartenList>(
          entries[i].position, with_default_presearch(threads));
      if (threads == 2) {
        EXPECT_LE(by_default.shallow_nodes, budget + 4096u * 2);
      } else {
        EXPECT_EQ(by_default.shallow_nodes, one.shallow_nodes);
        for (std::size_t t = 1; t < by_default.threads.size(); ++t) {
          EXPECT_EQ(by_default.threads[t].presearch_nodes, 0u);
        }
      }
    }
  }
  EXPECT_GT(cut_short, 0) << "the budget never cut a pre-search short";
  // Whole pre-searches with 2 threads, until a helper has taken part in one
  // (it must first be scheduled: the first positions may end too soon). They
  // go down to the end of the game, so that each lasts long enough for a
  // helper to be scheduled even when other processes load the cores.
  for (const SolveOptions& options : {with_presearch(2), with_default_presearch(2)}) {
    SolveOptions two = options;
    two.presearch_nodes = std::size_t{1} << 30;
    two.presearch_empties = 0;
    bool helped = false;
    for (std::size_t i = 0; i < entries.size() && !helped; ++i) {
      helped = testing::bounded_solve<KindergartenList>(entries[i].position, two)
                   .threads[1]
                   .presearch_nodes > 0;
    }
    EXPECT_TRUE(helped) << "no helper ever took part in the pre-search (presearch_split "
                        << two.presearch_split << ")";
  }
}

// SolveOptions::mtd: the root's null-window tests split like any search
// (the suite's scores and moves with 1, 2 and 4 threads, from the split
// pre-search's estimate), and a deadline stops them.
SolveOptions with_mtd(int threads) {
  SolveOptions o = with_presearch(threads);
  o.mtd = true;
  return o;
}

TEST(ParallelSearch, TheRootTestsSplitToo) {
  check_suite<KindergartenList>("e12", {1, 2, 4}, with_mtd, kDeep ? 1000 : 6);
  SolveOptions o = with_mtd(3);
  o.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(30);
  const auto t0 = std::chrono::steady_clock::now();
  const auto r = testing::bounded_solve<KindergartenList>(suite("fforum-40-59")[0].position, o);
  EXPECT_FALSE(r.solved);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(10));
}

// The selective pass (SolveOptions::selective) splits like the exact
// search: the suite's scores and moves with 1, 2 and 4 threads, its
// positions counted apart for every thread (a helper takes part), and a
// deadline inside it stops the solve.
SolveOptions with_selective(int threads) {
  SolveOptions o = with_mtd(threads);
  o.presearch = false;
  o.selective = true;
  o.selective_margin = 4;
  o.selective_min_empties = 6;
  return o;
}

TEST(ParallelSearch, TheSelectivePassSplitsToo) {
  check_suite<KindergartenList>("e12", {1, 2, 4}, with_selective, kDeep ? 1000 : 6);
  const auto& entries = suite("e14");
  bool helped = false;
  for (std::size_t i = 0; i < entries.size() && !helped; ++i) {
    const SolveResult r =
        testing::bounded_solve<KindergartenList>(entries[i].position, with_selective(2));
    ASSERT_TRUE(r.solved);
    EXPECT_EQ(r.selective_nodes, r.threads[0].selective_nodes + r.threads[1].selective_nodes);
    helped = r.threads[1].selective_nodes > 0;
  }
  EXPECT_TRUE(helped) << "no helper ever took part in the selective pass";
  SolveOptions o = with_selective(2);
  o.selective_margin = 64;  // prunes nothing: the pass is as long as a solve
  o.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(30);
  const auto t0 = std::chrono::steady_clock::now();
  const auto r = testing::bounded_solve<KindergartenList>(suite("fforum-40-59")[0].position, o);
  EXPECT_FALSE(r.solved);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(10));
}

TEST(ParallelSearch, EveryMoveScoreWithThreads) {
  const auto& entries = suite("e12");
  for (std::size_t i = 0; i < (kDeep ? 10 : 3); ++i) {
    const MoveScores one =
        testing::bounded_score_all_moves<KindergartenList>(entries[i].position, best(1));
    const MoveScores many =
        testing::bounded_score_all_moves<KindergartenList>(entries[i].position, best(4));
    ASSERT_TRUE(many.solved);
    ASSERT_EQ(one.moves.size(), many.moves.size()) << i;
    for (std::size_t m = 0; m < one.moves.size(); ++m) {
      EXPECT_EQ(one.moves[m].move, many.moves[m].move) << i;
      EXPECT_EQ(one.moves[m].score, many.moves[m].score) << i;
    }
  }
}

TEST(ParallelSearch, GameOverAndPassWithThreads) {
  const auto over =
      testing::bounded_solve<Shift>(parse_board(std::string(64, 'X') + " O"), best(4));
  EXPECT_TRUE(over.solved);
  EXPECT_EQ(over.score, -64);
  EXPECT_EQ(over.best_move, kNoSquare);
  const auto pass =
      testing::bounded_solve<MailboxList>(parse_board("OX" + std::string(62, '-') + " X"), best(4));
  EXPECT_EQ(pass.best_move, kPass);
}

TEST(ParallelSearch, TheStopFlagStopsEveryThread) {
  std::atomic<bool> stop{false};
  SolveOptions o = best(4);
  o.algo = Algo::minimax;
  o.order = Order::none;
  o.tt_mb = 0;
  o.stop = &stop;
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    stop = true;
  });
  const auto t0 = std::chrono::steady_clock::now();
  const auto r = testing::bounded_solve<Shift>(suite("fforum-40-59")[0].position, o);
  stopper.join();
  EXPECT_FALSE(r.solved);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(10));
}

TEST(ParallelSearch, TheDeadlineStopsEveryThread) {
  SolveOptions o = best(3);
  o.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(30);
  const auto t0 = std::chrono::steady_clock::now();
  const auto r = testing::bounded_solve<KindergartenList>(suite("fforum-40-59")[0].position, o);
  EXPECT_FALSE(r.solved);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(10));
}

// Writers store, for positions of a small set, bounds that are a function
// of the position; readers probe the same positions. A hit must give exactly
// that function's bounds and move: a torn read (half one entry, half
// another) would not. A 1 MiB table, so that the positions share buckets.
TEST(TranspositionTable, ThreadsNeverReadATornEntry) {
  TranspositionTable table(1);
  std::mt19937_64 rng(7);
  std::vector<Position> positions;
  for (int i = 0; i < 200000; ++i) {
    const Bitboard p = rng(), o = rng() & ~p;
    positions.push_back({p, o, Color::black});
  }
  auto bound = [](const Position& p) {
    return static_cast<int>((p.player ^ p.opponent) % 129) - 64;
  };
  auto move = [](const Position& p) { return static_cast<Square>(p.player % 64); };
  const int rounds = kDeep ? 8 : 1;
  std::atomic<std::uint64_t> hits{0}, wrong{0};
  auto writer = [&](int offset) {
    for (int r = 0; r < rounds; ++r) {
      for (std::size_t i = offset; i < positions.size(); i += 2) {
        const Position& p = positions[i];
        table.store(p.player, p.opponent, 10, bound(p), bound(p), move(p), true, true);
      }
    }
  };
  auto reader = [&] {
    for (int r = 0; r < rounds; ++r) {
      for (const Position& p : positions) {
        TTEntry e;
        if (!table.probe(p.player, p.opponent, e, true)) continue;
        hits.fetch_add(1, std::memory_order_relaxed);
        if (e.lower != bound(p) || e.upper != bound(p) || e.move != move(p) || e.empties != 10) {
          wrong.fetch_add(1, std::memory_order_relaxed);
        }
      }
    }
  };
  std::thread w0(writer, 0), w1(writer, 1), r0(reader), r1(reader);
  w0.join(), w1.join(), r0.join(), r1.join();
  EXPECT_GT(hits.load(), 0u);
  EXPECT_EQ(wrong.load(), 0u);
}

TEST(TranspositionTable, SharedAndPlainUseGiveTheSameEntries) {
  // With no other thread inside, the seqlock changes nothing.
  TranspositionTable plain(1), shared(1);
  std::mt19937_64 rng(11);
  for (int i = 0; i < 50000; ++i) {
    const Bitboard p = rng(), o = rng() & ~p;
    const int empties = static_cast<int>(rng() % 30);
    const int lower = static_cast<int>(rng() % 65) - 64,
              upper = lower + static_cast<int>(rng() % 8);
    const Square m = static_cast<Square>(rng() % 64);
    plain.store(p, o, empties, lower, upper, m, i % 3 == 0, false);
    shared.store(p, o, empties, lower, upper, m, i % 3 == 0, true);
    TTEntry a, b;
    const bool found_a = plain.probe(p, o, a, false);
    ASSERT_EQ(found_a, shared.probe(p, o, b, true));
    ASSERT_TRUE(found_a);
    EXPECT_EQ(a.lower, b.lower);
    EXPECT_EQ(a.upper, b.upper);
    EXPECT_EQ(a.move, b.move);
    EXPECT_EQ(a.lower, lower);
  }
}

// clear(): whatever the table held, it then reads and takes stores exactly
// as a table never used. Some positions of the first stores come again
// after the clear, so that cleared entries with their keys are met.
TEST(TranspositionTable, ACleanTableIsANewOne) {
  const auto check = []<class Table>(std::type_identity<Table>) {
    Table used(1), fresh(1);
    std::mt19937_64 rng(5);
    std::vector<Position> before, after;
    auto random_store = [&](Table& t, const Position& p, std::mt19937_64& r) {
      const int depth = static_cast<int>(r() % 30);
      const int lower = static_cast<int>(r() % 65) - 64, upper = lower + static_cast<int>(r() % 8);
      t.store(p.player, p.opponent, depth, lower, upper, static_cast<Square>(r() % 64),
              r() % 3 == 0);
    };
    for (int i = 0; i < 40000; ++i) {
      const Bitboard p = rng(), o = rng() & ~p;
      before.push_back({p, o, Color::black});
      random_store(used, before.back(), rng);
    }
    used.clear();
    std::mt19937_64 r1(9), r2(9);
    for (int i = 0; i < 40000; ++i) {
      Position q = before[static_cast<std::size_t>(i)];
      if (i % 4 != 0) {
        const Bitboard p = rng();
        q = {p, rng() & ~p, Color::black};
      }
      after.push_back(q);
      random_store(used, q, r1);
      random_store(fresh, q, r2);
    }
    for (const auto* set : {&before, &after}) {
      for (const Position& p : *set) {
        typename Table::Entry a, b;
        const bool found = used.probe(p.player, p.opponent, a);
        ASSERT_EQ(found, fresh.probe(p.player, p.opponent, b));
        if (!found) continue;
        EXPECT_EQ(a.lower, b.lower);
        EXPECT_EQ(a.upper, b.upper);
        EXPECT_EQ(a.move, b.move);
      }
    }
  };
  check(std::type_identity<TranspositionTable>{});
  check(std::type_identity<MidgameTable>{});
}

// forget_bounds(): a later store into a kept guess meets bounds (-64, 64),
// not the forgotten ones, and the entry's move stays unless the store's
// move is best. True bounds merged into a guess make a guess.
TEST(TranspositionTable, AStoreAfterForgettingMeetsNoOldBound) {
  TranspositionTable table(1);
  const Bitboard p = 0x0000000810000000ull, o = 0x0000001008000000ull;
  table.store(p, o, 20, 6, 6, 19, true, false, true);
  table.forget_bounds();
  table.store(p, o, 20, -10, 64, 26, false);  // fails high at -10: below the forgotten 6
  TTEntry e;
  ASSERT_TRUE(table.probe(p, o, e));
  EXPECT_EQ(e.lower, -10);
  EXPECT_EQ(e.upper, 64);
  EXPECT_EQ(e.move, 19);
  EXPECT_FALSE(e.guess);
  table.store(p, o, 20, -64, 2, 37, true, false, true);
  table.store(p, o, 20, -2, 64, 37, true);
  ASSERT_TRUE(table.probe(p, o, e));
  EXPECT_EQ(e.lower, -2);
  EXPECT_EQ(e.upper, 2);
  EXPECT_EQ(e.move, 37);
  EXPECT_TRUE(e.guess);
  table.forget_bounds();
  ASSERT_TRUE(table.probe(p, o, e));
  EXPECT_EQ(e.lower, -64);
  EXPECT_EQ(e.upper, 64);
  EXPECT_EQ(e.empties, 20);
}

// clear() and forget_bounds() take constant time by a new stamp each; past
// the last stamp (65,535) the table is zeroed or rewritten once and the
// stamps begin again. Alternated over more than the stamps, with either of
// the two meeting the end: a cleared entry is never found again, a
// forgotten guess keeps its move with bounds (-64, 64), true bounds stay.
TEST(TranspositionTable, TheStampsRunOutAndBeginAgain) {
  for (int clear_parity : {0, 1}) {
    TranspositionTable table(1);
    std::mt19937_64 rng(3);
    Position cleared{}, forgotten{};
    for (int i = 0; i < 70000; ++i) {
      const Bitboard p = rng() | 1, o = rng() & ~p;
      const auto move = static_cast<Square>(i % 64);
      table.store(p, o, 12, 4, 8, move, true, false, true);
      TTEntry e;
      if (i % 2 == clear_parity) {
        table.clear();
        cleared = {p, o, Color::black};
        ASSERT_FALSE(table.probe(p, o, e)) << i;
        if (forgotten.player != 0) {
          ASSERT_FALSE(table.probe(forgotten.player, forgotten.opponent, e)) << i;
        }
      } else {
        const Bitboard q = rng() | 1, qo = rng() & ~q;  // true bounds: kept
        table.store(q, qo, 12, 4, 8, move, true);
        table.forget_bounds();
        forgotten = {p, o, Color::black};
        ASSERT_TRUE(table.probe(q, qo, e)) << i;
        ASSERT_EQ(e.lower, 4) << i;
        ASSERT_EQ(e.upper, 8) << i;
        ASSERT_TRUE(table.probe(p, o, e)) << i;
        ASSERT_EQ(e.lower, -64) << i;
        ASSERT_EQ(e.upper, 64) << i;
        ASSERT_EQ(e.move, move) << i;
        if (cleared.player != 0) {
          ASSERT_FALSE(table.probe(cleared.player, cleared.opponent, e)) << i;
        }
      }
    }
  }
}

// The table takes the largest power of two of buckets (cache lines of 64
// bytes) that fits: all of a power-of-two size, half of the next size up.
TEST(TranspositionTable, TakesWholeCacheLinesUpToTheSizeAsked) {
  for (std::size_t mb : {1, 2, 4, 64}) EXPECT_EQ(TranspositionTable(mb).bytes(), mb << 20);
  EXPECT_EQ(TranspositionTable(3).bytes(), std::size_t{2} << 20);
  EXPECT_EQ(TranspositionTable(0).bytes(), 0u);
  EXPECT_FALSE(TranspositionTable(0).enabled());
}

TEST(ThreadedPerft, PublishedCountsWithThreadsAndASharedCache) {
  const PerftTable table = PerftTable::read(RB_POSITIONS_DIR "/perft-start.csv");
  const int depth = kDeep ? 10 : 7;
  for (int threads : {2, 5}) {
    PerftCache cache(4);
    for (const PerftConvention c :
         {PerftConvention::a124004, PerftConvention::bik, PerftConvention::no_pass}) {
      EXPECT_EQ(perft<KindergartenList>(Position::start(), depth, {c, threads, &cache, true}),
                table.expected(c, depth).value())
          << enum_name(c) << ", " << threads << " threads";
    }
  }
}

}  // namespace
}  // namespace rb
