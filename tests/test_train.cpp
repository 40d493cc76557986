// The trainer's label searches (train/fit.hpp): midgame_label(), the
// playing search's midgame without ProbCut that --search-labels runs, gives
// exactly the value of label_search(), the plain alpha-beta that defines a
// label, on positions of random games at every stage, for the shipped
// weights and for random ones, with tables kept from one position to the
// next as search_label() keeps them (every search ending at the same
// empties count) and with fresh ones; and search_label() gives the same
// labels on one thread and on three. Also the samples and errors of
// eval-error.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "check/random_positions.hpp"
#include "eval/default_weights.hpp"
#include "eval/pattern.hpp"
#include "search/transposition.hpp"
#include "search_support.hpp"
#include "train/corpus.hpp"
#include "train/fit.hpp"

namespace rb::train {
namespace {

using rb::testing::random_weights;

constexpr bool kDeep = RB_TEST_SCALE > 0;

// Positions of random games with `empties` empties (a game that ends
// sooner gives its last position: a game over is labelled too).
std::vector<Position> positions_at(int empties, int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Position> out;
  for (int i = 0; i < count; ++i) out.push_back(random_reachable(rng, 60 - empties));
  return out;
}

// Every position of `positions` searched to `horizon` empties both ways,
// the fast search's tables kept across the positions.
void expect_same_labels(const PatternWeights& weights, const std::vector<Position>& positions,
                        int horizon) {
  const PatternEval eval(weights);
  SearchSession kept = label_session(eval, 1);
  for (const Position& p : positions) {
    const int depth = p.empties() - horizon;
    if (depth < 1) continue;
    const int expected = label_search(p.player, p.opponent, depth, -(1 << 20), 1 << 20, eval);
    EXPECT_EQ(midgame_label(p, depth, kept), expected)
        << "depth " << depth << " from " << p.empties() << " empties";
    SearchSession fresh = kept.worker();
    EXPECT_EQ(midgame_label(p, depth, fresh), expected);
  }
}

TEST(Train, MidgameLabelIsTheLabelSearchValue) {
  const PatternWeights shipped = default_pattern_weights();
  const PatternWeights random = random_weights(7);
  const int count = kDeep ? 16 : 2;
  // The stages' label searches: 8 plies at most (a stage 8 wide searched down
  // to the top of the stage below), from the midgame down to the endgame.
  // Random weights order the moves badly: the plain search takes them to 5
  // plies.
  for (const auto& [empties, horizon] :
       {std::pair{20, 15}, std::pair{23, 15}, std::pair{31, 23}, std::pair{27, 23},
        std::pair{39, 31}, std::pair{50, 47}, std::pair{12, 7}}) {
    const auto positions = positions_at(empties, count, 100 + static_cast<std::uint64_t>(empties));
    expect_same_labels(shipped, positions, horizon);
    if (empties - horizon <= 5) expect_same_labels(random, positions, horizon);
  }
}

TEST(Train, SearchLabelIsTheSameOnAnyThreads) {
  const PatternWeights below = default_pattern_weights();
  std::vector<Sample> samples, held_out;
  for (const Position& p : positions_at(22, kDeep ? 300 : 12, 5)) {
    if (p.empties() < 16 || p.empties() > 23) continue;
    (samples.size() % 4 == 3 ? held_out : samples)
        .push_back({p.player, p.opponent, p.empties(), p.side});
  }
  auto one = samples, one_held = held_out, three = samples, three_held = held_out;
  EXPECT_EQ(search_label(one, one_held, below, 16, 23, 14, 1),
            static_cast<int>(samples.size() + held_out.size()));
  search_label(three, three_held, below, 16, 23, 14, 3);
  const PatternEval eval(below);
  for (std::size_t i = 0; i < samples.size(); ++i) {
    EXPECT_EQ(one[i].label, three[i].label);
    EXPECT_EQ(one[i].label * kEvalScale,
              label_search(samples[i].player, samples[i].opponent, samples[i].empties - 15,
                           -(1 << 20), 1 << 20, eval));
  }
  for (std::size_t i = 0; i < held_out.size(); ++i) {
    EXPECT_EQ(one_held[i].label, three_held[i].label);
  }
}

// eval-error's samples (train/corpus.hpp): the held-out games' (g % 10 ==
// 9) or every game's, at or below the corpus's exact empties, in order, each
// with its label and evaluation; their errors per empties count are the
// root mean square and mean of evaluation - label, recomputed here.
TEST(Train, EvalSamplesAreTheExactLabelsOfTheGamesMeasured) {
  Corpus corpus;
  corpus.config.exact_empties = 12;
  std::mt19937_64 rng(3);
  for (int g = 0; g < 25; ++g) {
    std::vector<Sample> game;
    for (int empties = 16; empties >= 8; --empties) {
      const Position p = random_reachable(rng, 60 - empties);
      game.push_back({p.player, p.opponent, p.empties(), p.side,
                      static_cast<double>(2 * (g % 7) - 6 + empties % 3)});
    }
    corpus.games.push_back(std::move(game));
  }
  const PatternEval eval(default_pattern_weights());
  for (const bool every : {false, true}) {
    const auto samples = eval_samples(corpus, eval, every);
    std::size_t i = 0;
    std::vector<double> sq(61), sum(61);
    std::vector<int> n(61);
    for (std::size_t g = 0; g < corpus.games.size(); ++g) {
      if (!every && g % 10 != 9) continue;
      for (const Sample& s : corpus.games[g]) {
        if (s.empties > 12) continue;
        ASSERT_LT(i, samples.size());
        EXPECT_EQ(samples[i].game, static_cast<int>(g));
        EXPECT_EQ(samples[i].empties, s.empties);
        EXPECT_EQ(samples[i].label, s.label);
        const double e = eval.eval(s.player, s.opponent) / double{kEvalScale};
        EXPECT_EQ(samples[i].evaluation, e);
        sq[static_cast<std::size_t>(s.empties)] += (e - s.label) * (e - s.label);
        sum[static_cast<std::size_t>(s.empties)] += e - s.label;
        ++n[static_cast<std::size_t>(s.empties)];
        ++i;
      }
    }
    EXPECT_EQ(i, samples.size());
    EXPECT_EQ(samples.size(), every ? 25u * 5 : 2u * 5);
    const auto rows = eval_errors(samples);
    ASSERT_EQ(rows.size(), 5u);
    for (const EvalError& r : rows) {
      const auto e = static_cast<std::size_t>(r.empties);
      EXPECT_EQ(r.samples, n[e]);
      EXPECT_NEAR(r.rms, std::sqrt(sq[e] / n[e]), 1e-12);
      EXPECT_NEAR(r.mean, sum[e] / n[e], 1e-12);
    }
    EXPECT_EQ(rows.front().empties, 8);
    EXPECT_EQ(rows.back().empties, 12);
  }
}

}  // namespace
}  // namespace rb::train
