// The board program options of verify and perft (--board-cmd,
// --board-timeout, --board-walk) and what the two commands do with one
// (run/board_runs.hpp): verify's row and first mismatch, perft's rows and
// the bisection of a wrong count. The program's faults (it cannot be run,
// crashes, hangs, answers garbage, exits) end the command with one line
// and exit 1 (2 for a command that cannot be run).
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include "cli/perft_report.hpp"
#include "io/data_files.hpp"
#include "perft/perft_table.hpp"

namespace rb::cli {

struct BoardArgs {
  std::string command;  // empty: none
  double timeout = 30;
  bool walk = false;  // perft by the harness's walk even when the program has its own
};

void add_board_options(CLI::App* cmd, BoardArgs& args, bool perft);

// verify of the program: prints its row and first mismatch; true if it passed.
bool verify_board_and_print(const BoardArgs& board, std::uint64_t positions, std::uint64_t seed);

// perft of the program at depths 1..depth: prints the rows (checked against
// `table` when given) and the bisection of the first wrong one; true if
// every count agreed.
bool perft_board_and_print(const BoardArgs& board, const PerftArgs& args,
                           const NamedPosition& start, const PerftTable* table,
                           std::vector<PerftRow>& rows);

}  // namespace rb::cli
