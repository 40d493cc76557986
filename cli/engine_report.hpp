// engine-test's results: a row per position and engine, the table printed
// as the rows come (like solve's), the summary table of all engines, and
// the --json document (schemas/engine-test.schema.json).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "io/json.hpp"
#include "run/engine_runs.hpp"

namespace rb::cli {

void print_engine_header(const EngineReport& report);
void print_engine_row(const EngineRow& row);
// The faults of the engine's rows in full: reason and last lines.
void print_engine_faults(const EngineReport& report);
void print_summary_table(const std::vector<EngineReport>& reports);

Json engine_test_json(const Json& config, const std::vector<EngineReport>& reports);

}  // namespace rb::cli
