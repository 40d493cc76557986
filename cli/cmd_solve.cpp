// `reversi-bench solve`: exact endgame solving of OBF suites, an Edax-style
// table per position and a summary, checked against the listed scores.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "cli/common.hpp"
#include "core/machine.hpp"
#include "core/solver.hpp"
#include "variants/registry.hpp"

namespace rb::cli {
namespace {

struct SolveArgs {
  std::vector<std::string> inputs;
  std::string variant;
  std::string algo = "pvs";
  std::string order = "fastest";
  std::string moves;  // empty: the variant's own move source
  std::size_t tt_mb = 0;
  bool wld = false;
  bool last_empty = false;
  int few_empties = 0;
  bool etc = false;
  bool stability = false;
  std::string json;
  int threads = 1;
  double time_limit = 0;  // seconds per position; 0: none
  int repeat = 1;         // solves per position; the median time is reported
};

struct Row {
  int index = 0;
  std::string label;
  int empties = 0;
  std::optional<int> expected;
  SolveResult result;
  double seconds = 0;         // the median of `times`
  std::vector<double> times;  // one per repetition
  // Verdicts (meaningful when solved).
  bool score_ok = true;
  enum class MoveVerdict { ok, wrong, unlisted } move = MoveVerdict::ok;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

std::optional<MoveGen> parse_movegen(std::string_view name) {
  if (name == "scan") return MoveGen::scan;
  if (name == "mask") return MoveGen::mask;
  if (name == "list") return MoveGen::list;
  return std::nullopt;
}

const char* movegen_name(MoveGen g) {
  return g == MoveGen::scan ? "scan" : g == MoveGen::mask ? "mask" : "list";
}

void judge(Row& row, const ObfEntry& entry, bool wld) {
  if (!row.result.solved || !row.expected) return;
  auto same = [&](int score) {
    const int expected_value = wld ? (*row.expected > 0) - (*row.expected < 0) : *row.expected;
    return score == expected_value;
  };
  row.score_ok = same(row.result.score);
  if (entry.moves.empty() || row.result.best_move == kNoSquare) return;
  const auto listed = entry.score_of(row.result.best_move);
  if (!listed) {
    row.move = Row::MoveVerdict::unlisted;
  } else if (wld ? ((*listed > 0) - (*listed < 0)) != row.result.score : *listed < *row.expected) {
    row.move = Row::MoveVerdict::wrong;
  }
}

template <Board V, MoveGen G>
std::vector<Row> solve_all(const SolveArgs& args, const SolveOptions& base,
                           const std::vector<NamedPosition>& positions) {
  std::vector<Row> rows(positions.size());
  std::atomic<std::size_t> next{0};
  std::mutex print;
  std::size_t printed = 0;
  std::vector<bool> done(positions.size(), false);
  auto print_row = [&](const Row& r) {
    char expected[16] = "-";
    if (r.expected) std::snprintf(expected, sizeof expected, "%+d", *r.expected);
    if (!r.result.solved) {
      std::printf("%4d %7d %6s %5s %9s %14llu %9.3f %12s  not solved (time limit)\n", r.index,
                  r.empties, "-", "-", expected, static_cast<unsigned long long>(r.result.nodes),
                  r.seconds, "-");
    } else {
      const double rate = r.seconds > 0 ? static_cast<double>(r.result.nodes) / r.seconds : 0;
      const char* note = !r.score_ok                            ? "  WRONG SCORE"
                         : r.move == Row::MoveVerdict::wrong    ? "  wrong move"
                         : r.move == Row::MoveVerdict::unlisted ? "  (move not listed)"
                                                                : "";
      std::printf("%4d %7d %+6d %5s %9s %14llu %9.3f %12.4g%s\n", r.index, r.empties,
                  r.result.score, square_name(r.result.best_move).c_str(), expected,
                  static_cast<unsigned long long>(r.result.nodes), r.seconds, rate, note);
    }
    std::fflush(stdout);
  };
  auto worker = [&] {
    for (std::size_t i; (i = next.fetch_add(1)) < positions.size();) {
      Row row;
      row.index = static_cast<int>(i) + 1;
      row.label = positions[i].label;
      row.empties = positions[i].entry.position.empties();
      row.expected = positions[i].entry.best_score();
      SolveOptions options = base;
      if (args.time_limit > 0) {
        options.deadline = std::chrono::steady_clock::now() +
                           std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                               std::chrono::duration<double>(args.time_limit));
      }
      for (int r = 0; r < args.repeat; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        const SolveResult result = solve<V, G>(positions[i].entry.position, options);
        row.times.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        if (r > 0 && result.solved && row.result.solved &&
            (result.nodes != row.result.nodes || result.score != row.result.score)) {
          throw std::logic_error("a repeated solve gave other nodes or another score");
        }
        if (r == 0 || result.solved) row.result = result;
        if (!result.solved) break;  // out of time: do not repeat
      }
      row.seconds = median(row.times);
      judge(row, positions[i].entry, args.wld);
      std::lock_guard lock(print);
      rows[i] = row;
      done[i] = true;
      while (printed < rows.size() && done[printed]) print_row(rows[printed++]);  // in order
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < args.threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  return rows;
}

void write_json(const std::string& path, const SolveArgs& args, std::string_view variant,
                MoveGen moves, const std::vector<Row>& rows, double total_seconds,
                double wall_seconds) {
  JsonWriter json;
  json.begin_object();
  json.field("schema", "reversi-bench/1");
  json.field("kind", "solve");
  write_machine_and_build(json);
  json.key("config").begin_object();
  json.field("variant", variant);
  json.field("moves", movegen_name(moves));
  json.field("algo", args.algo);
  json.field("order", args.order);
  json.field("tt_mb", static_cast<std::uint64_t>(args.tt_mb));
  json.field("wld", args.wld);
  json.field("last_empty", args.last_empty);
  json.field("few_empties", args.few_empties);
  json.field("etc", args.etc);
  json.field("stability", args.stability);
  json.field("threads", args.threads);
  json.field("time_limit_s", args.time_limit);
  json.field("repeat", args.repeat);
  json.key("inputs").begin_array();
  for (const auto& in : args.inputs) json.value(in);
  json.end_array();
  json.end_object();
  json.key("rows").begin_array();
  std::uint64_t nodes = 0;
  int wrong_scores = 0, wrong_moves = 0, unsolved = 0;
  for (const auto& r : rows) {
    json.begin_object();
    json.field("index", r.index);
    json.field("position", r.label);
    json.field("empties", r.empties);
    json.field("solved", r.result.solved);
    if (r.result.solved) {
      json.field("score", r.result.score);
      json.field("best_move", square_name(r.result.best_move));
    }
    if (r.expected) json.field("expected", *r.expected);
    json.field("nodes", r.result.nodes);
    json.field("seconds", r.seconds);
    json.key("times").begin_array();
    for (double t : r.times) json.value(t);
    json.end_array();
    json.field("score_ok", r.score_ok);
    json.field("move", r.move == Row::MoveVerdict::ok      ? "ok"
                       : r.move == Row::MoveVerdict::wrong ? "wrong"
                                                           : "unlisted");
    json.end_object();
    nodes += r.result.nodes;
    wrong_scores += !r.score_ok;
    wrong_moves += r.move == Row::MoveVerdict::wrong;
    unsolved += !r.result.solved;
  }
  json.end_array();
  json.key("summary").begin_object();
  json.field("positions", static_cast<int>(rows.size()));
  json.field("wrong_scores", wrong_scores);
  json.field("wrong_moves", wrong_moves);
  json.field("not_solved", unsolved);
  json.field("nodes", nodes);
  json.field("seconds", total_seconds);
  json.field("wall_seconds", wall_seconds);
  json.field("nodes_per_second",
             total_seconds > 0 ? static_cast<double>(nodes) / total_seconds : 0.0);
  json.end_object();
  json.end_object();
  std::ofstream out(path);
  out << json.str() << "\n";
  if (!out) throw UsageError("--json: cannot write '" + path + "'");
}

template <Board V, MoveGen G>
int run(const SolveArgs& args, const SolveOptions& options,
        const std::vector<NamedPosition>& positions) {
  std::printf(
      "solve %zu positions  variant %.*s  moves %s  algo %s  order %s  tt %zu MB%s%s  few-empties "
      "%d  threads %d\n",
      positions.size(), static_cast<int>(V::info.name.size()), V::info.name.data(), movegen_name(G),
      args.algo.c_str(), args.order.c_str(), args.tt_mb, args.wld ? "  wld" : "",
      args.last_empty ? "  last-empty" : "", args.few_empties, args.threads);
  if (args.etc || args.stability) {
    std::printf("cutoffs:%s%s\n", args.etc ? " etc" : "", args.stability ? " stability" : "");
  }
  std::printf("%4s %7s %6s %5s %9s %14s %9s %12s\n", "#", "empties", "score", "move", "expected",
              "nodes", "seconds", "nodes/s");
  const auto t0 = std::chrono::steady_clock::now();
  const auto rows = solve_all<V, G>(args, options, positions);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  // The time of the suite: the sum of each position's (median) time.
  double total = 0;
  for (const auto& r : rows) total += r.seconds;
  std::uint64_t nodes = 0;
  int wrong_scores = 0, wrong_moves = 0, unlisted = 0, unsolved = 0;
  for (const auto& r : rows) {
    nodes += r.result.nodes;
    wrong_scores += !r.score_ok;
    wrong_moves += r.move == Row::MoveVerdict::wrong;
    unlisted += r.move == Row::MoveVerdict::unlisted;
    unsolved += !r.result.solved;
  }
  std::printf("positions %zu  wrong scores %d  wrong moves %d  not solved %d", rows.size(),
              wrong_scores, wrong_moves, unsolved);
  if (unlisted) std::printf("  moves not listed %d", unlisted);
  std::printf("\nnodes %llu  time %.3f s  nodes/s %.4g\n", static_cast<unsigned long long>(nodes),
              total, total > 0 ? static_cast<double>(nodes) / total : 0.0);
  if (args.threads > 1 || args.repeat > 1) {
    std::printf("(time: the sum of per-position %s; wall clock %.3f s)\n",
                args.repeat > 1 ? "medians" : "times", wall);
  }
  if (!args.json.empty()) write_json(args.json, args, V::info.name, G, rows, total, wall);
  return wrong_scores > 0 ? kExitCheckFailed : kExitOk;
}

}  // namespace

void add_solve_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<SolveArgs>();
  auto* cmd = app.add_subcommand("solve", "Solve endgame positions exactly and check the scores");
  cmd->add_option("positions", args->inputs, "OBF files, FILE:N, or board strings")->required();
  cmd->add_option("-v,--variant", args->variant, "the variant to use")->required();
  cmd->add_option("--algo", args->algo, "minimax, alphabeta or pvs (default)")
      ->check(CLI::IsMember({"minimax", "alphabeta", "pvs"}));
  cmd->add_option("--order", args->order,
                  "none, fastest (default), parity, fastest-parity or mobility")
      ->check(CLI::IsMember({"none", "fastest", "parity", "fastest-parity", "mobility"}));
  cmd->add_option("--moves", args->moves,
                  "the move source: scan, mask or list (default: the variant's own)")
      ->check(CLI::IsMember({"scan", "mask", "list"}));
  cmd->add_option("--tt", args->tt_mb, "transposition table MB (0: off, default)")
      ->check(CLI::Range(std::size_t{0}, std::size_t{1} << 16));
  cmd->add_flag("--wld", args->wld, "win/draw/loss only (score -1, 0 or +1)");
  cmd->add_flag("--last-empty", args->last_empty,
                "score a node with one empty square from its flips, without playing it");
  cmd->add_option("--few-empties", args->few_empties,
                  "at nodes with at most N empties, a dedicated search (parity order, no "
                  "table; on the bitboards alone where the variant has kernels); 0: off "
                  "(default)")
      ->check(CLI::Range(0, solver_detail::kMaxFewEmpties));
  cmd->add_flag("--etc", args->etc,
                "enhanced transposition cutoff: look the children up in the table first "
                "(needs --tt)");
  cmd->add_flag("--stability", args->stability,
                "stability cutoff: return the cap set by the opponent's stable discs when it "
                "is at or below alpha");
  cmd->add_option("--json", args->json, "also write the rows, configuration and machine as JSON");
  cmd->add_option("-t,--threads", args->threads, "positions solved in parallel")
      ->check(CLI::Range(1, 256));
  cmd->add_option("--time-limit", args->time_limit,
                  "seconds per position; a position not solved in time is reported and skipped")
      ->check(CLI::Range(0.0, 1e9));
  cmd->add_option("--repeat", args->repeat,
                  "solve each position this many times and report the median time")
      ->check(CLI::Range(1, 1000));
  cmd->callback([args, &exit_code] {
    std::vector<NamedPosition> positions;
    for (const auto& input : args->inputs) {
      for (auto& p : load_positions(input)) positions.push_back(std::move(p));
    }
    const auto names = resolve_variants(variant_infos<AllVariants>(), {args->variant});
    if (names.size() != 1) throw UsageError("--variant: name exactly one variant");
    SolveOptions options;
    options.algo = *parse_algo(args->algo);
    options.order = *parse_order(args->order);
    options.tt_mb = args->tt_mb;
    options.wld = args->wld;
    options.last_empty = args->last_empty;
    options.few_empties = args->few_empties;
    options.etc = args->etc;
    options.stability = args->stability;
    if (options.etc && options.tt_mb == 0) throw UsageError("--etc: needs a table (--tt MB)");
    bool ran = false;
    for_each_variant<AllVariants>([&]<Board V>() {
      if (V::info.name != names[0]) return;
      ran = true;
      const MoveGen g = args->moves.empty() ? V::info.movegen : *parse_movegen(args->moves);
      switch (g) {
        case MoveGen::scan:
          exit_code = run<V, MoveGen::scan>(*args, options, positions);
          break;
        case MoveGen::mask:
          exit_code = run<V, MoveGen::mask>(*args, options, positions);
          break;
        case MoveGen::list:
          if constexpr (ListBoard<V>) {
            exit_code = run<V, MoveGen::list>(*args, options, positions);
          } else {
            throw UsageError("--moves list: variant '" + names[0] +
                             "' has no empty-square list; use its +list twin");
          }
          break;
      }
    });
    if (!ran) throw UsageError("--variant: '" + args->variant + "' is not a single variant");
  });
}

}  // namespace rb::cli
