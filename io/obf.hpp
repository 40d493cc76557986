// Reading and writing positions: board strings and OBF lines and files.
//
// A board string is 64 squares, A1 B1 ... H1, A2 ... H8 (character i is square
// i), in the alphabet X/B/* (black), O/W (white), -/. (empty), then the side to
// move, X or O (B and W are accepted too), optionally separated by blanks.
//
// An OBF line is a board string followed by `;` and a list of `MOVE:score;`
// items (PS or PA is the pass) or a single bare score, e.g.
//   --XXXXX--OOOXX-O-...--OOOOO-- X; G8:+18; H1:+12;
// `%` starts a comment that runs to the end of the line; blank lines are
// skipped. Every malformed input raises InputError naming file:line:column
// and the reason; nothing is skipped silently.
#pragma once

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.hpp"
#include "io/input.hpp"

namespace rb {

struct ObfEntry {
  Position position;
  std::vector<MoveScore> moves;  // in the order listed
  std::optional<int> score;      // a bare score, when no moves are listed
  int line = 0;                  // 1-based line in its file (0: not from a file)

  // The position's score: the largest move score listed, or the bare score.
  std::optional<int> best_score() const;
  // The listed score of `move`, if listed.
  std::optional<int> score_of(Square move) const;
};

// Where a text comes from, for error messages.
struct SourceRef {
  std::string_view name = "<argument>";
  int line = 1;
};

// Throws InputError at the first NUL byte of a line, or at a carriage return
// before its end (a file with CR-only line endings reads as one line).
void check_line_bytes(std::string_view line, SourceRef where);

// The first line of `text` (without its '\n'), taken off the front of it:
// the line loop of every reader of a text file.
inline std::string_view take_line(std::string_view& text) {
  const auto newline = text.find('\n');
  const std::string_view line = text.substr(0, newline);
  text = newline == std::string_view::npos ? std::string_view{} : text.substr(newline + 1);
  return line;
}
// The blank-separated (space or tab) fields of a line, with their 1-based
// columns, for the readers of fielded lines (weights, corpora).
struct LineField {
  std::string_view text;
  int column;
};
std::vector<LineField> split_fields(std::string_view line);
// The text with every non-printing byte written as \xNN, for messages.
std::string printable(std::string_view text);
// Whether c is a square of the board-string alphabet (X/B/* O/W -/., either case).
bool is_square_char(char c);
// Parses a board string (64 squares and a side to move, nothing after it).
Position parse_board(std::string_view text, SourceRef where = {});
// Parses one OBF line (comments allowed). Throws on an empty line.
ObfEntry parse_obf_line(std::string_view text, SourceRef where = {});
// Parses a whole OBF text; blank and comment-only lines are skipped.
// Throws if the text holds no position.
std::vector<ObfEntry> parse_obf_text(std::string_view text, std::string_view source);
// The largest OBF file read (a suite of a million positions is 100 MiB).
inline constexpr std::size_t kMaxObfFileBytes = std::size_t{256} << 20;
// Reads and parses an OBF file.
std::vector<ObfEntry> read_obf_file(const std::string& path);

// "<64 squares> <X|O>" in the canonical alphabet X, O, -.
std::string board_string(const Position& position);
// The canonical OBF line: "<board> X; G8:+18; H1:+12;" (bare score: "<board> X; +18;").
std::string format_obf_line(const ObfEntry& entry);
// "+18", "-4", "+0": the sign is always written.
std::string format_score(int score);

}  // namespace rb
