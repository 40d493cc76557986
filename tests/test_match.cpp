// A match's tally (run/match.hpp): each pair's pentanomial index and the
// win, draw, loss and fault counts, against the scoring rules written here
// (a game won is 1 point, drawn 1/2, lost 0; a fault loses the game for the
// engine at fault), over every combination of two games' outcomes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <utility>

#include "run/match.hpp"
#include "run/match_stats.hpp"

namespace rb {
namespace {

// An outcome of one game for engine A: 0 a loss, 1 a draw, 2 a win, by the
// board; 3 a loss by A's fault, 4 a win by B's fault.
GameRecord game(int game_index, int outcome) {
  GameRecord g;
  g.game = game_index;
  g.black = game_index;  // A (engine 0) is black in game 0, white in game 1
  g.white = 1 - game_index;
  const bool a_black = g.black == 0;
  switch (outcome) {
    case 0:
    case 2: {
      const bool a_wins = outcome == 2;
      g.result = a_wins == a_black ? 12 : -12;  // black's discs minus white's
      break;
    }
    case 1:
      g.result = 0;
      break;
    default:
      g.end = GameRecord::End::fault;
      g.faulty = outcome == 3 ? 0 : 1;
  }
  return g;
}

// A's points in halves for an outcome, by the rules.
int halves(int outcome) {
  switch (outcome) {
    case 0:
    case 3:
      return 0;
    case 1:
      return 1;
    default:
      return 2;
  }
}

TEST(MatchTally, EveryPairOfOutcomesCountsAsTheRulesSay) {
  for (int first = 0; first < 5; ++first) {
    for (int second = 0; second < 5; ++second) {
      PairRecord pair;
      pair.games[0] = game(0, first);
      pair.games[1] = game(1, second);
      const int expected = halves(first) + halves(second);
      EXPECT_EQ(pair.penta_index(), expected) << first << " " << second;
      MatchProgress progress;
      count_pair(progress, pair, std::nullopt);
      for (int k = 0; k < 5; ++k) {
        EXPECT_EQ(progress.counts.n[static_cast<std::size_t>(k)], k == expected ? 1u : 0u)
            << first << " " << second << " index " << k;
      }
      int wins = 0, draws = 0, losses = 0, a_faults = 0, b_faults = 0;
      for (int outcome : {first, second}) {
        wins += halves(outcome) == 2;
        draws += halves(outcome) == 1;
        losses += halves(outcome) == 0;
        a_faults += outcome == 3;
        b_faults += outcome == 4;
      }
      EXPECT_EQ(progress.wins, wins);
      EXPECT_EQ(progress.draws, draws);
      EXPECT_EQ(progress.losses, losses);
      EXPECT_EQ(progress.faults[0], a_faults);
      EXPECT_EQ(progress.faults[1], b_faults);
    }
  }
}

TEST(MatchTally, PairsAddUpAndTheSprtSeesThem) {
  MatchProgress progress;
  const SprtSettings sprt{0, 100, 0.05, 0.05};
  for (int i = 0; i < 5; ++i) {
    PairRecord pair;
    pair.games[0] = game(0, i % 3);
    pair.games[1] = game(1, (i + 1) % 3);
    count_pair(progress, pair, sprt);
  }
  EXPECT_EQ(progress.counts.pairs(), 5u);
  ASSERT_TRUE(progress.sprt.has_value());
}

// Wald's bounds with alpha and beta apart (a swap of the two moves both
// bounds): ln(beta / (1 - alpha)) below, ln((1 - beta) / alpha) above.
TEST(Sprt, WaldBoundsWithAlphaAndBetaApart) {
  const Pentanomial counts{{10, 20, 30, 25, 15}};
  for (const auto& [alpha, beta] :
       {std::pair{0.01, 0.2}, std::pair{0.2, 0.01}, std::pair{0.05, 0.1}}) {
    const SprtState s = sprt(counts, {0, 5, alpha, beta});
    EXPECT_NEAR(s.lower, std::log(beta / (1 - alpha)), 1e-12) << alpha << " " << beta;
    EXPECT_NEAR(s.upper, std::log((1 - beta) / alpha), 1e-12) << alpha << " " << beta;
  }
}

// The LLR does not depend on alpha and beta; the verdict is the side of
// Wald's bounds it is on: with alpha and beta chosen so that only one bound
// is crossed, H1 for one choice and H0 for the mirrored one.
TEST(Sprt, VerdictFollowsTheAsymmetricBounds) {
  const Pentanomial counts{{1, 2, 6, 8, 5}};  // A stronger, on few pairs
  const double llr = sprt(counts, {0, 50, 0.05, 0.05}).llr;
  ASSERT_GT(llr, 0);
  EXPECT_DOUBLE_EQ(sprt(counts, {0, 50, 0.4, 0.4}).llr, llr);
  // alpha so large that the upper bound ln((1 - beta) / alpha) is below the
  // LLR: H1; the same numbers swapped put it far above: not H1.
  const double alpha = std::min(0.9, 1.01 / std::exp(llr));
  const double beta = 1e-3;
  const SprtState wide = sprt(counts, {0, 50, alpha, beta});
  ASSERT_LT(std::log((1 - beta) / alpha), llr);
  EXPECT_EQ(wide.verdict, SprtVerdict::h1);
  const SprtState swapped = sprt(counts, {0, 50, beta, alpha});
  ASSERT_GT(std::log((1 - alpha) / beta), llr);
  EXPECT_NE(swapped.verdict, SprtVerdict::h1);
}

}  // namespace
}  // namespace rb
