// The exact endgame solver: negamax search to the end of the game.
//
// solve<B, G>() returns the exact score of a position for the side to move
// (the final disc difference, empty squares going to the winner) and a best
// move; with SolveOptions::wld only win, draw or loss (score -1/0/+1).
// score_all_moves() scores every root move; think() plays: a midgame search
// at a level, then the endgame within its reach (search/think.hpp). The search is a template over
// the board type B and the move source G (core/moves.hpp), written once over
// the nodes of core/node.hpp; SolveOptions (search/solve_options.hpp)
// switch its techniques on, and the presets (search/presets.hpp) name the
// useful combinations.
//
// Where each part lives:
//   search/solve_driver.hpp  one solve: table, threads, the root's steps
//   search/searcher.hpp      one thread's search (and the files it lists)
//   search/ordering.hpp      move ordering; eval/pattern.hpp the evaluations
//   search/transposition.hpp the shared table
// docs/solver.md explains each technique, its option, and where it is
// measured in results/.
//
// A NODE is one call of the recursive search on a position: the root, every
// move played, a pass (the passed position is searched by a new call), and a
// position that ends at once (game over, a table hit, a cutoff). The
// few-empties path counts the positions it reaches the same way; with the
// last-empty shortcut a node with one empty square is scored without
// visiting its child. With the same options and move source, every board
// visits the same nodes in the same order and returns the same score and
// move, on one thread (with threads, node counts vary from run to run; the
// score is exact for every thread count). The recursion allocates nothing;
// the stop flag and the deadline are polled every 4096 nodes, and a stopped
// search unwinds at once and reports solved == false.
#pragma once

#include "search/solve_driver.hpp"
#include "search/think.hpp"
#include "variants/plugin/plugin.hpp"

namespace rb {

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
  static ThinkResult think(const Position& position, const SolveOptions& options,
                           const Level& level, TranspositionTable* table,
                           MidgameTable* midgame_table,
                           const ThinkCallback& on_iteration) requires MoveSourceFor<B, G>;
};

template <Board B, MoveGen G>
SolveResult SolverEntry<B, G>::solve(const Position& position, const SolveOptions& options,
                                     TranspositionTable* table) requires MoveSourceFor<B, G> {
  return solver_detail::SolveDriver<B, G>(position, options, table).solve();
}

template <Board B, MoveGen G>
MoveScores SolverEntry<B, G>::score_all_moves(const Position& position, const SolveOptions& options,
                                              TranspositionTable* table) requires
    MoveSourceFor<B, G> {
  return solver_detail::SolveDriver<B, G>(position, options, table).score_all_moves();
}

template <Board B, MoveGen G>
ThinkResult SolverEntry<B, G>::think(
    const Position& position, const SolveOptions& options, const Level& level,
    TranspositionTable* table, MidgameTable* midgame_table,
    const ThinkCallback& on_iteration) requires MoveSourceFor<B, G> {
  return solver_detail::think<B, G>(position, options, level, table, midgame_table, on_iteration);
}

// A plug-in slot's searches: the one search of every slot
// (SharedPluginBoard, variants/plugin/plugin.hpp) with the slot's plug-in
// active, compiled once (search/plugin_search.cpp) instead of once per slot.
template <int Slot, MoveGen G>
struct SolverEntry<PluginBoard<Slot>, G> {
  using Shared = SolverEntry<SharedPluginBoard, G>;
  static SolveResult solve(const Position& position, const SolveOptions& options,
                           TranspositionTable* table) requires MoveSourceFor<SharedPluginBoard, G> {
    const ActivePlugin active(Slot);
    return Shared::solve(position, options, table);
  }
  static MoveScores score_all_moves(const Position& position, const SolveOptions& options,
                                    TranspositionTable* table) requires
      MoveSourceFor<SharedPluginBoard, G> {
    const ActivePlugin active(Slot);
    return Shared::score_all_moves(position, options, table);
  }
  static ThinkResult think(const Position& position, const SolveOptions& options,
                           const Level& level, TranspositionTable* table,
                           MidgameTable* midgame_table, const ThinkCallback& on_iteration) requires
      MoveSourceFor<SharedPluginBoard, G> {
    const ActivePlugin active(Slot);
    return Shared::think(position, options, level, table, midgame_table, on_iteration);
  }
};
extern template struct SolverEntry<SharedPluginBoard, MoveGen::scan>;
extern template struct SolverEntry<SharedPluginBoard, MoveGen::mask>;

// The exact score (or WLD sign) of `position` and a best move, searched on a
// board of type B with move source G. `table`: a cleared table to use (the
// caller allocates it once, outside any timing); null allocates one of
// options.tt_mb MiB for the call.
template <Board B, MoveGen G = B::info.movegen>
inline SolveResult solve(const Position& position, const SolveOptions& options = {},
                         TranspositionTable* table = nullptr) {
  return SolverEntry<B, G>::solve(position, options, table);
}

// The playing search (search/think.hpp) at `level`; on_iteration, when
// given, sees each iteration as it finishes. `table` and `midgame_table`:
// cleared tables to use (the caller allocates them once), or null to
// allocate them for the call.
template <Board B, MoveGen G = B::info.movegen>
inline ThinkResult think(const Position& position, const SolveOptions& options, const Level& level,
                         TranspositionTable* table = nullptr, MidgameTable* midgame_table = nullptr,
                         const ThinkCallback& on_iteration = nullptr) {
  return SolverEntry<B, G>::think(position, options, level, table, midgame_table, on_iteration);
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
