// The one solver set-up: a preset, the options given over it, the pattern
// weights, a variant name and the threads become a ready solver, for every
// command that searches (solve, bench, engine-test's built-in row, the
// nboard and gtp servers). In two steps, because a command reads all its
// inputs (the weights among them) before it checks its outputs, and loads
// its plug-ins before it names a variant: settle_solver() gives the options
// and the weights, choose_variant() the variant and its solve function.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/errors.hpp"

#include "search/instances.hpp"
#include "search/presets.hpp"

namespace rb {

// The solver of a command that runs it whole (engine-test's built-in row,
// the servers): its preset, table and threads (cli/solver_choice.hpp makes
// them options).
struct SolverArgs {
  std::string preset{kBestPreset};
  std::size_t tt_mb = 0;  // used when tt_given
  bool tt_given = false;
  int threads = 1;
  std::string eval_weights;  // a weights file; empty: the compiled-in weights
  // The compiled-in weights without --eval-weights: the solver's
  // (eval/default_weights.hpp) when null; the commands that play give the
  // playing weights (eval/play_weights.hpp).
  std::function<PatternWeights()> default_weights;
  std::string default_weights_name = "linear";  // how describe_solver() names them
};

// What a command asks of the solver.
struct SolverRequest {
  std::string preset{kBestPreset};
  // Writes the options the command line gave over the preset's (none when
  // empty); `given` says whether an option, by its long name, was given.
  std::function<void(SolveOptions&)> apply_given;
  std::function<bool(std::string_view)> given;
  int threads = 1;
  bool cut_profile = false;
  std::string eval_weights;  // a weights file; empty: the compiled-in weights
  std::function<PatternWeights()> default_weights;  // as SolverArgs's
  bool weights_given = false;
  std::string weights_option = "--preset";  // the option an error of the weights names
};

struct ChosenSolver {
  std::string variant;
  std::string preset;
  MoveGen moves = MoveGen::mask;
  SolveFn solve = nullptr;
  ThinkFn think = nullptr;  // the playing search, with the same board and moves
  SolveOptions options;
  std::shared_ptr<const PatternEval> pattern;  // what options.pattern points to
  std::string weights;                         // the weights, as describe_solver() names them
};

// The options and the weights: the preset's options with the given ones
// over them, the preset's rules settled, the weights loaded where the
// evaluation reads them. UsageError for options that break the rules
// (--tt 0 with a switch that needs a table) and for weights nothing reads.
ChosenSolver settle_solver(const SolverRequest& request);

// The variant (`auto`: the fastest this CPU runs, with the empty list where
// the preset uses one), checked against the reference before any timing,
// and its solve function with that move source (its own when none).
void choose_variant(ChosenSolver& solver, const std::string& variant,
                    std::optional<MoveGen> moves = std::nullopt);

// Both steps, for the commands that run the solver whole: the preset, the
// table and the threads of `args` on the variant `auto`.
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

}  // namespace rb
