// The pre-search: before the exact search of a position, a depth-limited
// search with an evaluator (search/eval.hpp) at its leaves, deepened one ply
// at a time, whose best moves are left in the transposition table for the
// exact search to try first (SolveOptions::presearch).
//
// Why. The exact search's node count depends above all on its move order
// near the root, where the subtrees are largest: on FForum #38 (24 empties,
// the best configuration), giving the exact search, at the nodes with at
// least 19 empties, the best moves found by a full exact search made
// beforehand cut its nodes from 198 M to 38 M. A pre-search approximates
// those moves cheaply: a search of the first plies with the evaluation in
// place of the last ones (results/2026-11-24-presearch).
//
// How. Iterations of depth 1, 2, ..., down to positions with
// presearch_empties empties, each a PVS search (fail-soft, the evaluation's
// units) ordering its moves by the table move (the previous iteration's
// best) and then Order::mobility. At each position with at least
// presearch_min_empties empties it stores its best move in the table with the
// bounds (-64, 64), which say nothing: the exact search only takes the move
// (search/solver.hpp takes a table move first), and its own stores merge into
// the entry (bounds intersected, its move kept when it raised alpha). So the
// table never holds a bound the pre-search made, and the exact score cannot
// depend on it. The pre-search stops after the iteration during which it
// reached presearch_nodes positions (an iteration cut short keeps the moves of
// the subtrees it finished); a node budget, not a time, so runs repeat
// exactly. It runs on the main thread before any helper thread starts
// (search/solver.hpp), so its table accesses are a single thread's. Written
// once over the nodes (search/node.hpp) like the rest of the solver: on a
// KernelBoard it walks BitsNode values.
#pragma once

#include <array>
#include <cstdint>

#include "core/rules.hpp"
#include "search/eval.hpp"
#include "search/node.hpp"
#include "search/ordering.hpp"
#include "search/solve_options.hpp"
#include "search/transposition.hpp"

namespace rb::presearch {

template <class N, Evaluator E>
class PreSearch {
 public:
  // `budget`: the positions after which it stops (see the opening comment).
  PreSearch(TranspositionTable& table, const E& eval, const SolveOptions& options,
            std::uint64_t budget)
      : table_(table), eval_(eval), options_(options), budget_(budget) {}

  // The iterations from `root` (a position with `empties` empties).
  void run(NodeArg<N> root, int empties) {
    constexpr int kWindow = 1 << 20;
    const int depth = empties - options_.presearch_empties;
    for (int d = 1; d <= depth && !aborted_; ++d) search(root, empties, d, -kWindow, kWindow);
  }

  // The positions searched (each counted once per iteration).
  std::uint64_t nodes() const { return nodes_; }

 private:
  int search(NodeArg<N> node, int empties, int depth, int alpha, int beta) {
    if (++nodes_ >= budget_) aborted_ = true;
    if (depth == 0 || aborted_) return eval_.eval(node.player(), node.opponent());
    const bool store = empties >= options_.presearch_min_empties;
    Position key;
    Square first = kNoSquare;
    if (store) {
      key = node.position();
      if (TTEntry e; table_.probe(key.player, key.opponent, e) && e.move < 64) first = e.move;
    }
    std::array<std::uint8_t, 64> moves;
    int count = 0;
    if (first != kNoSquare) moves[count++] = static_cast<std::uint8_t>(first);
    std::array<std::uint8_t, 64> ranked;
    std::uint64_t unused = 0;  // no Order::shallow here: nothing to count
    const int n = ordering::ranked_moves(node, Order::mobility, 0, first, options_, ranked, unused);
    for (int i = 0; i < n; ++i) moves[count++] = ranked[i];

    int best = -(1 << 21);
    Square best_move = kNoSquare;
    for (int i = 0; i < count; ++i) {
      const Square s = moves[i];
      int v = 0;
      node.play(s, [&](NodeArg<N> child) {
        if (i == 0) {
          v = -search(child, empties - 1, depth - 1, -beta, -alpha);
        } else {
          v = -search(child, empties - 1, depth - 1, -alpha - 1, -alpha);
          if (v > alpha && v < beta) v = -search(child, empties - 1, depth - 1, -beta, -v);
        }
      });
      if (v > best) {
        best = v;
        best_move = s;
        if (v > alpha) {
          alpha = v;
          if (alpha >= beta) break;
        }
      }
    }
    if (count == 0) {
      if (node.opponent_moves() == 0) {
        return kEvalScale * final_score(node.disc_difference(), empties);
      }
      int v = 0;
      node.pass([&](NodeArg<N> passed) { v = -search(passed, empties, depth, -beta, -alpha); });
      return v;
    }
    if (store && !aborted_) {
      table_.store(key.player, key.opponent, empties, -64, 64, best_move, true);
    }
    return best;
  }

  TranspositionTable& table_;
  const E& eval_;
  const SolveOptions& options_;
  const std::uint64_t budget_;
  std::uint64_t nodes_ = 0;
  bool aborted_ = false;
};

}  // namespace rb::presearch
