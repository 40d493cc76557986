// The end of the game for the solver, over the nodes of core/node.hpp: the
// one rule for a side with no move (pass, or the game is over), and the
// score of a node with one empty square read from its flips alone.
#pragma once

#include "core/node.hpp"
#include "core/rules.hpp"
#include "core/square.hpp"

namespace rb {

// The score for the side to move of a node where it has no move: when the
// opponent has one, the side passes and the score is minus
// after_pass(passed node); otherwise the game is over and the final score
// counts `empties` empty squares for the winner. The only place the solver
// applies this rule.
template <class N, class AfterPass>
int score_without_move(NodeArg<N> node, int empties, AfterPass&& after_pass) {
  if (node.opponent_moves() == 0) return final_score(node.disc_difference(), empties);
  int score = 0;
  node.pass([&](NodeArg<N> passed) { score = -after_pass(passed); });
  return score;
}

// The exact score of a node whose one empty square is s, without playing it:
// the side to move plays s if it flips `mine` > 0 discs (one disc placed,
// `mine` turned: the difference grows by 2 * mine + 1); otherwise the
// opponent plays it if it flips `theirs` > 0; otherwise the game ends with s
// empty.
template <class N>
int last_empty_score(NodeArg<N> node, Square s) {
  const int diff = node.disc_difference();
  if (const int mine = popcount(node.flips(s))) return diff + 2 * mine + 1;
  if (const int theirs = popcount(node.opponent_flips(s))) return diff - 2 * theirs - 1;
  return final_score(diff, 1);
}

}  // namespace rb
