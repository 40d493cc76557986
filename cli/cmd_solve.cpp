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
// of search/parallel.hpp, sharing the job's table); -j J jobs solve positions
// side by side, each with its own table: J x N threads in all.
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
#include "cli/options.hpp"
#include "cli/plugins.hpp"
#include "cli/solve_entry.hpp"
#include "cli/solver_choice.hpp"
#include "core/memory.hpp"
#include "io/machine.hpp"
#include "search/presets.hpp"
#include "variants/runtime.hpp"

namespace rb::cli {
namespace {

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
  std::string eval_weights;  // empty: the compiled-in weights
  ChosenSolver solver;       // set up from the above (its weights too)
};

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

std::string_view verdict_name(Row::MoveVerdict v) {
  return v == Row::MoveVerdict::ok ? "ok" : v == Row::MoveVerdict::wrong ? "wrong" : "unlisted";
}

int sign(int x) { return (x > 0) - (x < 0); }

void judge(Row& row, const ObfEntry& entry, bool wld) {
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

void print_row(const Row& r) {
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
Row solve_row(const SolveArgs& args, SolveFn solve_fn, const NamedPosition& input, int index,
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
    const SolveResult result = solve_fn(input.entry.position, options, &table);
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
std::vector<Row> solve_all(const SolveArgs& args, SolveFn solve_fn,
                           const std::vector<NamedPosition>& positions) {
  std::vector<Row> rows(positions.size());
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
      TranspositionTable table(args.options.tt_mb);
      for (std::size_t i; !failed && (i = next.fetch_add(1)) < positions.size();) {
        Row row = solve_row(args, solve_fn, positions[i], static_cast<int>(i) + 1, table);
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
  pool.reserve(static_cast<std::size_t>(args.jobs - 1));
  try {
    for (int t = 1; t < args.jobs; ++t) pool.push_back(start_thread(worker));
  } catch (const ThreadStartError& e) {
    failed = true;
    started = true;
    started.notify_all();
    for (auto& t : pool) t.join();
    throw thread_start_failure("-j", args.jobs, e, "jobs");
  }
  started = true;
  started.notify_all();
  worker();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  return rows;
}

struct Summary {
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

Summary summarize(const std::vector<Row>& rows) {
  Summary s;
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
    s.wrong_moves += r.move == Row::MoveVerdict::wrong;
    s.unlisted += r.move == Row::MoveVerdict::unlisted;
    s.unsolved += !r.result.solved;
    s.seconds += r.seconds;
  }
  return s;
}

// The levels of a cut profile that counted nodes, most empties first.
Json cut_profile_json(const std::vector<CutLevel>& levels) {
  Json out = Json::array();
  for (int e = static_cast<int>(levels.size()) - 1; e >= 0; --e) {
    const CutLevel& l = levels[static_cast<std::size_t>(e)];
    if (l.empty()) continue;
    out.push_back({{"empties", e},
                   {"first", l.first},
                   {"first_nodes", l.first_nodes},
                   {"later", l.later},
                   {"later_after_table_move", l.later_after_table_move},
                   {"wasted_nodes", l.wasted_nodes},
                   {"cutter_nodes", l.cutter_nodes},
                   {"all", l.all},
                   {"all_nodes", l.all_nodes},
                   {"exact", l.exact},
                   {"exact_nodes", l.exact_nodes}});
  }
  return out;
}

// The cut profile summed over the solved positions, one line per empties
// count: how often the first move cut off, and the share of the cutoff
// nodes' positions spent on moves that failed before the cutter.
void print_cut_profile(const std::vector<Row>& rows) {
  std::vector<CutLevel> sum(kCutLevels);
  for (const Row& r : rows) {
    for (std::size_t e = 0; e < r.result.cut_profile.size() && e < sum.size(); ++e) {
      sum[e] += r.result.cut_profile[e];
    }
  }
  fmt::print(
      "cut profile (the nodes that searched moves, by empties; first %: cutoffs by the first "
      "move; later: by another move, after a failed table move; waste %: the cutoff nodes' "
      "positions under moves that failed first):\n");
  fmt::print("{:>7} {:>12} {:>8} {:>10} {:>12} {:>15} {:>7} {:>12} {:>10}\n", "empties", "cutoffs",
             "first %", "later", "after table", "wasted", "waste %", "fail low", "exact");
  for (int e = static_cast<int>(kCutLevels) - 1; e >= 0; --e) {
    const CutLevel& l = sum[static_cast<std::size_t>(e)];
    if (l.empty()) continue;
    const std::uint64_t cuts = l.first + l.later;
    const std::uint64_t under = l.first_nodes + l.wasted_nodes + l.cutter_nodes;
    fmt::print(
        "{:>7} {:>12} {:>8.2f} {:>10} {:>12} {:>15} {:>7.2f} {:>12} {:>10}\n", e, cuts,
        cuts ? 100.0 * static_cast<double>(l.first) / static_cast<double>(cuts) : 0.0, l.later,
        l.later_after_table_move, l.wasted_nodes,
        under ? 100.0 * static_cast<double>(l.wasted_nodes) / static_cast<double>(under) : 0.0,
        l.all, l.exact);
  }
}

Json solve_json(const SolveArgs& args, std::string_view variant, MoveGen moves,
                const std::vector<Row>& rows, const Summary& s, double wall_seconds) {
  Json doc;
  doc["schema"] = kResultSchema;
  doc["kind"] = "solve";
  add_machine_and_build(doc);
  Json config = {{"variant", variant},
                 {"variant_requested", args.variant},
                 {"moves", enum_name(moves)},
                 {"preset", args.preset}};
  // The options where this run differs from its preset, by their JSON keys.
  const Json preset_json = options_json(kSolveOptionRows, preset(args.preset).options);
  const Json options = options_json(kSolveOptionRows, args.options);
  Json overrides = Json::object();
  for (const auto& [key, value] : options.items()) {
    if (preset_json[key] != value) overrides[key] = value;
  }
  config["overrides"] = overrides;
  config.update(options);
  config["threads"] = args.options.threads;
  config["cut_profile"] = args.options.cut_profile;
  config["eval_weights"] = args.eval_weights.empty() ? "built-in" : args.eval_weights;
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
    row["shallow_nodes"] = r.result.shallow_nodes;
    Json thread_nodes = Json::array(), idle = Json::array(), restarted = Json::array(),
         abandoned = Json::array(), splits = Json::array(), presearch = Json::array(),
         selective = Json::array();
    for (const auto& t : r.result.threads) {
      thread_nodes.push_back(t.nodes);
      idle.push_back(t.idle_seconds);
      restarted.push_back(t.restarted_nodes);
      abandoned.push_back(t.abandoned_nodes);
      splits.push_back(t.split_points);
      presearch.push_back(t.presearch_nodes);
      selective.push_back(t.selective_nodes);
    }
    row["thread_nodes"] = thread_nodes;
    row["idle_seconds"] = idle;
    row["thread_restarted_nodes"] = restarted;
    row["thread_abandoned_nodes"] = abandoned;
    row["thread_split_points"] = splits;
    row["thread_presearch_nodes"] = presearch;
    row["presearch_seconds"] = r.result.presearch_seconds;
    if (args.options.selective) {
      row["thread_selective_nodes"] = selective;
      row["selective_nodes"] = r.result.selective_nodes;
      row["selective_seconds"] = r.result.selective_seconds;
    }
    row["root_searches"] = r.result.root_searches;
    if (args.options.mtd) row["root_guess"] = r.result.root_guess;
    if (args.options.cut_profile) row["cut_profile"] = cut_profile_json(r.result.cut_profile);
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
      {"shallow_nodes", s.shallow_nodes},
      {"seconds", s.seconds},
      {"idle_seconds", s.idle_seconds},
      {"presearch_seconds", s.presearch_seconds},
      {"selective_nodes", s.selective_nodes},
      {"selective_seconds", s.selective_seconds},
      {"restarted_nodes", s.restarted_nodes},
      {"abandoned_nodes", s.abandoned_nodes},
      {"split_points", s.split_points},
      {"wall_seconds", wall_seconds},
      {"nodes_per_second", s.seconds > 0 ? static_cast<double>(s.nodes) / s.seconds : 0.0},
  };
  return doc;
}

int run(const SolveArgs& args, std::string_view variant, MoveGen moves, SolveFn solve_fn,
        const std::vector<NamedPosition>& positions) {
  const SolveOptions& o = args.options;
  fmt::print("solve {} positions  variant {}{}  moves {}  preset {}  threads {}  jobs {}\n",
             positions.size(), variant, args.variant == "auto" ? " (auto)" : "", enum_name(moves),
             args.preset, o.threads, args.jobs);
  const std::string changed = option_differences(preset(args.preset).options, o);
  if (!changed.empty()) fmt::print("options differing from the preset: {}\n", changed);
  fmt::print("search: algo {}  order {}  tt {} MB{}{}  few-empties {}\n", enum_name(o.algo),
             enum_name(o.order), o.tt_mb, o.wld ? "  wld" : "", o.last_empty ? "  last-empty" : "",
             o.few_empties);
  if (o.etc || o.stability) {
    fmt::print("cutoffs:{}{}\n", o.etc ? " etc" : "", o.stability ? " stability" : "");
  }
  if (o.order == Order::shallow) {
    fmt::print("shallow order: eval {}  depth {}  at >= {} empties, below: {}", enum_name(o.eval),
               o.shallow_depth, o.shallow_min_empties, enum_name(o.shallow_below));
    if (o.shallow_all_margin >= 0) {
      fmt::print("  mobility where the evaluation is {}+ discs below alpha", o.shallow_all_margin);
    }
    fmt::print("\n");
  }
  if (o.presearch) {
    fmt::print("pre-search: eval {}  down to {} empties  moves at >= {} empties  budget {} nodes\n",
               enum_name(o.eval), o.presearch_empties, o.presearch_min_empties, o.presearch_nodes);
  }
  if (o.selective) {
    fmt::print(
        "selective pass: eval {}  {} level(s), margins {} + {} per level  at >= {} empties  "
        "depth {}\n",
        enum_name(o.eval), o.selective_levels, o.selective_margin, o.selective_step,
        o.selective_min_empties, o.selective_depth);
  }
  if (o.mtd) {
    fmt::print("root: null-window tests (mtd) from the {}\n", o.selective ? "selective pass's score"
                                                              : o.presearch
                                                                  ? "pre-search's estimate"
                                                                  : "root's evaluation");
  }
  fmt::print("{:>4} {:>7} {:>6} {:>5} {:>9} {:>14} {:>9} {:>12}\n", "#", "empties", "score", "move",
             "expected", "nodes", "seconds", "nodes/s");
  const auto t0 = std::chrono::steady_clock::now();
  const auto rows = solve_all(args, solve_fn, positions);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const Summary s = summarize(rows);
  fmt::print("positions {}  wrong scores {}  wrong moves {}  not solved {}", rows.size(),
             s.wrong_scores, s.wrong_moves, s.unsolved);
  if (s.unlisted) fmt::print("  moves not listed {}", s.unlisted);
  fmt::print("\nnodes {}  time {:.3f} s  nodes/s {:.4g}\n", s.nodes, s.seconds,
             s.seconds > 0 ? static_cast<double>(s.nodes) / s.seconds : 0.0);
  if (o.order == Order::shallow || o.presearch || o.selective) {
    fmt::print("shallow-search nodes {} (ranking moves{}{}; not in the nodes above)\n",
               s.shallow_nodes, o.presearch ? ", the pre-search" : "",
               o.selective ? ", the selective pass's cuts" : "");
  }
  if (o.selective) {
    fmt::print("selective pass {} nodes, {:.3f} s of the {:.3f} s (not in the nodes above)\n",
               s.selective_nodes, s.selective_seconds, s.seconds);
  }
  if (o.presearch) {
    fmt::print("pre-search {:.3f} s of the {:.3f} s{}\n", s.presearch_seconds, s.seconds,
               o.threads > 1 && !presearch_splits(o)
                   ? " (on the first thread alone, the others waiting: the serial part)"
                   : "");
  }
  if (o.threads > 1) {
    const auto percent = [&](std::uint64_t n) {
      return s.nodes > 0 ? 100 * static_cast<double>(n) / static_cast<double>(s.nodes) : 0.0;
    };
    fmt::print("threads {}: idle {:.3f} s of {:.3f} s ({:.1f}%)\n", o.threads, s.idle_seconds,
               s.thread_seconds,
               s.thread_seconds > 0 ? 100 * s.idle_seconds / s.thread_seconds : 0.0);
    fmt::print(
        "split points {}: nodes searched in vain: restarted {} ({:.1f}%), abandoned {} "
        "({:.1f}%)\n",
        s.split_points, s.restarted_nodes, percent(s.restarted_nodes), s.abandoned_nodes,
        percent(s.abandoned_nodes));
  }
  if (o.cut_profile) print_cut_profile(rows);
  if (args.jobs > 1 || args.repeat > 1) {
    fmt::print("(time: the sum of per-position {}; wall clock {:.3f} s)\n",
               args.repeat > 1 ? "medians" : "times", wall);
  }
  if (args.json_given) {
    write_json_file(args.json, solve_json(args, variant, moves, rows, s, wall), "--json");
  }
  return s.wrong_scores > 0 ? kExitCheckFailed : kExitOk;
}

// The solve command, once its options are parsed: the solver set up
// (cli/solver_choice.hpp) from the preset and the given options, the inputs
// read before the output is checked, the plug-ins loaded before the variant
// is named.
void run_solve(SolveArgs& args, const std::vector<RowOptions>& rows, bool moves_given,
               bool json_given, bool weights_given, int& exit_code) {
  args.moves_given = moves_given;
  args.json_given = json_given;
  if (!(args.time_limit >= 0)) throw UsageError("--time-limit: must be a number >= 0");
  SolverRequest request;
  request.preset = args.preset;
  request.apply_given = [&](SolveOptions& o) {
    apply_given_options(kSolveOptionRows, rows, args.parsed, o);
  };
  request.given = [&](std::string_view option) {
    return std::any_of(rows.begin(), rows.end(), [&](const RowOptions& o) {
      return o.option->check_lname(std::string(option)) && o.given();
    });
  };
  request.threads = args.parsed.threads;
  request.cut_profile = args.parsed.cut_profile;
  request.eval_weights = args.eval_weights;
  request.weights_given = weights_given;
  request.weights_option = "--eval-weights";
  args.solver = settle_solver(request);
  args.options = args.solver.options;
  if (args.jobs > 1 && args.options.tt_mb > 0) {  // one table per job, all at once
    check_memory_budget(
        static_cast<std::size_t>(args.jobs) * (args.options.tt_mb << 20),
        "--jobs " + std::to_string(args.jobs) + " x --tt " + std::to_string(args.options.tt_mb));
  }
  std::vector<NamedPosition> positions;
  for (const auto& input : args.inputs) {
    for (auto& p : load_positions(input)) positions.push_back(std::move(p));
  }
  load_plugins(args.plugins);
  if (args.json_given) check_writable(args.json, "--json");
  choose_variant(args.solver, args.variant,
                 args.moves_given ? std::optional<MoveGen>(args.moves) : std::nullopt);
  exit_code = run(args, args.solver.variant, args.solver.moves, args.solver.solve, positions);
}

}  // namespace

void add_solve_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<SolveArgs>();
  auto* cmd = app.add_subcommand("solve", "Solve endgame positions exactly and check the scores");
  cmd->add_option("positions", args->inputs, "OBF files, FILE:N, or board strings")->required();
  cmd->add_option("-v,--variant", args->variant,
                  "the variant to use (default auto: the fastest this CPU runs, with the empty "
                  "list where the preset uses one; `reversi-bench list` shows them)");
  cmd->add_option("--preset", args->preset,
                  "the configuration of the search (default best, the measured fastest); "
                  "options given with it change it; `reversi-bench list --presets` shows them")
      ->type_name("NAME")
      ->check(preset_validator());
  const auto rows =
      add_option_rows(cmd, kSolveOptionRows, args->parsed, preset(kBestPreset).options);
  auto* moves =
      add_enum_option(cmd, "--moves", args->moves, "the move source (default: the variant's own)",
                      std::optional<MoveGen>());
  moves->group(std::string(option_group_title(OptionGroup::technique)));
  auto* json = cmd->add_option("--json", args->json,
                               "also write the rows, configuration and machine as JSON");
  add_number_option<int>(cmd, "-t,--threads", args->parsed.threads,
                         "threads searching each position together (default 1)", 1,
                         kMaxSearchThreads);
  add_number_option<int>(cmd, "-j,--jobs", args->jobs,
                         "positions solved side by side, each with its own table (default 1); "
                         "jobs x threads threads in all",
                         1, 256);
  add_number_option<double>(
      cmd, "--time-limit", args->time_limit,
      "seconds per position; a position not solved in time is reported and skipped", 0.0, 1e9);
  add_number_option<int>(cmd, "--repeat", args->repeat,
                         "solve each position this many times and report the median time", 1, 1000);
  cmd->add_option("--eval-weights", args->eval_weights,
                  "a pattern weights file for --eval pattern (default: the weights of "
                  "data/pattern-weights.txt, compiled in)")
      ->group(std::string(option_group_title(OptionGroup::technique)));
  cmd->add_flag("--cut-profile", args->parsed.cut_profile,
                "count how the nodes end, by empties (cutoffs by the first move or a later one, "
                "the positions the failed moves took, fail-low and exact nodes); one thread")
      ->group(std::string(option_group_title(OptionGroup::tuning)));
  add_plugin_option(cmd, args->plugins);
  auto* weights = cmd->get_option("--eval-weights");
  cmd->callback([args, rows, moves, json, weights, &exit_code] {
    try {
      run_solve(*args, rows, moves->count() > 0, json->count() > 0, weights->count() > 0,
                exit_code);
    } catch (const ThreadStartError& e) {
      throw thread_start_failure(
          "-t", args->options.threads, e,
          args->jobs > 1 ? "threads for each of the " + std::to_string(args->jobs) + " jobs (-j)"
                         : "threads");
    }
  });
}

}  // namespace rb::cli
