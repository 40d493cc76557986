// GTP, the Go Text Protocol, as Othello engines speak it (GRhino's
// gtp-rhino, Edax, Quarry as the GUI): the harness writes a command per
// line; the engine answers each with "= TEXT" (success) or "? TEXT"
// (failure), "=ID"/"?ID" when the command carried a number ID, the text
// possibly on several lines, and an empty line after it. Squares are
// written a1..h8 as in Othello (a1 top left, rank 1 first), "pass" for a
// pass; colors "black"/"white" ("b"/"w").
//
// The harness sets a position with an engine's own set-up command when
// given a template (--gtp-setup 'grhino-setup_board {board} {side}'), else
// by clear_board and the moves of a game that reaches it; it asks for the
// move with "genmove COLOR". GTP has no score and no standard level command.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.hpp"
#include "protocol/protocol.hpp"

namespace rb::protocol {

struct GtpResponse {
  bool success = false;
  std::optional<std::uint64_t> id;
  std::string text;  // the lines after "=" or "?", joined by '\n'
};

// Reads one response, a line at a time: blank lines before it are skipped;
// its first line must start with '=' or '?'; it ends at an empty line.
class GtpResponseReader {
 public:
  // Takes one line; true when the response is complete. Throws ProtocolError
  // on a line that is not a response or has bytes that do not print.
  bool take(std::string_view line);
  const GtpResponse& response() const { return response_; }

 private:
  GtpResponse response_;
  bool started_ = false;
};

// A vertex of a genmove answer: a1..h8 (either case) or pass; ProtocolError
// otherwise (resign included: an endgame test has no resignation).
Square parse_gtp_vertex(std::string_view text);

// The set-up command from its template: {board} is the 64 squares in X, O
// and - (A1 B1 ... H8), {side} X or O, {color} black or white; "{{" and "}}"
// are braces. Throws std::invalid_argument for an unknown {name} or an
// unmatched brace (checked once, when the template is given).
std::string expand_gtp_setup(std::string_view templ, const Position& position);

// "black" or "white".
std::string_view gtp_color(Color color);

// One command as the engine side reads it: preprocessed as GTP says (control
// characters other than tab and newline dropped, tabs made blanks, '#' to the
// end of the line a comment), an optional number ID, the command name and
// its arguments. nullopt for a line left empty.
struct GtpCommand {
  std::optional<std::uint64_t> id;
  std::string name;
  std::vector<std::string> args;
};
std::optional<GtpCommand> parse_gtp_command(std::string_view line);

// "=ID TEXT\n\n" or "?ID TEXT\n\n" (no ID when the command had none).
std::string gtp_reply(const GtpCommand& command, bool success, std::string_view text);

}  // namespace rb::protocol
