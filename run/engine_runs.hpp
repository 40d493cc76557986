// engine-test's runs (the work of `reversi-bench engine-test`): an engine
// over a suite of positions through its protocol (protocol/runner.hpp: a
// fault is recorded and the engine restarted, the run goes on), or the
// built-in solver over the same suite, each answer judged by
// protocol/verdict.hpp: listed scores first, the project's solver for a move
// the suite does not list.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "io/json.hpp"
#include "protocol/runner.hpp"
#include "protocol/suite.hpp"
#include "protocol/verdict.hpp"
#include "search/session.hpp"

namespace rb {

struct EngineRow {
  int index = 0;
  std::string label;
  int empties = 0;
  protocol::PositionRun run;
  std::optional<protocol::Verdict> verdict;  // when the engine answered
  bool right() const { return verdict && verdict->move_ok && verdict->score_ok.value_or(true); }
};

struct EngineReport {
  std::string name;
  std::string protocol_name;  // "nboard", "gtp" or "builtin"
  std::string description;    // the command, or the built-in solver's configuration
  Json config;                // the engine's part of the JSON "engines" entry
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

// The exact score of a position by the project's solver, for the moves a
// suite does not list (made when first needed: most suites need none).
class ExactScorer {
 public:
  explicit ExactScorer(const SearchRequest& request) : request_(request) {}
  int operator()(const Position& position) {
    if (!session_) session_.emplace(SearchSession::open(request_));
    const SolveResult r = session_->solve(position, 0, Tables::clear);
    if (!r.solved) throw CheckFailed("the solver did not finish a position it checks a move on");
    return r.score;
  }

 private:
  const SearchRequest& request_;
  std::optional<SearchSession> session_;
};

// What the caller sees of a run as it goes (engine-test prints it).
struct EngineRunObserver {
  std::function<void(const EngineReport&)> begin;  // before the first position
  std::function<void(const EngineRow&)> row;       // each row as it is judged
  std::function<void(const EngineReport&)> end;    // after the last
};

// An engine over every position.
EngineReport run_engine(const protocol::EngineSpec& spec, const protocol::RunLimits& limits,
                        const std::vector<protocol::SuitePosition>& positions, ExactScorer& exact,
                        const EngineRunObserver& observer);

// The built-in solver over every position (search/session.hpp), each within
// limits.time_limit.
EngineReport run_builtin(const SearchRequest& request, const protocol::RunLimits& limits,
                         const std::vector<protocol::SuitePosition>& positions, ExactScorer& exact,
                         const EngineRunObserver& observer);

}  // namespace rb
