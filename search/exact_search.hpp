// The recursive search of the solver (Searcher::search) and its move loop,
// compiled once per mode (search/search_modes.hpp) and algorithm (Algo).
//
// A node: count it and poll; end at once where the position is decided (the
// pre-search's horizon, a full board, the few-empties path, one empty
// square); look the position up in the table (a decisive bound ends the
// node, a narrower one narrows the window, a stored move is tried first);
// try the cutoffs that need no move (the opponent's stable discs, the
// children's table entries, ProbCut in the selective pass); search the moves
// in the order of the options, splitting them among threads where a thread
// is idle; with no move, pass or end the game; store the result.
//
// The score is fail-soft with respect to (alpha, beta) (minimax ignores the
// window). `empties` and `parity` (search/parity.hpp) describe the node's
// position. Node counting, polling and exactness: docs/solver.md.
#pragma once

#include <algorithm>
#include <array>

#include "search/midgame.hpp"
#include "search/searcher.hpp"

namespace rb::solver_detail {

template <Board B, MoveGen G>
template <class M, Algo A, bool Root>
int Searcher<B, G>::search(Node& node, int alpha, int beta, int empties, unsigned parity) {
  if constexpr (M::kMidgame) return midgame<Root>(node, alpha, beta, empties, parity);
  ++nodes_;
  if (nodes_ >= next_poll_) poll_stop<M>();
  if (aborted_) return 0;
  if constexpr (M::kPresearch) {
    if (empties <= horizon_) return evaluate(node);  // a leaf of the pre-search
  }
  if (empties == 0) return node.disc_difference();
  if constexpr (!Root && !M::kPresearch) {
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

  const int table_min = M::kPresearch ? options_.presearch_min_empties : options_.tt_min_empties;
  const bool use_table = table_->enabled() && empties >= table_min;
  const std::uint64_t guesses0 = guesses_;
  Position key;
  Square first = kNoSquare;
  if (use_table) {
    key = node.position();
    if (const auto cut = probe_table<M, A, Root>(key, alpha, beta, first)) return *cut;
  }
  if constexpr (!Root && A != Algo::minimax && !M::kPresearch) {
    const int cut =
        cutoff_before_moves<M, A>(node, use_table ? &key : nullptr, alpha, beta, empties);
    if (cut != kNoCut) return cut;
  }

  const int alpha0 = alpha;
  int best = M::kPresearch ? -kEvalInfinity : -kInfinity;
  Square best_move = kNoSquare;
  const int searched =
      search_moves<M, A>(node, alpha, beta, empties, parity, first, best, best_move);
  if (aborted_) return 0;
  if (searched == 0) {
    bool passed = false;
    best = score_without_move<Node>(node, empties, [&](Node& p) {
      passed = true;
      return search<M, A, false>(p, -beta, -alpha, empties, parity);
    });
    if (aborted_) return 0;
    if (!passed) {  // the game is over
      if constexpr (Root) root_move_ = kNoSquare;
      return M::kPresearch ? kEvalScale * best : best;
    }
    if constexpr (M::kPresearch) return best;  // the pre-search stores moves only
    best_move = kPass;
  }
  if constexpr (Root) root_move_ = best_move;
  if (use_table) {
    // With threads, a helper's guesses are not counted here: all are.
    const bool guess = M::kSelective && (guesses_ != guesses0 || pool_ != nullptr);
    store<M, A>(key, empties, alpha0, beta, best, best_move, guess);
  }
  return best;
}

// The table entry of the node's position: a decisive bound ends the node
// (its score returned), a narrower one narrows the window, a stored move
// becomes `first`. The root and the pre-search only take the move.
template <Board B, MoveGen G>
template <class M, Algo A, bool Root>
std::optional<int> Searcher<B, G>::probe_table(const Position& key, int& alpha, int& beta,
                                               Square& first) {
  TTEntry e;
  if (!table_->probe(key.player, key.opponent, e, pool_ != nullptr)) return std::nullopt;
  if constexpr (!Root && !M::kPresearch) {
    // A guessed bound that ends the node or narrows its window makes its
    // value a guess (a value within the window the guess narrowed is
    // taken for exact by the parent).
    if (M::kSelective && e.guess && (e.lower > -64 || e.upper < 64)) ++guesses_;
    if (e.lower == e.upper) return e.lower;
    if constexpr (A != Algo::minimax) {
      if (e.lower >= beta) return e.lower;
      if (e.upper <= alpha) return e.upper;
      alpha = std::max(alpha, static_cast<int>(e.lower));
      beta = std::min(beta, static_cast<int>(e.upper));
    }
  }
  if (e.move < 64) first = e.move;
  return std::nullopt;
}

// The cutoffs tried before any move (kNoCut when none ends the node): the
// opponent's stable discs capping the score at or below alpha; a child whose
// table entry already refutes the window (ETC, `key` the node's position
// when the table is used here); ProbCut in the selective pass.
template <Board B, MoveGen G>
template <class M, Algo A>
int Searcher<B, G>::cutoff_before_moves(Node& node, const Position* key, int alpha, int beta,
                                        int empties) {
  if (options_.stability && empties >= options_.stability_min_empties) {
    const Position p = key ? *key : node.position();
    // The cap can only reach alpha when the opponent has enough discs.
    if (64 - 2 * popcount(p.opponent) <= alpha) {
      const int cap = 64 - 2 * popcount(stable_discs(p.opponent, p.player));
      if (cap <= alpha) return cap;
    }
  }
  if (options_.etc && key && empties > options_.tt_min_empties) {
    // The children's buckets are all requested before the first is read, so
    // that their cache misses overlap.
    std::array<Position, 64> children;
    int count = 0;
    node.peek_children([&](Square, auto&& child) {
      const Position& c = children[count++] = child.position();
      table_->prefetch(c.player, c.opponent);
      return false;
    });
    for (int i = 0; i < count; ++i) {
      TTEntry e;
      if (table_->probe(children[i].player, children[i].opponent, e, pool_ != nullptr) &&
          -e.upper >= beta) {
        if (M::kSelective && e.guess) ++guesses_;
        return -e.upper;
      }
    }
  }
  if constexpr (M::kSelective) {
    if (empties >= options_.selective_min_empties) {
      const int cut = probcut(node, alpha, beta, empties);
      if (cut != kNoCut) ++guesses_;
      return cut;
    }
  }
  return kNoCut;
}

// The node's moves, searched until one cuts off: alone, or shared with idle
// threads at a node deep enough to split. Updates alpha, best and
// best_move; returns how many moves were searched (0: the node has none).
template <Board B, MoveGen G>
template <class M, Algo A>
int Searcher<B, G>::search_moves(Node& node, int& alpha, int beta, int empties, unsigned parity,
                                 Square first, int& best, Square& best_move) {
  const int alpha0 = alpha;
  int searched = 0;
  // With a cut profile, the node's level, and the positions counted when its
  // moves began.
  CutLevel* const level = M::kExact && cuts_ ? &cuts_[static_cast<std::size_t>(empties)] : nullptr;
  const std::uint64_t nodes_at_moves = nodes_;
  // Searches the child after move s; true to stop (a cutoff or a stop).
  auto visit = [&](Square s, Node& child) -> bool {
    const std::uint64_t before = nodes_;
    const int v =
        child_score<M, A>(child, alpha, beta, empties - 1, parity ^ quadrant_bit(s), searched == 0);
    ++searched;
    if (aborted_) return true;
    if (v > best) {
      best = v;
      best_move = s;
      if (v > alpha) {
        alpha = v;
        if (A != Algo::minimax && alpha >= beta) {
          if (level) count_cutoff(*level, first != kNoSquare, searched, before, nodes_at_moves);
          return true;
        }
      }
    }
    return false;
  };
  const bool deep_enough = M::kMidgame ? empties - horizon_ >= kMidgameSplitDepth
                                       : empties >= options_.split_min_empties;
  if (pool_ && deep_enough && (!M::kEvaluated || presearch_splits(options_))) {
    searched = visit_moves_or_split<M, A>(node, empties, parity, first, visit, alpha, beta, best,
                                          best_move);
  } else {
    visit_moves<M>(node, empties, parity, first, visit, alpha);
  }
  if (level && !aborted_ && searched > 0 && (best < beta || A == Algo::minimax)) {
    // A cutoff was counted when it happened.
    if (best <= alpha0 || A == Algo::minimax) {
      ++level->all;
      level->all_nodes += nodes_ - nodes_at_moves;
    } else {
      ++level->exact;
      level->exact_nodes += nodes_ - nodes_at_moves;
    }
  }
  return searched;
}

// Stores the node's result: an exact score, a lower bound (a cutoff) or an
// upper bound (a fail low), with the best move; the pre-search stores its
// move with bounds that say nothing (-64, 64).
template <Board B, MoveGen G>
template <class M, Algo A>
void Searcher<B, G>::store(const Position& key, int empties, int alpha0, int beta, int best,
                           Square move, bool guess) {
  const bool shared = pool_ != nullptr;
  if constexpr (M::kPresearch) {
    table_->store(key.player, key.opponent, empties, -64, 64, move, true, shared);
  } else if (A == Algo::minimax || (best > alpha0 && best < beta)) {
    table_->store(key.player, key.opponent, empties, best, best, move, true, shared, guess);
  } else if (best >= beta) {
    table_->store(key.player, key.opponent, empties, best, 64, move, true, shared, guess);
  } else {
    table_->store(key.player, key.opponent, empties, -64, best, move, false, shared, guess);
  }
}

// The score of a child for the parent's side, the parent's window being
// (alpha, beta): PVS searches a younger brother with a null window first.
template <Board B, MoveGen G>
template <class M, Algo A>
int Searcher<B, G>::child_score(Node& child, int alpha, int beta, int empties, unsigned parity,
                                bool eldest) {
  if constexpr (A == Algo::pvs) {
    if (!eldest) {
      int v = -search<M, A, false>(child, -alpha - 1, -alpha, empties, parity);
      if (v > alpha && v < beta && !aborted_) {
        v = -search<M, A, false>(child, -beta, -v, empties, parity);
      }
      return v;
    }
  }
  return -search<M, A, false>(child, -beta, -alpha, empties, parity);
}

// Calls visit(s, child) for each legal move s of the node: `first` (a table
// move, or kNoSquare) first, then the others in the order of the options;
// stops when visit returns true. Left out of line: the move loop with the
// board's play() inlined is large, and inlined into search() it costs the
// search its registers (measured: 6% slower on the mailbox). `alpha` is the
// node's, read once when the moves are ranked (after the table move has
// raised it, before the ranking's first does).
template <Board B, MoveGen G>
template <class M, class Visit>
void Searcher<B, G>::visit_moves(Node& node, int empties, unsigned parity, Square first,
                                 Visit& visit, const int& alpha) {
  if (visit_first(node, first, visit)) return;
  bool stop = false;
  const Order order = order_at<M>(empties);
  if (order == Order::none) {  // the node's own order, with no list made first
    node.for_each_child([&](Square s, Node& child) { return s != first && visit(s, child); });
    return;
  }
  const int all_alpha = M::kMidgame ? -64 : alpha;
  Bitboard skip = first == kNoSquare ? 0 : bit(first);
  Order rest = order;
  if (visit_ranked_first<M>(node, empties, rest, skip, all_alpha, visit, stop)) return;
  // The moves' keys, each move taken when its turn comes (at most nodes the
  // first cuts off, and the others are never sorted) and played with the
  // flips its cost was found with.
  std::array<std::uint32_t, 64> keys;
  std::array<std::uint8_t, 64> squares;
  std::array<Bitboard, 64> flips;
  const int count = ordering::move_keys(node, rest, parity, skip, options_, keys, squares,
                                        Node::kPeeksBits ? &flips : nullptr, shallow_nodes_,
                                        M::kEvaluated, all_alpha, shallow_depth_at<M>(empties));
  for (int i = 0; i < count && !stop; ++i) {
    const Square s = ordering::take_least_key(keys, squares, i, count, M::kEvaluated);
    const auto visit_child = [&](Node& child) { stop = visit(s, child); };
    if constexpr (Node::kPeeksBits) {
      node.play_flipped(s, flips[s], visit_child);
    } else {
      node.play(s, visit_child);
    }
  }
}

// Calls visit(first, child) for the table move `first`, unless it is
// kNoSquare; returns what visit returned (false without a move).
template <Board B, MoveGen G>
template <class Visit>
bool Searcher<B, G>::visit_first(Node& node, Square first, Visit& visit) {
  if (first == kNoSquare) return false;
  bool stop = false;
  const bool legal = node.play(first, [&](Node& child) { stop = visit(first, child); });
  assert(legal);
  (void)legal;
  return stop;
}

// Under Order::shallow with searches (`order`, at a node with `empties`
// empties): the move the ranking puts first, searched before the others
// are ranked (ordering::best_shallow_move), so that when it cuts off (at
// most nodes) they never are; `skip` (the moves already searched) gains
// it, `stop` is what visit returned. At a node expected to fail low
// (SolveOptions::shallow_all_margin, from `all_alpha`) `order` becomes the
// mobility order and nothing is searched. Returns whether the node is done:
// the move cut off, or there was none.
template <Board B, MoveGen G>
template <class M, class Visit>
bool Searcher<B, G>::visit_ranked_first(Node& node, int empties, Order& order, Bitboard& skip,
                                        int all_alpha, Visit& visit, bool& stop) {
  const int depth = shallow_depth_at<M>(empties);
  if (order != Order::shallow || depth == 0) return false;
  pattern::Indices ix;
  const Position here = ordering::shallow_start(node, options_, ix);
  if (ordering::expected_all_node(here, ix, options_, all_alpha)) {
    order = Order::mobility;
    return false;
  }
  const Square best = ordering::best_shallow_move(node, here, ix, skip, options_, M::kEvaluated,
                                                  depth, shallow_nodes_);
  if (best == kNoSquare) return true;
  node.play(best, [&](Node& child) { stop = visit(best, child); });
  skip |= bit(best);
  return stop;
}

// The moves of the node but those of `skip` (the table move, the ranking's
// first when searched), ranked by `order` as visit_moves() takes them.
template <Board B, MoveGen G>
template <class M>
int Searcher<B, G>::other_moves(Node& node, int empties, unsigned parity, Bitboard skip,
                                Order order, std::array<std::uint8_t, 64>& out, int alpha) {
  if (order == Order::none) {
    int count = 0;
    node.peek_children([&](Square s, auto&&) {
      if (!(skip & bit(s))) out[count++] = static_cast<std::uint8_t>(s);
      return false;
    });
    return count;
  }
  return ordering::ranked_moves(node, order, parity, skip, options_, out, shallow_nodes_,
                                M::kEvaluated, M::kMidgame ? -64 : alpha,
                                shallow_depth_at<M>(empties));
}

// The order at a node with `empties` empties: the options', the mobility
// order (ties in square order) in the pre-search, and in the midgame the
// evaluation's from kOrderByEvalDepth plies above the horizon, the
// mobility order nearer (search/midgame.hpp).
template <Board B, MoveGen G>
template <class M>
Order Searcher<B, G>::order_at(int empties) const {
  if constexpr (M::kMidgame) {
    return empties - horizon_ >= kOrderByEvalDepth ? Order::shallow : Order::mobility;
  }
  return M::kPresearch ? Order::mobility : ordering::order_at(options_, empties);
}

// The depth of Order::shallow's searches at a node with `empties` empties:
// below shallow_deep_empties, each child's evaluation alone.
template <Board B, MoveGen G>
template <class M>
int Searcher<B, G>::shallow_depth_at(int empties) const {
  if constexpr (M::kMidgame) return midgame_order_depth(empties - horizon_);
  return empties >= options_.shallow_deep_empties ? options_.shallow_depth : 0;
}

// Calls f with the fastest node for the position of `node`: the two
// bitboards on a KernelBoard, the board node itself otherwise.
template <Board B, MoveGen G>
template <class F>
auto Searcher<B, G>::with_fastest_node(Node& node, F&& f) {
  if constexpr (KernelBoard<B>) {
    return f(BitsNode<B>(node.position()));
  } else {
    return f(node);
  }
}

}  // namespace rb::solver_detail
