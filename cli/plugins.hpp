// The --plugin option of list, verify, perft and solve: each loaded
// plug-in is the variant plugin:<name>, beside the built-in ones
// (variants/runtime.hpp). A plug-in is checked against the reference in a
// child process before any timing of it is shown.
#pragma once

#include <string>
#include <vector>

#include "check/plugin_check.hpp"
#include "cli/common.hpp"
#include "variants/runtime.hpp"

namespace rb::cli {

inline CLI::Option* add_plugin_option(CLI::App* cmd, std::vector<std::string>& paths) {
  return cmd->add_option("--plugin", paths,
                         "load a plug-in board (a shared object, include/reversi_bench_plugin.h) "
                         "as the variant plugin:<name>; repeatable");
}

// Throws CheckFailed (exit 1) when V is a plug-in that disagrees with the
// reference or crashes on the positions of a short verify run.
template <Board V>
void check_before_timing() {
  if constexpr (PluginVariant<V>) {
    const std::string name(runtime_info<V>().name);
    const std::string failure = check_plugin_before_timing<V>(name);
    if (!failure.empty()) throw CheckFailed(failure);
  }
}

}  // namespace rb::cli
