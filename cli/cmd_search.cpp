// `reversi-bench search`: the playing search (search/think.hpp) on positions,
// at a level (search/levels.hpp), a midgame depth, or a time per position:
// each iteration's depth, score, best move and principal variation as it
// finishes, then the answer; --json writes them all.
#include <fmt/core.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/solver_choice.hpp"
#include "core/errors.hpp"
#include "io/data_files.hpp"
#include "io/json.hpp"
#include "io/machine.hpp"
#include "io/obf.hpp"
#include "io/output.hpp"
#include "run/search_positions.hpp"
#include "search/levels.hpp"

namespace rb::cli {
namespace {

struct SearchArgs {
  std::vector<std::string> inputs;
  int level = 10;
  int depth = 0;       // --depth: the midgame alone, this deep
  double seconds = 0;  // --time: per position, at the deepest level
  SearchRequest solver;
  std::string json;
};

std::string line_text(const std::vector<Square>& pv) {
  std::string text;
  for (Square s : pv) text += (text.empty() ? "" : " ") + move_name(s);
  return text;
}

std::string_view kind_name(ThinkIteration::Kind kind) {
  switch (kind) {
    case ThinkIteration::Kind::wld:
      return "wld";
    case ThinkIteration::Kind::exact:
      return "exact";
    case ThinkIteration::Kind::midgame:
      break;
  }
  return "midgame";
}

// "8" for a midgame iteration, "24W" for a win/loss/draw solve, "24E" exact.
std::string depth_text(const ThinkIteration& it) {
  const char* suffix = it.kind == ThinkIteration::Kind::wld     ? "W"
                       : it.kind == ThinkIteration::Kind::exact ? "E"
                                                                : "";
  return std::to_string(it.depth) + suffix;
}

std::string score_text(const ThinkIteration& it) {
  if (it.kind == ThinkIteration::Kind::midgame) return fmt::format("{:+.2f}", it.score);
  if (it.kind == ThinkIteration::Kind::wld) {
    return it.score > 0 ? "win" : it.score < 0 ? "loss" : "draw";
  }
  return fmt::format("{:+d}", static_cast<int>(it.score));
}

Json iteration_json(const ThinkIteration& it) {
  Json pv = Json::array();
  for (Square s : it.pv) pv.push_back(move_name(s));
  return {{"kind", kind_name(it.kind)}, {"depth", it.depth}, {"score", it.score},
          {"move", move_name(it.move)}, {"pv", pv},          {"nodes", it.nodes},
          {"seconds", it.seconds}};
}

int run(const SearchArgs& args, const CLI::Option* depth, const CLI::Option* time,
        const CLI::Option* level, const CLI::Option* json) {
  if ((depth->count() > 0) + (time->count() > 0) + (level->count() > 0) > 1) {
    throw UsageError("--level, --depth and --time: give one of them");
  }
  if (!(args.seconds >= 0)) throw UsageError("--time: must be a number >= 0");
  std::vector<NamedPosition> positions;
  for (const auto& input : args.inputs) {
    for (auto& p : load_positions(input)) positions.push_back(std::move(p));
  }
  if (json->count() > 0) check_writable(args.json, "--json");
  SearchSession session = SearchSession::open(args.solver);
  ThinkLimits limits;
  limits.level = level_of(time->count() > 0 ? kMaxLevel : args.level);
  if (depth->count() > 0) limits.level = Level{0, args.depth, 0, 0};
  if (time->count() > 0) limits.seconds = args.seconds;
  const Level& lvl = limits.level;
  const std::string limit =
      depth->count() > 0  ? fmt::format("depth {} (the midgame alone)", args.depth)
      : time->count() > 0 ? fmt::format("{} s per position", args.seconds)
                          : fmt::format(
                                "level {} (depth {}, win/loss/draw at {} empties, exact "
                                "at {})",
                                lvl.level, lvl.depth, lvl.wld_empties, lvl.exact_empties);
  fmt::print("search {} positions  {}  {}\n", positions.size(), limit, session.describe());
  SearchObserver observer;
  observer.begin = [](int index, const NamedPosition& p) {
    const Position& position = p.entry.position;
    fmt::print("\n{:>4} {}  empties {}  {} to move\n", index, p.label, position.empties(),
               position.side == Color::black ? "black" : "white");
    fmt::print("{:>6} {:>8} {:>5} {:>14} {:>9}  {}\n", "depth", "score", "move", "nodes", "seconds",
               "principal variation");
  };
  observer.iteration = [](const ThinkIteration& it) {
    fmt::print("{:>6} {:>8} {:>5} {:>14} {:>9.3f}  {}\n", depth_text(it), score_text(it),
               move_name(it.move), it.nodes, it.seconds, line_text(it.pv));
    std::fflush(stdout);
  };
  observer.end = [](const SearchedPosition& s) {
    const ThinkResult& r = s.result;
    fmt::print("best {} {} ({} {}){}  nodes {}  {:.3f} s\n", move_name(r.best.move),
               score_text(r.best), kind_name(r.best.kind), depth_text(r.best),
               r.complete ? "" : "  (stopped by the time limit)", r.nodes, r.seconds);
  };
  Json rows = Json::array();
  for (const SearchedPosition& s : search_positions(session, positions, limits, observer)) {
    const ThinkResult& r = s.result;
    const Position& position = s.input->entry.position;
    Json iterations = Json::array();
    for (const auto& it : r.iterations) iterations.push_back(iteration_json(it));
    rows.push_back({{"index", s.index},
                    {"position", s.input->label},
                    {"board", board_string(position)},
                    {"empties", position.empties()},
                    {"best", iteration_json(r.best)},
                    {"complete", r.complete},
                    {"nodes", r.nodes},
                    {"seconds", r.seconds},
                    {"iterations", iterations}});
  }
  if (json->count() > 0) {
    Json doc = result_document("search");
    doc["config"] = {
        {"inputs", args.inputs},
        {"level", lvl.level},
        {"depth", lvl.depth},
        {"wld_empties", lvl.wld_empties},
        {"exact_empties", lvl.exact_empties},
        {"time_limit_s", args.seconds},
        {"preset", session.preset()},
        {"variant", session.variant()},
        {"tt_mb", session.options().tt_mb},
        {"threads", session.options().threads},
        {"eval_weights", session.weights().empty() ? Json(nullptr) : Json(session.weights())}};
    doc["rows"] = rows;
    write_json_file(args.json, doc, "--json");
  }
  return kExitOk;
}

}  // namespace

void add_search_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<SearchArgs>();
  auto* cmd = app.add_subcommand(
      "search", "Search positions as a player: a midgame search, then the endgame within reach");
  cmd->add_option("positions", args->inputs, "OBF files, FILE:N, or board strings")->required();
  auto* level =
      add_number_option(cmd, "--level", args->level,
                        "the level (1-60, default 10): its midgame depth and endgame reach "
                        "(docs/engines.md)",
                        1, kMaxLevel);
  auto* depth = add_number_option(cmd, "--depth", args->depth,
                                  "the midgame alone, this many plies deep (1-60)", 1, 60);
  auto* time = add_number_option<double>(
      cmd, "--time", args->seconds,
      "seconds per position: the deepest level, stopped at the time (the last finished "
      "iteration answers)",
      0.0, 1e9);
  add_playing_options(cmd, args->solver, "the search");
  auto* json = cmd->add_option("--json", args->json,
                               "also write every iteration, the configuration and the machine");
  cmd->callback([args, depth, time, level, json, &exit_code] {
    exit_code = run(*args, depth, time, level, json);
  });
}

}  // namespace rb::cli
