// ProbCut calibrated from data (`reversi-bench fit-probcut`): the model of
// eval/probcut.hpp fitted for one set of weights on the positions of a
// corpus (train/corpus.hpp).
//
// 1. Positions: the samples of the corpus's fitted games (g % 10 != 9:
//    train-eval holds the others out) with min_empties..max_empties
//    empties (and moves left), every stride-th in corpus order, the stride
//    chosen so that about `positions` of them are taken.
// 2. Scores: each position searched by the playing search's midgame
//    (search/think.hpp) with the weights, without ProbCut, by iterative
//    deepening to max_depth plies (fewer than its empties), its tables
//    cleared first: the score of every depth 1..max_depth, each the value
//    of a depth-limited search whatever the order (train/fit.hpp:
//    midgame_label), so the rows do not depend on the thread count.
// 3. The fit: per depth d (min_depth..max_depth) and empties range (of
//    range_width, from min_empties), the least-squares line of the d-ply
//    score on the probcut_shallow_depth(d)-ply one over the positions with
//    more than d empties: intercept, slope and the residuals' spread
//    (n - 2 degrees of freedom). A pair with fewer than min_samples
//    positions gets no row (the model then borrows its neighbours').
#pragma once

#include <string>
#include <vector>

#include "eval/pattern.hpp"
#include "train/corpus.hpp"

namespace rb::train {

struct ProbCutConfig {
  int positions = 2000;
  int min_empties = 12;
  int max_empties = 59;
  int range_width = 8;
  int min_depth = 3;
  int max_depth = 10;
  int min_samples = 30;
  int threads = 1;
};

// One position's midgame scores: scores[d - 1] the d-ply one, kEvalScale
// units.
struct DepthScores {
  int empties = 0;
  std::vector<int> scores;
};

// Steps 1 and 2.
std::vector<DepthScores> probcut_scores(const Corpus& corpus, const PatternEval& eval,
                                        const ProbCutConfig& config);

// Step 3, with each row's sample count beside it (rows[i] has counts[i]).
struct ProbCutFit {
  std::vector<ProbCutRow> rows;
  std::vector<int> counts;
};
ProbCutFit fit_probcut(const std::vector<DepthScores>& scores, const ProbCutConfig& config);

}  // namespace rb::train
