// The search techniques that read the evaluation, on the suites: Order::shallow
// with either evaluation, at several depths and thresholds, on a bitboard and
// on the mailbox, with one and two threads; the pre-search; the root by
// null-window tests (mtd); the selective pass and the bounds it leaves in the
// table; the cut profile. Each gives the suites' exact scores and counts its
// own positions apart from the solve's.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <random>
#include <vector>

#include "core/reference.hpp"
#include "eval/default_weights.hpp"
#include "eval/pattern.hpp"
#include "eval/weights.hpp"
#include "io/obf.hpp"
#include "search/instances.hpp"
#include "search/transposition.hpp"
#include "search_support.hpp"
#include "variants/builtin.hpp"

namespace rb {
namespace {

using testing::kShippedWeights;
using testing::suite;

constexpr bool kDeep = RB_TEST_SCALE > 0;

// Order::shallow: the exact scores of the suite, whatever the evaluation,
// depth, threshold and order below; on the bitboards and on the mailbox
// (whose shallow searches play and undo), with one and two threads.
template <Board B>
void check_shallow(const std::string& name, const SolveOptions& options, std::size_t limit) {
  const auto& entries = suite(name);
  for (std::size_t i = 0; i < entries.size() && i < limit; ++i) {
    const auto r = testing::bounded_solve<B>(entries[i].position, options);
    ASSERT_TRUE(r.solved);
    ASSERT_EQ(r.score, entries[i].best_score())
        << name << " #" << i + 1 << " order shallow, eval " << enum_name(options.eval) << ", depth "
        << options.shallow_depth << ", threads " << options.threads;
  }
}

TEST(ShallowOrder, EveryVariantOfItGivesTheSuitesExactScores) {
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  for (EvalKind eval : {EvalKind::classic, EvalKind::pattern}) {
    for (int depth : {0, 1, 3}) {
      for (Order below : {Order::mobility, Order::parity}) {
        SolveOptions o;
        o.order = Order::shallow;
        o.eval = eval;
        o.pattern = &pattern;
        o.shallow_depth = depth;
        o.shallow_min_empties = depth % 2 ? 6 : 9;
        o.shallow_mobility = depth == 1 ? 16 : 0;
        o.shallow_all_margin = depth == 0 ? -1 : depth == 1 ? 0 : 8;
        o.shallow_below = below;
        o.algo = depth % 2 ? Algo::alphabeta : Algo::pvs;
        o.tt_mb = below == Order::parity ? 0 : 4;
        o.few_empties = below == Order::parity ? 5 : 0;
        check_shallow<KindergartenList>("e10", o, kDeep ? 20 : 4);
        if (kDeep && below == Order::mobility) check_shallow<KindergartenList>("e14", o, 6);
        if (depth <= 1) check_shallow<Mailbox>("e10", o, kDeep ? 6 : 2);
        o.threads = 2;
        o.split_min_empties = 7;
        check_shallow<KindergartenList>(kDeep ? "e12" : "e10", o, kDeep ? 6 : 2);
      }
    }
  }
}

// The shallow order with the pattern evaluation from `min_empties`, a small
// table and the few-empties path below 6 empties.
SolveOptions pattern_order_options(const PatternEval& pattern, int min_empties) {
  SolveOptions o;
  o.order = Order::shallow;
  o.eval = EvalKind::pattern;
  o.pattern = &pattern;
  o.shallow_min_empties = min_empties;
  o.tt_mb = 4;
  o.few_empties = 5;
  return o;
}

// SolveOptions::shallow_all_margin: a node evaluated far below alpha is
// ranked by the mobility order, without the shallow searches. Margin 0 spares
// some of them (and keeps the scores); a margin no alpha can reach (the
// window ends at -64) changes nothing.
TEST(ShallowOrder, TheAllNodeMarginSparesShallowSearches) {
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  SolveOptions o = pattern_order_options(pattern, 9);
  const auto& entries = suite("e12");
  std::uint64_t shallow_off = 0, shallow_on = 0;
  for (std::size_t i = 0; i < entries.size() && i < (kDeep ? 20u : 4u); ++i) {
    SCOPED_TRACE("e12 #" + std::to_string(i + 1));
    o.shallow_all_margin = -1;
    const auto off = testing::bounded_solve<KindergartenList>(entries[i].position, o);
    o.shallow_all_margin = 128;
    const auto unreachable = testing::bounded_solve<KindergartenList>(entries[i].position, o);
    o.shallow_all_margin = 0;
    const auto on = testing::bounded_solve<KindergartenList>(entries[i].position, o);
    ASSERT_TRUE(off.solved && unreachable.solved && on.solved);
    EXPECT_EQ(off.score, entries[i].best_score());
    EXPECT_EQ(on.score, entries[i].best_score());
    EXPECT_EQ(unreachable.nodes, off.nodes);
    EXPECT_EQ(unreachable.shallow_nodes, off.shallow_nodes);
    shallow_off += off.shallow_nodes;
    shallow_on += on.shallow_nodes;
  }
  EXPECT_LT(shallow_on, shallow_off);
}

// SolveOptions::shallow_deep_empties: below it the shallow order ranks each
// child by its evaluation (depth 0), at and above it by the shallow_depth
// search. At or below shallow_min_empties it changes nothing; above every
// node of the search it is the order of depth 0 everywhere; in between, the
// scores stay exact and the order is neither.
TEST(ShallowOrder, BelowTheDeepEmptiesEachChildIsEvaluatedAlone) {
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  const SolveOptions o = pattern_order_options(pattern, 8);
  const auto& entries = suite("e12");
  std::uint64_t differs_from_deep = 0, differs_from_flat = 0;
  for (std::size_t i = 0; i < entries.size() && i < (kDeep ? 20u : 4u); ++i) {
    SCOPED_TRACE("e12 #" + std::to_string(i + 1));
    const auto solve_with = [&](int depth, int deep_empties) {
      SolveOptions with = o;
      with.shallow_depth = depth;
      with.shallow_deep_empties = deep_empties;
      const auto r = testing::bounded_solve<KindergartenList>(entries[i].position, with);
      EXPECT_TRUE(r.solved);
      EXPECT_EQ(r.score, entries[i].best_score());
      return r;
    };
    const auto deep = solve_with(2, 0);
    const auto at_min = solve_with(2, o.shallow_min_empties);
    const auto flat = solve_with(0, 0);
    const auto above_all = solve_with(2, 64);
    const auto mixed = solve_with(2, 10);
    EXPECT_EQ(at_min.nodes, deep.nodes);
    EXPECT_EQ(at_min.shallow_nodes, deep.shallow_nodes);
    EXPECT_EQ(above_all.nodes, flat.nodes);
    EXPECT_EQ(above_all.shallow_nodes, flat.shallow_nodes);
    differs_from_deep += mixed.shallow_nodes != deep.shallow_nodes;
    differs_from_flat += mixed.shallow_nodes != flat.shallow_nodes;
  }
  EXPECT_GT(differs_from_deep, 0u);
  EXPECT_GT(differs_from_flat, 0u);
}

// The table and cutoffs of the ladder (the preset cutoffs), with `order`
// and `eval`.
SolveOptions best_configuration(Order order, EvalKind eval, const PatternEval& pattern,
                                int threads) {
  SolveOptions o = testing::preset_options("cutoffs", 16, threads);
  o.order = order;
  o.eval = eval;
  o.pattern = &pattern;
  return o;
}

TEST(ShallowOrder, BestConfigurationOnFForum1To19) {
  if (!kDeep) GTEST_SKIP() << "deep checks run in the optimized build";
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  for (EvalKind eval : {EvalKind::classic, EvalKind::pattern}) {
    for (int threads : {1, 2}) {
      const SolveOptions o = best_configuration(Order::shallow, eval, pattern, threads);
      check_shallow<KindergartenList>("fforum-1-19", o, 19);
    }
  }
}

// The pre-search (search/presearch.hpp) only leaves moves in the table: the
// exact scores of the suites, whatever its evaluation, depth, threshold and
// budget (small budgets end it inside an iteration), on the bitboards and on
// the mailbox (whose pre-search plays and undoes), with one and two threads.
TEST(PreSearch, EveryVariantOfItGivesTheSuitesExactScores) {
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  for (EvalKind eval : {EvalKind::classic, EvalKind::pattern}) {
    for (int leaf : {2, 5}) {
      for (std::size_t budget : {std::size_t{50}, std::size_t{1} << 30}) {
        SolveOptions o;
        o.algo = leaf == 2 ? Algo::pvs : Algo::alphabeta;
        o.order = leaf == 2 ? Order::mobility : Order::fastest;
        o.eval = eval;
        o.pattern = &pattern;
        o.tt_mb = 4;
        o.presearch = true;
        o.presearch_empties = leaf;
        o.presearch_min_empties = leaf + 2;
        o.presearch_nodes = budget;
        o.few_empties = leaf == 2 ? 0 : 4;
        SCOPED_TRACE(std::string("eval ") + std::string(enum_name(eval)) + ", down to " +
                     std::to_string(leaf) + " empties, budget " + std::to_string(budget));
        check_shallow<KindergartenList>("e10", o, kDeep ? 20 : 6);
        if (kDeep) check_shallow<KindergartenList>("e14", o, 6);
        check_shallow<Mailbox>("e10", o, kDeep ? 6 : 2);
        o.threads = 2;
        o.split_min_empties = 6;
        check_shallow<KindergartenList>(kDeep ? "e12" : "e10", o, kDeep ? 6 : 2);
      }
    }
  }
}

// What the pre-search counts and leaves: its positions are reported as
// shallow nodes; stopped at its first position it leaves nothing, so the
// exact search visits the same nodes as without it; run to its depth it
// changes the order (a different node count) but not the score.
TEST(PreSearch, CountsItsPositionsAndOnlyReordersTheSearch) {
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  const auto& entries = suite("e14");
  SolveOptions o;
  o.order = Order::mobility;
  o.tt_mb = 4;
  o.eval = EvalKind::pattern;
  o.pattern = &pattern;
  const SolveResult plain = testing::bounded_solve<KindergartenList>(entries[0].position, o);
  EXPECT_EQ(plain.shallow_nodes, 0u);
  EXPECT_EQ(plain.presearch_seconds, 0.0);
  o.presearch = true;
  o.presearch_nodes = 1;
  const SolveResult stopped = testing::bounded_solve<KindergartenList>(entries[0].position, o);
  EXPECT_EQ(stopped.shallow_nodes, 1u);
  EXPECT_EQ(stopped.nodes, plain.nodes);
  o.presearch_nodes = std::size_t{1} << 30;
  o.presearch_empties = 6;
  o.presearch_min_empties = 8;
  const auto t0 = std::chrono::steady_clock::now();
  const SolveResult full = testing::bounded_solve<KindergartenList>(entries[0].position, o);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_GT(full.shallow_nodes, 1000u);
  // Its time is measured, within the solve's.
  EXPECT_GT(full.presearch_seconds, 0.0);
  EXPECT_LE(full.presearch_seconds, seconds);
  EXPECT_NE(full.nodes, plain.nodes);
  EXPECT_EQ(full.score, entries[0].best_score());
  EXPECT_EQ(plain.score, entries[0].best_score());
}

// The pre-search with the mobility order below it, and with the shallow
// order at nodes with at least 16 empties (the best configuration).
TEST(PreSearch, BestConfigurationOnFForum1To19) {
  if (!kDeep) GTEST_SKIP() << "deep checks run in the optimized build";
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  for (Order order : {Order::mobility, Order::shallow}) {
    for (int threads : {1, 2}) {
      SolveOptions o = best_configuration(order, EvalKind::pattern, pattern, threads);
      o.presearch = true;
      o.shallow_min_empties = 16;
      check_shallow<KindergartenList>("fforum-1-19", o, 19);
    }
  }
}

// SolveOptions::mtd: the root's null-window tests give every suite position
// its exact score and a move listed with that score, for both windowed
// algorithms, from the pre-search's estimate and from the root's
// evaluation, on the bitboards and on the mailbox, with one and two threads.
// Each test is counted; the estimate is an even score; and over a suite
// some estimates miss, so that the tests that fail and move on are run.
TEST(Mtd, TheTestsGiveTheSuitesExactScoresAndBestMoves) {
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  for (Algo algo : {Algo::alphabeta, Algo::pvs}) {
    for (bool presearch : {false, true}) {
      for (int threads : {1, 2}) {
        SolveOptions o = best_configuration(Order::mobility, EvalKind::pattern, pattern, threads);
        o.algo = algo;
        o.tt_mb = 4;
        o.presearch = presearch;
        o.presearch_empties = 4;
        o.presearch_min_empties = 6;
        o.presearch_nodes = 20000;
        o.split_min_empties = 6;
        o.mtd = true;
        const auto run = [&]<class B>(const std::string& name, std::size_t limit) {
          const auto& entries = suite(name);
          int missed = 0;
          for (std::size_t i = 0; i < entries.size() && i < limit; ++i) {
            SCOPED_TRACE(name + " #" + std::to_string(i + 1) + ", algo " +
                         std::string(enum_name(algo)) + (presearch ? ", pre-search" : "") +
                         ", threads " + std::to_string(threads));
            const auto r = testing::bounded_solve<B>(entries[i].position, o);
            ASSERT_TRUE(r.solved);
            ASSERT_EQ(r.score, entries[i].best_score());
            ASSERT_EQ(entries[i].score_of(r.best_move), entries[i].best_score());
            EXPECT_EQ(r.root_guess % 2, 0);
            EXPECT_GE(r.root_searches, 1);
            EXPECT_EQ(r.root_searches == 1, r.root_guess == r.score);
            missed += r.root_guess != r.score;
          }
          if (limit >= 12) {
            EXPECT_GT(missed, 0) << name << ": every estimate was exact; no failing test was run";
          }
        };
        run.operator()<KindergartenList>("e10", kDeep ? 33 : 12);
        if (kDeep) run.operator()<KindergartenList>("e14", 12);
        run.operator()<Mailbox>("e10", kDeep ? 12 : 4);
      }
    }
  }
}

// Without mtd, the root is searched once with the full window; with it, the
// node count is the tests' together, and the score is the same.
TEST(Mtd, CountsTheRootSearches) {
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  SolveOptions o = best_configuration(Order::mobility, EvalKind::pattern, pattern, 1);
  o.tt_mb = 4;
  const auto& entries = suite("e12");
  for (std::size_t i = 0; i < 8; ++i) {
    o.mtd = false;
    const auto full = testing::bounded_solve<KindergartenList>(entries[i].position, o);
    EXPECT_EQ(full.root_searches, 1);
    EXPECT_EQ(full.root_guess, 0);
    o.mtd = true;
    const auto tests = testing::bounded_solve<KindergartenList>(entries[i].position, o);
    EXPECT_EQ(tests.score, full.score);
    EXPECT_GE(tests.root_searches, 1);
  }
}

// TranspositionTable::forget_bounds: every entry keeps its key, move and
// empties; the bounds of a guess become (-64, 64), which say nothing, the
// others stay.
TEST(Selective, TheTableForgetsItsBoundsAndKeepsItsMoves) {
  TranspositionTable table(1);
  std::mt19937_64 rng(7);
  std::vector<TTEntry> stored;
  for (int i = 0; i < 200; ++i) {
    const Bitboard player = rng() & ~Bitboard{1}, opponent = rng() & ~player;
    const int lower = static_cast<int>(rng() % 65) - 64,
              upper = lower + static_cast<int>(rng() % 3);
    const auto move = static_cast<Square>(rng() % 64);
    const bool guess = i % 3 != 0;
    table.store(player, opponent, 20, lower, upper, move, true, false, guess);
    stored.push_back({player, opponent, static_cast<std::int8_t>(lower),
                      static_cast<std::int8_t>(upper), static_cast<std::uint8_t>(move), 20, guess});
  }
  int kept = 0;
  table.forget_bounds();
  for (const TTEntry& s : stored) {
    TTEntry e;
    if (!table.probe(s.player, s.opponent, e)) continue;  // replaced by a later store
    ++kept;
    EXPECT_EQ(e.lower, s.guess ? -64 : s.lower);
    EXPECT_EQ(e.upper, s.guess ? 64 : s.upper);
    EXPECT_FALSE(e.guess);
    EXPECT_EQ(e.move, s.move);
    EXPECT_EQ(e.empties, 20);
  }
  EXPECT_GT(kept, 150);
}

// Every bound the table holds after a solve is true, those the selective
// pass left included (it forgets the bounds of the nodes whose subtree made
// a prune or used a guessed bound, and keeps the others). With margins 0
// and 4 most of its prunes are wrong, so a guess kept as true would show.
// The positions one and two plies from the root are solved again, exactly,
// with no pass and a table of their own (6 roots a configuration in the
// optimized build, 2 under the sanitizers).
TEST(Selective, EveryBoundLeftInTheTableIsTrue) {
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  // The preset best with the pattern evaluation, and the table and cutoffs
  // of the ladder with the classic evaluation and MTD(f), no pre-search.
  std::vector<std::pair<std::string, SolveOptions>> configurations;
  for (const int margin : {0, 4}) {
    SolveOptions best = testing::preset_options(kBestPreset, 4);
    best.pattern = &pattern;
    SolveOptions plain = testing::preset_options("cutoffs", 4);
    plain.order = Order::mobility;
    plain.eval = EvalKind::classic;
    plain.mtd = true;
    plain.selective = true;
    for (SolveOptions* o : {&best, &plain}) {
      o->selective_margin = margin;
      o->selective_min_empties = 6;
      o->tt_min_empties = 6;
    }
    configurations.emplace_back("e14", best);
    configurations.emplace_back("e12", plain);
  }
  // The exact scores, by the ladder's table and cutoffs without the pass.
  const SolveOptions exact = testing::preset_options("cutoffs", 1);
  int checked = 0;
  for (const auto& [name, o] : configurations) {
    const auto& entries = suite(name);
    for (std::size_t i = 0; i < (kDeep ? 6u : 2u); ++i) {
      const auto& entry = entries[i];
      SCOPED_TRACE(name + " " + board_string(entry.position) + ", margin " +
                   std::to_string(o.selective_margin));
      TranspositionTable table(o.tt_mb);
      const auto r = testing::bounded_solve<KindergartenList>(entry.position, o, &table);
      ASSERT_EQ(r.score, entry.best_score());
      std::vector<Position> near;
      const auto add_children = [&](const Position& p) {
        const ReferenceBoard board(p);
        for (Bitboard m = board.legal_moves(); m; m &= m - 1) {
          ReferenceBoard child = board;
          child.play(first_square(m));
          near.push_back(child.position());
        }
      };
      add_children(entry.position);
      for (std::size_t j = 0, n = near.size(); j < n; ++j) add_children(near[j]);
      for (const Position& p : near) {
        TTEntry e;
        if (!table.probe(p.player, p.opponent, e) || (e.lower == -64 && e.upper == 64)) continue;
        SCOPED_TRACE(board_string(p));
        const int score = testing::bounded_solve<KindergartenList>(p, exact).score;
        EXPECT_LE(e.lower, score);
        EXPECT_GE(e.upper, score);
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 20);
}

// The selective pass (SolveOptions::selective) only orders the exact
// search: every suite position gets its exact score and a move listed with
// it, with the margins that prune the most (0: any shallow score beyond the
// window) and the defaults, with and without mtd and the pre-search, for
// both windowed algorithms, on the bitboards and the mailbox. With margin 0
// the pass's bounds are mostly wrong, and the exact search must never read
// one. Its positions are counted apart, and with mtd its score is the
// estimate.
TEST(Selective, TheSuitesExactScoresWhateverThePassPrunes) {
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  for (Algo algo : {Algo::alphabeta, Algo::pvs}) {
    for (int margin : {0, SolveOptions{}.selective_margin}) {
      for (bool mtd : {false, true}) {
        SolveOptions o = best_configuration(Order::shallow, EvalKind::pattern, pattern, 1);
        o.algo = algo;
        o.tt_mb = 4;
        o.shallow_min_empties = 10;
        o.selective = true;
        o.selective_margin = margin;
        o.selective_min_empties = 6;
        o.presearch = mtd;  // the pass after the pre-search, with the root's tests
        o.shallow_all_margin = mtd ? 8 : -1;
        o.presearch_empties = 6;
        o.presearch_min_empties = 8;
        o.mtd = mtd;
        const auto run = [&]<class B>(const std::string& name, std::size_t limit) {
          const auto& entries = suite(name);
          for (std::size_t i = 0; i < entries.size() && i < limit; ++i) {
            SCOPED_TRACE(name + " #" + std::to_string(i + 1) + ", algo " +
                         std::string(enum_name(algo)) + ", margin " + std::to_string(margin) +
                         (mtd ? ", mtd" : ""));
            const auto r = testing::bounded_solve<B>(entries[i].position, o);
            ASSERT_TRUE(r.solved);
            ASSERT_EQ(r.score, entries[i].best_score());
            ASSERT_EQ(entries[i].score_of(r.best_move), entries[i].best_score());
            // With mtd, a pass that could not prune at the estimate is not
            // made: the root's first test is then at that estimate.
            if (!mtd || std::abs(r.root_guess) + margin < 64) {
              EXPECT_GT(r.selective_nodes, 0u);
            }
            EXPECT_EQ(r.threads[0].selective_nodes, r.selective_nodes);
            EXPECT_GE(r.selective_seconds, 0.0);
            if (mtd) {
              EXPECT_EQ(r.root_searches == 1, r.root_guess == r.score);
            }
          }
        };
        run.operator()<KindergartenList>("e12", kDeep ? 40 : 8);
        if (kDeep) run.operator()<KindergartenList>("e14", 12);
        run.operator()<Mailbox>("e10", kDeep ? 12 : 3);
      }
    }
  }
}

// With mtd, a level of the pass whose margin reaches past +-64 from the
// estimate is not made (it could prune nowhere: every window of its tests
// lies within the margin of an end of the range). Where no level is made,
// the solve is the solve without the pass, node for node, from the same
// estimate; where one is, that estimate was within range of the first
// margin. The suites' positions with 10 and 12 empties (all of them in the
// optimized build, the first 12 of each in the sanitizer build), the
// shipped configuration.
TEST(Selective, IsNotMadeWhereItCannotPrune) {
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  SolveOptions o = preset(kBestPreset).options;
  o.pattern = &pattern;
  o.tt_mb = 4;
  ASSERT_TRUE(o.selective && o.mtd);
  int skipped = 0, made = 0;
  for (const char* name : {"e10", "e12"}) {
    const auto& entries = suite(name);
    for (std::size_t i = 0; i < entries.size() && (kDeep || i < 12); ++i) {
      SCOPED_TRACE(std::string(name) + " #" + std::to_string(i + 1));
      o.selective = true;
      const auto pass = testing::bounded_solve<KindergartenList>(entries[i].position, o);
      o.selective = false;
      const auto plain = testing::bounded_solve<KindergartenList>(entries[i].position, o);
      ASSERT_TRUE(pass.solved && plain.solved);
      EXPECT_EQ(pass.score, entries[i].best_score());
      if (pass.selective_nodes == 0) {
        ++skipped;
        EXPECT_GE(std::abs(plain.root_guess) + o.selective_margin, 64);
        EXPECT_EQ(pass.root_guess, plain.root_guess);
        EXPECT_EQ(pass.nodes, plain.nodes);
      } else {
        ++made;
        EXPECT_LT(std::abs(plain.root_guess) + o.selective_margin, 64);
      }
    }
  }
  EXPECT_GT(skipped, 0) << "no position with an estimate beyond the first margin";
  EXPECT_GT(made, 0);
}

// The pass changes the exact search's order, and so its nodes, but not the
// work it counts as the solve's: without the pass's moves (a pass that
// stores nothing: no table) the nodes are the plain search's.
TEST(Selective, CountsItsPositionsApartFromTheSolves) {
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  SolveOptions o = best_configuration(Order::mobility, EvalKind::pattern, pattern, 1);
  o.tt_mb = 4;
  const auto& entries = suite("e14");
  int changed = 0;
  for (std::size_t i = 0; i < (kDeep ? 12u : 4u); ++i) {
    o.selective = false;
    const auto plain = testing::bounded_solve<KindergartenList>(entries[i].position, o);
    EXPECT_EQ(plain.selective_nodes, 0u);
    EXPECT_EQ(plain.selective_seconds, 0.0);
    o.selective = true;
    o.selective_min_empties = 8;
    const auto pass = testing::bounded_solve<KindergartenList>(entries[i].position, o);
    EXPECT_EQ(pass.score, plain.score);
    EXPECT_GT(pass.selective_nodes, 0u);
    changed += pass.nodes != plain.nodes;
    o.tt_mb = 0;  // no table: no pass
    const auto none = testing::bounded_solve<KindergartenList>(entries[i].position, o);
    EXPECT_EQ(none.selective_nodes, 0u);
    o.selective = false;
    EXPECT_EQ(none.nodes, testing::bounded_solve<KindergartenList>(entries[i].position, o).nodes);
    o.tt_mb = 4;
  }
  EXPECT_GT(changed, 0) << "the pass's moves never changed the exact search";
}

// The cut profile (SolveOptions::cut_profile) only counts: the same
// scores, moves and node counts with it as without, on the bitboards and on
// the mailbox, with the full window and with the root's tests.
TEST(CutProfile, LeavesTheSearchAsItWas) {
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  SolveOptions o = best_configuration(Order::shallow, EvalKind::pattern, pattern, 1);
  o.tt_mb = 4;
  o.shallow_min_empties = 10;
  o.presearch = true;
  o.presearch_empties = 6;
  o.presearch_min_empties = 8;
  const auto& entries = suite("e12");
  for (bool mtd : {false, true}) {
    o.mtd = mtd;
    const auto run = [&]<class B>(std::size_t count) {
      for (std::size_t i = 0; i < count; ++i) {
        SCOPED_TRACE("e12 #" + std::to_string(i + 1) + (mtd ? ", mtd" : ""));
        o.cut_profile = false;
        const auto plain = testing::bounded_solve<B>(entries[i].position, o);
        o.cut_profile = true;
        const auto counted = testing::bounded_solve<B>(entries[i].position, o);
        EXPECT_TRUE(plain.cut_profile.empty());
        ASSERT_EQ(counted.cut_profile.size(), kCutLevels);
        EXPECT_EQ(counted.score, plain.score);
        EXPECT_EQ(counted.score, entries[i].best_score());
        EXPECT_EQ(counted.best_move, plain.best_move);
        EXPECT_EQ(counted.nodes, plain.nodes);
        EXPECT_EQ(counted.shallow_nodes, plain.shallow_nodes);
        EXPECT_EQ(counted.root_searches, plain.root_searches);
      }
    };
    run.operator()<KindergartenList>(8);
    run.operator()<Mailbox>(3);
  }
}

// Every position the solver counts lies under the root's moves, and every
// root search is a node of the root's level: the profile's accounts of the
// root (the positions under its first moves, its failed moves, its cutters,
// its fail-low and exact visits) add up to the solver's own node count, for
// each algorithm, with and without the root's tests. Below the root, each
// count is consistent with the nodes it was drawn from.
TEST(CutProfile, AccountsForEveryPositionUnderTheRoot) {
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  const auto& entries = suite("e10");
  for (Algo algo : {Algo::minimax, Algo::alphabeta, Algo::pvs}) {
    for (bool mtd : {false, true}) {
      if (mtd && algo == Algo::minimax) continue;
      SolveOptions o = best_configuration(Order::mobility, EvalKind::pattern, pattern, 1);
      o.algo = algo;
      o.tt_mb = algo == Algo::minimax ? 0 : 4;
      o.etc = algo != Algo::minimax;
      o.mtd = mtd;
      o.cut_profile = true;
      std::uint64_t cutoffs = 0;
      // Minimax searches every node: a few positions are enough.
      const std::size_t count = algo == Algo::minimax ? (kDeep ? 4 : 1) : 12;
      for (std::size_t i = 0; i < count; ++i) {
        SCOPED_TRACE("e10 #" + std::to_string(i + 1) + ", " + std::string(enum_name(algo)) +
                     (mtd ? ", mtd" : ""));
        const Position& position = entries[i].position;
        if (shift_legal_moves(position.player, position.opponent) == 0) {
          continue;  // the root would pass: the passed position's visits are its own
        }
        const auto r = testing::bounded_solve<KindergartenList>(position, o);
        ASSERT_TRUE(r.solved);
        ASSERT_EQ(r.score, entries[i].best_score());
        const int root = position.empties();
        const CutLevel& top = r.cut_profile[static_cast<std::size_t>(root)];
        EXPECT_EQ(top.first + top.later + top.all + top.exact,
                  static_cast<std::uint64_t>(r.root_searches));
        EXPECT_EQ(r.nodes, static_cast<std::uint64_t>(r.root_searches) + top.first_nodes +
                               top.wasted_nodes + top.cutter_nodes + top.all_nodes +
                               top.exact_nodes);
        for (int e = 0; e <= 64; ++e) {
          const CutLevel& l = r.cut_profile[static_cast<std::size_t>(e)];
          if (e > root) {
            EXPECT_TRUE(l.empty()) << e;
          }
          EXPECT_GE(l.first_nodes, l.first) << e;
          EXPECT_GE(l.wasted_nodes, l.later) << e;
          EXPECT_GE(l.cutter_nodes, l.later) << e;
          EXPECT_LE(l.later_after_table_move, l.later) << e;
          EXPECT_LE(l.first_nodes + l.wasted_nodes + l.cutter_nodes, r.nodes) << e;
          if (algo == Algo::minimax) {
            EXPECT_EQ(l.first + l.later + l.exact, 0u) << e;
          }
          cutoffs += l.first + l.later;
        }
      }
      if (algo != Algo::minimax) {
        EXPECT_GT(cutoffs, 0u);
      }
    }
  }
}

// What the profile is for: it tells a good order from none. With the
// mobility order, more of the cutoffs come from the first move, and a
// smaller share of the cutoff nodes' positions is spent on failed moves,
// than in the square order a1..h8 (no table, so no table moves).
TEST(CutProfile, TellsTheMobilityOrderFromNone) {
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  const auto totals = [&](Order order) {
    SolveOptions o = best_configuration(order, EvalKind::pattern, pattern, 1);
    o.tt_mb = 0;
    o.etc = false;
    o.cut_profile = true;
    CutLevel sum;
    const auto& entries = suite("e12");
    for (std::size_t i = 0; i < 8; ++i) {
      const auto r = testing::bounded_solve<KindergartenList>(entries[i].position, o);
      EXPECT_EQ(r.score, entries[i].best_score());
      for (const CutLevel& l : r.cut_profile) sum += l;
    }
    return sum;
  };
  const CutLevel none = totals(Order::none);
  const CutLevel mobility = totals(Order::mobility);
  const auto first_share = [](const CutLevel& l) {
    return static_cast<double>(l.first) / static_cast<double>(l.first + l.later);
  };
  const auto waste_share = [](const CutLevel& l) {
    return static_cast<double>(l.wasted_nodes) /
           static_cast<double>(l.first_nodes + l.wasted_nodes + l.cutter_nodes);
  };
  EXPECT_EQ(none.later_after_table_move + mobility.later_after_table_move, 0u);
  EXPECT_GT(first_share(mobility), first_share(none));
  EXPECT_LT(waste_share(mobility), waste_share(none));
}

}  // namespace
}  // namespace rb
