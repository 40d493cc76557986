#include "run/solve_suite.hpp"

#include <fmt/core.h>

#include <atomic>
#include <chrono>
#include <exception>
#include <mutex>
#include <thread>

#include "core/errors.hpp"
#include "core/median.hpp"
#include "core/seconds.hpp"
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
                   TranspositionTable& table) {
  SolveRow row;
  row.index = index;
  row.label = input.label;
  row.empties = input.entry.position.empties();
  row.expected = input.entry.best_score();
  SolveOptions options = run.options;
  for (int r = 0; r < run.repeat; ++r) {
    table.clear();  // outside the timed region
    if (run.time_limit > 0) {
      options.deadline = std::chrono::steady_clock::now() +
                         std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                             std::chrono::duration<double>(run.time_limit));
    }
    const auto t0 = std::chrono::steady_clock::now();
    const SolveResult result = run.solve(input.entry.position, options, &table);
    const double seconds = seconds_since(t0);
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
    const bool same_nodes = run.options.threads > 1 || result.nodes == row.result.nodes;
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
  judge(row, input.entry, run.options.wld);
  return row;
}

std::vector<SolveRow> solve_suite(const SuiteRun& run, const std::vector<NamedPosition>& positions,
                                  const std::function<void(const SolveRow&)>& on_row) {
  std::vector<SolveRow> rows(positions.size());
  std::atomic<std::size_t> next{0};
  std::mutex print;
  std::size_t printed = 0;
  std::vector<bool> done(positions.size(), false);
  std::exception_ptr failure;
  std::atomic<bool> failed{false};
  std::atomic<bool> started{false};  // no position is taken before every job started
  auto worker = [&] {
    started.wait(false);
    try {
      TranspositionTable table(run.options.tt_mb);
      for (std::size_t i; !failed && (i = next.fetch_add(1)) < positions.size();) {
        SolveRow row = solve_row(run, positions[i], static_cast<int>(i) + 1, table);
        std::lock_guard lock(print);
        rows[i] = std::move(row);
        done[i] = true;
        while (printed < rows.size() && done[printed]) on_row(rows[printed++]);  // in order
      }
    } catch (...) {
      std::lock_guard lock(print);
      if (!failed.exchange(true)) failure = std::current_exception();
    }
  };
  std::vector<std::thread> pool;
  pool.reserve(static_cast<std::size_t>(run.jobs - 1));
  try {
    for (int t = 1; t < run.jobs; ++t) pool.push_back(start_thread(worker));
  } catch (const ThreadStartError& e) {
    failed = true;
    started = true;
    started.notify_all();
    for (auto& t : pool) t.join();
    throw thread_start_failure("-j", run.jobs, e, "jobs");
  }
  started = true;
  started.notify_all();
  worker();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
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
