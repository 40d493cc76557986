// The exact endgame solver: negamax search to the end of the game.
//
// solve<B, G>() returns the exact score of a position for the side to move
// (the final disc difference, empty squares going to the winner) and a best
// move, searching with one of three algorithms (Algo: plain negamax, fail-soft
// alpha-beta, PVS/NegaScout); with SolveOptions::wld it only finds win, draw
// or loss (window (-1, 1), score -1/0/+1). Moves come from move source G
// (default: the board's own, see core/moves.hpp) and may be re-ordered
// (Order, search/ordering.hpp); an optional transposition table
// (search/transposition.hpp) stores bounds and best moves at nodes with at
// least tt_min_empties empties; score_all_moves() scores every root move.
//
// Each search is written once over the nodes of search/node.hpp:
// - search(): the main search, on a BoardNode (the board with play/undo in
//   the order of G);
// - few(): the few-empties path, on a BitsNode for KernelBoard variants (the
//   two bitboards alone) and on the BoardNode otherwise;
// - last_empty_score() and score_without_move() (search/end_of_game.hpp),
//   and the ordering, on either.
//
// A NODE is one call of the recursive search function on a position: the
// root is a node, every move played is a node, and a pass is a node of its
// own (the passed position is searched by a new call); a game-over or
// full-board position is a node that returns at once, and so is a position
// whose table entry or cutoff ends its search. The few-empties path counts
// the positions it reaches the same way; with the last-empty shortcut a node
// with one empty square is scored without visiting its child. With the same
// options and move source, every board visits exactly the same nodes in the
// same order and returns the same score and move: the order of the moves
// depends only on G, on the ordering (which reads nothing but legal moves and
// discs) and on the table (which keys on the full position). The recursion
// allocates nothing: a node's moves sit in fixed arrays on the stack. The
// stop flag and the deadline are polled every 4096 nodes; a stopped search
// unwinds at once and reports solved == false.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <type_traits>

#include "core/board.hpp"
#include "search/end_of_game.hpp"
#include "search/node.hpp"
#include "search/ordering.hpp"
#include "search/parity.hpp"
#include "search/solve_options.hpp"
#include "search/stability.hpp"
#include "search/transposition.hpp"

namespace rb {

namespace solver_detail {

inline constexpr int kInfinity = 65;  // above any score (scores lie in -64..64)
inline constexpr std::uint64_t kPollInterval = 4096;

template <Board B, MoveGen G>
class Solver {
 public:
  using Node = BoardNode<B, G>;

  // `table`: the table to use, already cleared, or null to allocate one of
  // options.tt_mb MiB for this solver.
  Solver(const Position& position, const SolveOptions& options, TranspositionTable* table)
      : options_(options),
        root_empties_(position.empties()),
        root_parity_(quadrant_parity(position.empty())),
        root_(position) {
    assert(position.valid());
    assert(options.few_empties >= 0 && options.few_empties <= kMaxFewEmpties);
    if (table) {
      table_ = table;
    } else if (options.tt_mb > 0) {
      own_table_ = std::make_unique<TranspositionTable>(options.tt_mb);
      table_ = own_table_.get();
    } else {
      table_ = &no_table_;
    }
  }
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  SolveResult solve() {
    const int score = search_window<true>(root_, root_empties_, root_parity_);
    SolveResult result;
    result.nodes = nodes_;
    result.solved = !stopped_;
    if (result.solved) {
      result.score = options_.wld ? (score > 0) - (score < 0) : score;
      result.best_move = root_move_;
    }
    return result;
  }

  MoveScores score_all_moves() {
    MoveScores out;
    std::array<Square, 64> moves{};
    int count = 0;
    root_.for_each_child([&](Square s, Node&) {
      moves[count++] = s;
      return false;
    });
    if (count == 0) {
      bool passed = false;
      const int score = score_without_move<Node>(root_, root_empties_, [&](Node& p) {
        passed = true;
        return sign_if_wld(search_window<false>(p, root_empties_, root_parity_));
      });
      if (passed && !stopped_) out.moves.push_back({kPass, score});
    }
    for (int i = 0; i < count && !stopped_; ++i) {
      int score = 0;
      root_.play(moves[i], [&](Node& child) {
        score = -sign_if_wld(
            search_window<false>(child, root_empties_ - 1, root_parity_ ^ quadrant_bit(moves[i])));
      });
      if (!stopped_) out.moves.push_back({moves[i], score});
    }
    std::sort(out.moves.begin(), out.moves.end(),
              [](const MoveScore& a, const MoveScore& b) { return a.move < b.move; });
    out.nodes = nodes_;
    out.solved = !stopped_;
    return out;
  }

