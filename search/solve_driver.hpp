// One solve (SolveDriver<B, G>): the table, one Searcher per thread and the
// pool they share, and the root's steps in order: the pre-search, the
// selective pass, the exact search of the root; or every root move scored
// (score_all_moves); or the midgame iterations of the playing search
// (search/think.hpp). The helper threads serve the pool while the main thread
// runs the steps.
#pragma once

#include <algorithm>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

#include "core/threads.hpp"
#include "search/accounting.hpp"
#include "search/exact_search.hpp"
#include "search/few_empties.hpp"
#include "search/midgame.hpp"
#include "search/parallel.hpp"
#include "search/presearch.hpp"
#include "search/root_search.hpp"
#include "search/searcher.hpp"
#include "search/selective.hpp"

namespace rb::solver_detail {

template <Board B, MoveGen G>
class SolveDriver {
 public:
  using Node = BoardNode<B, G>;

  // `table`: the table to use, already cleared, or null to allocate one of
  // options.tt_mb MiB for this solve. `midgame_table`: the midgame's
  // (midgame() only), or null for none.
  SolveDriver(const Position& position, const SolveOptions& options, TranspositionTable* table,
              MidgameTable* midgame_table = nullptr)
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
      searchers_.push_back(
          std::make_unique<Searcher<B, G>>(options, table_, pool_.get(), midgame_table));
    }
  }

  SolveResult solve() {
    Searcher<B, G>& main = *searchers_[0];
    double presearch_seconds = 0;
    double selective_seconds = 0;
    const int score = with_helpers([&] {
      if (options_.presearch && table_->enabled()) {
        const auto t0 = std::chrono::steady_clock::now();
        main.presearch(root_, root_empties_, root_parity_);
        presearch_seconds = seconds_since(t0);
      }
      if (options_.selective && table_->enabled() && options_.algo != Algo::minimax) {
        const auto t0 = std::chrono::steady_clock::now();
        main.selective_pass(root_, root_empties_, root_parity_);
        selective_seconds = seconds_since(t0);
      }
      return main.root_score(root_, root_empties_, root_parity_);
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
    Searcher<B, G>& main = *searchers_[0];
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
          return main.sign_if_wld(main.full_window_score(p, root_empties_, root_parity_));
        });
        if (passed && !main.aborted()) out.moves.push_back({kPass, score});
      }
      for (int i = 0; i < count && !main.aborted(); ++i) {
        int score = 0;
        root_.play(moves[i], [&](Node& child) {
          score = -main.sign_if_wld(main.full_window_score(child, root_empties_ - 1,
                                                           root_parity_ ^ quadrant_bit(moves[i])));
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

  // The midgame iterations of search/think.hpp, first to last plies, each
  // finished one reported as on_iteration(depth, score in kEvalScale units,
  // best move, the positions searched so far), until one is stopped.
  template <class F>
  void midgame(int first, int last, F&& on_iteration) {
    Searcher<B, G>& main = *searchers_[0];
    with_helpers([&] {
      for (int depth = first; depth <= last; ++depth) {
        const std::optional<int> score =
            main.midgame_iteration(root_, root_empties_, root_parity_, depth);
        if (!score) break;
        on_iteration(depth, *score, main.root_move(), nodes());
      }
      return 0;
    });
  }

  // The positions all threads searched (their move ordering's shallow
  // searches included), and whether no stop came.
  std::uint64_t nodes() const {
    std::uint64_t n = 0;
    for (const auto& s : searchers_) n += s->nodes() + s->shallow_nodes();
    return n;
  }
  bool finished() const { return pool_ ? !pool_->stopped.load() : !searchers_[0]->aborted(); }

 private:
  static double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }

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
    for (std::size_t t = 1; t < searchers_.size(); ++t) {
      helpers.push_back(start_jthread([searcher = searchers_[t].get()] { searcher->serve(); }));
    }
    return f();
  }

  void report(SolveResult& result) const {
    result.solved = pool_ ? !pool_->stopped.load() : !searchers_[0]->aborted();
    for (const auto& s : searchers_) {
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
  std::vector<std::unique_ptr<Searcher<B, G>>> searchers_;
};

}  // namespace rb::solver_detail
