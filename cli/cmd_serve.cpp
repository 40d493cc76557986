// `reversi-bench nboard` and `reversi-bench gtp`: the project's solver as
// an engine, over standard input and output (protocol/server.hpp), for GUIs
// that speak NBoard or GTP and as the partner engine-test always has. Every
// answer is an exact solve (the depth a GUI sets is acknowledged, not used):
// positions far from the end take as long as solving them takes.
#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>
#include "cli/commands.hpp"
#include "cli/solver_choice.hpp"
#include "io/machine.hpp"
#include "protocol/server.hpp"

namespace rb::cli {
namespace {

void serve(const SolverArgs& args, bool gtp) {
  const ChosenSolver solver = choose_solver(args);
  TranspositionTable table(solver.options.tt_mb);
  const protocol::SolveCallback solve = [&](const Position& position) {
    const TimedSolve t = solve_timed(solver, table, position);
    protocol::SolverAnswer answer;
    answer.move = t.result.best_move;
    answer.score = t.result.score;
    answer.nodes = t.result.nodes;
    answer.seconds = t.seconds;
    return answer;
  };
  protocol::ServerInfo info;
  info.version = build_json()["version"].get<std::string>();
  std::cerr << "reversi-bench " << (gtp ? "gtp" : "nboard") << ": " << describe_solver(solver)
            << "\n";
  if (gtp) {
    protocol::serve_gtp(std::cin, std::cout, solve, info);
  } else {
    protocol::serve_nboard(std::cin, std::cout, std::cerr, solve, info);
  }
}

void add_serve_command(CLI::App& app, int& exit_code, bool gtp) {
  auto args = std::make_shared<SolverArgs>();
  auto* cmd = app.add_subcommand(
      gtp ? "gtp" : "nboard",
      gtp ? "Serve the solver as a GTP engine on standard input and output (set a position with "
            "reversi_bench-setup_board BOARD SIDE)"
          : "Serve the solver as an NBoard engine on standard input and output");
  add_solver_options(cmd, *args, "the solver");
  cmd->callback([args, gtp, &exit_code] {
    serve(*args, gtp);
    exit_code = kExitOk;
  });
}

}  // namespace

void add_nboard_command(CLI::App& app, int& exit_code) { add_serve_command(app, exit_code, false); }
void add_gtp_command(CLI::App& app, int& exit_code) { add_serve_command(app, exit_code, true); }

}  // namespace rb::cli
