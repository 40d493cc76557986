// Move ordering for the solver: the costs that rank a node's moves, written
// once over the nodes of core/node.hpp. The children are only looked at
// (peek_children): on a KernelBoard from the bitboards without playing, on
// other boards by play() and undo(). Order::shallow ranks them by a shallow
// alpha-beta search of each child with an evaluator (eval/classic.hpp, eval/pattern.hpp), also
// written once over the nodes: on a KernelBoard it walks BitsNode values.
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>

#include "core/node.hpp"
#include "core/rules.hpp"
#include "eval/classic.hpp"
#include "eval/pattern.hpp"
#include "search/parity.hpp"
#include "search/solve_options.hpp"

namespace rb::ordering {

// The order used at a node with `empties` empties.
[[gnu::always_inline]] constexpr Order order_at(const SolveOptions& options, int empties) {
  Order order = options.order;
  if (order == Order::shallow) {
    if (empties >= options.shallow_min_empties) return Order::shallow;
    order = options.shallow_below;
  }
  const bool near_root = empties >= options.fastest_min_empties;
  switch (order) {
    case Order::none:
    case Order::parity:
      return order;
    case Order::shallow:  // as shallow_below: no order
      return Order::none;
    case Order::fastest:
      return near_root ? Order::fastest : Order::none;
    case Order::fastest_parity:
      return near_root ? Order::fastest : Order::parity;
    case Order::mobility:
      return near_root ? Order::mobility : Order::none;
  }
  return Order::none;
}

// The fastest-first cost of a move, from the opponent's replies to it.
constexpr int fastest_cost(Bitboard replies, int corner_bonus) {
  return popcount(replies) + corner_bonus * popcount(replies & kCorners);
}

// The Order::mobility cost of a move, from the position after it (the
// opponent to move: `player` are the opponent's discs, `mover` the mover's)
// and the opponent's replies: twice the fastest-first cost, plus the
// opponent's potential mobility (the empty squares next to the mover's
// discs), minus the mover's discs made safe at the corners (an owned corner
// and the edge discs next to it); a move that leaves the opponent no disc
// before all.
constexpr int mobility_cost(Bitboard player, Bitboard mover, Bitboard replies, int corner_bonus) {
  if (player == 0) return 0;  // a wipe-out
  const Bitboard empty = ~(player | mover);
  const Bitboard corners = mover & kCorners;
  const Bitboard edge_neighbours =
      (((corners << 1) | (corners >> 1)) & (bit(1) | bit(6) | bit(57) | bit(62))) |
      (((corners << 8) | (corners >> 8)) & (bit(8) | bit(15) | bit(48) | bit(55)));
  const int safe = popcount(corners | (edge_neighbours & mover));
  return 16 + 2 * fastest_cost(replies, corner_bonus) + popcount(neighbours(mover) & empty) - safe;
}

// The score of a node for the side to move by a fail-soft alpha-beta search
// `depth` plies deep with evaluator `e` at the leaves, in kEvalScale units;
// a game that ends within the depth scores its exact result. `nodes` counts
// the positions searched (the child itself included, passes as nodes). The
// moves are searched in square order a1..h8 on every node, whatever its
// move source, so that every board counts the same positions.
//
// With an evaluator that carries its evaluation from a node to its children
// (IndexedEvaluator: the pattern evaluation), the node's indices are read
// once from its bitboards and every position below gets its own from its
// parent's and the move: the same scores and counts, each leaf a sum of
// weights instead of a reading of the board. Other evaluators carry nothing
// (NoIndices) and read each leaf's bitboards.
template <class E>
concept IndexedEvaluator = Evaluator<E> && requires(const E& e, const pattern::Indices& x) {
  { e.eval_indices(x.own, 0) } -> std::same_as<int>;
  e.indices(Bitboard{}, Bitboard{}, std::declval<pattern::Indices&>());
};

// What a position of the shallow search carries for evaluator E.
struct NoIndices {};
template <class E>
using IndicesOf = std::conditional_t<IndexedEvaluator<E>, pattern::Indices, NoIndices>;
constexpr NoIndices passed_indices(const NoIndices&) { return {}; }
inline pattern::Indices passed_indices(const pattern::Indices& x) { return {x.other, x.own}; }

// shallow_score() of a node that carries `ix`.
template <class N, Evaluator E>
int shallow_score_from(NodeArg<N> node, const IndicesOf<E>& ix, int depth, int alpha, int beta,
                       const E& e, std::uint64_t& nodes) {
  ++nodes;
  if (depth == 0) {
    if constexpr (IndexedEvaluator<E>) {
      return e.eval_indices(ix.own, popcount(node.empty()));
    } else {
      const Position p = node.position();  // once: on the mailbox, a walk of the board
      return e.eval(p.player, p.opponent);
    }
  }
  int best = -(1 << 20);
  const Bitboard moves = node.moves();
  for (Bitboard m = moves; m; m &= m - 1) {
    const Square s = first_square(m);
    IndicesOf<E> child_ix;
    int v = 0;
    const auto visit = [&](auto&& child) {
      v = -shallow_score_from<N>(child, child_ix, depth - 1, -beta, -alpha, e, nodes);
    };
    // A leaf needs its own indices only (child_indices' last argument).
    if constexpr (N::kByValue) {
      const Bitboard flipped = node.flips(s);
      if constexpr (IndexedEvaluator<E>) E::child_indices(ix, s, flipped, child_ix, depth > 1);
      visit(node.child(s, flipped));
    } else {
      if constexpr (IndexedEvaluator<E>) {
        E::child_indices(ix, s, node.flips(s), child_ix, depth > 1);
      }
      node.play(s, visit);
    }
    if (v > best) {
      best = v;
      if (v > alpha) {
        alpha = v;
        if (alpha >= beta) break;
      }
    }
  }
  if (moves) return best;
  if (node.opponent_moves() == 0) {
    return kEvalScale * final_score(node.disc_difference(), popcount(node.empty()));
  }
  const IndicesOf<E> passed_ix = passed_indices(ix);
  int v = 0;
  node.pass([&](auto&& passed) {
    v = -shallow_score_from<N>(passed, passed_ix, depth, -beta, -alpha, e, nodes);
  });
  return v;
}

template <class N, Evaluator E>
int shallow_score(NodeArg<N> node, int depth, int alpha, int beta, const E& e,
                  std::uint64_t& nodes) {
  IndicesOf<E> ix;
  if constexpr (IndexedEvaluator<E>) {
    const Position p = node.position();
    if (depth == 0) {  // one leaf: read from the board
      ++nodes;
      return e.eval(p.player, p.opponent);
    }
    e.indices(p.player, p.opponent, ix);
  }
  return shallow_score_from<N>(node, ix, depth, alpha, beta, e, nodes);
}

// Calls f with the evaluator the options name (`eval`, and the pattern
// weights for EvalKind::pattern): what Order::shallow and the pre-search
// (search/presearch.hpp) evaluate with.
template <class F>
decltype(auto) with_evaluator(const SolveOptions& options, F&& f) {
  if (options.eval == EvalKind::pattern) return f(*options.pattern);
  return f(ClassicEval{});
}

// The window of the shallow searches that rank moves: wider than any score.
inline constexpr int kShallowWindow = 1 << 20;

// The Order::shallow cost of move s of a node: the child's shallow score
// `depth` plies deep, for the opponent (lower is better for the mover). With an evaluator that
// carries indices, the child's are made from the node's, `node_ix` (read
// once per ranked node by ranked_moves), `node_player` being the
// node's side to move's discs. `below` is the search's beta (fail-soft: a
// cost at or above it is a lower bound of the true one, one below it is
// exact); kShallowWindow for the exact cost.
template <class Child>
int shallow_cost(Child&& child, Square s, Bitboard node_player, const pattern::Indices& node_ix,
                 const SolveOptions& options, int depth, std::uint64_t& nodes,
                 int below = kShallowWindow) {
  using N = std::remove_cvref_t<Child>;
  return with_evaluator(options, [&](const auto& e) {
    using E = std::remove_cvref_t<decltype(e)>;
    IndicesOf<E> child_ix;
    if constexpr (IndexedEvaluator<E>) {
      // The flipped discs: the child's opponent is the mover after the move.
      const Bitboard flipped = child.opponent() ^ node_player ^ bit(s);
      E::child_indices(node_ix, s, flipped, child_ix, depth > 0);
    }
    return shallow_score_from<N>(child, child_ix, depth, -kShallowWindow, below, e, nodes);
  });
}

// The node's position and, with an evaluator that carries indices, its
// indices: what Order::shallow's searches of its children start from.
template <class N>
Position shallow_start(N& node, const SolveOptions& options, pattern::Indices& ix) {
  const Position here = node.position();
  with_evaluator(options, [&](const auto& e) {
    if constexpr (IndexedEvaluator<std::remove_cvref_t<decltype(e)>>) {
      e.indices(here.player, here.opponent, ix);
    }
  });
  return here;
}

// Whether Order::shallow gives way to Order::mobility at a node of
// position `here` (indices `ix`) and window bound `alpha`
// (SolveOptions::shallow_all_margin): evaluated that far below alpha, the
// node is expected to fail low, every move searched whatever the order.
inline bool expected_all_node(const Position& here, const pattern::Indices& ix,
                              const SolveOptions& options, int alpha) {
  if (options.shallow_all_margin < 0 || alpha - options.shallow_all_margin <= -64) return false;
  const int own = with_evaluator(options, [&](const auto& e) {
    if constexpr (IndexedEvaluator<std::remove_cvref_t<decltype(e)>>) {
      return e.eval_indices(ix.own, here.empties());
    } else {
      return e.eval(here.player, here.opponent);
    }
  });
  return own < (alpha - options.shallow_all_margin) * kEvalScale;
}

// The Order::shallow sort cost of a move from its search's cost and its
// mobility term (SolveOptions::shallow_mobility): offset to be positive.
constexpr int shallow_sort_cost(int searched, int mobility) {
  return (1 << 19) + searched + mobility;
}

// The sort keys of a node's moves under `order` (parity, fastest, mobility
// or shallow), unsorted, in the node's own order: (cost << 8) | (index in
// that order, or with `square_ties` the square), so that the keys in
// increasing order are the moves by increasing cost, ties in the node's own
// order (or in square order a1..h8 on every board); `squares[i]` is the
// move of index i. With `flips` (on boards whose children are looked at
// from the bitboards), flips[s] is set to the discs move s flips. The moves
// of `skip` (a table move, a move already searched) are left out. Returns
// how many keys were written. The shallow searches (`shallow_depth` plies)
// have their positions added to `shallow_nodes`. `alpha` is the node's (for
// SolveOptions::shallow_all_margin; -64 for none).
template <class N>
int move_keys(N& node, Order order, unsigned parity, Bitboard skip, const SolveOptions& options,
              std::array<std::uint32_t, 64>& keys, std::array<std::uint8_t, 64>& squares,
              std::array<Bitboard, 64>* flips, std::uint64_t& shallow_nodes, bool square_ties,
              int alpha, int shallow_depth) {
  const int corner_bonus = options.fastest_corner_bonus;
  // For Order::shallow: the node's position and, with an evaluator that
  // carries indices, its indices, from which each child's search starts.
  Position here{};
  pattern::Indices ix;
  if (order == Order::shallow) {
    here = shallow_start(node, options, ix);
    if (expected_all_node(here, ix, options, alpha)) order = Order::mobility;
  }
  const Bitboard mover = flips ? node.player() : 0;
  int count = 0;
  node.peek_children([&](Square s, auto&& child) {
    if (skip & bit(s)) return false;
    int cost;
    if (order == Order::parity) {
      cost = parity & quadrant_bit(s) ? 0 : 1;
    } else if (order == Order::shallow) {
      int mobility = 0;
      if (options.shallow_mobility > 0) {
        const Position p = child.position();
        mobility = options.shallow_mobility *
                   mobility_cost(p.player, p.opponent, child.moves(), corner_bonus);
      }
      cost = shallow_sort_cost(
          shallow_cost(child, s, here.player, ix, options, shallow_depth, shallow_nodes), mobility);
    } else {
      const Bitboard replies = child.moves();
      if (order == Order::fastest) {
        cost = fastest_cost(replies, corner_bonus);
      } else {
        const Position p = child.position();
        cost = mobility_cost(p.player, p.opponent, replies, corner_bonus);
      }
    }
    // The child's opponent is the mover after the move.
    if (flips) (*flips)[s] = child.opponent() ^ mover ^ bit(s);
    squares[count] = static_cast<std::uint8_t>(s);
    keys[count] =
        static_cast<std::uint32_t>(std::clamp(cost, 0, 1 << 20) << 8 | (square_ties ? s : count));
    ++count;
    return false;
  });
  return count;
}

// The move of the least of keys[from, count) (move_keys()), swapped to
// keys[from]: the keys taken in turn from 0 are the moves in increasing
// order of cost, each found when it is needed (at most nodes the first
// move cuts off, and the others need no order).
inline Square take_least_key(std::array<std::uint32_t, 64>& keys,
                             const std::array<std::uint8_t, 64>& squares, int from, int count,
                             bool square_ties) {
  int least = from;
  for (int i = from + 1; i < count; ++i) {
    if (keys[i] < keys[least]) least = i;
  }
  std::swap(keys[from], keys[least]);
  const std::uint32_t k = keys[from] & 0xff;
  return square_ties ? static_cast<Square>(k) : squares[k];
}

// The moves of a node ranked by `order` (move_keys()), lowest cost first,
// written to `out`: the keys taken in turn (the parallel search's split
// points, which hand the moves out to threads, need them all); returns how
// many.
template <class N>
int ranked_moves(N& node, Order order, unsigned parity, Bitboard skip, const SolveOptions& options,
                 std::array<std::uint8_t, 64>& out, std::uint64_t& shallow_nodes, bool square_ties,
                 int alpha, int shallow_depth) {
  std::array<std::uint32_t, 64> keys;
  std::array<std::uint8_t, 64> squares;
  const int count = move_keys(node, order, parity, skip, options, keys, squares, nullptr,
                              shallow_nodes, square_ties, alpha, shallow_depth);
  for (int i = 0; i < count; ++i) {
    out[i] = static_cast<std::uint8_t>(take_least_key(keys, squares, i, count, square_ties));
  }
  return count;
}

// The move ranked_moves() puts first under Order::shallow, found without
// ranking the others (the node's position `here` and indices `ix` from
// shallow_start()): the move of least mobility cost (the larger part of
// the sort cost) is searched first to its exact cost, then every other with
// for beta the cost that beats the best so far, so that one that cannot beat
// it stops at its first refutation. The same move (ties too) as the
// ranking's first, for fewer positions: the solver searches it before it
// ranks the others, which it need not do when it cuts off (the first move
// of a ranked node does, most of the time). kNoSquare when every move is in
// `skip`.
template <class N>
Square best_shallow_move(N& node, const Position& here, const pattern::Indices& ix, Bitboard skip,
                         const SolveOptions& options, bool square_ties, int shallow_depth,
                         std::uint64_t& shallow_nodes) {
  // The mobility terms, in the node's order; the least, first.
  std::array<int, 64> mobility;
  int count = 0;
  int start = -1;
  node.peek_children([&](Square s, auto&& child) {
    if (skip & bit(s)) return false;
    int m = 0;
    if (options.shallow_mobility > 0) {
      const Position p = child.position();
      m = options.shallow_mobility *
          mobility_cost(p.player, p.opponent, child.moves(), options.fastest_corner_bonus);
    }
    if (start < 0 || m < mobility[start]) start = count;
    mobility[count++] = m;
    return false;
  });
  if (start < 0) return kNoSquare;
  Square best = kNoSquare;
  int best_cost = 0;
  int best_index = 0;
  // Child i of square s: does it beat the best so far, with a lower cost or
  // an equal one and a lower index (ranked_moves()' stable sort)? A search
  // score below `below` says it does, and is then exact.
  const auto try_child = [&](int i, Square s, auto&& child) {
    const int index = square_ties ? static_cast<int>(s) : i;
    const int below = best == kNoSquare
                          ? kShallowWindow
                          : best_cost - shallow_sort_cost(0, mobility[i]) + (index < best_index);
    const int v =
        shallow_cost(child, s, here.player, ix, options, shallow_depth, shallow_nodes, below);
    if (v < below) {
      best = s;
      best_cost = shallow_sort_cost(v, mobility[i]);
      best_index = index;
      assert(best_cost >= 0 && best_cost <= 1 << 20);  // ranked_moves() clamps none
    }
  };
  for (int pass = 0; pass < 2; ++pass) {  // the first move, then the others
    int i = 0;
    node.peek_children([&](Square s, auto&& child) {
      if (skip & bit(s)) return false;
      const bool first = i == start;
      if (first == (pass == 0)) try_child(i, s, child);
      ++i;
      return first && pass == 0;
    });
  }
  return best;
}

}  // namespace rb::ordering
