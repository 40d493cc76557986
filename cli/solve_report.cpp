#include "cli/solve_report.hpp"

#include <fmt/core.h>

#include <cstdio>

#include "io/machine.hpp"
#include "io/obf.hpp"
#include "search/presets.hpp"

namespace rb::cli {
namespace {

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
void print_cut_profile(const std::vector<SolveRow>& rows) {
  const std::vector<CutLevel> sum = sum_cut_profiles(rows);
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

}  // namespace

void print_solve_header(const SolveArgs& args, std::size_t positions) {
  const SolveOptions& o = args.options;
  fmt::print("solve {} positions  variant {}{}  moves {}  preset {}  threads {}  jobs {}\n",
             positions, args.session->variant(), args.variant == "auto" ? " (auto)" : "",
             enum_name(args.session->moves()), args.preset, o.threads, args.jobs);
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
    if (o.shallow_deep_empties > o.shallow_min_empties) {
      fmt::print("  (depth 0 below {} empties)", o.shallow_deep_empties);
    }
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
}

void print_solve_row(const SolveRow& r) {
  const std::string expected = r.expected ? format_score(*r.expected) : "-";
  if (!r.result.solved) {
    fmt::print("{:4} {:7} {:>6} {:>5} {:>9} {:14} {:9.3f} {:>12}  not solved (time limit)\n",
               r.index, r.empties, "-", "-", expected, r.result.nodes, r.seconds, "-");
  } else {
    const double rate = r.seconds > 0 ? static_cast<double>(r.result.nodes) / r.seconds : 0;
    const char* note = !r.score_ok                                 ? "  WRONG SCORE"
                       : r.move == SolveRow::MoveVerdict::wrong    ? "  wrong move"
                       : r.move == SolveRow::MoveVerdict::unlisted ? "  (move not listed)"
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

void print_solve_summary(const SolveArgs& args, const std::vector<SolveRow>& rows,
                         const SolveSummary& s, double wall) {
  const SolveOptions& o = args.options;
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
}

Json solve_json(const SolveArgs& args, const std::vector<SolveRow>& rows, const SolveSummary& s,
                double wall_seconds) {
  Json doc = result_document("solve");
  Json config = {{"variant", args.session->variant()},
                 {"variant_requested", args.variant},
                 {"moves", enum_name(args.session->moves())},
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

}  // namespace rb::cli
