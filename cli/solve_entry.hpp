// The solver of one variant and move source, as a plain function pointer
// (compiled once, in rb_search: search/instances.hpp), for the commands
// that solve (solve, bench): nothing that calls it is compiled per variant.
#pragma once

#include <string>

#include "cli/common.hpp"
#include "search/instances.hpp"

namespace rb::cli {

using SolveFn = SolveResult (*)(const Position&, const SolveOptions&, TranspositionTable*);

// V's solver with that move source; a UsageError for the list on a board
// without one.
template <Board V>
SolveFn solve_function(MoveGen moves, const std::string& name) {
  switch (moves) {
    case MoveGen::scan:
      return &SolverEntry<V, MoveGen::scan>::solve;
    case MoveGen::mask:
      return &SolverEntry<V, MoveGen::mask>::solve;
    case MoveGen::list:
      if constexpr (ListBoard<V>) {
        return &SolverEntry<V, MoveGen::list>::solve;
      } else {
        throw UsageError("--moves list: variant '" + name + "' has no empty-square list" +
                         (PluginVariant<V>
                              ? " (a plug-in gives its moves by its legal-move mask: --moves "
                                "mask or scan)"
                              : "; use its +list twin, '" + name + "+list'"));
      }
  }
  throw UsageError("--moves: unknown move source");
}

}  // namespace rb::cli
