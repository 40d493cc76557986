// The parallel search (SolveOptions::threads > 1): Young Brothers Wait. A
// node with at least split_min_empties empties (in the midgame: at least
// kMidgameSplitDepth plies above its horizon) searches its first
// kElderBrothers moves alone; when a thread is then idle, the node becomes a
// split point (search/split_point.hpp) whose remaining moves are handed out,
// one at a time, to the threads that join it, each searching its move on a
// board of its own with the split point's alpha of that moment, while the
// owner takes moves too. A score that raises the split point's alpha
// narrows the window of the moves handed out after it, and a thread whose
// move is being searched with an alpha that has since risen restarts it; a
// score that reaches beta ends the split point, and the threads below it
// abandon their searches at their next poll. The owner then waits for its
// helpers, joining split points below its own meanwhile, and goes on with
// the merged score and move. docs/solver.md gives the measurements.
#pragma once

#include <algorithm>
#include <array>

#include "search/searcher.hpp"

namespace rb::solver_detail {

template <Board B, MoveGen G>
void Searcher<B, G>::serve() {
  std::unique_lock lock(pool_->mutex);
  while (!pool_->done) {
    SplitPoint* sp = pool_->pick(nullptr);
    if (!sp) {
      pool_->idle.fetch_add(1, std::memory_order_relaxed);
      wait(lock);
      pool_->idle.fetch_sub(1, std::memory_order_relaxed);
      continue;
    }
    ++sp->helpers;
    lock.unlock();
    join_split(*sp, true);
    lock.lock();
    if (--sp->helpers == 0) pool_->wake.notify_all();
  }
}

// visit_moves() for a node that may split: the elder brothers alone, then,
// as soon as a thread is idle, the remaining moves shared (split()). The
// node's alpha, best and best_move are updated; returns the moves searched
// (0 only if there is none). As in visit_moves(), the table move is
// searched before the others are ranked, and so is the ranking's first
// (visit_ranked_first): each cuts off at most nodes, and the ranking (a
// shallow search of every child, at the nodes of Order::shallow) would be
// spent in vain; ranked first, the table move tripled the ordering searches'
// positions with two threads on FForum #20-#39.
template <Board B, MoveGen G>
template <class M, Algo A, class Visit>
int Searcher<B, G>::visit_moves_or_split(Node& node, int empties, unsigned parity, Square first,
                                         Visit& visit, int& alpha, int beta, int& best,
                                         Square& best_move) {
  int searched = first != kNoSquare;
  if (visit_first(node, first, visit)) return searched;
  Bitboard skip = first == kNoSquare ? 0 : bit(first);
  Order order = order_at<M>(empties);
  bool stop = false;
  const Bitboard before = skip;
  const int ranked_alpha = alpha;  // the ranking's, before its first move raises it
  const bool done = visit_ranked_first<M>(node, empties, order, skip,
                                          M::kMidgame ? -64 : ranked_alpha, visit, stop);
  searched += skip != before;
  if (done) return searched;
  std::array<std::uint8_t, 64> moves;
  const int count = other_moves<M>(node, empties, parity, skip, order, moves, ranked_alpha);
  for (int i = 0; i < count; ++i) {
    if (searched >= kElderBrothers && pool_->idle.load(std::memory_order_relaxed) > 0) {
      split<M, A>(node, empties, parity, alpha, beta, best, best_move, moves, i, count);
      return searched + count - i;
    }
    bool stop = false;
    node.play(moves[i], [&](Node& child) { stop = visit(moves[i], child); });
    ++searched;
    if (stop) break;
  }
  return searched;
}

// Makes the node a split point for moves[from, count), searches moves of it
// with the helpers that join, waits for them, and takes the result.
template <Board B, MoveGen G>
template <class M, Algo A>
void Searcher<B, G>::split(Node& node, int empties, unsigned parity, int& alpha, int beta,
                           int& best, Square& best_move, const std::array<std::uint8_t, 64>& moves,
                           int from, int count) {
  ++split_points_;
  SplitPoint sp;
  sp.position = node.position();
  sp.empties = empties;
  sp.parity = parity;
  sp.beta = beta;
  sp.mode = M::kId;
  sp.horizon = horizon_;
  sp.selective_margin = selective_margin_;
  sp.parent = split_;
  sp.moves = moves;
  sp.count = count;
  sp.next = from;
  sp.alpha.store(alpha, std::memory_order_relaxed);
  sp.best = best;
  sp.best_move = best_move;
  {
    std::lock_guard lock(pool_->mutex);
    pool_->open.push_back(&sp);
  }
  pool_->wake.notify_all();
  search_split<M, A>(sp, node);
  {
    std::unique_lock lock(pool_->mutex);
    std::erase(pool_->open, &sp);
    help_while_waiting(sp, lock);
    alpha = sp.alpha.load(std::memory_order_relaxed);
    best = sp.best;
    best_move = sp.best_move;
  }
  // A cutoff here ends this node, not the search of its parent.
  aborted_ = pool_->stopped.load(std::memory_order_relaxed) || cut_off(split_);
}

// The owner of `sp`, its moves all handed out, until its helpers are done:
// it joins split points below its own ("helpful master"), else waits, which
// counts as idle (a helper below may split for it).
template <Board B, MoveGen G>
void Searcher<B, G>::help_while_waiting(SplitPoint& sp, std::unique_lock<std::mutex>& lock) {
  while (sp.helpers > 0) {
    if (SplitPoint* below = pool_->pick(&sp)) {
      ++below->helpers;
      lock.unlock();
      join_split(*below, false);
      lock.lock();
      if (--below->helpers == 0) pool_->wake.notify_all();
      continue;
    }
    pool_->idle.fetch_add(1, std::memory_order_relaxed);
    wait(lock);
    pool_->idle.fetch_sub(1, std::memory_order_relaxed);
  }
}

// Joins a split point found in the pool, on a board of this thread's own, in
// the split point's mode. A helper `entering` from serve() takes the mode's
// state here (the pre-search's horizon and budget, the selective pass's
// margin) and counts the work apart; an owner helping below its split point
// is already in that search.
template <Board B, MoveGen G>
void Searcher<B, G>::join_split(SplitPoint& sp, bool entering) {
  const SplitPoint* const outer = split_;
  Node node(sp.position);
  aborted_ = false;  // whatever ended this thread's previous work, this is new work
  const Work before = work();
  // An owner helping below its split point keeps its selective margin; the
  // horizon may differ (the midgame's ProbCut searches with a nearer one).
  assert(entering || sp.selective_margin == selective_margin_);
  const int outer_horizon = horizon_;
  horizon_ = sp.horizon;
  if (entering) {
    selective_margin_ = sp.selective_margin;
    if (sp.mode == ModeId::presearch) {
      presearch_reported_ = nodes_;
      // Poll at the first position, which checks the budget: a helper may
      // join many split points of one pre-search, and without this each join
      // could add a whole poll interval after the budget was spent.
      next_poll_ = nodes_ + 1;
    }
  }
  with_mode(sp.mode, [&]<class M>() {
    switch (M::kEvaluated ? Algo::pvs : options_.algo) {
      case Algo::minimax:
        search_split<M, Algo::minimax>(sp, node);
        break;
      case Algo::alphabeta:
        search_split<M, Algo::alphabeta>(sp, node);
        break;
      case Algo::pvs:
        search_split<M, Algo::pvs>(sp, node);
        break;
    }
  });
  if (entering) {
    if (sp.mode == ModeId::presearch) end_presearch_span(before);
    if (sp.mode == ModeId::selective) set_apart(before, selective_nodes_);
    selective_margin_ = -1;
  }
  horizon_ = entering ? -1 : outer_horizon;
  aborted_ = pool_->stopped.load(std::memory_order_relaxed) || cut_off(outer);
}

// child_score() for a younger brother at a split point, whose alpha may rise
// while the child is searched (by another thread): a PVS null-window search
// that fails high is re-searched only if its bound still beats the split
// point's alpha of now; otherwise it is tested again, with a null window at
// that alpha (which is what one thread would have searched).
//
// A search whose window became stale is also restarted: when a poll finds
// that the split point's alpha rose above the alpha this thread searches its
// move with, the search is abandoned (aborted_ and restart_) and begun again
// with the new alpha, a narrower window (the table keeps what the abandoned
// search had stored). Minimax has no window to narrow. The nodes of an
// attempt begun again are counted as restarted.
template <Board B, MoveGen G>
template <class M, Algo A>
int Searcher<B, G>::split_child_score(Node& child, const SplitPoint& sp, int empties,
                                      unsigned parity) {
  for (;;) {
    const Work before = work();
    int alpha = sp.alpha.load(std::memory_order_relaxed);
    split_alpha_ = A == Algo::minimax ? kInfinity : alpha;
    int v;
    if constexpr (A != Algo::pvs) {
      v = -search<M, A, false>(child, -sp.beta, -alpha, empties, parity);
    } else {
      v = -search<M, A, false>(child, -alpha - 1, -alpha, empties, parity);
      while (v > alpha && v < sp.beta && !aborted_) {
        const int now = sp.alpha.load(std::memory_order_relaxed);
        if (v > now) {
          split_alpha_ = v;  // the re-search's window begins at v
          v = -search<M, A, false>(child, -sp.beta, -v, empties, parity);
          break;
        }
        alpha = split_alpha_ = now;  // the bound no longer beats the best: test again at now
        v = -search<M, A, false>(child, -alpha - 1, -alpha, empties, parity);
      }
    }
    if (!restart_) return v;
    count_void_since(before, restarted_nodes_);
    restart_ = false;
    aborted_ = pool_->stopped.load(std::memory_order_relaxed) || cut_off(&sp);
    if (aborted_) return v;
  }
}

// Takes moves of the split point (whose position `node` holds) until none
// is left or the search under it is void; records each score.
template <Board B, MoveGen G>
template <class M, Algo A>
void Searcher<B, G>::search_split(SplitPoint& sp, Node& node) {
  const SplitPoint* const outer = split_;
  const int outer_alpha = split_alpha_;
  split_ = &sp;
  std::unique_lock lock(pool_->mutex);
  while (!aborted_ && sp.joinable() && !cut_off(sp.parent)) {
    const int i = sp.next++;
    lock.unlock();
    const Square s = sp.moves[i];
    int v = -kInfinity;
    const Work before = work();
    node.play(s, [&](Node& child) {
      v = split_child_score<M, A>(child, sp, sp.empties - 1, sp.parity ^ quadrant_bit(s));
    });
    lock.lock();
    if (aborted_) {  // v is void: the move's nodes were searched in vain
      count_void_since(before, abandoned_nodes_);
      break;
    }
    if (v > sp.best) {
      sp.best = v;
      sp.best_move = s;
      if (v > sp.alpha.load(std::memory_order_relaxed)) {
        sp.alpha.store(v, std::memory_order_relaxed);
        if (A != Algo::minimax && v >= sp.beta) sp.cutoff.store(true, std::memory_order_relaxed);
      }
    }
  }
  split_ = outer;
  split_alpha_ = outer_alpha;
}

}  // namespace rb::solver_detail
