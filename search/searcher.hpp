// One thread's search of one position: Searcher<B, G>, the state a thread
// keeps while it searches (its counters, the mode it is in, the split point
// it works for) and what it does, declared here and defined by concern:
//
//   search/exact_search.hpp  the recursive search and its move loop
//   search/few_empties.hpp   the few-empties path on the bitboards
//   search/root_search.hpp   the root: one full window, or MTD(f) tests
//   search/presearch.hpp     the pre-search (moves from an evaluated search)
//   search/selective.hpp     the selective pass (ProbCut)
//   search/midgame.hpp       the playing search's midgame
//   search/parallel.hpp      split points: making, joining, helping
//   search/accounting.hpp    work counters, stop polls, the cut profile
//
// search/solve_driver.hpp runs one solve with one Searcher per thread;
// docs/solver.md explains the techniques and where each is measured.
#pragma once

#include <cassert>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>

#include "core/board.hpp"
#include "core/node.hpp"
#include "eval/pattern.hpp"
#include "search/end_of_game.hpp"
#include "search/ordering.hpp"
#include "search/parity.hpp"
#include "search/search_modes.hpp"
#include "search/solve_options.hpp"
#include "search/solve_result.hpp"
#include "search/split_point.hpp"
#include "search/stability.hpp"
#include "search/transposition.hpp"

namespace rb::solver_detail {

// The pre-search's root window and its "below any score" (kEvalScale units).
inline constexpr int kEvalWindow = 1 << 20;
inline constexpr int kEvalInfinity = 1 << 21;
inline constexpr std::uint64_t kPollInterval = 4096;
// The moves a node searches alone before it may split (docs/solver.md).
inline constexpr int kElderBrothers = 2;
// The plies above the horizon from which a midgame node may split.
inline constexpr int kMidgameSplitDepth = 4;
// No cutoff before the moves (a score no search returns).
inline constexpr int kNoCut = -kInfinity - 1;

template <Board B, MoveGen G>
class Searcher {
 public:
  using Node = BoardNode<B, G>;

  // `midgame_table`: the midgame's table (search/midgame.hpp), or null.
  Searcher(const SolveOptions& options, TranspositionTable* table, Pool* pool,
           MidgameTable* midgame_table = nullptr)
      : options_(options), table_(table), midgame_table_(midgame_table), pool_(pool) {
    assert(options.few_empties >= 0 && options.few_empties <= kMaxFewEmpties);
    assert(options.eval != EvalKind::pattern || options.pattern != nullptr);
    if (options.cut_profile && !pool) cuts_ = std::make_unique<CutLevel[]>(kCutLevels);
  }
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;

  // What the driver asks of the main thread (search/root_search.hpp,
  // search/presearch.hpp, search/selective.hpp, search/think.hpp). With threads, the helpers
  // must be serving the pool meanwhile.
  int root_score(Node& root, int empties, unsigned parity);
  int full_window_score(Node& node, int empties, unsigned parity);
  void presearch(Node& root, int empties, unsigned parity);
  void selective_pass(Node& root, int empties, unsigned parity);
  std::optional<int> midgame_iteration(Node& root, int empties, unsigned parity, int depth);
  // A helper thread's life: join split points until the solve is done.
  void serve();

  // What it did (the counters are this thread's; see SolveResult).
  std::uint64_t nodes() const { return nodes_; }
  std::uint64_t shallow_nodes() const { return shallow_nodes_; }
  std::uint64_t presearch_nodes() const { return presearch_nodes_; }
  std::uint64_t selective_nodes() const { return selective_nodes_; }
  double idle_seconds() const { return idle_seconds_; }
  std::uint64_t restarted_nodes() const { return restarted_nodes_; }
  std::uint64_t abandoned_nodes() const { return abandoned_nodes_; }
  std::uint64_t split_points() const { return split_points_; }
  const CutLevel* cut_profile() const { return cuts_.get(); }  // kCutLevels levels, or null
  bool aborted() const { return aborted_; }
  Square root_move() const { return root_move_; }
  int root_searches() const { return root_searches_; }
  int root_guess() const { return root_guess_; }
  int sign_if_wld(int score) const { return options_.wld ? (score > 0) - (score < 0) : score; }

 private:
  using FastNode = typename FastestNodeOf<B, G>::type;

