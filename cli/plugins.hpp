// The --plugin option of list, verify, perft and solve: each loaded
// plug-in is the variant plugin:<name>, beside the built-in ones
// (variants/runtime.hpp). A plug-in is checked against the reference in a
// child process before any timing of it is shown (check_before_timing(),
// check/plugin_check.hpp).
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace rb::cli {

inline CLI::Option* add_plugin_option(CLI::App* cmd, std::vector<std::string>& paths) {
  return cmd->add_option("--plugin", paths,
                         "load a plug-in board (a shared object, include/reversi_bench_plugin.h) "
                         "as the variant plugin:<name>; repeatable");
}

}  // namespace rb::cli
