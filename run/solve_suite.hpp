// A suite of positions solved exactly (the work of `reversi-bench solve`):
// each position solved `repeat` times with a cleared table each time (the
// median time reported, a repetition out of time never mixed into it), `jobs`
// positions side by side, each job with its own table, each answer judged
// against the suite's listed score and moves, and the rows summed up.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/data_files.hpp"
#include "search/session.hpp"

namespace rb {

// How the suite is solved.
struct SuiteRun {
  const SearchSession* session = nullptr;  // each job solves with a worker() of it
  int jobs = 1;                            // positions solved side by side (-j)
  double time_limit = 0;                   // seconds per position; 0: none
  int repeat = 1;                          // solves per position
};

struct SolveRow {
  int index = 0;
  std::string label;
  int empties = 0;
  std::optional<int> expected;
  SolveResult result;
  double seconds = 0;         // the median of `times`
  std::vector<double> times;  // one per solved repetition (or the one unsolved run)
  int timed_out = 0;          // repetitions stopped by the time limit
  // Verdicts (meaningful when solved).
  bool score_ok = true;
  enum class MoveVerdict { ok, wrong, unlisted } move = MoveVerdict::ok;
};

std::string_view verdict_name(SolveRow::MoveVerdict v);

// One position, `run.repeat` times. CheckFailed when a repetition gives
// another score (or, with one thread, another node count).
SolveRow solve_row(const SuiteRun& run, const NamedPosition& input, int index,
                   SearchSession& session);

// Every position, `run.jobs` at a time; `on_row` is called for each row in
// the suite's order as soon as it and those before it are done (under a
// lock: it may print). An exception in a job stops the others and is
// rethrown here; a job that cannot start is a ResourceError naming -j.
std::vector<SolveRow> solve_suite(const SuiteRun& run, const std::vector<NamedPosition>& positions,
                                  const std::function<void(const SolveRow&)>& on_row);

struct SolveSummary {
  std::uint64_t nodes = 0;
  std::uint64_t shallow_nodes = 0;
  double thread_seconds = 0;  // threads x each position's time (of the reported run)
  double idle_seconds = 0;    // of which the threads waited
  double presearch_seconds = 0;
  std::uint64_t selective_nodes = 0;
  double selective_seconds = 0;
  std::uint64_t restarted_nodes = 0, abandoned_nodes = 0, split_points = 0;
  int wrong_scores = 0, wrong_moves = 0, unlisted = 0, unsolved = 0;
  double seconds = 0;  // the sum of each position's (median) time
};

SolveSummary summarize(const std::vector<SolveRow>& rows);

// The cut profiles of the rows, summed per empties count (kCutLevels).
std::vector<CutLevel> sum_cut_profiles(const std::vector<SolveRow>& rows);

}  // namespace rb
