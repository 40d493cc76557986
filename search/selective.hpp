// The selective pass (SolveOptions::selective): before the exact search,
// the root searched selective_levels times in SelectiveMode, the exact
// search pruned by ProbCut. At a node with at least selective_min_empties
// empties that the table did not end, a selective_depth search with the
// evaluation (a null window at the bound) decides: at least beta + m discs,
// the node returns beta; at most alpha - m, it returns alpha (m the level's
// margin, selective_margin + level * selective_step). Each level's table
// entries then keep their moves and forget the bounds that may be wrong:
// those of a node whose subtree made a ProbCut prune or used such a bound
// from the table (Searcher::guesses_). The next level and the exact search
// read only true bounds of the pass, so the exact score cannot depend on a
// prune; the last level's score is MTD(f)'s first estimate. Its positions
// are counted apart (its shallow searches with the ordering's).
#pragma once

#include <algorithm>
#include <cstdlib>

#include "search/searcher.hpp"

namespace rb::solver_detail {

// With MTD(f), a level whose margin reaches past an end of the score range
// from the estimate is not made: its null-window tests at the estimate, and
// every node's window below them, lie within the margin of +-64, where
// ProbCut is off, so it would be an exact search made twice (on 200 played
// positions of 20 empties, the 19 scoring 48 or more took 20.7 s with the
// pass and 8.6 s without: results/2026-11-27-eval-model). The margins grow
// with the levels, so the pass ends there. When no level is made, the
// pre-search's moves stay in the table.
template <Board B, MoveGen G>
void Searcher<B, G>::selective_pass(Node& root, int empties, unsigned parity) {
  const Work before = work();
  for (int level = 0; level < options_.selective_levels && !aborted_; ++level) {
    const int margin = options_.selective_margin + level * options_.selective_step;
    if (options_.mtd && std::abs(estimated_score(root)) + margin >= 64) break;
    // After a pre-search, the pass keeps its estimate, not its moves.
    if (level == 0 && options_.presearch) table_->clear();
    selective_margin_ = margin;
    const int v = options_.algo == Algo::alphabeta
                      ? root_score_with<SelectiveMode, Algo::alphabeta>(root, empties, parity)
                      : root_score_with<SelectiveMode, Algo::pvs>(root, empties, parity);
    table_->forget_bounds();  // also when stopped: the table may be the caller's
    if (aborted_) break;
    selective_score_ = v;
  }
  selective_margin_ = -1;
  set_apart(before, selective_nodes_);
  root_searches_ = 0;
}

// ProbCut: a bound beyond the window when the shallow search clears it by
// the level's margin, else kNoCut. The bound is the even score at or beyond
// beta (alpha), every final score being even, so that MTD(f)'s tests
// (window (g - 1, g + 1), g even) see even scores only.
template <Board B, MoveGen G>
int Searcher<B, G>::probcut(Node& node, int alpha, int beta, int empties) {
  const int depth = std::min(options_.selective_depth, empties - 1);
  // Whether the shallow score is at least `bound` (kEvalScale units).
  const auto at_least = [&](int bound) {
    return with_fastest_node(node, [&](NodeArg<FastNode> fast) {
      return ordering::with_evaluator(options_, [&](const auto& e) {
        return ordering::shallow_score<FastNode>(fast, depth, bound - 1, bound, e,
                                                 shallow_nodes_) >= bound;
      });
    });
  };
  // A window within the margin of an end of the score range is searched
  // without: a wipe-out's lines evaluate far below it and would be pruned
  // (FForum #59, a wipe-out at 34 empties: the pass found 58, and the exact
  // search following its moves took 233 M nodes).
  if (beta + selective_margin_ > 64 || alpha - selective_margin_ < -64) return kNoCut;
  if (beta < 64 && at_least((beta + selective_margin_) * kEvalScale)) return beta + (beta & 1);
  if (alpha > -64 && !at_least((alpha - selective_margin_) * kEvalScale + 1)) {
    return alpha - (alpha & 1);
  }
  return kNoCut;
}

}  // namespace rb::solver_detail
