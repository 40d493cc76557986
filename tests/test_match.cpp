// A match's tally (run/match.hpp): each pair's pentanomial index and the
// win, draw, loss and fault counts, against the scoring rules written here
// (a game won is 1 point, drawn 1/2, lost 0; a fault loses the game for the
// engine at fault), over every combination of two games' outcomes.
#include <gtest/gtest.h>

#include "run/match.hpp"

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

}  // namespace
}  // namespace rb
