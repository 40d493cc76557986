#include "run/solve_suite.hpp"

#include <fmt/core.h>

#include "core/errors.hpp"
#include "core/job_queue.hpp"
#include "core/median.hpp"
#include "core/threads.hpp"

namespace rb {
namespace {

int sign(int x) { return (x > 0) - (x < 0); }

void judge(SolveRow& row, const ObfEntry& entry, bool wld) {
  if (!row.result.solved || !row.expected) return;
  row.score_ok = row.result.score == (wld ? sign(*row.expected) : *row.expected);
  if (entry.moves.empty() || row.result.best_move == kNoSquare) return;
  const auto listed = entry.score_of(row.result.best_move);
  if (!listed) {
    row.move = SolveRow::MoveVerdict::unlisted;
  } else if (wld ? sign(*listed) != row.result.score : *listed < *row.expected) {
    row.move = SolveRow::MoveVerdict::wrong;
  }
}

}  // namespace

std::string_view verdict_name(SolveRow::MoveVerdict v) {
  return v == SolveRow::MoveVerdict::ok      ? "ok"
         : v == SolveRow::MoveVerdict::wrong ? "wrong"
                                             : "unlisted";
}

SolveRow solve_row(const SuiteRun& run, const NamedPosition& input, int index,
                   SearchSession& session) {
  SolveRow row;
  row.index = index;
  row.label = input.label;
  row.empties = input.entry.position.empties();
  row.expected = input.entry.best_score();
  for (int r = 0; r < run.repeat; ++r) {
    // The table cleared outside the timed region.
    const auto [result, seconds] = session.solve_timed(input.entry.position, run.time_limit);
    if (!result.solved) {
      ++row.timed_out;
      if (row.times.empty()) {  // nothing solved: report this run, stop repeating
        row.result = result;
        row.times.push_back(seconds);
        break;
      }
      continue;  // a later run out of time: keep the solved runs' median
    }
    // One thread visits the same nodes every time; several share the work
    // differently each time, and only the score must repeat.
    const bool same_nodes = session.options().threads > 1 || result.nodes == row.result.nodes;
    if (row.result.solved && (!same_nodes || result.score != row.result.score)) {
      throw CheckFailed(
          fmt::format("{}: a repeated solve gave {} nodes and score {}, not {} and {}", input.label,
                      result.nodes, result.score, row.result.nodes, row.result.score));
    }
    if (!row.result.solved) row.times.clear();
    row.result = result;
    row.times.push_back(seconds);
  }
  row.seconds = median(row.times);
  judge(row, input.entry, session.options().wld);
  return row;
}

std::vector<SolveRow> solve_suite(const SuiteRun& run, const std::vector<NamedPosition>& positions,
                                  const std::function<void(const SolveRow&)>& on_row) {
  std::vector<SolveRow> rows(positions.size());
  try {
    run_jobs(
        positions.size(), run.jobs, [&] { return run.session->worker(); },
        [&](SearchSession& session, std::size_t i) {
          return solve_row(run, positions[i], static_cast<int>(i) + 1, session);
        },
        [&](std::size_t i, SolveRow&& row) {
          rows[i] = std::move(row);
          on_row(rows[i]);
          return true;
        });
  } catch (const WorkerStartError& e) {
    throw thread_start_failure("-j", run.jobs, e, "jobs");
  }
  return rows;
}

SolveSummary summarize(const std::vector<SolveRow>& rows) {
  SolveSummary s;
  for (const auto& r : rows) {
    s.nodes += r.result.nodes;
    s.shallow_nodes += r.result.shallow_nodes;
    s.presearch_seconds += r.result.presearch_seconds;
    s.selective_nodes += r.result.selective_nodes;
    s.selective_seconds += r.result.selective_seconds;
    s.thread_seconds += r.seconds * static_cast<double>(r.result.threads.size());
    for (const auto& t : r.result.threads) {
      s.idle_seconds += t.idle_seconds;
      s.restarted_nodes += t.restarted_nodes;
      s.abandoned_nodes += t.abandoned_nodes;
      s.split_points += t.split_points;
    }
    s.wrong_scores += !r.score_ok;
    s.wrong_moves += r.move == SolveRow::MoveVerdict::wrong;
    s.unlisted += r.move == SolveRow::MoveVerdict::unlisted;
    s.unsolved += !r.result.solved;
    s.seconds += r.seconds;
  }
  return s;
}

std::vector<CutLevel> sum_cut_profiles(const std::vector<SolveRow>& rows) {
  std::vector<CutLevel> sum(kCutLevels);
  for (const SolveRow& r : rows) {
    for (std::size_t e = 0; e < r.result.cut_profile.size() && e < sum.size(); ++e) {
      sum[e] += r.result.cut_profile[e];
    }
  }
  return sum;
}

}  // namespace rb
