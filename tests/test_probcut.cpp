// ProbCut calibrated from data: the model (eval/probcut.hpp) gives, for
// each depth and empties count, its row or the nearest one, and bounds that
// are the least (greatest) shallow scores predicting the window with t
// spreads to spare; the fixed model is the row slope 1, intercept 0, sigma
// 3 discs; the fit (train/probcut.hpp) finds the line and the spread that
// synthetic scores were made with; the scores it fits are the plain label
// search's value at every depth (train/fit.hpp: label_search, the
// definition), the same on one thread and on three; and in the playing
// search, rows that spell the fixed model search as the fixed model does.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "check/random_positions.hpp"
#include "core/reference.hpp"
#include "eval/default_weights.hpp"
#include "eval/pattern.hpp"
#include "eval/probcut.hpp"
#include "search/levels.hpp"
#include "search/presets.hpp"
#include "search/solver.hpp"
#include "search_support.hpp"
#include "train/fit.hpp"
#include "train/games.hpp"
#include "train/probcut.hpp"

namespace rb::train {
namespace {

constexpr bool kDeep = RB_TEST_SCALE > 0;

TEST(ProbCut, BoundsAreTheLeastShallowScoresThatPredictTheWindowWithTheMargin) {
  std::mt19937_64 rng(11);
  std::uniform_int_distribution<int> intercept(-200, 200), slope(100, 10000), sigma(0, 400),
      window(-1000, 1000);
  for (int i = 0; i < 2000; ++i) {
    const ProbCutRow row{5, 0, 60, intercept(rng), slope(rng), sigma(rng)};
    const ProbCutModel model({row});
    const long m = 3 * row.sigma / 2;  // kProbCutT spreads, in whole units
    // The prediction less (plus) the margin, times kProbCutSlopeScale.
    auto above = [&](long v, long beta) {
      return 1000L * (row.intercept - m - beta) + long{row.slope} * v >= 0;
    };
    auto below = [&](long v, long alpha) {
      return 1000L * (row.intercept + m - alpha) + long{row.slope} * v <= 0;
    };
    const int beta = window(rng);
    const int high = model.high_bound(beta, 5, 30);
    EXPECT_TRUE(above(high, beta) && !above(high - 1, beta))
        << "high " << high << " beta " << beta << " slope " << row.slope;
    const int low = model.low_bound(beta, 5, 30);
    EXPECT_TRUE(below(low, beta) && !below(low + 1, beta))
        << "low " << low << " alpha " << beta << " slope " << row.slope;
  }
}

TEST(ProbCut, TheFixedModelIsSlopeOneInterceptZeroSigmaThreeDiscs) {
  const ProbCutModel spelled({{3, 0, 60, 0, kProbCutSlopeScale, 3 * kEvalScale}});
  EXPECT_FALSE(kFixedProbCutModel.calibrated());
  EXPECT_TRUE(spelled.calibrated());
  for (int depth = 3; depth <= 40; ++depth) {
    for (int empties = 0; empties <= 60; ++empties) {
      for (int w : {-900, -17, 0, 5, 640}) {
        ASSERT_EQ(kFixedProbCutModel.high_bound(w, depth, empties),
                  spelled.high_bound(w, depth, empties));
        ASSERT_EQ(kFixedProbCutModel.low_bound(w, depth, empties),
                  spelled.low_bound(w, depth, empties));
      }
    }
  }
}

TEST(ProbCut, EachDepthAndEmptiesCountTakesItsRowElseTheNearest) {
  // sigma names the row.
  const ProbCutModel model({{4, 10, 19, 0, 1000, 1},
                            {4, 20, 29, 0, 1000, 2},
                            {6, 10, 19, 0, 1000, 3},
                            {6, 20, 29, 0, 1000, 4},
                            {8, 20, 29, 0, 1000, 5}});
  auto row = [&](int depth, int empties) { return model.at(depth, empties).sigma; };
  EXPECT_EQ(row(4, 15), 1);
  EXPECT_EQ(row(6, 25), 4);
  EXPECT_EQ(row(8, 29), 5);
  EXPECT_EQ(row(3, 12), 1);   // below the shallowest row: the next deeper
  EXPECT_EQ(row(5, 15), 1);   // between two depths: the shallower
  EXPECT_EQ(row(12, 15), 3);  // deeper than every row at 10-19: its deepest
  EXPECT_EQ(row(12, 22), 5);
  EXPECT_EQ(row(8, 12), 3);  // no depth-8 row at 10-19: the nearest depth's
  EXPECT_EQ(row(6, 40), 4);  // no range holds 40: the nearest range
  EXPECT_EQ(row(6, 2), 3);
}

TEST(ProbCut, TheFitFindsTheLineAndTheSpreadOfTheScores) {
  // v_d = 8 + 1.1 v_s + e, e normal of spread 40 units (2.5 discs), for
  // every depth pair, at 20-27 empties; nothing at 28-35.
  std::mt19937_64 rng(5);
  std::normal_distribution<double> shallow(0, 150), error(0, 40);
  std::vector<DepthScores> scores;
  for (int i = 0; i < 20000; ++i) {
    DepthScores p;
    p.empties = 20 + i % 8;
    p.scores.assign(10, 0);
    const double x = shallow(rng);
    for (int d = 1; d <= 10; ++d) p.scores[static_cast<std::size_t>(d - 1)] = int(std::lround(x));
    for (int d = 3; d <= 10; ++d) {
      const int s = probcut_shallow_depth(d);
      p.scores[static_cast<std::size_t>(d - 1)] =
          int(std::lround(8 + 1.1 * p.scores[static_cast<std::size_t>(s - 1)] + error(rng)));
    }
    scores.push_back(p);
  }
  ProbCutConfig config;
  config.min_empties = 20;
  config.max_empties = 35;
  config.range_width = 8;
  config.max_depth = 10;
  const ProbCutFit fit = fit_probcut(scores, config);
  ASSERT_EQ(fit.rows.size(), 8u);  // depths 3..10 at 20-27; no positions at 28-35
  for (std::size_t i = 0; i < fit.rows.size(); ++i) {
    const ProbCutRow& r = fit.rows[i];
    EXPECT_EQ(r.depth, 3 + static_cast<int>(i));
    EXPECT_EQ(r.min_empties, 20);
    EXPECT_EQ(r.max_empties, 27);
    EXPECT_EQ(fit.counts[i], 20000);
    EXPECT_NEAR(r.intercept, 8, 2);
    EXPECT_NEAR(r.slope, 1100, 10);
    EXPECT_NEAR(r.sigma, 40, 2);
  }
}

// A corpus of random games, each twice in a row (as a played corpus
// repeats its openings), their positions of 30 empties down to 12.
Corpus random_corpus(int games, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Corpus corpus;
  for (int g = 0; g < games; ++g) {
    std::vector<Sample>& game = corpus.games.emplace_back();
    ReferenceBoard board(Position::start());
    for (int ply = 0; ply < 48 && board.position().empties() > 12; ++ply) {
      Bitboard moves = board.legal_moves();
      if (moves == 0) {
        if (ReferenceBoard(board.position().passed()).legal_moves() == 0) break;
        board = ReferenceBoard(board.position().passed());
        moves = board.legal_moves();
      }
      std::uniform_int_distribution<int> pick(0, popcount(moves) - 1);
      for (int k = pick(rng); k > 0; --k) moves &= moves - 1;
      board.play(first_square(moves));
      const Position p = board.position();
      if (p.empties() <= 30) game.push_back({p.player, p.opponent, p.empties(), p.side});
    }
    const std::vector<Sample> again = game;
    corpus.games.push_back(again);
  }
  return corpus;
}

TEST(ProbCut, TheScoresAreTheLabelSearchsValueAtEveryDepth) {
  const PatternEval eval(default_pattern_weights());
  ProbCutConfig config;
  config.max_depth = kDeep ? 5 : 3;
  const Corpus corpus = random_corpus(kDeep ? 4 : 1, 3);
  config.positions = 1000;  // every one
  const auto scores = probcut_scores(corpus, eval, config);
  // probcut_scores takes the fitted games' samples in order, every
  // stride-th: the same walk here.
  std::vector<const Sample*> eligible;
  for (std::size_t g = 0; g < corpus.games.size(); ++g) {
    if (g % 10 == 9) continue;
    for (const Sample& s : corpus.games[g]) {
      const Position p{s.player, s.opponent, s.side};
      const bool over =
          ReferenceBoard(p).legal_moves() == 0 && ReferenceBoard(p.passed()).legal_moves() == 0;
      if (s.empties >= config.min_empties && s.empties <= config.max_empties && !over) {
        eligible.push_back(&s);
      }
    }
  }
  ASSERT_GT(eligible.size(), kDeep ? 100u : 20u);
  ASSERT_EQ(scores.size(), eligible.size());  // fewer than config.positions: every one
  const std::size_t stride = 1;
  for (std::size_t i = 0; i < scores.size(); ++i) {
    const Sample& s = *eligible[i * stride];
    ASSERT_EQ(scores[i].empties, s.empties);
    const int depths = std::min(config.max_depth, s.empties - 1);
    ASSERT_EQ(static_cast<int>(scores[i].scores.size()), depths);
    for (int d = 1; d <= depths; ++d) {
      EXPECT_EQ(scores[i].scores[static_cast<std::size_t>(d - 1)],
                label_search(s.player, s.opponent, d, -(1 << 20), 1 << 20, eval))
          << "position " << i << ", depth " << d;
    }
  }
  config.threads = 3;
  const auto threaded = probcut_scores(corpus, eval, config);
  ASSERT_EQ(threaded.size(), scores.size());
  for (std::size_t i = 0; i < scores.size(); ++i) EXPECT_EQ(threaded[i].scores, scores[i].scores);
}

TEST(ProbCut, RowsThatSpellTheFixedModelSearchAsItDoes) {
  PatternWeights weights = default_pattern_weights();
  weights.probcut.clear();
  const PatternEval fixed(weights);
  for (int d = 3; d <= 12; ++d) weights.probcut.push_back({d, 0, 60, 0, 1000, 3 * kEvalScale});
  const PatternEval spelled(weights);
  weights.probcut = {{3, 0, 60, 0, 1000, kEvalScale}};  // 1 disc: prunes more
  const PatternEval narrow(weights);
  ASSERT_TRUE(preset(kBestPreset).options.selective);
  ThinkLimits limits;
  limits.level = Level{0, kDeep ? 8 : 5, 0, 0};
  std::mt19937_64 rng(9);
  int differ = 0;
  for (int i = 0; i < (kDeep ? 12 : 3); ++i) {
    const Position p = random_reachable(rng, 20 + 3 * i % 24);
    auto run = [&](const PatternEval& eval) {
      return trainer_session(kBestPreset, &eval).think(p, limits, Tables::clear);
    };
    const ThinkResult a = run(fixed), b = run(spelled), c = run(narrow);
    EXPECT_EQ(a.nodes, b.nodes) << "position " << i;
    EXPECT_EQ(a.best.score, b.best.score);
    EXPECT_EQ(a.best.move, b.best.move);
    differ += c.nodes != a.nodes;
  }
  EXPECT_GT(differ, 0) << "a model of 1 disc searched as the fixed one everywhere";
}

}  // namespace
}  // namespace rb::train
