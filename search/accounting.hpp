// The work a thread counts, and when it stops: the spans of work set apart
// (the pre-search's and the selective pass's positions are not nodes of the
// solve) or found void (restarted and abandoned work at split points), the
// polls of the stop flag, the deadline and the pre-search's budget every
// kPollInterval nodes, the time spent waiting, and the cut profile's
// cutoffs (SolveOptions::cut_profile).
#pragma once

#include <chrono>

#include "search/searcher.hpp"

namespace rb::solver_detail {

// Counts the work since `before` as void, in `counter`, replacing what was
// counted inside it (an abandoned move may hold restarted attempts and
// abandoned moves of split points below).
template <Board B, MoveGen G>
void Searcher<B, G>::count_void_since(const Work& before, std::uint64_t& counter) {
  restarted_nodes_ = before.restarted;
  abandoned_nodes_ = before.abandoned;
  counter += nodes_ - before.nodes;
}

// Moves the positions of a span of work begun at `before` from the node
// counters to `counter` (the pre-search's or the selective pass's).
template <Board B, MoveGen G>
void Searcher<B, G>::set_apart(const Work& before, std::uint64_t& counter) {
  counter += nodes_ - before.nodes;
  nodes_ = before.nodes;
  restarted_nodes_ = before.restarted;
  abandoned_nodes_ = before.abandoned;
  next_poll_ = nodes_ + kPollInterval;
}

// Ends a span of pre-search work begun at `before`: with threads, the
// positions not yet reported to the budget are reported; they move to the
// pre-search's counter.
template <Board B, MoveGen G>
void Searcher<B, G>::end_presearch_span(const Work& before) {
  if (pool_) pool_->presearch_nodes.fetch_add(nodes_ - presearch_reported_);
  set_apart(before, presearch_nodes_);
  horizon_ = -1;
}

// Every kPollInterval nodes (and at the pre-search's budget): a stop flag,
// the deadline or, in the pre-search, the budget stops this thread's search
// (and with threads all of them); with threads, a cutoff above this
// thread's split point abandons its work, and a split point whose alpha rose
// above the one this thread's move is searched with restarts it.
template <Board B, MoveGen G>
template <class M>
void Searcher<B, G>::poll_stop() {
  next_poll_ = nodes_ + kPollInterval;
  bool stop = (options_.stop && options_.stop->load(std::memory_order_relaxed)) ||
              (options_.deadline != std::chrono::steady_clock::time_point::max() &&
               std::chrono::steady_clock::now() >= options_.deadline);
  if constexpr (M::kPresearch) {
    if (budget_spent()) stop = true;
  }
  if (pool_) {
    if (stop) pool_->stopped.store(true, std::memory_order_relaxed);
    if (pool_->stopped.load(std::memory_order_relaxed) || cut_off(split_)) {
      aborted_ = true;
    } else if (split_ && split_->alpha.load(std::memory_order_relaxed) > split_alpha_) {
      aborted_ = restart_ = true;  // the window of this thread's move is stale
    }
  } else if (stop) {
    aborted_ = true;
  }
}

template <Board B, MoveGen G>
void Searcher<B, G>::wait(std::unique_lock<std::mutex>& lock) {
  const auto t0 = std::chrono::steady_clock::now();
  pool_->wake.wait(lock);
  idle_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Records a cutoff at a node (see CutLevel): by the move searched
// `searched`-th (the table move first if `table_move`), whose positions
// began at `cutter_from`; the node's moves began at `moves_from`.
template <Board B, MoveGen G>
void Searcher<B, G>::count_cutoff(CutLevel& level, bool table_move, int searched,
                                  std::uint64_t cutter_from, std::uint64_t moves_from) const {
  if (searched == 1) {
    ++level.first;
    level.first_nodes += nodes_ - cutter_from;
    return;
  }
  ++level.later;
  if (table_move) ++level.later_after_table_move;  // searched first, it failed
  level.wasted_nodes += cutter_from - moves_from;
  level.cutter_nodes += nodes_ - cutter_from;
}

}  // namespace rb::solver_detail
