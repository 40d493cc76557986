// What the threads of one parallel solve share besides the table: the split
// points (nodes whose remaining moves are handed out to the threads that
// join them) and the pool that publishes them. The search that makes and
// joins them is in search/parallel.hpp; docs/solver.md explains the scheme
// (Young Brothers Wait).
#pragma once

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <vector>

#include "core/position.hpp"
#include "search/search_modes.hpp"

namespace rb::solver_detail {

inline constexpr int kInfinity = 65;  // above any score (scores lie in -64..64)

// A node whose remaining moves are shared among threads. It lives on its
// owner's stack while the owner is inside Searcher::split().
struct SplitPoint {
  // Set by the owner before the split point is published; read-only after.
  Position position;
  int empties = 0;
  unsigned parity = 0;
  int beta = 0;
  ModeId mode = ModeId::exact;         // the search it belongs to
  int horizon = -1;                    // the pre-search's leaves, with this many empties
  int selective_margin = -1;           // the selective pass's margin
  const SplitPoint* parent = nullptr;  // the split point the owner was working for
  std::array<std::uint8_t, 64> moves{};
  int count = 0;
  // Under Pool::mutex.
  int next = 0;               // the next move to hand out
  std::atomic<int> alpha{0};  // also read without the mutex (split_child_score)
  int best = -kInfinity;
  Square best_move = kNoSquare;
  int helpers = 0;  // threads other than the owner working on it
  // Written under the mutex, read by the threads' polls without it.
  std::atomic<bool> cutoff{false};

  bool joinable() const { return next < count && !cutoff.load(std::memory_order_relaxed); }
  bool below(const SplitPoint* ancestor) const {
    for (const SplitPoint* p = this; p; p = p->parent) {
      if (p == ancestor) return true;
    }
    return false;
  }
};

// Whether the search under `sp` is void: sp or a split point above it has
// had a cutoff.
inline bool cut_off(const SplitPoint* sp) {
  for (; sp; sp = sp->parent) {
    if (sp->cutoff.load(std::memory_order_relaxed)) return true;
  }
  return false;
}

// The pool of one solve's threads.
struct Pool {
  std::mutex mutex;
  std::condition_variable wake;      // a split point published or finished, or done
  std::vector<SplitPoint*> open;     // published split points (under mutex)
  std::atomic<int> idle{0};          // threads waiting for a split point
  std::atomic<bool> stopped{false};  // the stop flag or the deadline, seen by a thread
  // (or the pre-search's budget spent: it ends the pre-search, and is cleared)
  std::atomic<std::uint64_t> presearch_nodes{0};  // the pre-search's positions reported so far
  bool done = false;                              // the search is over: helpers leave (under mutex)

  // The joinable split point with the most empties (the most work), among
  // those below `within` (all when null); null if none. Under mutex.
  SplitPoint* pick(const SplitPoint* within) const {
    SplitPoint* found = nullptr;
    if (stopped.load(std::memory_order_relaxed)) return found;
    for (SplitPoint* sp : open) {
      if (sp->joinable() && (!found || sp->empties > found->empties) &&
          (!within || sp->below(within)) && !cut_off(sp->parent)) {
        found = sp;
      }
    }
    return found;
  }
};

}  // namespace rb::solver_detail
