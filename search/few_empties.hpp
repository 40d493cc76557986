// The few-empties path (SolveOptions::few_empties): near the end of the
// game a node's subtree is smaller than a table lookup is worth, so a
// dedicated search takes over, with no table and no move ordering but the
// quadrant parity: the empty squares of odd quadrants first, then the
// others, each group in a1..h8 order. It runs on the two bitboards alone
// (BitsNode) for KernelBoard variants and on the board node otherwise.
// Entered from a node of the main search that has already been counted. On
// the bitboards, the last four empty squares are the unrolled functions of
// search/last_empties.hpp.
// PVS becomes alpha-beta here (at these depths nearly every window is
// already null); minimax stays minimax.
#pragma once

#include "search/last_empties.hpp"
#include "search/searcher.hpp"

namespace rb::solver_detail {

template <Board B, MoveGen G>
template <Algo A, class N>
int Searcher<B, G>::few(NodeArg<N> node, int alpha, int beta, int empties, unsigned parity) {
  if (empties == 0) return node.disc_difference();
  if constexpr (!N::kByValue) {
    if (empties == 1 && options_.last_empty) {
      return last_empty_score<N>(node, first_square(node.empty()));
    }
  } else {  // the two bitboards: the last four squares unrolled
    if (empties <= 4 && options_.last_empty) {
      return LastEmpties<B, A>::solve(node.player(), node.opponent(), alpha, beta, empties, parity,
                                      nodes_);
    }
  }
  int best = -kInfinity;
  const Bitboard empty = node.empty();
  const Bitboard odd = kQuadrantSquares[parity];
  for (Bitboard group : {empty & odd, empty & ~odd}) {
    for (; group; group &= group - 1) {
      const Square s = first_square(group);
      int v = 0;
      const bool legal = node.play(s, [&](NodeArg<N> child) {
        ++nodes_;
        v = -few<A, N>(child, -beta, -alpha, empties - 1, parity ^ quadrant_bit(s));
      });
      if (!legal || v <= best) continue;
      best = v;
      if (v > alpha) {
        alpha = v;
        if (A != Algo::minimax && alpha >= beta) return best;
      }
    }
  }
  if (best != -kInfinity) return best;
  return score_without_move<N>(node, empties, [&](NodeArg<N> passed) {
    ++nodes_;  // the pass
    return few<A, N>(passed, -beta, -alpha, empties, parity);
  });
}

}  // namespace rb::solver_detail