 private:
  int sign_if_wld(int score) const { return options_.wld ? (score > 0) - (score < 0) : score; }

  // The score of a node searched with the root window and the options' algorithm.
  template <bool Root>
  int search_window(Node& node, int empties, unsigned parity) {
    const int alpha = options_.wld ? -1 : -kInfinity;
    const int beta = options_.wld ? 1 : kInfinity;
    switch (options_.algo) {
      case Algo::minimax:
        return search<Algo::minimax, Root>(node, alpha, beta, empties, parity);
      case Algo::alphabeta:
        return search<Algo::alphabeta, Root>(node, alpha, beta, empties, parity);
      case Algo::pvs:
        break;
    }
    return search<Algo::pvs, Root>(node, alpha, beta, empties, parity);
  }

  void poll_stop() {
    next_poll_ = nodes_ + kPollInterval;
    if (options_.stop && options_.stop->load(std::memory_order_relaxed)) stopped_ = true;
    if (options_.deadline != std::chrono::steady_clock::time_point::max() &&
        std::chrono::steady_clock::now() >= options_.deadline) {
      stopped_ = true;
    }
  }

  // Calls f with the fastest node for the position of `node`: the two
  // bitboards on a KernelBoard, the board node itself otherwise.
  template <class F>
  static auto with_fastest_node(Node& node, F&& f) {
    if constexpr (KernelBoard<B>) {
      return f(BitsNode<B>(node.position()));
    } else {
      return f(node);
    }
  }
  using FastNode = typename FastestNodeOf<B, G>::type;

  // The main search: the score of the node for the side to move, fail-soft
  // with respect to (alpha, beta) (minimax ignores the window). `empties`
  // and `parity` (see search/parity.hpp) describe the node's position.
  template <Algo A, bool Root>
  int search(Node& node, int alpha, int beta, int empties, unsigned parity) {
    ++nodes_;
    if (nodes_ >= next_poll_) poll_stop();
    if (stopped_) return 0;
    if (empties == 0) return node.disc_difference();
    if constexpr (!Root) {
      if (empties <= options_.few_empties) {
        return with_fastest_node(node, [&](NodeArg<FastNode> fast) {
          return few<A, FastNode>(fast, alpha, beta, empties, parity);
        });
      }
      if (empties == 1 && options_.last_empty) {
        return with_fastest_node(node, [&](NodeArg<FastNode> fast) {
          return last_empty_score<FastNode>(fast, first_square(fast.empty()));
        });
      }
    }

    // Transposition table: cut off on a decisive bound, narrow the window,
    // and take the stored best move to try first. The root only takes the move.
    const bool use_table = table_->enabled() && empties >= options_.tt_min_empties;
    Position key;
    Square first = kNoSquare;
    if (use_table) {
      key = node.position();
      if (const TTEntry* e = table_->probe(key.player, key.opponent)) {
        if constexpr (!Root) {
          if (e->lower == e->upper) return e->lower;
          if constexpr (A != Algo::minimax) {
            if (e->lower >= beta) return e->lower;
            if (e->upper <= alpha) return e->upper;
            alpha = std::max(alpha, static_cast<int>(e->lower));
            beta = std::min(beta, static_cast<int>(e->upper));
          }
        }
        if (e->move < 64) first = e->move;
      }
    }

    if constexpr (!Root && A != Algo::minimax) {
      if (options_.stability && empties >= options_.stability_min_empties) {
        const Position p = use_table ? key : node.position();
        // The cap can only reach alpha when the opponent has enough discs.
        if (64 - 2 * popcount(p.opponent) <= alpha) {
          const int cap = 64 - 2 * popcount(stable_discs(p.opponent, p.player));
          if (cap <= alpha) return cap;
        }
      }
      if (options_.etc && use_table && empties > options_.tt_min_empties) {
        int refuted = -kInfinity;
        node.peek_children([&](Square, auto&& child) {
          const Position c = child.position();
          const TTEntry* e = table_->probe(c.player, c.opponent);
          if (e && -e->upper >= beta) {
            refuted = -e->upper;
            return true;
          }
          return false;
        });
        if (refuted != -kInfinity) return refuted;
      }
    }

    const int alpha0 = alpha;
    int best = -kInfinity;
    Square best_move = kNoSquare;
    int searched = 0;
    // Searches the child after move s; true to stop (a cutoff or a stop).
    auto visit = [&](Square s, Node& child) -> bool {
      const int child_empties = empties - 1;
      const unsigned child_parity = parity ^ quadrant_bit(s);
      int v;
      if constexpr (A == Algo::pvs) {
        if (searched == 0) {
          v = -search<A, false>(child, -beta, -alpha, child_empties, child_parity);
        } else {
          v = -search<A, false>(child, -alpha - 1, -alpha, child_empties, child_parity);
          if (v > alpha && v < beta && !stopped_) {
            v = -search<A, false>(child, -beta, -v, child_empties, child_parity);
          }
        }
      } else {
        v = -search<A, false>(child, -beta, -alpha, child_empties, child_parity);
      }
      ++searched;
      if (stopped_) return true;
      if (v > best) {
        best = v;
        best_move = s;
        if (v > alpha) {
          alpha = v;
          if (A != Algo::minimax && alpha >= beta) return true;
        }
      }
      return false;
    };
    visit_moves(node, empties, parity, first, visit);
    if (stopped_) return 0;

    if (searched == 0) {
      bool passed = false;
      best = score_without_move<Node>(node, empties, [&](Node& p) {
        passed = true;
        return search<A, false>(p, -beta, -alpha, empties, parity);
      });
      if (stopped_) return 0;
      if (!passed) {  // the game is over
        if constexpr (Root) root_move_ = kNoSquare;
        return best;
      }
      best_move = kPass;
    }

    if constexpr (Root) root_move_ = best_move;
    if (use_table) {
      if (A == Algo::minimax || (best > alpha0 && best < beta)) {
        table_->store(key.player, key.opponent, empties, best, best, best_move, true);
      } else if (best >= beta) {
        table_->store(key.player, key.opponent, empties, best, 64, best_move, true);
      } else {
        table_->store(key.player, key.opponent, empties, -64, best, best_move, false);
      }
    }
    return best;
  }

