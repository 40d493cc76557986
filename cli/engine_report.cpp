#include "cli/engine_report.hpp"

#include <fmt/core.h>

#include <cmath>
#include <cstdio>

#include "io/machine.hpp"
#include "io/obf.hpp"

namespace rb::cli {
namespace {

// An engine's score as it gave it: "+18", or "+17.50" when not whole.
std::string engine_score(double score) {
  if (std::abs(score - std::round(score)) < 1e-9) {
    return format_score(static_cast<int>(std::lround(score)));
  }
  return fmt::format("{:+.2f}", score);
}

std::string result_text(const EngineRow& r) {
  if (r.run.fault) return "FAULT";
  const auto& v = *r.verdict;
  const bool score_wrong = v.score_ok && !*v.score_ok;
  if (!v.move_ok && score_wrong) return "WRONG MOVE+SCORE";
  if (!v.move_ok) return "WRONG MOVE";
  if (score_wrong) return "WRONG SCORE";
  return "ok";
}

std::string note_text(const EngineRow& r) {
  if (r.run.fault) {
    return fmt::format("  {}: {}", protocol::fault_name(*r.run.fault), r.run.fault_reason);
  }
  const auto& v = *r.verdict;
  std::string note;
  if (v.move_score_from == protocol::Evidence::solver) {
    note += fmt::format("  ({} not listed: {} by the solver)", move_name(r.run.answer->move),
                        format_score(v.move_score));
  } else if (!v.move_ok) {
    note += fmt::format("  ({} is listed {})", move_name(r.run.answer->move),
                        format_score(v.move_score));
  }
  if (v.expected_from == protocol::Evidence::solver) note += "  (no score listed: solved)";
  return note;
}

Json optional_json(const std::optional<double>& x) { return x ? Json(*x) : Json(nullptr); }

}  // namespace

void print_engine_header(const EngineReport& report) {
  if (report.protocol_name == "builtin") {
    fmt::print("\nengine {} ({})\n", report.name, report.description);
  } else {
    fmt::print("\nengine {} ({}: {})\n", report.name, report.protocol_name, report.description);
  }
  fmt::print("{:>4} {:>7} {:>5} {:>7} {:>8} {:<16} {:>9} {:>9} {:>14}\n", "#", "empties", "move",
             "score", "expected", "result", "seconds", "engine s", "engine nodes");
  std::fflush(stdout);
}

void print_engine_row(const EngineRow& r) {
  std::string move = "-", score = "-", expected = "-", engine_s = "-", nodes = "-";
  if (r.run.answer) {
    const auto& a = *r.run.answer;
    move = move_name(a.move);
    if (a.score) score = engine_score(*a.score);
    if (a.seconds) engine_s = fmt::format("{:.3f}", *a.seconds);
    if (a.nodes) nodes = std::to_string(*a.nodes);
  }
  if (r.verdict) expected = format_score(r.verdict->expected);
  fmt::print("{:>4} {:>7} {:>5} {:>7} {:>8} {:<16} {:>9.3f} {:>9} {:>14}{}\n", r.index, r.empties,
             move, score, expected, result_text(r), r.run.seconds, engine_s, nodes, note_text(r));
  std::fflush(stdout);
}

void print_engine_faults(const EngineReport& report) {
  for (const EngineRow& r : report.rows) {
    if (!r.run.fault) continue;
    fmt::print("#{} {} ({}): {}\n", r.index, r.label, protocol::fault_name(*r.run.fault),
               r.run.fault_reason);
    if (r.run.last_lines.empty()) {
      fmt::print("    (it printed nothing)\n");
    } else {
      fmt::print("    its last lines:\n");
      for (const auto& line : r.run.last_lines) fmt::print("    | {}\n", line);
    }
  }
  std::fflush(stdout);
}

void print_summary_table(const std::vector<EngineReport>& reports) {
  fmt::print("\n{:<16} {:<8} {:>9} {:>6} {:>11} {:>12} {:>6} {:>10} {:>10} {:>10} {:>14}\n",
             "engine", "protocol", "positions", "right", "wrong moves", "wrong scores", "faults",
             "seconds", "s/position", "engine s", "engine nodes");
  for (const EngineReport& r : reports) {
    const EngineSummary s = summarize(r);
    fmt::print("{:<16} {:<8} {:>9} {:>6} {:>11} {:>12} {:>6} {:>10.3f} {:>10.4f} {:>10} {:>14}\n",
               r.name, r.protocol_name, s.positions, s.right, s.wrong_moves, s.wrong_scores,
               s.faults, s.seconds, s.positions ? s.seconds / s.positions : 0.0,
               s.engine_seconds ? fmt::format("{:.3f}", *s.engine_seconds) : "-",
               s.engine_nodes ? std::to_string(*s.engine_nodes) : "-");
  }
  int by_solver = 0;
  for (const EngineReport& r : reports) by_solver += summarize(r).by_solver;
  if (by_solver) {
    fmt::print("({} move(s) not listed in the suite were scored by the project's solver)\n",
               by_solver);
  }
  std::fflush(stdout);
}

Json engine_test_json(const Json& config, const std::vector<EngineReport>& reports) {
  Json doc = result_document("engine-test");
  doc["config"] = config;
  Json engines = Json::array();
  int wrong_moves = 0, wrong_scores = 0, faults = 0;
  for (const EngineReport& report : reports) {
    Json e = report.config;
    Json rows = Json::array();
    for (const EngineRow& r : report.rows) {
      Json row = {{"index", r.index}, {"position", r.label}, {"empties", r.empties}};
      const auto* a = r.run.answer ? &*r.run.answer : nullptr;
      row["move"] = a ? Json(move_name(a->move)) : Json(nullptr);
      row["score"] = a ? optional_json(a->score) : Json(nullptr);
      if (r.verdict) {
        row["expected"] = r.verdict->expected;
        row["expected_from"] = protocol::evidence_name(r.verdict->expected_from);
        row["move_score"] = r.verdict->move_score;
        row["move_score_from"] = protocol::evidence_name(r.verdict->move_score_from);
        row["move_ok"] = r.verdict->move_ok;
        row["score_ok"] = r.verdict->score_ok ? Json(*r.verdict->score_ok) : Json(nullptr);
      } else {
        for (const char* key : {"expected", "expected_from", "move_score", "move_score_from",
                                "move_ok", "score_ok"}) {
          row[key] = nullptr;
        }
      }
      row["right"] = r.right();
      row["seconds"] = r.run.seconds;
      row["engine_seconds"] = a ? optional_json(a->seconds) : Json(nullptr);
      row["engine_nodes"] = a && a->nodes ? Json(*a->nodes) : Json(nullptr);
      if (r.run.fault) {
        row["fault"] = {{"kind", protocol::fault_name(*r.run.fault)},
                        {"reason", r.run.fault_reason},
                        {"last_lines", r.run.last_lines}};
      } else {
        row["fault"] = nullptr;
      }
      rows.push_back(row);
    }
    e["rows"] = rows;
    const EngineSummary s = summarize(report);
    wrong_moves += s.wrong_moves;
    wrong_scores += s.wrong_scores;
    faults += s.faults;
    e["summary"] = {{"positions", s.positions},
                    {"right", s.right},
                    {"wrong_moves", s.wrong_moves},
                    {"wrong_scores", s.wrong_scores},
                    {"faults", s.faults},
                    {"moves_scored_by_solver", s.by_solver},
                    {"seconds", s.seconds},
                    {"seconds_per_position", s.positions ? s.seconds / s.positions : 0.0},
                    {"engine_seconds", optional_json(s.engine_seconds)},
                    {"engine_nodes", s.engine_nodes ? Json(*s.engine_nodes) : Json(nullptr)}};
    engines.push_back(e);
  }
  doc["engines"] = engines;
  doc["summary"] = {{"engines", static_cast<int>(reports.size())},
                    {"wrong_moves", wrong_moves},
                    {"wrong_scores", wrong_scores},
                    {"faults", faults},
                    {"passed", wrong_moves + wrong_scores + faults == 0}};
  return doc;
}

}  // namespace rb::cli
