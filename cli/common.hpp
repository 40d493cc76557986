// What the subcommands of `reversi-bench` share: exit codes, errors, and
// reading positions named on the command line.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/threads.hpp"
#include "io/json.hpp"
#include "io/obf.hpp"
#include "io/output.hpp"

namespace rb {
class PerftTable;
struct PatternWeights;
}  // namespace rb

namespace rb::cli {

// The exit codes, as documented in README.md.
enum ExitCode : int {
  kExitOk = 0,           // success, every check passed
  kExitCheckFailed = 1,  // a check failed: wrong count, wrong score, mismatch
  kExitBadInput = 2,     // bad input or usage
};

// A bad option value or argument (exit code 2).
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// An internal consistency check failed, e.g. a repeated run gave another
// count (exit code 1).
class CheckFailed : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A thread that could not start, as the error of the option that asked for
// the threads (exit code 2): "-t 64: cannot start 64 threads: <reason> ...".
// `what` says what the count is of when it is not threads ("threads (-j 4
// jobs x -t 64)").
rb::ResourceError thread_start_failure(std::string_view option, int count,
                                       const rb::ThreadStartError& e,
                                       const std::string& what = "threads");

// What both binaries do before their command runs: a write beyond the file
// size limit (ulimit -f) becomes an error (EFBIG) rather than a signal that
// kills the run; and the stack the search needs (kStackBytes) is made
// sure of, for this thread and every thread to come: the soft limit is
// raised to it where the hard limit allows, and otherwise the run is refused
// (ResourceError) rather than crashed.
void prepare_process();

// The stack the search is given: its recursion is bounded by the board (60
// plies of moves and the passes between them), and the deepest, a PVS solve
// from the empty board whose first line goes 60 plies down, runs in 160 KiB
// (measured under ulimit -s); 1 MiB leaves room for larger frames. See
// docs/outputs-and-errors.md.
inline constexpr std::size_t kStackBytes = std::size_t{1} << 20;

// The median of the values (of which there is at least one).
double median(std::vector<double> values);

// A position named on the command line, with a label for tables.
struct NamedPosition {
  ObfEntry entry;
  std::string label;  // "start", "file.obf:3", or "<argument>"
};

// Resolves a position argument:
//   start          the standard start position;
//   FILE           every position of an OBF file (a relative name not found
//                  from the current folder is looked for in $RB_DATA_DIR, then
//                  in the installed data folder, ../share/reversi-bench from
//                  the binary);
//   FILE:N         the N-th position of the file (1-based; comments and
//                  blank lines are not counted);
//   anything else  a board string or OBF line.
std::vector<NamedPosition> load_positions(const std::string& argument);

// A data file named on the command line: as given, else (a relative name)
// under $RB_DATA_DIR, else under the installed data folder; empty if none.
std::string find_data_file(const std::string& path);

// The pattern weights of --eval-weights PATH: a weights file named on the
// command line (found like find_data_file; an error is an InputError or a
// UsageError naming `option`), or with an empty PATH (the default) the
// weights of data/pattern-weights.txt compiled into the binary.
PatternWeights load_pattern_weights(const std::string& path, const std::string& option);

// The published perft counts from the start: compiled into the binary, or
// read from $RB_POSITIONS_DIR/perft-start.csv when that is set (to check a
// table of one's own).
const PerftTable& perft_start_table();

// Every subcommand registers itself with the app and sets `exit_code` when it runs.
void add_list_command(CLI::App& app, int& exit_code);
void add_show_command(CLI::App& app, int& exit_code);
void add_perft_command(CLI::App& app, int& exit_code);
void add_verify_command(CLI::App& app, int& exit_code);
void add_sample_command(CLI::App& app, int& exit_code);
void add_solve_command(CLI::App& app, int& exit_code);
void add_make_suite_command(CLI::App& app, int& exit_code);
void add_train_eval_command(CLI::App& app, int& exit_code);
void add_bench_command(CLI::App& app, int& exit_code);
void add_engine_test_command(CLI::App& app, int& exit_code);
void add_nboard_command(CLI::App& app, int& exit_code);
void add_gtp_command(CLI::App& app, int& exit_code);

// The arguments (argv[0] included) with every board string that starts with
// '-' (every FForum line does) moved behind a "--", or joined to its option
// as --position=<board>, so that the option parser never reads one as an
// option. Used by both binaries.
std::vector<std::string> protect_boards(int argc, char** argv);

}  // namespace rb::cli