  // The recursive search (search/exact_search.hpp).
  template <class M, Algo A, bool Root>
  int search(Node& node, int alpha, int beta, int empties, unsigned parity);
  template <class M, Algo A>
  int child_score(Node& child, int alpha, int beta, int empties, unsigned parity, bool eldest);
  template <class M, Algo A, bool Root>
  [[gnu::always_inline]] inline std::optional<int> probe_table(const Position& key, int& alpha,
                                                               int& beta, Square& first);
  template <class M, Algo A>
  [[gnu::always_inline]] inline int cutoff_before_moves(Node& node, const Position* key, int alpha,
                                                        int beta, int empties);
  template <class M, Algo A>
  [[gnu::always_inline]] inline int search_moves(Node& node, int& alpha, int beta, int empties,
                                                 unsigned parity, Square first, int& best,
                                                 Square& best_move);
  template <class M, Algo A>
  [[gnu::always_inline]] inline void store(const Position& key, int empties, int alpha0, int beta,
                                           int best, Square move, bool guess);
  template <class M, class Visit>
  void visit_moves(Node& node, int empties, unsigned parity, Square first, Visit& visit,
                   const int& alpha);
  template <class Visit>
  [[gnu::always_inline]] static inline bool visit_first(Node& node, Square first, Visit& visit);
  template <class M, class Visit>
  bool visit_ranked_first(Node& node, int empties, Order& order, Bitboard& skip, int all_alpha,
                          Visit& visit, bool& stop);
  template <class M>
  int other_moves(Node& node, int empties, unsigned parity, Bitboard skip, Order order,
                  std::array<std::uint8_t, 64>& out, int alpha);
  template <class M>
  [[gnu::always_inline]] inline Order order_at(int empties) const;
  template <class M>
  [[gnu::always_inline]] inline int shallow_depth_at(int empties) const;
  template <class F>
  static auto with_fastest_node(Node& node, F&& f);

  // The few-empties path (search/few_empties.hpp).
  template <Algo A, class N>
  int few(NodeArg<N> node, int alpha, int beta, int empties, unsigned parity);

  // The root (search/root_search.hpp).
  template <class M, Algo A>
  int root_score_with(Node& root, int empties, unsigned parity);
  template <class M, Algo A>
  int mtd(Node& root, int empties, unsigned parity);
  int estimated_score(Node& root) const;

  // The pre-search (search/presearch.hpp) and the selective pass
  // (search/selective.hpp).
  int evaluate(Node& node) const;
  bool budget_spent();
  int probcut(Node& node, int alpha, int beta, int empties);

  // The midgame (search/midgame.hpp).
  template <bool Root>
  int midgame(Node& node, int alpha, int beta, int empties, unsigned parity);
  std::optional<int> midgame_probcut(Node& node, int alpha, int beta, int empties, unsigned parity);

  // The parallel search (search/parallel.hpp).
  template <class M, Algo A, class Visit>
  int visit_moves_or_split(Node& node, int empties, unsigned parity, Square first, Visit& visit,
                           int& alpha, int beta, int& best, Square& best_move);
  template <class M, Algo A>
  void split(Node& node, int empties, unsigned parity, int& alpha, int beta, int& best,
             Square& best_move, const std::array<std::uint8_t, 64>& moves, int from, int count);
  void join_split(SplitPoint& sp, bool entering);
  template <class M, Algo A>
  int split_child_score(Node& child, const SplitPoint& sp, int empties, unsigned parity);
  template <class M, Algo A>
  void search_split(SplitPoint& sp, Node& node);
  void help_while_waiting(SplitPoint& sp, std::unique_lock<std::mutex>& lock);

  // Accounting (search/accounting.hpp). A span of work found void (a move
  // abandoned, an attempt restarted) is counted once, as a whole, in the
  // counter of its cause: what was counted inside it is taken back, so that
  // restarted + abandoned <= nodes.
  struct Work {
    std::uint64_t nodes, restarted, abandoned;
  };
  Work work() const { return {nodes_, restarted_nodes_, abandoned_nodes_}; }
  void count_void_since(const Work& before, std::uint64_t& counter);
  void set_apart(const Work& before, std::uint64_t& counter);
  void end_presearch_span(const Work& before);
  template <class M>
  void poll_stop();
  void wait(std::unique_lock<std::mutex>& lock);
  void count_cutoff(CutLevel& level, bool table_move, int searched, std::uint64_t cutter_from,
                    std::uint64_t moves_from) const;

  const SolveOptions options_;
  TranspositionTable* const table_;
  MidgameTable* const midgame_table_;  // the midgame's, or null
  Pool* const pool_;                   // null with one thread
  const SplitPoint* split_ = nullptr;  // the split point this thread works for
  std::uint64_t nodes_ = 0;
  std::uint64_t shallow_nodes_ = 0;   // positions of Order::shallow's searches (not in nodes_)
  std::unique_ptr<CutLevel[]> cuts_;  // SolveOptions::cut_profile, else null
  // The pre-search: its leaves' empties (in its mode), where one thread
  // stops (nodes_), nodes_ when last added to the pool's budget, and its
  // positions (not in nodes_).
  int horizon_ = -1;
  std::uint64_t presearch_end_ = 0;
  std::uint64_t presearch_reported_ = 0;
  std::uint64_t presearch_nodes_ = 0;
  // The selective pass: the margin of its level (in its mode), its
  // positions (not in nodes_), and the score of its last finished level.
  int selective_margin_ = -1;
  std::uint64_t selective_nodes_ = 0;
  // The selective pass's guesses so far: its ProbCut prunes, and the
  // guessed table bounds it used (to end a node or narrow its window). A
  // node whose subtree made none stores true bounds, which outlive the pass
  // (TTEntry::guess); with threads, every bound of the pass is a guess (a
  // helper's guesses are not counted by the thread that stores).
  std::uint64_t guesses_ = 0;
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
  int presearch_iterations_ = 0;
  int presearch_last_ = 0;
  int presearch_previous_ = 0;
  int root_searches_ = 0;
  int root_guess_ = 0;
};

}  // namespace rb::solver_detail
