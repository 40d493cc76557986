// Static evaluation: an estimate of a position's final disc difference for
// the side to move, read from the two bitboards alone (player, opponent).
// The solver never trusts it for a score: it only orders moves (the shallow
// searches of Order::shallow, search/ordering.hpp). Written once over the
// bitboards, so both node kinds of core/node.hpp use the same code.
//
// ClassicEval, an Evaluator (eval/evaluator.hpp) with fixed weights:
// mobility, corners and disc difference (the evaluation of the 18-empties
// claim). The learned one is PatternEval (eval/pattern.hpp).
#pragma once

#include "core/square.hpp"
#include "eval/evaluator.hpp"
#include "variants/common/shift_fill.hpp"

namespace rb {

// Mobility, corners and disc difference, for the side to move. Weights, in
// units of 1/16 disc:
// - mobility (own legal moves minus the opponent's): 8, half a disc per move.
//   Mobility is what decides a midgame and a late endgame alike: the side
//   with fewer moves is soon forced to give up corners or pass.
// - corners (own minus the opponent's): 48, three discs each. A corner can
//   never be flipped and anchors the edges next to it; it is worth several
//   moves of mobility, but not more than a large mobility lead.
// - discs (own minus the opponent's): 1, a sixteenth of a disc. The disc
//   count is what the game scores, but before the last moves having few
//   discs is, if anything, an advantage (fewer frontier discs, more moves):
//   it weighs little and mostly breaks ties.
// At ordering depth 1 (the children evaluated directly) this makes the
// order "fewest opponent replies and most own replies first, corners
// first", close to fastest-first.
struct ClassicEval {
  static constexpr int kMobility = 8;
  static constexpr int kCorner = 48;
  static constexpr int kDisc = 1;

  int eval(Bitboard player, Bitboard opponent) const {
    const int mobility = popcount(shift_legal_moves(player, opponent)) -
                         popcount(shift_legal_moves(opponent, player));
    const int corners = popcount(player & kCorners) - popcount(opponent & kCorners);
    const int discs = popcount(player) - popcount(opponent);
    return kMobility * mobility + kCorner * corners + kDisc * discs;
  }
};
static_assert(Evaluator<ClassicEval>);

}  // namespace rb
