// The --plugin option of list, verify, perft and solve: each loaded
// plug-in is the variant plugin:<name>, beside the built-in ones
// (variants/runtime.hpp). A plug-in is checked against the reference in a
// child process before any timing of it is shown (check_before_timing(),
// check/plugin_check.hpp).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace rb::cli {

inline CLI::Option* add_plugin_option(CLI::App* cmd, std::vector<std::string>& paths) {
  return cmd->add_option("--plugin", paths,
                         "load a plug-in board (a shared object, include/reversi_bench_plugin.h) "
                         "as the variant plugin:<name>; repeatable");
}

// Runs a command's work, body() (which sets exit_code), with the plug-ins
// at `paths` loaded: with none, here; with plug-ins, in a checking child
// process (check/plugin_check.hpp) whose every plug-in call is traced, so
// that a plug-in that crashes, or ends the process (whatever its exit
// status), on a position no check met ends the run with a failed check
// (exit 1) naming the entry point and the board, instead of a bare signal
// or a run that stops short with exit 0. The child dies with this process.
// Its errors are reported by the child (report_error) with their exit code.
void run_with_plugins(const std::vector<std::string>& paths, int& exit_code,
                      const std::function<void()>& body);

}  // namespace rb::cli
