// engine-test's results: a row per position and engine, the table printed
// as the rows come (like solve's), the summary table of all engines, and
// the --json document (schemas/engine-test.schema.json).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/runner.hpp"
#include "engine/verdict.hpp"
#include "io/json.hpp"

namespace rb::cli {

struct EngineRow {
  int index = 0;
  std::string label;
  int empties = 0;
  engine::PositionRun run;
  std::optional<engine::Verdict> verdict;  // when the engine answered
  bool right() const { return verdict && verdict->move_ok && verdict->score_ok.value_or(true); }
};

struct EngineReport {
  std::string name;
  std::string protocol;     // "nboard", "gtp" or "builtin"
  std::string description;  // the command, or the built-in solver's configuration
  Json config;              // the engine's part of the JSON "engines" entry
  std::vector<EngineRow> rows;
};

struct EngineSummary {
  int positions = 0, right = 0, wrong_moves = 0, wrong_scores = 0, faults = 0;
  int by_solver = 0;  // moves scored by the solver (not listed)
  double seconds = 0;
  std::optional<double> engine_seconds;
  std::optional<std::uint64_t> engine_nodes;
};
EngineSummary summarize(const EngineReport& report);

void print_engine_header(const EngineReport& report);
void print_engine_row(const EngineRow& row);
// The faults of the engine's rows in full: reason and last lines.
void print_engine_faults(const EngineReport& report);
void print_summary_table(const std::vector<EngineReport>& reports);

Json engine_test_json(const Json& config, const std::vector<EngineReport>& reports);

}  // namespace rb::cli
