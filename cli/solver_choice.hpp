// The project's solver as an engine, for the commands that run it whole
// (engine-test's built-in row, the nboard and gtp servers): the preset
// (--preset, default best), the table (--tt) and the threads (-t) on the
// fastest variant this CPU runs (-v auto), the way `solve` chooses them
// (search/presets.hpp, cli/solve_entry.hpp), with the compiled-in pattern
// weights where the preset evaluates with them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "cli/common.hpp"
#include "cli/solve_entry.hpp"
#include "search/presets.hpp"

namespace rb::cli {

struct SolverArgs {
  std::string preset{kBestPreset};
  std::size_t tt_mb = 0;  // used when tt_given
  bool tt_given = false;
  int threads = 1;
};

// --preset NAME, --tt MB and -t,--threads N (the help says what they set,
// `what`: "the built-in solver", "the served solver").
void add_solver_options(CLI::App* cmd, SolverArgs& args, const std::string& what);

// Refuses a preset name that is not one, listing the presets.
CLI::Validator preset_validator();

struct ChosenSolver {
  std::string variant;
  std::string preset;
  SolveFn solve = nullptr;
  SolveOptions options;
  std::shared_ptr<const PatternEval> pattern;  // what options.pattern points to
};

// The solver the arguments name; UsageError for options that break the
// preset's rules (--tt 0 with a switch that needs a table).
ChosenSolver choose_solver(const SolverArgs& args);

// "preset best, avx2+list, tt 64 MiB, 1 thread"
std::string describe_solver(const ChosenSolver& solver);

// One exact solve with a table cleared first (outside the timed part):
// the result, and its wall time in seconds.
struct TimedSolve {
  SolveResult result;
  double seconds = 0;
};
TimedSolve solve_timed(const ChosenSolver& solver, TranspositionTable& table,
                       const Position& position);

}  // namespace rb::cli
