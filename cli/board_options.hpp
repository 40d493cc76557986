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
#include "check/verify.hpp"
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

// verify of the program on the set: prints its row and first mismatch;
// returns its name ("board:NAME") and outcome.
std::pair<std::string, VerifyOutcome> verify_board_and_print(const BoardArgs& board,
                                                             const VerifySet& set);

// perft --suite of the program (its own perft unless --board-walk): its
// rows and the bisection of the first wrong position; true if all right.
bool suite_board_and_print(const BoardArgs& board, const PerftArgs& args, const PerftSuite& suite);

// perft of the program at depths 1..args.depth from args.position: the
// rows (checked against the published table from the start), the bisection
// of the first wrong one, the JSON; exit_code 1 when a count disagreed.
void run_board_perft(const PerftArgs& args, const BoardArgs& board, bool json_given,
                     int& exit_code);

}  // namespace rb::cli
