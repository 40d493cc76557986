// `reversi-bench nboard` and `reversi-bench gtp`: the project's playing
// search (search/think.hpp) as an engine, over standard input and output
// (protocol/server.hpp), for GUIs that speak NBoard or GTP and for match
// runners: a midgame search at a level (--level, or NBoard's `set depth`),
// the endgame solved within the level's reach, within GTP's clock.
#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/solver_choice.hpp"
#include "io/machine.hpp"
#include "protocol/server.hpp"
#include "search/levels.hpp"

namespace rb::cli {
namespace {

struct ServeArgs {
  SearchRequest solver;
  int level = 10;
  double move_time = 0;
};

void serve(const ServeArgs& args, bool gtp) {
  SearchSession session = SearchSession::open(args.solver);
  const protocol::ThinkService think = [&](const protocol::ThinkRequest& r) {
    ThinkLimits limits;
    limits.level = r.level;
    if (r.seconds > 0) limits.seconds = r.seconds;
    limits.stop = r.stop;
    limits.on_iteration = r.on_iteration;
    return session.think(r.position, limits, Tables::clear);
  };
  protocol::ServerInfo info;
  info.version = build_json()["version"].get<std::string>();
  info.level = args.level;
  info.move_time = args.move_time;
  std::cerr << "reversi-bench " << (gtp ? "gtp" : "nboard") << ": level " << args.level << ", "
            << session.describe() << "\n";
  if (gtp) {
    protocol::serve_gtp(std::cin, std::cout, think, info);
  } else {
    protocol::serve_nboard(std::cin, std::cout, std::cerr, think, info);
  }
}

void add_serve_command(CLI::App& app, int& exit_code, bool gtp) {
  auto args = std::make_shared<ServeArgs>();
  auto* cmd = app.add_subcommand(
      gtp ? "gtp" : "nboard",
      gtp ? "Serve the playing search as a GTP engine on standard input and output (set a "
            "position with "
            "reversi_bench-setup_board BOARD SIDE)"
          : "Serve the playing search as an NBoard engine on standard input and output");
  add_playing_options(cmd, args->solver, "the search");
  add_number_option(cmd, "--level", args->level,
                    std::string("the level (1-60, default 10: depth 10, exact at 22 empties; ") +
                        (gtp ? "" : "NBoard's `set depth` changes it; ") + "docs/engines.md)",
                    1, kMaxLevel);
  if (gtp) {
    add_number_option<double>(cmd, "--move-time", args->move_time,
                              "seconds per move, whatever the clock (default: the clock's share, "
                              "time_settings and time_left; none without)",
                              0.0, 1e6);
  }
  cmd->callback([args, gtp, &exit_code] {
    serve(*args, gtp);
    exit_code = kExitOk;
  });
}

}  // namespace

void add_nboard_command(CLI::App& app, int& exit_code) { add_serve_command(app, exit_code, false); }
void add_gtp_command(CLI::App& app, int& exit_code) { add_serve_command(app, exit_code, true); }

}  // namespace rb::cli
