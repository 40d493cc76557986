// The NBoard protocol (Chris Welty's, spoken by NBoard, Edax, NTest and
// others): the text each side writes, and readers that take an engine's
// output one line at a time.
//
// The harness as the GUI writes "nboard 2", "set depth 60" (search to the
// end), "set game GGF" (the position, as the board of a GGF game with no
// moves, or the game from the start with its moves when they are known)
// and "go", and uses "ping N", answered "pong N", to know that the
// engine has taken what came before. The engine answers "go" with
//   === MOVE[/EVAL[/TIME]]     (the protocol's document)
//   === MOVE EVAL TIME         (Edax writes blanks)
// EVAL in discs for the side to move, TIME in seconds; before it, it may
// write "nodestats NODES TIME", "status ...", "search ...", "set myname ...".
// Other printable lines are skipped (engines print their own chatter); a
// line with bytes that do not print, or an "===" or "nodestats" line that
// does not parse, is a protocol error.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.hpp"
#include "protocol/protocol.hpp"

namespace rb::protocol {

// The protocol version the harness announces ("nboard 2": the current one;
// Edax, which expects 1, says so on its standard error and carries on: the
// commands the harness uses are the same in both).
inline constexpr int kNBoardVersion = 2;
// "set depth 60": a search to the end of the game from any position.
inline constexpr int kNBoardSolveDepth = 60;

// The one GGF writer (the NBoard protocol's games, match's records): a
// game's properties, its first board and its moves.
struct GgfMove {
  Square move = kNoSquare;  // kPass: "PA"
  std::string extra;        // after the square, as written: "/EVAL/TIME" or ""
};
struct GgfHeader {
  std::string place = "reversi-bench";   // PC
  std::string date;                      // DT, when given
  std::string black = "?", white = "?";  // PB, PW
  std::string result = "?";              // RE
  std::string time;                      // TI, when given
  std::string black_clock, white_clock;  // TB, TW (MM:SS), when given
  std::string comment;                   // C, at the end, when given
};
// "(;GM[Othello]PC[..]..TY[8]BO[8 <64 squares> <side>]B[..]W[..]..;)"
// (black '*', white 'O', empty '-'); each move's colour alternates from the
// side to move of `start` (a pass is a move, "PA"). Property texts are
// made safe (ggf_text).
std::string write_ggf(const GgfHeader& header, const Position& start,
                      const std::vector<GgfMove>& moves);
// GGF property text: no ']' or '[' (which would end or open a property)
// and no line breaks.
std::string ggf_text(std::string_view text);

// The position as a GGF game with no moves, as NBoard's set game gives it.
std::string ggf_game(const Position& position);
// The game from `start` with its moves (kPass: "PA").
std::string ggf_game(const Position& start, const std::vector<Square>& moves);

// The move line "=== MOVE[/EVAL[/TIME]]" (or blanks between the fields):
// the move (a square or PA, either case), and the eval and time when given.
EngineAnswer parse_nboard_move(std::string_view line);

// Reads the engine's lines after "go" until its move.
class NBoardMoveReader {
 public:
  // Takes one line; true when it was the move (answer() is then complete).
  // Throws ProtocolError on a malformed line.
  bool take(std::string_view line);
  const EngineAnswer& answer() const { return answer_; }

 private:
  EngineAnswer answer_;
  std::optional<std::uint64_t> nodes_;
};

// Reads the engine's lines until "pong N" for the N it was given (other
// lines are checked like NBoardMoveReader's, then skipped).
class NBoardPongReader {
 public:
  explicit NBoardPongReader(std::uint64_t n) : n_(n) {}
  bool take(std::string_view line);

 private:
  std::uint64_t n_;
};

// The position at the end of a GGF game: its BO[] board (the start when it
// has none) and its moves B[..] and W[..] (each may carry /eval/time; PA is
// a pass; a move of the side not to move after a forced pass implies the
// pass). Throws ProtocolError naming what is wrong.
Position parse_ggf(std::string_view text);

// A GGF game whole: its first board, its moves (kPass for a pass, those a
// move of the side not to move implies included) and the board they reach.
struct GgfGame {
  Position start;
  std::vector<Square> moves;
  Position end;
};
GgfGame parse_ggf_game(std::string_view text);

}  // namespace rb::protocol
