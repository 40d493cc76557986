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
//
// Threads (SolveOptions::threads > 1): one position searched by several
// threads, Young Brothers Wait (YBWC). A node with at least
// split_min_empties empties searches its first two moves alone, its elder
// brothers (kElderBrothers): at a PV node alpha may still rise with the
// second, at a CUT node the second may still cut, and at an ALL node two
// rather than the classic one cut the work done with 8 and 16 threads on
// FForum #20-#39 from 1.23-1.24 and 1.31-1.35 times one thread's nodes to
// 1.16-1.17 and 1.22-1.25, no slower with 2 threads
// (results/2026-11-24-parallel-presearch). When a thread is then
// idle, the node becomes a split point: its remaining moves are handed out,
// one at a time, to the threads that join it, each searching its move on a
// board of its own with the split point's alpha of that moment, while the
// owner takes moves too. A score that raises the split point's alpha narrows
// the window of the moves handed out after it, and a thread whose move is
// being searched with an alpha that has since risen restarts it with the new
// one; a score that reaches beta ends the split point (a cutoff), and the
// threads below it abandon their searches at their next poll (an abandoned
// search stores nothing in the table). The owner then waits for its helpers,
// joining split points below its own meanwhile ("helpful master"), and goes
// on with the merged score and move. All threads share one table (safe under
// concurrency, search/transposition.hpp); nothing else is shared but the pool
// of open split points (one mutex, one condition variable).
//
// Why YBWC and not a shared-table scheme (lazy SMP: every thread searches the
// whole tree, the table being their only communication): an exact endgame
// search has no iterative deepening whose shallow iterations threads could
// race through, so lazy SMP's threads search the same tree again and only the
// table keeps them apart, while YBWC hands each subtree to one thread. The
// measurements behind the choice and the rules above (elder brothers,
// restarts) are in results/2026-11-23-parallel/README.md.
//
// The pre-search (SolveOptions::presearch). The exact search's node count
// depends above all on its move order near the root, where the subtrees are
// largest: on FForum #38 (24 empties, the best configuration), giving the
// exact search, at the nodes with at least 19 empties, the best moves found
// by a full exact search made beforehand cut its nodes from 198 M to 38 M
// (results/2026-11-24-presearch). The pre-search approximates those moves
// cheaply: before the exact search, iterations of depth 1, 2, ..., down to
// positions with presearch_empties empties, of the same search() in its
// estimate mode (estimate_): its leaves (empties <= horizon_) return the
// evaluation (search/eval.hpp, kEvalScale units) and a game over its exact
// result in those units; it orders by the table move (the previous
// iteration's best) and then Order::mobility (ties in square order, so that
// a board and its list variant pre-search alike), and has no few-empties path,
// cutoffs from the table, stability or enhanced transposition cutoff. At
// each position with at least presearch_min_empties empties it stores its
// best move in the table with the bounds (-64, 64), which say nothing: the
// exact search only takes the move (a table move is tried first) and its own
// stores merge into the entry (bounds intersected, its move kept when it
// raised alpha). So the table never holds a bound the pre-search made, and
// the exact score cannot depend on it. It stops when it has searched
// presearch_nodes positions, inside an iteration as a rule (the moves of the
// subtrees that iteration finished are kept): a node budget, not a time, so
// that one thread repeats exactly. With threads it runs on the first thread
// alone, the others idle, or it splits like the exact search (being the same
// search), so that it is no serial part of the solve, its budget shared,
// each thread adding its positions at its polls: with presearch_split, and by
// default with at most presearch_split_threads (2) threads. Split, where the
// budget cuts the last iteration, and so the moves left, vary from run to run
// (the measurements behind the default: SolveOptions::presearch_split). The
// stop flag and the deadline stop
// it too. Its positions are counted as shallow nodes, not nodes.
//
// The selective pass (SolveOptions::selective). Given, at its nodes with at
// least 19 empties, the best moves of an exact search made beforehand, the
// exact search of FForum #38 took a fifth of its nodes (above): what limits
// it is the order, and a search of the same tree orders it best. The
// selective pass makes such searches cheaply: before the exact search (and
// after the pre-search, if any), the same search() of the root, with its
// window and its root's tests, but pruned by ProbCut. At a node with at
// least selective_min_empties empties that the table did not end, a
// selective_depth search with the evaluation (a null window at the bound)
// decides: at least beta + m discs, the node returns beta; at most alpha - m,
// it returns alpha; m is the level's margin. Each level's table entries
// then keep their moves and forget their bounds (TranspositionTable::
// forget_bounds), which may be wrong, and the next level, then the exact
// search, take the moves first. So the exact search reads no bound the
// selective pass made, and its score cannot depend on it; the last level's
// score is mtd's estimate. The pass's first level begins its root's tests at
// the pre-search's estimate when there is one (the pre-search's moves are
// dropped: they ordered the pass worse than none), else at the root's
// evaluation. A window within the margin of an end of the score range
// (+-64) is searched without ProbCut, which could not tell a wipe-out from
// a loss of a few discs. Its positions are counted apart
// (selective_nodes), its shallow searches with the shallow nodes. On FForum
// #40-#59, one thread, the exact search took 0.36 of its nodes without the
// pass, 0.47 with the pass's positions, and 0.52 of the time
// (results/2026-11-25-selective). With threads it
// splits like the exact search (a helper takes the split point's margin).
//
// The root's tests (SolveOptions::mtd): the exact search of the root may be
// a series of null-window searches instead of one with the full window,
// each asking whether the score is an estimate g (window (g - 1, g + 1)),
// the first g being the pre-search's estimate. One thread, against the
// full window: FForum #20-#39 in 0.86 of the nodes and the time, #40-#59 in
// 0.95 of the nodes; per position from 0.55 to 1.36, as the estimate hits
// or misses by several tests (results/2026-11-24-mtd). A test is the same
// search() as the rest, so it splits with threads like any other.
//
// Exactness: every thread reads only true bounds from the table and the
// window of a move is never narrower than the split point's (alpha only
// grows), so the root score is exact for every thread count; the best move is
// a move reaching that score (ties may be broken differently); node counts
// are the sum over the threads and vary from run to run.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <type_traits>
#include <vector>

