// The playing search's midgame (search/think.hpp): the solver's recursive
// search in MidgameMode, a depth-limited PVS with the evaluation at its
// horizon, on the solver's move loop, threads and nodes. What it adds to
// the pre-search's way of evaluating (search/presearch.hpp):
//
// - A table of its own (MidgameTable, search/transposition.hpp) whose
//   entries hold bounds of a score searched to a depth: a bound searched at
//   least as deep as the node needs ends the node or narrows its window, as
//   in the exact search; any entry gives its move first.
// - Moves ordered by the evaluation: at a node kOrderByEvalDepth plies or
//   more above the horizon, by a shallow search of each child with the
//   evaluation (Order::shallow, search/ordering.hpp), deeper the further the
//   horizon (midgame_order_depth); nearer the horizon by the mobility order.
// - ProbCut (Buro's selective search), with SolveOptions::selective (as in
//   the exact solver's selective pass): at a node kProbCutDepth plies or more
//   above the horizon, a null-window search d' plies deep (d' the
//   depth's quarter times two, plus its parity: d = 8 gives 4, d = 9 gives
//   5) predicts the d-ply score; beyond the window by kProbCutT spreads of
//   the prediction, the node returns the bound. The prediction and its
//   spread are the evaluation's calibration per depth and empties count
//   (eval/probcut.hpp, fitted by `reversi-bench fit-probcut`), or the fixed
//   model for weights without one.
//
// Scores are in kEvalScale units; a game that ends inside the horizon
// scores its exact result.
#pragma once

#include <algorithm>

#include "search/searcher.hpp"

namespace rb::solver_detail {

// Plies above the horizon from which the moves are ordered by a shallow
// search with the evaluation, and from which ProbCut is tried.
inline constexpr int kOrderByEvalDepth = 5;
inline constexpr int kProbCutDepth = 3;
// The open end of a midgame table bound (kEvalScale units, in 16 bits).
inline constexpr int kTableOpen = 32000;

// The shallow search's depth of the evaluation order at a node `depth`
// plies above the horizon.
constexpr int midgame_order_depth(int depth) { return depth >= 10 ? 2 : depth >= 6 ? 1 : 0; }

// One midgame iteration `depth` plies deep (depth < empties); its score in
// kEvalScale units, or nothing when it was stopped. The best move is then
// root_move().
template <Board B, MoveGen G>
std::optional<int> Searcher<B, G>::midgame_iteration(Node& root, int empties, unsigned parity,
                                                     int depth) {
  horizon_ = empties - depth;
  const int v =
      search<MidgameMode, Algo::pvs, true>(root, -kEvalWindow, kEvalWindow, empties, parity);
  horizon_ = -1;
  if (aborted_) return std::nullopt;
  return v;
}

// A node of the midgame (search() in MidgameMode comes here).
template <Board B, MoveGen G>
template <bool Root>
int Searcher<B, G>::midgame(Node& node, int alpha, int beta, int empties, unsigned parity) {
  ++nodes_;
  if (nodes_ >= next_poll_) poll_stop<MidgameMode>();
  if (aborted_) return 0;
  const int depth = empties - horizon_;
  if (depth <= 0) return evaluate(node);
  if (empties == 0) return kEvalScale * node.disc_difference();

  const bool use_table = midgame_table_ && midgame_table_->enabled();
  Position key;
  Square first = kNoSquare;
  if (use_table) {
    key = node.position();
    MidgameEntry e;
    if (midgame_table_->probe(key.player, key.opponent, e, pool_ != nullptr)) {
      if (!Root && e.depth >= depth) {
        if (e.lower >= beta) return e.lower;
        if (e.upper <= alpha) return e.upper;
        if (e.lower == e.upper) return e.lower;
        alpha = std::max(alpha, static_cast<int>(e.lower));
        beta = std::min(beta, static_cast<int>(e.upper));
      }
      if (e.move < 64) first = e.move;
    }
  }
  if constexpr (!Root) {
    if (options_.selective && depth >= kProbCutDepth) {
      if (const auto cut = midgame_probcut(node, alpha, beta, empties, parity)) return *cut;
    }
  }

  const int alpha0 = alpha;
  int best = -kEvalInfinity;
  Square best_move = kNoSquare;
  const int searched = search_moves<MidgameMode, Algo::pvs>(node, alpha, beta, empties, parity,
                                                            first, best, best_move);
  if (aborted_) return 0;
  if (searched == 0) {
    bool passed = false;
    best = score_without_move<Node>(node, empties, [&](Node& p) {
      passed = true;
      return midgame<false>(p, -beta, -alpha, empties, parity);
    });
    if (aborted_) return 0;
    if (!passed) {  // the game is over
      if constexpr (Root) root_move_ = kNoSquare;
      return kEvalScale * best;
    }
    best_move = kPass;
  }
  if constexpr (Root) root_move_ = best_move;
  if (use_table) {
    const bool shared = pool_ != nullptr;
    // The table's bounds are 16 bits; a score is at most 64 discs (or an
    // evaluation of that order), an open end is +-kTableOpen.
    constexpr int lo = -kTableOpen;
    constexpr int hi = kTableOpen;
    best = std::clamp(best, lo, hi);
    if (best > alpha0 && best < beta) {
      midgame_table_->store(key.player, key.opponent, depth, best, best, best_move, true, shared);
    } else if (best >= beta) {
      midgame_table_->store(key.player, key.opponent, depth, best, hi, best_move, true, shared);
    } else {
      midgame_table_->store(key.player, key.opponent, depth, lo, best, best_move, false, shared);
    }
  }
  return best;
}

// ProbCut at a midgame node: beta (alpha) when a null-window search
// probcut_shallow_depth() plies deep clears the model's bound above beta
// (falls below its bound under alpha), else nothing (any int is a midgame
// score: no sentinel). The shallow search is this search with a nearer
// horizon; the model is the evaluation's calibration (eval/probcut.hpp).
template <Board B, MoveGen G>
std::optional<int> Searcher<B, G>::midgame_probcut(Node& node, int alpha, int beta, int empties,
                                                   unsigned parity) {
  const int outer = horizon_;
  const int depth = empties - outer;
  const ProbCutModel& model = options_.eval == EvalKind::pattern && options_.pattern
                                  ? options_.pattern->probcut()
                                  : kFixedProbCutModel;
  std::optional<int> cut;
  horizon_ = empties - probcut_shallow_depth(depth);
  if (const int bound = model.high_bound(beta, depth, empties); bound < kEvalWindow) {
    if (midgame<false>(node, bound - 1, bound, empties, parity) >= bound && !aborted_) cut = beta;
  }
  if (const int bound = model.low_bound(alpha, depth, empties);
      !cut && bound > -kEvalWindow && !aborted_) {
    if (midgame<false>(node, bound, bound + 1, empties, parity) <= bound && !aborted_) {
      cut = alpha;
    }
  }
  horizon_ = outer;
  return aborted_ ? std::optional<int>(0) : cut;
}

}  // namespace rb::solver_detail
