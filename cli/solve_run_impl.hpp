// `reversi-bench solve`: exact endgame solving of OBF suites, an Edax-style
// table per position and a summary, checked against the listed scores.
//
// The solver's options are the rows of kSolveOptionRows
// (search/solve_options.hpp): each is a command-line option and a field of
// the JSON "config", from the one table. Each worker allocates its table
// once, before any timing, and clears it (outside the timed region) before
// each solve, so every solve starts from an empty table as the node counts
// require. A repetition that runs out of time is reported, never mixed into
// the median of the solved ones.
//
// Threads: -t N threads search each position together (the parallel search
// of search/solver.hpp, sharing the job's table); -j J jobs solve positions
// side by side, each with its own table: J x N threads in all.
//
// This file holds the definitions behind cli/solve_run.hpp; only the
// cli/cmd_solve_part*.cpp files include it.
#pragma once

#include <fmt/core.h>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include "cli/common.hpp"
#include "cli/plugins.hpp"
#include "cli/solve_run.hpp"
#include "io/machine.hpp"
#include "search/solver.hpp"
#include "variants/runtime.hpp"

namespace rb::cli {
namespace solve_detail {

struct Row {
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

inline std::string_view verdict_name(Row::MoveVerdict v) {
  return v == Row::MoveVerdict::ok ? "ok" : v == Row::MoveVerdict::wrong ? "wrong" : "unlisted";
}

inline int sign(int x) { return (x > 0) - (x < 0); }

inline void judge(Row& row, const ObfEntry& entry, bool wld) {
  if (!row.result.solved || !row.expected) return;
  row.score_ok = row.result.score == (wld ? sign(*row.expected) : *row.expected);
  if (entry.moves.empty() || row.result.best_move == kNoSquare) return;
  const auto listed = entry.score_of(row.result.best_move);
  if (!listed) {
    row.move = Row::MoveVerdict::unlisted;
  } else if (wld ? sign(*listed) != row.result.score : *listed < *row.expected) {
    row.move = Row::MoveVerdict::wrong;
  }
}

inline void print_row(const Row& r) {
  const std::string expected = r.expected ? format_score(*r.expected) : "-";
  if (!r.result.solved) {
    fmt::print("{:4} {:7} {:>6} {:>5} {:>9} {:14} {:9.3f} {:>12}  not solved (time limit)\n",
               r.index, r.empties, "-", "-", expected, r.result.nodes, r.seconds, "-");
  } else {
    const double rate = r.seconds > 0 ? static_cast<double>(r.result.nodes) / r.seconds : 0;
    const char* note = !r.score_ok                            ? "  WRONG SCORE"
                       : r.move == Row::MoveVerdict::wrong    ? "  wrong move"
                       : r.move == Row::MoveVerdict::unlisted ? "  (move not listed)"
                                                              : "";
    fmt::print("{:4} {:7} {:>+6} {:>5} {:>9} {:14} {:9.3f} {:12.4g}{}{}\n", r.index, r.empties,
               r.result.score, square_name(r.result.best_move), expected, r.result.nodes, r.seconds,
               rate, note,
               r.timed_out ? fmt::format("  ({} of {} runs out of time)", r.timed_out,
                                         r.timed_out + static_cast<int>(r.times.size()))
                           : "");
  }
  std::fflush(stdout);
}

// Solves one position `repeat` times with a cleared table each time.
template <Board V, MoveGen G>
Row solve_row(const SolveArgs& args, const NamedPosition& input, int index,
              TranspositionTable& table) {
  Row row;
  row.index = index;
  row.label = input.label;
  row.empties = input.entry.position.empties();
  row.expected = input.entry.best_score();
  SolveOptions options = args.options;
  for (int r = 0; r < args.repeat; ++r) {
    table.clear();  // outside the timed region
    if (args.time_limit > 0) {
      options.deadline = std::chrono::steady_clock::now() +
                         std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                             std::chrono::duration<double>(args.time_limit));
    }
    const auto t0 = std::chrono::steady_clock::now();
    const SolveResult result = solve<V, G>(input.entry.position, options, &table);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
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
    const bool same_nodes = args.options.threads > 1 || result.nodes == row.result.nodes;
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
  judge(row, input.entry, args.options.wld);
  return row;
}

// Solves every position, `jobs` positions at a time, printing the rows
// in order as they finish. An exception in a worker stops the others and is
// rethrown here.
template <Board V, MoveGen G>
std::vector<Row> solve_all(const SolveArgs& args, const std::vector<NamedPosition>& positions) {
  std::vector<Row> rows(positions.size());
  std::atomic<std::size_t> next{0};
  std::mutex print;
  std::size_t printed = 0;
  std::vector<bool> done(positions.size(), false);
  std::exception_ptr failure;
  std::atomic<bool> failed{false};
  auto worker = [&] {
    try {
      TranspositionTable table(args.options.tt_mb);
      for (std::size_t i; !failed && (i = next.fetch_add(1)) < positions.size();) {
        Row row = solve_row<V, G>(args, positions[i], static_cast<int>(i) + 1, table);
        std::lock_guard lock(print);
        rows[i] = std::move(row);
        done[i] = true;
        while (printed < rows.size() && done[printed]) print_row(rows[printed++]);  // in order
      }
    } catch (...) {
      std::lock_guard lock(print);
      if (!failed.exchange(true)) failure = std::current_exception();
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < args.jobs; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  return rows;
}

struct Summary {
  std::uint64_t nodes = 0;
  double thread_seconds = 0;  // threads x each position's time (of the reported run)
  double idle_seconds = 0;    // of which the threads waited
  int wrong_scores = 0, wrong_moves = 0, unlisted = 0, unsolved = 0;
  double seconds = 0;  // the sum of each position's (median) time
};

inline Summary summarize(const std::vector<Row>& rows) {
  Summary s;
  for (const auto& r : rows) {
    s.nodes += r.result.nodes;
    s.thread_seconds += r.seconds * static_cast<double>(r.result.threads.size());
    for (const auto& t : r.result.threads) s.idle_seconds += t.idle_seconds;
    s.wrong_scores += !r.score_ok;
    s.wrong_moves += r.move == Row::MoveVerdict::wrong;
    s.unlisted += r.move == Row::MoveVerdict::unlisted;
    s.unsolved += !r.result.solved;
    s.seconds += r.seconds;
  }
  return s;
}

inline Json solve_json(const SolveArgs& args, std::string_view variant, MoveGen moves,
                       const std::vector<Row>& rows, const Summary& s, double wall_seconds) {
  Json doc;
  doc["schema"] = kResultSchema;
  doc["kind"] = "solve";
  add_machine_and_build(doc);
  Json config = {{"variant", variant}, {"moves", enum_name(moves)}};
  config.update(options_json(kSolveOptionRows, args.options));
  config["threads"] = args.options.threads;
  config["jobs"] = args.jobs;
  config["time_limit_s"] = args.time_limit;
  config["repeat"] = args.repeat;
  config["inputs"] = args.inputs;
  doc["config"] = config;
  Json out_rows = Json::array();
  for (const auto& r : rows) {
    Json row = {{"index", r.index},
                {"position", r.label},
                {"empties", r.empties},
                {"solved", r.result.solved}};
    if (r.result.solved) {
      row["score"] = r.result.score;
      row["best_move"] = square_name(r.result.best_move);
    }
    if (r.expected) row["expected"] = *r.expected;
    row["nodes"] = r.result.nodes;
    Json thread_nodes = Json::array(), idle = Json::array();
    for (const auto& t : r.result.threads) {
      thread_nodes.push_back(t.nodes);
      idle.push_back(t.idle_seconds);
    }
    row["thread_nodes"] = thread_nodes;
    row["idle_seconds"] = idle;
    row["seconds"] = r.seconds;
    row["times"] = r.times;
    row["timed_out_runs"] = r.timed_out;
    row["score_ok"] = r.score_ok;
    row["move"] = verdict_name(r.move);
    out_rows.push_back(row);
  }
  doc["rows"] = out_rows;
  doc["summary"] = {
      {"positions", static_cast<int>(rows.size())},
      {"wrong_scores", s.wrong_scores},
      {"wrong_moves", s.wrong_moves},
      {"not_solved", s.unsolved},
      {"nodes", s.nodes},
      {"seconds", s.seconds},
      {"idle_seconds", s.idle_seconds},
      {"wall_seconds", wall_seconds},
      {"nodes_per_second", s.seconds > 0 ? static_cast<double>(s.nodes) / s.seconds : 0.0},
  };
  return doc;
}

template <Board V, MoveGen G>
int run(const SolveArgs& args, const std::vector<NamedPosition>& positions) {
  const SolveOptions& o = args.options;
  fmt::print(
      "solve {} positions  variant {}  moves {}  algo {}  order {}  tt {} MB{}{}  few-empties {}  "
      "threads {}  jobs {}\n",
      positions.size(), runtime_info<V>().name, enum_name(G), enum_name(o.algo), enum_name(o.order),
      o.tt_mb, o.wld ? "  wld" : "", o.last_empty ? "  last-empty" : "", o.few_empties, o.threads,
      args.jobs);
  if (o.etc || o.stability) {
    fmt::print("cutoffs:{}{}\n", o.etc ? " etc" : "", o.stability ? " stability" : "");
  }
  fmt::print("{:>4} {:>7} {:>6} {:>5} {:>9} {:>14} {:>9} {:>12}\n", "#", "empties", "score", "move",
             "expected", "nodes", "seconds", "nodes/s");
  const auto t0 = std::chrono::steady_clock::now();
  const auto rows = solve_all<V, G>(args, positions);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const Summary s = summarize(rows);
  fmt::print("positions {}  wrong scores {}  wrong moves {}  not solved {}", rows.size(),
             s.wrong_scores, s.wrong_moves, s.unsolved);
  if (s.unlisted) fmt::print("  moves not listed {}", s.unlisted);
  fmt::print("\nnodes {}  time {:.3f} s  nodes/s {:.4g}\n", s.nodes, s.seconds,
             s.seconds > 0 ? static_cast<double>(s.nodes) / s.seconds : 0.0);
  if (o.threads > 1) {
    fmt::print("threads {}: idle {:.3f} s of {:.3f} s ({:.1f}%)\n", o.threads, s.idle_seconds,
               s.thread_seconds,
               s.thread_seconds > 0 ? 100 * s.idle_seconds / s.thread_seconds : 0.0);
  }
  if (args.jobs > 1 || args.repeat > 1) {
    fmt::print("(time: the sum of per-position {}; wall clock {:.3f} s)\n",
               args.repeat > 1 ? "medians" : "times", wall);
  }
  if (args.json_given) {
    write_json_file(args.json, solve_json(args, runtime_info<V>().name, G, rows, s, wall),
                    "--json");
  }
  return s.wrong_scores > 0 ? kExitCheckFailed : kExitOk;
}

// Instantiates solve_variant<V> for one variant when Yes.
template <bool Yes, Board V>
void instantiate_one() {
  if constexpr (Yes) {
    [[maybe_unused]] auto volatile f = &solve_variant<V>;
  }
}

}  // namespace solve_detail

template <Board V>
int solve_variant(const SolveArgs& args, const std::vector<NamedPosition>& positions) {
  using solve_detail::run;
  switch (args.moves_given ? args.moves : V::info.movegen) {
    case MoveGen::scan:
      return run<V, MoveGen::scan>(args, positions);
    case MoveGen::mask:
      return run<V, MoveGen::mask>(args, positions);
    case MoveGen::list:
      if constexpr (ListBoard<V>) {
        return run<V, MoveGen::list>(args, positions);
      } else {
        throw UsageError("--moves list: variant '" + std::string(runtime_info<V>().name) +
                         "' has no empty-square list; use its +list twin");
      }
  }
  return kExitCheckFailed;
}

// Instantiates solve_variant<V> for the variants of the run (RuntimeVariants)
// whose index is Part modulo Parts.
template <int Part, int Parts>
void instantiate_solve_part() {
  [&]<Board... Vs>(VariantList<Vs...>) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (solve_detail::instantiate_one<static_cast<int>(I % Parts) == Part, Vs>(), ...);
    }
    (std::index_sequence_for<Vs...>{});
  }
  (RuntimeVariants{});
}

}  // namespace rb::cli
