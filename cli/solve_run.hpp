// `reversi-bench solve` (cli/cmd_solve.cpp), split for the build: the
// command's arguments, and solve_variant<V>(), which runs the solve of one
// variant. Its definition (cli/solve_run_impl.hpp) instantiates the whole
// solver per variant and move source, so it is compiled in three files
// (cli/cmd_solve_part*.cpp), each for a third of the variants, side by side
// on a multi-core machine instead of in one long compilation.
#pragma once

#include <string>
#include <vector>

#include "cli/common.hpp"
#include "core/board.hpp"
#include "search/solve_options.hpp"

namespace rb::cli {

struct SolveArgs {
  std::vector<std::string> inputs;
  std::string variant;
  SolveOptions options;
  MoveGen moves = MoveGen::mask;  // used only when --moves is given
  bool moves_given = false;
  std::string json;
  bool json_given = false;
  int jobs = 1;           // positions solved side by side
  double time_limit = 0;  // seconds per position; 0: none
  int repeat = 1;         // solves per position; the median time is reported
  std::vector<std::string> plugins;
};

// Solves `positions` with variant V (a built-in variant or a loaded
// plug-in's slot) and the move source of the arguments; returns the exit
// code. Defined in cli/solve_run_impl.hpp, instantiated in cli/cmd_solve_part*.cpp.
template <Board V>
int solve_variant(const SolveArgs& args, const std::vector<NamedPosition>& positions);

}  // namespace rb::cli