  // Calls visit(s, child) for each legal move s of the node: `first` (a
  // table move, or kNoSquare) first, then the others in the order of the
  // options; stops when visit returns true. Kept out of line: the move loop
  // with the board's play() inlined is large, and inlined into search() it
  // costs the search its registers (measured: 6% slower on the mailbox).
  template <class Visit>
  void visit_moves(Node& node, int empties, unsigned parity, Square first, Visit& visit) {
    bool stop = false;
    if (first != kNoSquare) {
      const bool legal = node.play(first, [&](Node& child) { stop = visit(first, child); });
      assert(legal);
      (void)legal;
      if (stop) return;
    }
    const Order order = ordering::order_at(options_, empties);
    if (order == Order::none) {  // the node's own order, with no list made first
      node.for_each_child([&](Square s, Node& child) { return s != first && visit(s, child); });
      return;
    }
    std::array<std::uint8_t, 64> moves;
    const int count =
        ordering::ranked_moves(node, order, parity, first, options_.fastest_corner_bonus, moves);
    for (int i = 0; i < count && !stop; ++i) {
      node.play(moves[i], [&](Node& child) { stop = visit(moves[i], child); });
    }
  }

  // The few-empties path (see SolveOptions::few_empties), entered from a node
  // of the main search that has already been counted: the empty squares of
  // odd quadrants first, then the others, each group in a1..h8 order.
  template <Algo A, class N>
  int few(NodeArg<N> node, int alpha, int beta, int empties, unsigned parity) {
    if (empties == 0) return node.disc_difference();
    if (empties == 1 && options_.last_empty) {
      return last_empty_score<N>(node, first_square(node.empty()));
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

  const SolveOptions options_;
  TranspositionTable no_table_{0};
  std::unique_ptr<TranspositionTable> own_table_;
  TranspositionTable* table_;
  const int root_empties_;
  const unsigned root_parity_;
  Node root_;
  std::uint64_t nodes_ = 0;
  std::uint64_t next_poll_ = kPollInterval;
  bool stopped_ = false;
  Square root_move_ = kNoSquare;
};

}  // namespace solver_detail

// The exact score (or WLD sign) of `position` and a best move, searched on a
// board of type B with move source G. `table`: a cleared table to use (the
// caller allocates it once, outside any timing); null allocates one of
// options.tt_mb MiB for the call.
template <Board B, MoveGen G = B::info.movegen>
SolveResult solve(const Position& position, const SolveOptions& options = {},
                  TranspositionTable* table = nullptr) {
  return solver_detail::Solver<B, G>(position, options, table).solve();
}

// The exact score (or WLD sign, with options.wld) of every legal move of
// `position`, each searched with the full window, sharing one table. When the
// side to move must pass, the single entry is {kPass, score}; when the game
// is over, the list is empty.
template <Board B, MoveGen G = B::info.movegen>
MoveScores score_all_moves(const Position& position, const SolveOptions& options = {},
                           TranspositionTable* table = nullptr) {
  return solver_detail::Solver<B, G>(position, options, table).score_all_moves();
}

}  // namespace rb
