// The harness as an engine: the NBoard and GTP loops that serve the playing
// search (search/think.hpp) over a pair of streams (`reversi-bench nboard`
// and `reversi-bench gtp` run them on standard input and output; the tests
// run them on string streams and pipes with searches of their own).
//
// Both read their input while a search runs (on a thread of its own,
// protocol/background_search.hpp): NBoard's `ping` stops it, and it answers
// with its best move so far (the last finished iteration: there always is
// one) before `pong`; any other command (`quit` too) waits for the search to
// end, so that a scripted session gets whole answers. The end of the input
// stops a running search and ends the loop. A line longer than kMaxLineBytes is refused with a
// message (NBoard: on `errors`; GTP: a failure response) and skipped.
//
// NBoard: nboard, set depth N (the level, search/levels.hpp: 60 or more
// solves exactly from the current position), set game, set contempt
// (ignored), move, go ("nodestats NODES SECONDS", then "=== MOVE/EVAL/
// SECONDS"), hint N ("search PV EVAL 0 DEPTH" for the best move as each
// iteration finishes: DEPTH a number of plies, "100%W" for a win/loss/draw
// solve, "100%" exact; for N above 1, then the N best moves' lines, each
// other move searched to the same depth; then "status"), ping ("pong N"), learn ("learned"),
// analyze (refused with a status line: not offered), quit; other lines are
// ignored, as the protocol asks, and named on the error stream.
//
// GTP: protocol_version, name, version, known_command, list_commands, quit,
// boardsize (8 only), clear_board, komi, play, genmove, reg_genmove, undo,
// showboard, final_score, time_settings, time_left, kgs-time_settings,
// set_game/list_games (Othello), and the set-up command kGtpSetupCommand
// BOARD SIDE (BOARD: 64 squares of an OBF board string, SIDE: X, O, black or
// white). genmove searches at the server's level within the time its clock
// allows (gtp_move_seconds()). A play or genmove for the side not to move is
// accepted when the side to move has to pass (the pass is played first), as
// Edax does.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>

#include "core/position.hpp"
#include "search/levels.hpp"
#include "search/solve_result.hpp"

namespace rb::protocol {

// What a server asks of the search.
struct ThinkRequest {
  Position position;
  Level level;
  double seconds = 0;                                       // a time limit; 0: none
  const std::atomic<bool>* stop = nullptr;                  // set to stop the search
  std::function<void(const ThinkIteration&)> on_iteration;  // empty: none
};
using ThinkService = std::function<ThinkResult(const ThinkRequest&)>;

inline constexpr std::string_view kGtpSetupCommand = "reversi_bench-setup_board";

// The longest input line a server reads (a GGF game of 60 moves is under
// 2 KB).
inline constexpr std::size_t kMaxLineBytes = 64 * 1024;

struct ServerInfo {
  std::string name = "reversi-bench";
  std::string version;
  int level = 10;        // until NBoard's `set depth`; GTP's throughout
  double move_time = 0;  // GTP: seconds per move, over the clock; 0: the clock's
};

// Serves until "quit" or the end of the input.
void serve_nboard(std::istream& in, std::ostream& out, std::ostream& errors,
                  const ThinkService& think, const ServerInfo& info);
void serve_gtp(std::istream& in, std::ostream& out, const ThinkService& think,
               const ServerInfo& info);

// GTP's clock: the time settings of the game and each side's time left.
struct GtpClock {
  bool limited = false;         // time_settings with a limit given
  double main_time = 0;         // seconds
  double byo_yomi_time = 0;     // seconds per period (0: none)
  int byo_yomi_stones = 0;      // moves per period
  double left[2] = {0, 0};      // by Color: seconds left in the main time or the period
  int stones_left[2] = {0, 0};  // 0: in the main time; else moves left in the period
};

// The seconds to spend on a move of `side` with `empties` empty squares: the
// time left shared over the side's moves to come (half the empties), or the
// period shared over its stones, less a margin; 0 when the clock sets no
// limit.
double gtp_move_seconds(const GtpClock& clock, Color side, int empties);

}  // namespace rb::protocol
