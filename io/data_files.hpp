// Positions and data files named on the command line: a data file is looked
// for as given, then (a relative name) under $RB_DATA_DIR, then under the
// installed data folder (../share/reversi-bench from the binary, whose
// relative path the build gives as RB_DATA_FROM_BIN).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "io/obf.hpp"

namespace rb {

// A position named on the command line, with a label for tables.
struct NamedPosition {
  ObfEntry entry;
  std::string label;  // "start", "file.obf:3", or "<argument>"
};

// Resolves a position argument:
//   start          the standard start position;
//   FILE           every position of an OBF file (found like
//                  find_data_file());
//   FILE:N         the N-th position of the file (1-based; comments and
//                  blank lines are not counted);
//   anything else  a board string or OBF line.
// A bad FILE:N is a UsageError; an unreadable file or board an InputError.
std::vector<NamedPosition> load_positions(const std::string& argument);

// A data file named on the command line: as given, else (a relative name)
// under $RB_DATA_DIR, else under the installed data folder; empty if none.
// A name that cannot be looked at as given (a symlink loop, a name too
// long) is returned as given, for its reader to say why.
std::string find_data_file(const std::string& path);

// A board string or OBF line: its first 64 characters of the board alphabet
// (blanks aside) come before any ';'. Every FForum line starts with '-',
// which an option parser would take for an option.
bool looks_like_board(std::string_view arg);

}  // namespace rb
