// The subcommands of `reversi-bench`: each registers itself with the app
// and sets `exit_code` when it runs (cli/main.cpp). A command parses its
// arguments, calls the layers below and prints; it does no work of its own
// (docs/layout.md).
#pragma once

#include <chrono>
#include <exception>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace rb {
struct PatternWeights;
}

namespace rb::cli {

// The exit codes, as documented in README.md.
enum ExitCode : int {
  kExitOk = 0,           // success, every check passed
  kExitCheckFailed = 1,  // a check failed: wrong count, wrong score, mismatch
  kExitBadInput = 2,     // bad input or usage
};

void add_list_command(CLI::App& app, int& exit_code);
void add_show_command(CLI::App& app, int& exit_code);
void add_perft_command(CLI::App& app, int& exit_code);
void add_verify_command(CLI::App& app, int& exit_code);
void add_sample_command(CLI::App& app, int& exit_code);
void add_solve_command(CLI::App& app, int& exit_code);
void add_make_suite_command(CLI::App& app, int& exit_code);
void add_train_eval_command(CLI::App& app, int& exit_code);
void add_make_corpus_command(CLI::App& app, int& exit_code);
void add_eval_error_command(CLI::App& app, int& exit_code);
void add_fit_probcut_command(CLI::App& app, int& exit_code);
// The weights file of train-eval and fit-probcut: written as every output
// is (io/output.hpp), then "COMMAND: wrote PATH (N bytes), S s" on stderr,
// S the seconds since `start`.
void write_weights_output(const char* command, const std::string& path,
                          const PatternWeights& weights, const std::vector<std::string>& comments,
                          std::chrono::steady_clock::time_point start);
void add_bench_command(CLI::App& app, int& exit_code);
void add_engine_test_command(CLI::App& app, int& exit_code);
void add_search_command(CLI::App& app, int& exit_code);
void add_nboard_command(CLI::App& app, int& exit_code);
void add_gtp_command(CLI::App& app, int& exit_code);
void add_sprt_command(CLI::App& app, int& exit_code);
void add_match_command(CLI::App& app, int& exit_code);
void add_openings_command(CLI::App& app, int& exit_code);

// The message (one line on stderr) and exit code of an exception that
// ended a command: 2 for bad input, usage or a resource, 1 for a failed
// check or an internal error (README, "Exit codes").
int report_error(const std::exception_ptr& error);

// The arguments (argv[0] included) with every board string that starts with
// '-' (every FForum line does) moved behind a "--", or joined to its option
// as --position=<board>, so that the option parser never reads one as an
// option. Used by both binaries.
std::vector<std::string> protect_boards(int argc, char** argv);

}  // namespace rb::cli
