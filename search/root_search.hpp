// The root: its exact search with the options' algorithm, either one search
// with the full window or (SolveOptions::mtd) a series of null-window tests
// from an estimated score (MTD(f)); and the full-window score of any node
// (score_all_moves' root children). docs/solver.md gives the measurements.
#pragma once

#include <algorithm>
#include <cmath>

#include "search/searcher.hpp"

namespace rb::solver_detail {

// The root's exact score (the main thread; in the exact mode).
template <Board B, MoveGen G>
int Searcher<B, G>::root_score(Node& root, int empties, unsigned parity) {
  switch (options_.algo) {
    case Algo::minimax:
      return root_score_with<ExactMode, Algo::minimax>(root, empties, parity);
    case Algo::alphabeta:
      return root_score_with<ExactMode, Algo::alphabeta>(root, empties, parity);
    case Algo::pvs:
      break;
  }
  return root_score_with<ExactMode, Algo::pvs>(root, empties, parity);
}

// The root's score in mode M with algorithm A: by null-window tests with
// SolveOptions::mtd (not with wld, whose window (-1, 1) is already one
// test), else one search with the full window ((-1, 1) with wld).
template <Board B, MoveGen G>
template <class M, Algo A>
int Searcher<B, G>::root_score_with(Node& root, int empties, unsigned parity) {
  if constexpr (A != Algo::minimax) {
    if (options_.mtd && !options_.wld) return mtd<M, A>(root, empties, parity);
  }
  const int v = search<M, A, true>(root, options_.wld ? -1 : -kInfinity,
                                   options_.wld ? 1 : kInfinity, empties, parity);
  if (!aborted_) ++root_searches_;
  return v;
}

// A node's exact score with the full window ((-1, 1) with wld), searched as
// an inner node (no root tests).
template <Board B, MoveGen G>
int Searcher<B, G>::full_window_score(Node& node, int empties, unsigned parity) {
  const int alpha = options_.wld ? -1 : -kInfinity;
  const int beta = options_.wld ? 1 : kInfinity;
  switch (options_.algo) {
    case Algo::minimax:
      return search<ExactMode, Algo::minimax, false>(node, alpha, beta, empties, parity);
    case Algo::alphabeta:
      return search<ExactMode, Algo::alphabeta, false>(node, alpha, beta, empties, parity);
    case Algo::pvs:
      break;
  }
  return search<ExactMode, Algo::pvs, false>(node, alpha, beta, empties, parity);
}

// MTD(f): null-window tests of the root, the first at the estimate, each
// next one at the bound the last returned, until one does not fail. The
// score is even (every final score is), so the window (g - 1, g + 1) holds g
// alone: a fail-soft result inside it is the score, and one outside is a
// bound beyond g (fail low: the score is at most it; fail high: at least
// it). Each test narrows [lower, upper], so they end. The root's move comes
// from the last test, whose window holds the score.
template <Board B, MoveGen G>
template <class M, Algo A>
int Searcher<B, G>::mtd(Node& root, int empties, unsigned parity) {
  int guess = root_guess_ = estimated_score(root);
  [[maybe_unused]] int lower = -64, upper = 64;  // the score lies in [lower, upper]
  for (;;) {
    const int v = search<M, A, true>(root, guess - 1, guess + 1, empties, parity);
    if (aborted_) return v;
    ++root_searches_;
    if (v == guess) return v;
    // The selective pass's tests may contradict each other (its prunes
    // depend on the window); it stops at the first that does.
    if (M::kSelective && (v < lower || v > upper)) return v;
    (v < guess ? upper : lower) = v;
    assert(v % 2 == 0 && lower <= upper);
    guess = v;
  }
}

// The estimated score of the root: the selective pass's last score, else
// the mean of the pre-search's last two finished iterations (their scores
// differ most between odd and even depths: on FForum #20-#39 the mean made
// SolveOptions::mtd's tests 0.86 of the full window's nodes, the last
// iteration alone 0.92), its only one, or without any the root's
// evaluation; rounded to the nearest even score.
template <Board B, MoveGen G>
int Searcher<B, G>::estimated_score(Node& root) const {
  if (selective_score_) return *selective_score_;
  const int units = presearch_iterations_ >= 2   ? (presearch_last_ + presearch_previous_) / 2
                    : presearch_iterations_ == 1 ? presearch_last_
                                                 : evaluate(root);
  const long even = 2 * std::lround(units / (2.0 * kEvalScale));
  return static_cast<int>(std::clamp(even, -64L, 64L));
}

}  // namespace rb::solver_detail
