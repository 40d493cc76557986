// What the endgame solver (search/solver.hpp) answers: the result of a
// solve with its counts and times, what each thread did, the cut profile
// and the scores of the root moves. What it is asked is in
// search/solve_options.hpp.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/position.hpp"
#include "core/square.hpp"

namespace rb {

// What one thread of a search did.
struct ThreadReport {
  std::uint64_t nodes = 0;
  double idle_seconds = 0;  // waiting for work (or for helpers) instead of searching
  // Of the nodes, those searched in vain at split points: attempts begun
  // again with a narrower window (the split point's alpha rose meanwhile) and
  // moves abandoned (a cutoff at the split point or above, or a stop). Each
  // node counts at most once (search/accounting.hpp).
  std::uint64_t restarted_nodes = 0;
  std::uint64_t abandoned_nodes = 0;
  // Nodes this thread made split points. This count and idle_seconds include
  // the pre-search's, when it splits or makes the helpers wait.
  std::uint64_t split_points = 0;
  // The pre-search's positions this thread searched (not in `nodes`): with
  // threads, the helpers take part in it.
  std::uint64_t presearch_nodes = 0;
  // The selective pass's positions this thread searched (not in `nodes`).
  std::uint64_t selective_nodes = 0;
};

// How the exact search's nodes with one count of empties that searched
// moves ended (SolveOptions::cut_profile): the measure of a move ordering.
// A node that cuts off with its first move costs the least it can; one that
// cuts off later first searched moves that failed, and those positions are
// the ordering's waste. A node ends in a cutoff (its score >= beta), a fail
// low (<= alpha: every move was searched) or exact (inside the window). A
// node searched twice (a PVS re-search) counts twice.
// One level per count of empties, 0..64.
inline constexpr std::size_t kCutLevels = 65;

struct CutLevel {
  std::uint64_t first = 0;                   // nodes cut off by the first move searched
  std::uint64_t first_nodes = 0;             // positions under those first moves
  std::uint64_t later = 0;                   // nodes cut off by a later move
  std::uint64_t later_after_table_move = 0;  // of `later`, the first move was the table's
  std::uint64_t wasted_nodes = 0;  // positions under the moves that failed before those cutoffs
  std::uint64_t cutter_nodes = 0;  // positions under the moves that then cut off
  std::uint64_t all = 0;           // nodes where every move failed low
  std::uint64_t all_nodes = 0;     // positions under those nodes' moves
  std::uint64_t exact = 0;         // nodes whose score fell inside the window
  std::uint64_t exact_nodes = 0;   // positions under those nodes' moves

  CutLevel& operator+=(const CutLevel& o) {
    first += o.first;
    first_nodes += o.first_nodes;
    later += o.later;
    later_after_table_move += o.later_after_table_move;
    wasted_nodes += o.wasted_nodes;
    cutter_nodes += o.cutter_nodes;
    all += o.all;
    all_nodes += o.all_nodes;
    exact += o.exact;
    exact_nodes += o.exact_nodes;
    return *this;
  }
  bool empty() const { return first + later + all + exact == 0; }
};

struct SolveResult {
  // The exact score (the sign -1/0/+1 with wld); meaningful only when solved.
  int score = 0;
  // A best move: the first move in search order reaching the score; kPass if
  // the side to move must pass, kNoSquare if the game is over (or not solved).
  Square best_move = kNoSquare;
  std::uint64_t nodes = 0;  // the sum over the threads
  // The positions searched with the evaluation to order moves, by
  // Order::shallow and the pre-search (not nodes of the solve: they are
  // evaluated, not solved), the sum over the threads.
  std::uint64_t shallow_nodes = 0;
  bool solved = false;                // false when stopped by the stop flag or the deadline
  std::vector<ThreadReport> threads;  // one per thread, the main thread first
  // The pre-search's wall time (SolveOptions::presearch). Unless it splits,
  // it runs on the main thread alone while the others wait: with threads it
  // is the solve's serial part, and the solve takes at least this long
  // whatever the thread count.
  double presearch_seconds = 0;
  // The selective pass's positions (SolveOptions::selective; its ProbCut
  // searches and ordering searches are in shallow_nodes), the sum over the
  // threads, and its wall time.
  std::uint64_t selective_nodes = 0;
  double selective_seconds = 0;
  // The exact searches of the root: 1, or with SolveOptions::mtd the tests
  // made (0 when stopped before the first ended), and the estimate the first
  // test began at (0 without mtd).
  int root_searches = 0;
  int root_guess = 0;
  // With SolveOptions::cut_profile, by empties (kCutLevels); else empty.
  std::vector<CutLevel> cut_profile;
};

// The scores of the root moves (a square, or kPass when passing is the only
// move, and the exact score after the move for the side that played it; its
// sign -1/0/+1 with wld).
struct MoveScores {
  std::vector<MoveScore> moves;  // by square a1..h8; empty when the game is over
  std::uint64_t nodes = 0;       // all the searches' nodes (the root not included)
  bool solved = false;           // false when stopped; moves then holds the finished ones
};

// One finished iteration of the playing search (search/think.hpp): a
// midgame search `depth` plies deep (score: the evaluation, in discs), or a
// solve of the endgame for win/loss/draw (score -1, 0 or +1) or exactly
// (the final disc difference).
struct ThinkIteration {
  enum class Kind { midgame, wld, exact } kind = Kind::midgame;
  int depth = 0;     // plies; an endgame solve: the position's empties
  double score = 0;  // for the side to move
  Square move = kNoSquare;
  std::vector<Square> pv;   // the principal variation, `move` first (kPass for a pass)
  std::uint64_t nodes = 0;  // all the search's positions so far
  double seconds = 0;       // since the search began
};

// What the playing search answers: its last finished iteration (the move a
// stopped search plays), all its iterations, and whether it finished what
// its level asks (false when a stop or deadline came first).
struct ThinkResult {
  ThinkIteration best;  // move kNoSquare: the game is over; kPass: the side must pass
  std::vector<ThinkIteration> iterations;
  bool complete = false;
  std::uint64_t nodes = 0;
  double seconds = 0;
};

}  // namespace rb