#include "core/board.hpp"
#include "core/threads.hpp"
#include "search/end_of_game.hpp"
#include "search/eval.hpp"
#include "search/node.hpp"
#include "search/ordering.hpp"
#include "search/parity.hpp"
#include "search/solve_options.hpp"
#include "search/stability.hpp"
#include "search/transposition.hpp"

namespace rb {

namespace solver_detail {

inline constexpr int kInfinity = 65;  // above any score (scores lie in -64..64)
// The pre-search's root window and its "below any score" (kEvalScale units).
inline constexpr int kEvalWindow = 1 << 20;
inline constexpr int kEvalInfinity = 1 << 21;
inline constexpr std::uint64_t kPollInterval = 4096;
// The moves a node searches alone before it may split (see the opening comment).
inline constexpr int kElderBrothers = 2;

// A node whose remaining moves are shared among threads (see the opening
// comment). It lives on its owner's stack while the owner is inside split().
struct SplitPoint {
  // Set by the owner before the split point is published; read-only after.
  Position position;
  int empties = 0;
  unsigned parity = 0;
  int beta = 0;
  bool estimate = false;               // a node of the pre-search, whose leaves are at
  int horizon = -1;                    // this many empties
  int selective_margin = -1;           // a node of the selective pass with this margin
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

// What the threads of one solve share besides the table.
struct Pool {
  std::mutex mutex;
  std::condition_variable wake;      // a split point published or finished, or done
  std::vector<SplitPoint*> open;     // published split points (under mutex)
  std::atomic<int> idle{0};          // threads waiting for a split point
  std::atomic<bool> stopped{false};  // the stop flag or the deadline, seen by a thread
  // (or the pre-search's budget spent: it ends the pre-search, and is cleared)
  std::atomic<std::uint64_t> estimate_nodes{0};  // the pre-search's positions reported so far
  bool done = false;                             // the search is over: helpers leave (under mutex)

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

// One thread's search of one position; several of them (one per thread)
// share a table and, with more than one thread, a Pool.
template <Board B, MoveGen G>
class Solver {
 public:
  using Node = BoardNode<B, G>;

  Solver(const SolveOptions& options, TranspositionTable* table, Pool* pool)
      : options_(options), table_(table), pool_(pool) {
    assert(options.few_empties >= 0 && options.few_empties <= kMaxFewEmpties);
    assert(options.eval != EvalKind::pattern || options.pattern != nullptr);
    if (options.cut_profile && !pool) cuts_ = std::make_unique<CutLevel[]>(kCutLevels);
  }
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  std::uint64_t nodes() const { return nodes_; }
  std::uint64_t shallow_nodes() const { return shallow_nodes_; }
  std::uint64_t presearch_nodes() const { return estimate_nodes_; }
  std::uint64_t selective_nodes() const { return selective_nodes_; }
  double idle_seconds() const { return idle_seconds_; }
  std::uint64_t restarted_nodes() const { return restarted_nodes_; }
  std::uint64_t abandoned_nodes() const { return abandoned_nodes_; }
  std::uint64_t split_points() const { return split_points_; }
  // SolveOptions::cut_profile's kCutLevels levels (by empties), or null.
  const CutLevel* cut_profile() const { return cuts_.get(); }
  bool aborted() const { return aborted_; }
  Square root_move() const { return root_move_; }
  int sign_if_wld(int score) const { return options_.wld ? (score > 0) - (score < 0) : score; }

  // The score of a node searched with the root window and the options'
  // algorithm; at the root with SolveOptions::mtd, by null-window tests.
  template <bool Root>
  int search_window(Node& node, int empties, unsigned parity) {
    switch (options_.algo) {
      case Algo::minimax:
        return window_search<Algo::minimax, Root>(node, empties, parity);
      case Algo::alphabeta:
        return window_search<Algo::alphabeta, Root>(node, empties, parity);
      case Algo::pvs:
        break;
    }
    return window_search<Algo::pvs, Root>(node, empties, parity);
  }

  int root_searches() const { return root_searches_; }
  int root_guess() const { return root_guess_; }

  // A helper thread's life: join split points as they are published, until
  // the search is done.
  void serve() {
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
      join_split(*sp);
      lock.lock();
      if (--sp->helpers == 0) pool_->wake.notify_all();
    }
  }

  // The pre-search of the root (see the opening comment), before its exact
  // search; with threads and a split pre-search (presearch_splits()), the
  // helpers must be serving the pool.
  void presearch(Node& root, int empties, unsigned parity) {
    const Waste before = waste();
    set_mode(true, -1);
    estimate_end_ = nodes_ + options_.presearch_nodes;
    estimate_reported_ = nodes_;
    next_poll_ = std::min(next_poll_, estimate_end_);
    for (int d = 1; empties - d >= options_.presearch_empties && !aborted_; ++d) {
      horizon_ = empties - d;
      const int v = search<Algo::pvs, true>(root, -kEvalWindow, kEvalWindow, empties, parity);
      if (!aborted_) {  // a finished iteration: its score is an estimate
        estimate_previous_ = estimate_last_;
        estimate_last_ = v;
        ++estimates_;
      }
    }
    end_estimate(before);
    // The budget's stop ends the pre-search only; a stop flag or deadline
    // is seen again by the exact search's first poll, at its first node.
    aborted_ = restart_ = false;
    if (pool_) pool_->stopped.store(false, std::memory_order_relaxed);
    next_poll_ = nodes_;
  }

