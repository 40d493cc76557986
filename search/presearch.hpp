// The pre-search (SolveOptions::presearch): before the exact search, the
// same recursive search in PresearchMode, deepened ply by ply from the root
// down to positions with presearch_empties empties, its leaves evaluated. At
// positions with at least presearch_min_empties empties it stores its best
// move with bounds that say nothing (-64, 64), so the exact search takes the
// move first and its score cannot depend on the pre-search. It stops after
// presearch_nodes positions (a node budget, so that one thread repeats
// exactly), inside an iteration as a rule; with threads the budget is
// shared (search/parallel.hpp). Its positions are counted apart.
#pragma once

#include <algorithm>

#include "search/searcher.hpp"

namespace rb::solver_detail {

template <Board B, MoveGen G>
void Searcher<B, G>::presearch(Node& root, int empties, unsigned parity) {
  const Work before = work();
  presearch_end_ = nodes_ + options_.presearch_nodes;
  presearch_reported_ = nodes_;
  next_poll_ = std::min(next_poll_, presearch_end_);
  for (int d = 1; empties - d >= options_.presearch_empties && !aborted_; ++d) {
    horizon_ = empties - d;
    const int v =
        search<PresearchMode, Algo::pvs, true>(root, -kEvalWindow, kEvalWindow, empties, parity);
    if (!aborted_) {  // a finished iteration: its score is an estimate
      presearch_previous_ = presearch_last_;
      presearch_last_ = v;
      ++presearch_iterations_;
    }
  }
  end_presearch_span(before);
  // The budget's stop ends the pre-search only; a stop flag or deadline is
  // seen again by the exact search's first poll, at its first node.
  aborted_ = restart_ = false;
  if (pool_) pool_->stopped.store(false, std::memory_order_relaxed);
  next_poll_ = nodes_;
}

// At a poll of the pre-search: whether its budget is spent, by this thread
// alone, or with threads by all (each reporting its positions at its
// polls). The next poll comes no later than the budget's end, so that one
// thread stops exactly there.
template <Board B, MoveGen G>
bool Searcher<B, G>::budget_spent() {
  if (!pool_ || !presearch_splits(options_)) {
    next_poll_ = std::min(next_poll_, presearch_end_);
    return nodes_ >= presearch_end_;
  }
  const std::uint64_t add = nodes_ - presearch_reported_;
  const std::uint64_t total = pool_->presearch_nodes.fetch_add(add) + add;
  presearch_reported_ = nodes_;
  if (total >= options_.presearch_nodes) return true;
  next_poll_ = std::min(next_poll_, nodes_ + (options_.presearch_nodes - total));
  return false;
}

// The pre-search's leaf score: the evaluation (kEvalScale units).
template <Board B, MoveGen G>
int Searcher<B, G>::evaluate(Node& node) const {
  const Position p = node.position();  // once: on the mailbox, a walk of the board
  return ordering::with_evaluator(options_,
                                  [&](const auto& e) { return e.eval(p.player, p.opponent); });
}

}  // namespace rb::solver_detail
