// The positions an engine is tested on: OBF lines (io/obf.hpp), and game
// lines, which give a position by the moves of a game that reaches it. A GTP
// engine without a set-up command of its own can only be given a position
// that way (clear_board, then the moves).
//
// A game line is the moves from the standard start, each a square written
// a1..h8 (either case), one after the other or with blanks between
// ("f5d6c3d3c4" or "F5 D6 C3"); "pa" or "ps" is a pass, which may be left out
// where it is forced. After the moves, as on an OBF line, ';' and the scores
// of the reached position's moves ("; G8:+18; H1:+12;") or a bare score;
// '%' starts a comment. A line is a game line when its first two characters
// are a file letter and a rank digit (no board string starts so).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/obf.hpp"

namespace rb::protocol {

struct SuitePosition {
  ObfEntry entry;
  std::string label;  // "file.obf:3", "<argument>"
  // The moves from the start that reach the position (kPass for a pass),
  // when the suite gave them.
  std::optional<std::vector<Square>> game;
};

// Whether the line (comments and leading blanks aside) is a game line.
bool is_game_line(std::string_view line);

// Parses a game line; InputError naming the source, line and column of
// what is wrong (an illegal move says whose move it was).
SuitePosition parse_game_line(std::string_view text, SourceRef where);

// Parses a suite file's text, each line an OBF line or a game line (blank
// and comment lines skipped), labelled "SOURCE:N" by position number.
std::vector<SuitePosition> parse_suite_text(std::string_view text, std::string_view source);

// Reads a text file of at most kMaxObfFileBytes; InputError otherwise.
std::string read_suite_file(const std::string& path);

// The positions of engine-test named on the command line as `solve` names
// them (FILE, FILE:N, a board string or OBF line; files found as
// load_positions() finds them, io/data_files.hpp), and also as games: a
// file with game lines or a game line given as an argument.
std::vector<SuitePosition> load_suite(const std::string& argument);

}  // namespace rb::protocol
