// What `reversi-bench solve` prints: its options and their rows, the table
// of rows as they come, the summary, the cut profile, and the --json
// document (schemas/solve.schema.json).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/json.hpp"
#include "run/solve_suite.hpp"

namespace rb::cli {

struct SolveArgs {
  std::vector<std::string> inputs;
  std::string variant = "auto";
  std::string preset{kBestPreset};
  SolveOptions parsed;            // the solver options as the command line gave them
  SolveOptions options;           // the preset's, with the given ones over it
  MoveGen moves = MoveGen::mask;  // used only when --moves is given
  bool moves_given = false;
  std::string json;
  bool json_given = false;
  int jobs = 1;           // positions solved side by side
  double time_limit = 0;  // seconds per position; 0: none
  int repeat = 1;         // solves per position; the median time is reported
  std::vector<std::string> plugins;
  std::string eval_weights;              // empty: the compiled-in weights
  std::optional<SearchSession> session;  // set up from the above (its weights too)

  SuiteRun suite_run() const { return {&*session, jobs, time_limit, repeat}; }
};

// The configuration lines and the table's header.
void print_solve_header(const SolveArgs& args, std::size_t positions);
void print_solve_row(const SolveRow& r);
// The summary lines after the table (the cut profile with --cut-profile).
void print_solve_summary(const SolveArgs& args, const std::vector<SolveRow>& rows,
                         const SolveSummary& s, double wall_seconds);

Json solve_json(const SolveArgs& args, const std::vector<SolveRow>& rows, const SolveSummary& s,
                double wall_seconds);

}  // namespace rb::cli