  // The selective pass of the root (see the opening comment), before its
  // exact search and after its pre-search; with threads, the helpers must be
  // serving the pool.
  void selective_pass(Node& root, int empties, unsigned parity) {
    const Waste before = waste();
    for (int level = 0; level < options_.selective_levels && !aborted_; ++level) {
      selective_margin_ = options_.selective_margin + level * options_.selective_step;
      const int v = search_window<true>(root, empties, parity);
      table_->forget_bounds();  // also when stopped: the table may be the caller's
      if (aborted_) break;
      selective_score_ = v;
    }
    selective_margin_ = -1;
    set_apart(before, selective_nodes_);
    root_searches_ = 0;
  }

 private:
  // The work counters at a moment. A span of work found void (a move
  // abandoned, an attempt restarted) is counted once, as a whole, in the
  // counter of its cause: what was counted inside it is taken back (an
  // abandoned move may hold restarted attempts and abandoned moves of split
  // points below), so that restarted + abandoned <= nodes.
  struct Waste {
    std::uint64_t nodes, restarted, abandoned;
  };
  Waste waste() const { return {nodes_, restarted_nodes_, abandoned_nodes_}; }
  void waste_since(const Waste& before, std::uint64_t& counter) {
    restarted_nodes_ = before.restarted;
    abandoned_nodes_ = before.abandoned;
    counter += nodes_ - before.nodes;
  }

  // The search's mode: exact, or the pre-search's estimate with leaves at
  // `horizon` empties.
  void set_mode(bool estimate, int horizon) {
    estimate_ = estimate;
    horizon_ = estimate ? horizon : -1;
    few_empties_ = estimate ? -1 : options_.few_empties;
    table_min_empties_ = estimate ? options_.presearch_min_empties : options_.tt_min_empties;
  }

  // Ends a span of pre-search work begun at `before`: its positions move
  // from the node counters to the pre-search's (and, with threads, the
  // positions not yet reported to the budget are reported).
  void end_estimate(const Waste& before) {
    if (pool_) pool_->estimate_nodes.fetch_add(nodes_ - estimate_reported_);
    set_apart(before, estimate_nodes_);
    set_mode(false, -1);
  }

  // Moves the positions of a span of work begun at `before` from the node
  // counters to `counter` (the pre-search's or the selective pass's).
  void set_apart(const Waste& before, std::uint64_t& counter) {
    counter += nodes_ - before.nodes;
    nodes_ = before.nodes;
    restarted_nodes_ = before.restarted;
    abandoned_nodes_ = before.abandoned;
    next_poll_ = nodes_ + kPollInterval;
  }

  // In the pre-search, at a poll: whether its budget is spent, by this
  // thread alone, or with threads by all (each reporting its positions at
  // its polls). The next poll comes no later than the budget's end, so that
  // one thread stops exactly there.
  bool budget_spent() {
    if (!pool_ || !presearch_splits(options_)) {
      next_poll_ = std::min(next_poll_, estimate_end_);
      return nodes_ >= estimate_end_;
    }
    const std::uint64_t add = nodes_ - estimate_reported_;
    const std::uint64_t total = pool_->estimate_nodes.fetch_add(add) + add;
    estimate_reported_ = nodes_;
    if (total >= options_.presearch_nodes) return true;
    next_poll_ = std::min(next_poll_, nodes_ + (options_.presearch_nodes - total));
    return false;
  }

  // search_window() with algorithm A.
  template <Algo A, bool Root>
  int window_search(Node& node, int empties, unsigned parity) {
    if constexpr (Root && A != Algo::minimax) {
      if (options_.mtd && !options_.wld) return mtd<A>(node, empties, parity);
    }
    const int alpha = options_.wld ? -1 : -kInfinity;
    const int beta = options_.wld ? 1 : kInfinity;
    const int v = search<A, Root>(node, alpha, beta, empties, parity);
    if (Root && !aborted_) ++root_searches_;
    return v;
  }

  // SolveOptions::mtd: null-window tests of the root, the first at the
  // estimate, each next one at the bound the last returned, until one does
  // not fail. The score is even (every final score is), so the window
  // (g - 1, g + 1) holds g alone: a fail-soft result inside it is the score,
  // and one outside is a bound beyond g (fail low: the score is at most it;
  // fail high: at least it). Each test narrows [lower, upper], so they end.
  // The root's move comes from the last test, whose window holds the score.
  template <Algo A>
  int mtd(Node& root, int empties, unsigned parity) {
    int guess = root_guess_ = estimated_score(root);
    [[maybe_unused]] int lower = -64, upper = 64;  // the score lies in [lower, upper]
    for (;;) {
      const int v = search<A, true>(root, guess - 1, guess + 1, empties, parity);
      if (aborted_) return v;
      ++root_searches_;
      if (v == guess) return v;
      // The selective pass's tests may contradict each other (its prunes
      // depend on the window); it stops at the first that does.
      if (selective_margin_ >= 0 && (v < lower || v > upper)) return v;
      (v < guess ? upper : lower) = v;
      assert(v % 2 == 0 && lower <= upper);
      guess = v;
    }
  }

  // The estimated score of the root: the selective pass's last score, else
  // the mean of the pre-search's last two finished iterations (their scores
  // differ most between odd and even depths: on FForum #20-#39 the mean made
  // SolveOptions::mtd's tests 0.86 of the full window's nodes, the last
  // iteration alone 0.92), its only one, or without any the root's
  // evaluation; rounded to the nearest even score.
  int estimated_score(Node& root) const {
    if (selective_score_) return *selective_score_;
    const int units = estimates_ >= 2   ? (estimate_last_ + estimate_previous_) / 2
                      : estimates_ == 1 ? estimate_last_
                                        : evaluate(root);
    const long even = 2 * std::lround(units / (2.0 * kEvalScale));
    return static_cast<int>(std::clamp(even, -64L, 64L));
  }

