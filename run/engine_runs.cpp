#include "run/engine_runs.hpp"

#include <fmt/core.h>

#include "core/errors.hpp"
#include "protocol/command.hpp"

namespace rb {
namespace {

EngineRow make_row(const protocol::SuitePosition& p, int index, protocol::PositionRun run,
                   ExactScorer& exact) {
  EngineRow row;
  row.index = index;
  row.label = p.label;
  row.empties = p.entry.position.empties();
  row.run = std::move(run);
  if (row.run.answer) {
    row.verdict = protocol::judge(p.entry, *row.run.answer,
                                  [&](const Position& position) { return exact(position); });
  }
  return row;
}

}  // namespace

EngineSummary summarize(const EngineReport& report) {
  EngineSummary s;
  for (const EngineRow& r : report.rows) {
    ++s.positions;
    s.seconds += r.run.seconds;
    if (r.run.fault) {
      ++s.faults;
      continue;
    }
    const auto& v = *r.verdict;
    s.right += r.right();
    s.wrong_moves += !v.move_ok;
    s.wrong_scores += v.score_ok && !*v.score_ok;
    s.by_solver += v.move_score_from == protocol::Evidence::solver;
    if (r.run.answer->seconds)
      s.engine_seconds = s.engine_seconds.value_or(0) + *r.run.answer->seconds;
    if (r.run.answer->nodes) s.engine_nodes = s.engine_nodes.value_or(0) + *r.run.answer->nodes;
  }
  return s;
}

EngineReport run_engine(const protocol::EngineSpec& spec, const protocol::RunLimits& limits,
                        const std::vector<protocol::SuitePosition>& positions, ExactScorer& exact,
                        const EngineRunObserver& observer) {
  EngineReport report;
  report.name = spec.name;
  const bool gtp = spec.protocol == protocol::Protocol::gtp;
  report.protocol_name = gtp ? "gtp" : "nboard";
  report.description = protocol::join_command(spec.argv);
  if (gtp) {
    report.description +=
        spec.gtp_setup.empty() ? "; positions by their games" : "; set-up '" + spec.gtp_setup + "'";
  }
  report.config = {
      {"name", report.name},
      {"protocol", report.protocol_name},
      {"command", protocol::join_command(spec.argv)},
      {"gtp_setup", gtp && !spec.gtp_setup.empty() ? Json(spec.gtp_setup) : Json(nullptr)},
      {"gtp_level", spec.gtp_commands},
      {"solver", nullptr}};
  observer.begin(report);
  protocol::EngineRunner runner(spec, limits);
  for (std::size_t i = 0; i < positions.size(); ++i) {
    report.rows.push_back(
        make_row(positions[i], static_cast<int>(i) + 1, runner.run(positions[i]), exact));
    observer.row(report.rows.back());
  }
  runner.stop();
  observer.end(report);
  return report;
}

EngineReport run_builtin(const SearchRequest& request, const protocol::RunLimits& limits,
                         const std::vector<protocol::SuitePosition>& positions, ExactScorer& exact,
                         const EngineRunObserver& observer) {
  SearchSession session = SearchSession::open(request);
  EngineReport report;
  report.name = "builtin";
  report.protocol_name = "builtin";
  report.description = "the project's solver: " + session.describe();
  report.config = {{"name", report.name},
                   {"protocol", report.protocol_name},
                   {"command", nullptr},
                   {"gtp_setup", nullptr},
                   {"gtp_level", Json::array()},
                   {"solver",
                    {{"preset", session.preset()},
                     {"variant", session.variant()},
                     {"tt_mb", session.options().tt_mb},
                     {"threads", session.options().threads}}}};
  observer.begin(report);
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const TimedSolve t = session.solve_timed(positions[i].entry.position, limits.time_limit);
    protocol::PositionRun run;
    run.seconds = t.seconds;
    if (t.result.solved) {
      protocol::EngineAnswer answer;
      answer.move = t.result.best_move == kNoSquare ? kPass : t.result.best_move;
      answer.score = t.result.score;
      answer.nodes = t.result.nodes;
      run.answer = answer;
    } else {
      run.fault = protocol::FaultKind::timeout;
      run.fault_reason = fmt::format("not solved within --time-limit {} s", limits.time_limit);
    }
    report.rows.push_back(make_row(positions[i], static_cast<int>(i) + 1, run, exact));
    observer.row(report.rows.back());
  }
  observer.end(report);
  return report;
}

}  // namespace rb
