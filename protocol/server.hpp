// The harness as an engine: the NBoard and GTP loops that serve a solver
// over a pair of streams (`reversi-bench nboard` and `reversi-bench gtp` run
// them on standard input and output with the project's solver; the tests
// run them on string streams with solvers of their own).
//
// NBoard: nboard, set depth (the solver always searches to the end; the
// depth is acknowledged with "set myname"), set game, set contempt
// (ignored), move, hint (the best move, as "search MOVE EVAL 0 100%"), go
// ("nodestats NODES SECONDS", then "=== MOVE/EVAL/SECONDS"), ping, learn
// ("learned"), analyze (ignored), quit; other lines are ignored, as the
// protocol asks, and named on the error stream.
//
// GTP: protocol_version, name, version, known_command, list_commands, quit,
// boardsize (8 only), clear_board, komi, play, genmove, reg_genmove, undo,
// showboard, final_score, set_game/list_games (Othello), and the set-up
// command kGtpSetupCommand BOARD SIDE (BOARD: 64 squares of an OBF board
// string, SIDE: X, O, black or white). A play or genmove for the side not to
// move is accepted when the side to move has to pass (the pass is played
// first), as Edax does.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>

#include "core/position.hpp"

namespace rb::protocol {

struct SolverAnswer {
  Square move = kNoSquare;  // a square, kPass, or kNoSquare when the game is over
  int score = 0;            // exact, for the side to move
  std::uint64_t nodes = 0;
  double seconds = 0;
};
using SolveCallback = std::function<SolverAnswer(const Position&)>;

inline constexpr std::string_view kGtpSetupCommand = "reversi_bench-setup_board";

struct ServerInfo {
  std::string name = "reversi-bench";
  std::string version;
};

// Serves until "quit" or the end of the input (NBoard names the lines it
// ignores on `errors`; GTP answers every command).
void serve_nboard(std::istream& in, std::ostream& out, std::ostream& errors,
                  const SolveCallback& solve, const ServerInfo& info);
void serve_gtp(std::istream& in, std::ostream& out, const SolveCallback& solve,
               const ServerInfo& info);

}  // namespace rb::protocol