  // The pre-search's leaf score: the evaluation.
  int evaluate(Node& node) const {
    const Position p = node.position();  // once: on the mailbox, a walk of the board
    return ordering::with_evaluator(options_,
                                    [&](const auto& e) { return e.eval(p.player, p.opponent); });
  }

  void wait(std::unique_lock<std::mutex>& lock) {
    const auto t0 = std::chrono::steady_clock::now();
    pool_->wake.wait(lock);
    idle_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }

  void poll_stop() {
    next_poll_ = nodes_ + kPollInterval;
    bool stop = (options_.stop && options_.stop->load(std::memory_order_relaxed)) ||
                (options_.deadline != std::chrono::steady_clock::time_point::max() &&
                 std::chrono::steady_clock::now() >= options_.deadline);
    if (estimate_ && budget_spent()) stop = true;
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

  // The score of a child for the parent's side, the parent's window being
  // (alpha, beta): PVS searches a younger brother with a null window first.
  template <Algo A>
  int child_score(Node& child, int alpha, int beta, int empties, unsigned parity, bool eldest) {
    if constexpr (A == Algo::pvs) {
      if (!eldest) {
        int v = -search<A, false>(child, -alpha - 1, -alpha, empties, parity);
        if (v > alpha && v < beta && !aborted_) {
          v = -search<A, false>(child, -beta, -v, empties, parity);
        }
        return v;
      }
    }
    return -search<A, false>(child, -beta, -alpha, empties, parity);
  }

  // The main search: the score of the node for the side to move, fail-soft
  // with respect to (alpha, beta) (minimax ignores the window). `empties`
  // and `parity` (see search/parity.hpp) describe the node's position.
  template <Algo A, bool Root>
  int search(Node& node, int alpha, int beta, int empties, unsigned parity) {
    ++nodes_;
    if (nodes_ >= next_poll_) poll_stop();
    if (aborted_) return 0;
    if (empties <= horizon_) return evaluate(node);  // a leaf of the pre-search
    if (empties == 0) return node.disc_difference();
    if constexpr (!Root) {
      if (empties <= few_empties_) {
        return with_fastest_node(node, [&](NodeArg<FastNode> fast) {
          return few<A, FastNode>(fast, alpha, beta, empties, parity);
        });
      }
      if (empties == 1 && options_.last_empty && !estimate_) {
        return with_fastest_node(node, [&](NodeArg<FastNode> fast) {
          return last_empty_score<FastNode>(fast, first_square(fast.empty()));
        });
      }
    }

    // Transposition table: cut off on a decisive bound, narrow the window,
    // and take the stored best move to try first. The root and the
    // pre-search only take the move.
    const bool use_table = table_->enabled() && empties >= table_min_empties_;
    const bool shared = pool_ != nullptr;
    Position key;
    Square first = kNoSquare;
    if (use_table) {
      key = node.position();
      if (TTEntry e; table_->probe(key.player, key.opponent, e, shared)) {
        if constexpr (!Root) {
          if (!estimate_) {
            if (e.lower == e.upper) return e.lower;
            if constexpr (A != Algo::minimax) {
              if (e.lower >= beta) return e.lower;
              if (e.upper <= alpha) return e.upper;
              alpha = std::max(alpha, static_cast<int>(e.lower));
              beta = std::min(beta, static_cast<int>(e.upper));
            }
          }
        }
        if (e.move < 64) first = e.move;
      }
    }

    if constexpr (!Root && A != Algo::minimax) {
      if (options_.stability && empties >= options_.stability_min_empties && !estimate_) {
        const Position p = use_table ? key : node.position();
        // The cap can only reach alpha when the opponent has enough discs.
        if (64 - 2 * popcount(p.opponent) <= alpha) {
          const int cap = 64 - 2 * popcount(stable_discs(p.opponent, p.player));
          if (cap <= alpha) return cap;
        }
      }
      if (options_.etc && use_table && empties > options_.tt_min_empties && !estimate_) {
        // The children's buckets are all requested before the first is
        // read, so that their cache misses overlap.
        std::array<Position, 64> children;
        int count = 0;
        node.peek_children([&](Square, auto&& child) {
          const Position& c = children[count++] = child.position();
          table_->prefetch(c.player, c.opponent);
          return false;
        });
        for (int i = 0; i < count; ++i) {
          TTEntry e;
          if (table_->probe(children[i].player, children[i].opponent, e, shared) &&
              -e.upper >= beta) {
            return -e.upper;
          }
        }
      }
    }

    if constexpr (!Root && A != Algo::minimax) {
      if (selective_margin_ >= 0 && empties >= options_.selective_min_empties) {
        if (const int v = probcut(node, alpha, beta, empties); v != kNoCut) return v;
      }
    }
    const int alpha0 = alpha;
    int best = estimate_ ? -kEvalInfinity : -kInfinity;
    Square best_move = kNoSquare;
    int searched = 0;
    // With a cut profile, the node's level (null in the pre-search), and
    // the positions counted when its moves began.
    CutLevel* const level = cuts_ && !estimate_ && selective_margin_ < 0
                                ? &cuts_[static_cast<std::size_t>(empties)]
                                : nullptr;
    const std::uint64_t nodes_at_moves = nodes_;
    // Searches the child after move s; true to stop (a cutoff or a stop).
    auto visit = [&](Square s, Node& child) -> bool {
      const std::uint64_t before = nodes_;
      const int v =
          child_score<A>(child, alpha, beta, empties - 1, parity ^ quadrant_bit(s), searched == 0);
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
    if (pool_ && empties >= options_.split_min_empties &&
        (!estimate_ || presearch_splits(options_))) {
      searched = visit_moves_or_split<A>(node, empties, parity, first, visit, alpha, beta, best,
                                         best_move);
    } else {
      visit_moves(node, empties, parity, first, visit, alpha);
    }
    if (aborted_) return 0;
    if (level && searched > 0 && (best < beta || A == Algo::minimax)) {  // else counted in visit
      if (best <= alpha0 || A == Algo::minimax) {
        ++level->all;
        level->all_nodes += nodes_ - nodes_at_moves;
      } else {
        ++level->exact;
        level->exact_nodes += nodes_ - nodes_at_moves;
      }
    }

    if (searched == 0) {
      bool passed = false;
      best = score_without_move<Node>(node, empties, [&](Node& p) {
        passed = true;
        return search<A, false>(p, -beta, -alpha, empties, parity);
      });
      if (aborted_) return 0;
      if (!passed) {  // the game is over
        if constexpr (Root) root_move_ = kNoSquare;
        return estimate_ ? kEvalScale * best : best;
      }
      if (estimate_) return best;  // the pre-search stores moves only
      best_move = kPass;
    }

    if constexpr (Root) root_move_ = best_move;
    if (use_table) {
      if (estimate_) {  // a move, with bounds that say nothing
        table_->store(key.player, key.opponent, empties, -64, 64, best_move, true, shared);
      } else if (A == Algo::minimax || (best > alpha0 && best < beta)) {
        table_->store(key.player, key.opponent, empties, best, best, best_move, true, shared);
      } else if (best >= beta) {
        table_->store(key.player, key.opponent, empties, best, 64, best_move, true, shared);
      } else {
        table_->store(key.player, key.opponent, empties, -64, best, best_move, false, shared);
      }
    }
    return best;
  }

  // ProbCut in the selective pass (see the opening comment): a bound beyond
  // the window when the shallow search clears it by the level's margin, else
  // kNoCut. The bound is the even score at or beyond beta (alpha), every
  // final score being even, so that mtd's tests (window (g - 1, g + 1), g
  // even) see even scores only.
  static constexpr int kNoCut = -kInfinity - 1;
  int probcut(Node& node, int alpha, int beta, int empties) {
    const int depth = std::min(options_.selective_depth, empties - 1);
    // Whether the shallow score is at least `bound` (kEvalScale units).
    const auto at_least = [&](int bound) {
      return with_fastest_node(node, [&](NodeArg<FastNode> fast) {
        return ordering::with_evaluator(options_, [&](const auto& e) {
          return ordering::shallow_score<FastNode>(fast, depth, bound - 1, bound, e,
                                                   shallow_nodes_) >= bound;
        });
      });
    };
    // A window within the margin of an end of the score range is searched
    // without: a wipe-out's lines evaluate far below it and would be pruned
    // (FForum #59, a wipe-out at 34 empties: the pass found 58, and the
    // exact search following its moves took 233 M nodes).
    if (beta + selective_margin_ > 64 || alpha - selective_margin_ < -64) return kNoCut;
    if (beta < 64 && at_least((beta + selective_margin_) * kEvalScale)) return beta + (beta & 1);
    if (alpha > -64 && !at_least((alpha - selective_margin_) * kEvalScale + 1)) {
      return alpha - (alpha & 1);
    }
    return kNoCut;
  }

  // Records a cutoff at a node (see CutLevel): by the move
  // searched `searched`-th (the table move first if `table_move`), whose
  // positions began at `cutter_from`; the node's moves began at `moves_from`.
  void count_cutoff(CutLevel& level, bool table_move, int searched, std::uint64_t cutter_from,
                    std::uint64_t moves_from) const {
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

  // Calls visit(s, child) for each legal move s of the node: `first` (a
  // table move, or kNoSquare) first, then the others in the order of the
  // options; stops when visit returns true. Kept out of line: the move loop
  // with the board's play() inlined is large, and inlined into search() it
  // costs the search its registers (measured: 6% slower on the mailbox).
  // `alpha` is the node's, read when the other moves are ranked (after the
  // table move has raised it).
  template <class Visit>
  void visit_moves(Node& node, int empties, unsigned parity, Square first, Visit& visit,
                   const int& alpha) {
    if (visit_first(node, first, visit)) return;
    bool stop = false;
    const Order order = order_at(empties);
    if (order == Order::none) {  // the node's own order, with no list made first
      node.for_each_child([&](Square s, Node& child) { return s != first && visit(s, child); });
      return;
    }
    std::array<std::uint8_t, 64> moves;
    const int count = ordering::ranked_moves(node, order, parity, first, options_, moves,
                                             shallow_nodes_, estimate_, alpha);
    for (int i = 0; i < count && !stop; ++i) {
      node.play(moves[i], [&](Node& child) { stop = visit(moves[i], child); });
    }
  }

  // Calls visit(first, child) for the table move `first`, unless it is
  // kNoSquare; returns what visit returned (false without a move).
  template <class Visit>
  [[gnu::always_inline]] static bool visit_first(Node& node, Square first, Visit& visit) {
    if (first == kNoSquare) return false;
    bool stop = false;
    const bool legal = node.play(first, [&](Node& child) { stop = visit(first, child); });
    assert(legal);
    (void)legal;
    return stop;
  }

  // The order at a node with `empties` empties.
  [[gnu::always_inline]] Order order_at(int empties) const {
    return estimate_ ? Order::mobility : ordering::order_at(options_, empties);
  }

  // The moves of the node but `first` (a table move, or kNoSquare), in the
  // order visit_moves() takes them after it.
  int other_moves(Node& node, int empties, unsigned parity, Square first,
                  std::array<std::uint8_t, 64>& out, int alpha) {
    const Order order = order_at(empties);
    if (order == Order::none) {
      int count = 0;
      node.peek_children([&](Square s, auto&&) {
        if (s != first) out[count++] = static_cast<std::uint8_t>(s);
        return false;
      });
      return count;
    }
    return ordering::ranked_moves(node, order, parity, first, options_, out, shallow_nodes_,
                                  estimate_, alpha);
  }

  // visit_moves() for a node that may split: the elder brothers alone, then,
  // as soon as a thread is idle, the remaining moves shared (split()). The
  // node's alpha, best and best_move are updated; returns the moves searched
  // (0 only if there is none). As in visit_moves(), the table move is
  // searched before the others are ranked: it cuts off at most nodes, and
  // the ranking (a shallow search of every child, at the nodes of
  // Order::shallow) would be spent in vain; ranked first, it tripled the
  // ordering searches' positions with two threads on FForum #20-#39.
  template <Algo A, class Visit>
  int visit_moves_or_split(Node& node, int empties, unsigned parity, Square first, Visit& visit,
                           int& alpha, int beta, int& best, Square& best_move) {
    int searched = first != kNoSquare;
    if (visit_first(node, first, visit)) return searched;
    std::array<std::uint8_t, 64> moves;
    const int count = other_moves(node, empties, parity, first, moves, alpha);
    for (int i = 0; i < count; ++i) {
      if (searched >= kElderBrothers && pool_->idle.load(std::memory_order_relaxed) > 0) {
        split<A>(node, empties, parity, alpha, beta, best, best_move, moves, i, count);
        return searched + count - i;
      }
      bool stop = false;
      node.play(moves[i], [&](Node& child) { stop = visit(moves[i], child); });
      ++searched;
      if (stop) break;
    }
    return searched;
  }

  // Makes the node a split point for moves[from, count), searches moves of
  // it with the helpers that join, waits for them, and takes the result.
  template <Algo A>
  void split(Node& node, int empties, unsigned parity, int& alpha, int beta, int& best,
             Square& best_move, const std::array<std::uint8_t, 64>& moves, int from, int count) {
    ++split_points_;
    SplitPoint sp;
    sp.position = node.position();
    sp.empties = empties;
    sp.parity = parity;
    sp.beta = beta;
    sp.estimate = estimate_;
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
    search_split<A>(sp, node);
    {
      std::unique_lock lock(pool_->mutex);
      std::erase(pool_->open, &sp);
      while (sp.helpers > 0) {
        if (SplitPoint* below = pool_->pick(&sp)) {  // help the helpers
          ++below->helpers;
          lock.unlock();
          join_split(*below);
          lock.lock();
          if (--below->helpers == 0) pool_->wake.notify_all();
          continue;
        }
        // Waiting counts as idle: a helper below may split for this thread.
        pool_->idle.fetch_add(1, std::memory_order_relaxed);
        wait(lock);
        pool_->idle.fetch_sub(1, std::memory_order_relaxed);
      }
      alpha = sp.alpha.load(std::memory_order_relaxed);
      best = sp.best;
      best_move = sp.best_move;
    }
    // A cutoff here ends this node, not the search of its parent.
    aborted_ = pool_->stopped.load(std::memory_order_relaxed) || cut_off(split_);
  }

  // Joins a split point found in the pool, on a board of this thread's own.
  // A thread joins only split points of its own mode, except a helper
  // entering the pre-search's from serve(): it takes that mode here and counts
  // the work apart (see end_estimate()). (An owner helping below its split
  // point stays in the same iteration of the same search.)
  void join_split(SplitPoint& sp) {
    const SplitPoint* const outer = split_;
    Node node(sp.position);
    aborted_ = false;  // whatever ended this thread's previous work, this is new work
    const bool enters_estimate = sp.estimate && !estimate_;
    const bool enters_selective = sp.selective_margin >= 0 && selective_margin_ < 0;
    const Waste before = waste();
    assert(enters_estimate || (sp.estimate == estimate_ && sp.horizon == horizon_));
    assert(enters_selective || sp.selective_margin == selective_margin_);
    if (enters_selective) selective_margin_ = sp.selective_margin;
    if (enters_estimate) {
      set_mode(true, sp.horizon);
      estimate_reported_ = nodes_;
      // Poll at the first position, which checks the budget: a helper may
      // join many split points of one pre-search, and without this each join
      // could add a whole poll interval after the budget was spent.
      next_poll_ = nodes_ + 1;
    }
    switch (sp.estimate ? Algo::pvs : options_.algo) {
      case Algo::minimax:
        search_split<Algo::minimax>(sp, node);
        break;
      case Algo::alphabeta:
        search_split<Algo::alphabeta>(sp, node);
        break;
      case Algo::pvs:
        search_split<Algo::pvs>(sp, node);
        break;
    }
    if (enters_estimate) end_estimate(before);
    if (enters_selective) {
      selective_margin_ = -1;
      set_apart(before, selective_nodes_);
    }
    aborted_ = pool_->stopped.load(std::memory_order_relaxed) || cut_off(outer);
  }

  // child_score() for a younger brother at a split point, whose alpha may
  // rise while the child is searched (by another thread): a PVS null-window
  // search that fails high is re-searched only if its bound still beats the
  // split point's alpha of now; otherwise it is tested again, with a null
  // window at that alpha (which is what one thread would have searched).
  //
  // A search whose window became stale is also restarted: when a poll finds
  // that the split point's alpha rose above the alpha this thread searches
  // its move with, the search is abandoned (aborted_ and restart_) and begun
  // again with the new alpha, a narrower window (the table keeps what the
  // abandoned search had stored). Minimax has no window to narrow.
  //
  // The nodes of an attempt that is begun again are counted as restarted
  // (replacing what was counted inside it: see search_split()).
  template <Algo A>
  int split_child_score(Node& child, const SplitPoint& sp, int empties, unsigned parity) {
    for (;;) {
      const Waste before = waste();
      int alpha = sp.alpha.load(std::memory_order_relaxed);
      split_alpha_ = A == Algo::minimax ? kInfinity : alpha;
      int v;
      if constexpr (A != Algo::pvs) {
        v = -search<A, false>(child, -sp.beta, -alpha, empties, parity);
      } else {
        v = -search<A, false>(child, -alpha - 1, -alpha, empties, parity);
        while (v > alpha && v < sp.beta && !aborted_) {
          const int now = sp.alpha.load(std::memory_order_relaxed);
          if (v > now) {
            split_alpha_ = v;  // the re-search's window begins at v
            v = -search<A, false>(child, -sp.beta, -v, empties, parity);
            break;
          }
          alpha = split_alpha_ = now;  // the bound no longer beats the best: test again at now
          v = -search<A, false>(child, -alpha - 1, -alpha, empties, parity);
        }
      }
      if (!restart_) return v;
      waste_since(before, restarted_nodes_);
      restart_ = false;
      aborted_ = pool_->stopped.load(std::memory_order_relaxed) || cut_off(&sp);
      if (aborted_) return v;
    }
  }

  // Takes moves of the split point (whose position `node` holds) until none
  // is left or the search under it is void; records each score.
  template <Algo A>
  void search_split(SplitPoint& sp, Node& node) {
    const SplitPoint* const outer = split_;
    const int outer_alpha = split_alpha_;
    split_ = &sp;
    std::unique_lock lock(pool_->mutex);
    while (!aborted_ && sp.joinable() && !cut_off(sp.parent)) {
      const int i = sp.next++;
      lock.unlock();
      const Square s = sp.moves[i];
      int v = -kInfinity;
      const Waste before = waste();
      node.play(s, [&](Node& child) {
        v = split_child_score<A>(child, sp, sp.empties - 1, sp.parity ^ quadrant_bit(s));
      });
      lock.lock();
      if (aborted_) {  // v is void: the move's nodes were searched in vain
        waste_since(before, abandoned_nodes_);
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
  TranspositionTable* const table_;
  Pool* const pool_;                   // null with one thread
  const SplitPoint* split_ = nullptr;  // the split point this thread works for
  std::uint64_t nodes_ = 0;
  std::uint64_t shallow_nodes_ = 0;   // positions of Order::shallow's searches (not in nodes_)
  std::unique_ptr<CutLevel[]> cuts_;  // SolveOptions::cut_profile, else null
  // The mode (set_mode()): exact, or the pre-search's estimate.
  bool estimate_ = false;
  int horizon_ = -1;  // the pre-search's leaves have this many empties (-1: exact)
  int few_empties_ = options_.few_empties;
  int table_min_empties_ = options_.tt_min_empties;
  std::uint64_t estimate_end_ = 0;       // one thread's pre-search stops at this nodes_
  std::uint64_t estimate_reported_ = 0;  // nodes_ when last added to the pool's budget
  std::uint64_t estimate_nodes_ = 0;     // positions of the pre-search (not in nodes_)
  // The selective pass: the margin of its level (-1: not in it), its
  // positions (not in nodes_), and the score of its last finished level.
  int selective_margin_ = -1;
  std::uint64_t selective_nodes_ = 0;
  std::optional<int> selective_score_;
  std::uint64_t next_poll_ = kPollInterval;
  bool aborted_ = false;         // stopped, or the work of a split point above became void
  bool restart_ = false;         // aborted because split_alpha_ became stale
  int split_alpha_ = kInfinity;  // the alpha this thread's move at split_ is searched with
  double idle_seconds_ = 0;
  std::uint64_t restarted_nodes_ = 0;  // of attempts at split points begun again (stale window)
  std::uint64_t abandoned_nodes_ = 0;  // of moves at split points abandoned (a cutoff or stop)
  std::uint64_t split_points_ = 0;     // split points this thread made
  Square root_move_ = kNoSquare;
  // The pre-search's finished iterations and the scores of the last two
  // (kEvalScale units), and the root's searches (see SolveResult).
  int estimates_ = 0;
  int estimate_last_ = 0;
  int estimate_previous_ = 0;
  int root_searches_ = 0;
  int root_guess_ = 0;
};

// One solve: the table, the threads and their solvers, the root node.
template <Board B, MoveGen G>
class Search {
 public:
  using Node = BoardNode<B, G>;

  // `table`: the table to use, already cleared, or null to allocate one of
  // options.tt_mb MiB for this solve.
  Search(const Position& position, const SolveOptions& options, TranspositionTable* table)
      : options_(options),
        root_empties_(position.empties()),
        root_parity_(quadrant_parity(position.empty())),
        root_(position) {
    assert(position.valid());
    assert(options.threads >= 1 && options.threads <= kMaxSearchThreads);
    if (table) {
      table_ = table;
    } else if (options.tt_mb > 0) {
      own_table_ = std::make_unique<TranspositionTable>(options.tt_mb);
      table_ = own_table_.get();
    } else {
      table_ = &no_table_;
    }
    if (options.threads > 1) pool_ = std::make_unique<Pool>();
    for (int t = 0; t < options.threads; ++t) {
      solvers_.push_back(std::make_unique<Solver<B, G>>(options, table_, pool_.get()));
    }
  }

  SolveResult solve() {
    Solver<B, G>& main = *solvers_[0];
    double presearch_seconds = 0;
    double selective_seconds = 0;
    const int score = with_helpers([&] {
      if (options_.presearch && table_->enabled()) {
        const auto t0 = std::chrono::steady_clock::now();
        main.presearch(root_, root_empties_, root_parity_);
        presearch_seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      }
      if (options_.selective && table_->enabled() && options_.algo != Algo::minimax) {
        // After a pre-search, the pass keeps its estimate, not its moves.
        if (options_.presearch) table_->clear();
        const auto t0 = std::chrono::steady_clock::now();
        main.selective_pass(root_, root_empties_, root_parity_);
        selective_seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      }
      return main.template search_window<true>(root_, root_empties_, root_parity_);
    });
    SolveResult result;
    report(result);
    result.presearch_seconds = presearch_seconds;
    result.selective_seconds = selective_seconds;
    result.root_searches = main.root_searches();
    if (const CutLevel* cuts = main.cut_profile()) {
      result.cut_profile.assign(cuts, cuts + kCutLevels);
    }
    result.root_guess = main.root_guess();
    if (result.solved) {
      result.score = main.sign_if_wld(score);
      result.best_move = main.root_move();
    }
    return result;
  }

  MoveScores score_all_moves() {
    Solver<B, G>& main = *solvers_[0];
    MoveScores out;
    std::array<Square, 64> moves{};
    int count = 0;
    root_.for_each_child([&](Square s, Node&) {
      moves[count++] = s;
      return false;
    });
    with_helpers([&] {
      if (count == 0) {
        bool passed = false;
        const int score = score_without_move<Node>(root_, root_empties_, [&](Node& p) {
          passed = true;
          return main.sign_if_wld(
              main.template search_window<false>(p, root_empties_, root_parity_));
        });
        if (passed && !main.aborted()) out.moves.push_back({kPass, score});
      }
      for (int i = 0; i < count && !main.aborted(); ++i) {
        int score = 0;
        root_.play(moves[i], [&](Node& child) {
          score = -main.sign_if_wld(main.template search_window<false>(
              child, root_empties_ - 1, root_parity_ ^ quadrant_bit(moves[i])));
        });
        if (!main.aborted()) out.moves.push_back({moves[i], score});
      }
      return 0;
    });
    std::sort(out.moves.begin(), out.moves.end(),
              [](const MoveScore& a, const MoveScore& b) { return a.move < b.move; });
    SolveResult threads;
    report(threads);
    out.nodes = threads.nodes;
    out.solved = threads.solved;
    return out;
  }

 private:
  // Runs f on this thread with the helpers serving the pool, then stops them
  // (also those started when the next cannot start: ThreadStartError).
  template <class F>
  int with_helpers(F&& f) {
    if (!pool_) return f();
    std::vector<std::jthread> helpers;
    struct Stop {  // also when f throws
      Pool& pool;
      std::vector<std::jthread>& helpers;
      ~Stop() {
        {
          std::lock_guard lock(pool.mutex);
          pool.done = true;
        }
        pool.wake.notify_all();
        helpers.clear();  // joins
      }
    } stop{*pool_, helpers};
    for (std::size_t t = 1; t < solvers_.size(); ++t) {
      helpers.push_back(start_jthread([solver = solvers_[t].get()] { solver->serve(); }));
    }
    return f();
  }

  void report(SolveResult& result) const {
    result.solved = pool_ ? !pool_->stopped.load() : !solvers_[0]->aborted();
    for (const auto& s : solvers_) {
      result.nodes += s->nodes();
      result.shallow_nodes += s->shallow_nodes() + s->presearch_nodes();
      result.selective_nodes += s->selective_nodes();
      result.threads.push_back({s->nodes(), s->idle_seconds(), s->restarted_nodes(),
                                s->abandoned_nodes(), s->split_points(), s->presearch_nodes(),
                                s->selective_nodes()});
    }
  }

  const SolveOptions options_;
  TranspositionTable no_table_{0};
  std::unique_ptr<TranspositionTable> own_table_;
  TranspositionTable* table_;
  const int root_empties_;
  const unsigned root_parity_;
  Node root_;
  std::unique_ptr<Pool> pool_;
  std::vector<std::unique_ptr<Solver<B, G>>> solvers_;
};

}  // namespace solver_detail

// The entry points for one board and move source. They are members of a
// class, declared here and defined below out of the class, so that
// search/instances.hpp can compile them once per pair in a file of their own
// for every user (an explicit instantiation of SolverEntry<B, G> skips the
// members whose constraint fails: the list source on a board without a list).
template <Board B, MoveGen G>
struct SolverEntry {
  static SolveResult solve(const Position& position, const SolveOptions& options,
                           TranspositionTable* table) requires MoveSourceFor<B, G>;
  static MoveScores score_all_moves(const Position& position, const SolveOptions& options,
                                    TranspositionTable* table) requires MoveSourceFor<B, G>;
};

template <Board B, MoveGen G>
SolveResult SolverEntry<B, G>::solve(const Position& position, const SolveOptions& options,
                                     TranspositionTable* table) requires MoveSourceFor<B, G> {
  return solver_detail::Search<B, G>(position, options, table).solve();
}

template <Board B, MoveGen G>
MoveScores SolverEntry<B, G>::score_all_moves(const Position& position, const SolveOptions& options,
                                              TranspositionTable* table) requires
    MoveSourceFor<B, G> {
  return solver_detail::Search<B, G>(position, options, table).score_all_moves();
}

// The exact score (or WLD sign) of `position` and a best move, searched on a
// board of type B with move source G. `table`: a cleared table to use (the
// caller allocates it once, outside any timing); null allocates one of
// options.tt_mb MiB for the call.
template <Board B, MoveGen G = B::info.movegen>
inline SolveResult solve(const Position& position, const SolveOptions& options = {},
                         TranspositionTable* table = nullptr) {
  return SolverEntry<B, G>::solve(position, options, table);
}

// The exact score (or WLD sign, with options.wld) of every legal move of
// `position`, each searched with the full window, sharing one table. When the
// side to move must pass, the single entry is {kPass, score}; when the game
// is over, the list is empty.
template <Board B, MoveGen G = B::info.movegen>
inline MoveScores score_all_moves(const Position& position, const SolveOptions& options = {},
                                  TranspositionTable* table = nullptr) {
  return SolverEntry<B, G>::score_all_moves(position, options, table);
}

}  // namespace rb
