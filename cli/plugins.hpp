// The --plugin option of list, verify, perft and solve: each loaded
// plug-in is the variant plugin:<name>, beside the built-in ones
// (variants/runtime.hpp). A plug-in is checked against the reference in a
// child process before any timing of it is shown.
#pragma once

#include <string>
#include <vector>

#include "cli/common.hpp"
#include "variants/runtime.hpp"

namespace rb::cli {

inline CLI::Option* add_plugin_option(CLI::App* cmd, std::vector<std::string>& paths) {
  return cmd->add_option("--plugin", paths,
                         "load a plug-in board (a shared object, include/reversi_bench_plugin.h) "
                         "as the variant plugin:<name>; repeatable");
}

// Throws CheckFailed (exit 1) when the plug-in in `slot` disagrees with the
// reference or crashes on the positions of a short verify run (compiled
// once, in cli/plugins.cpp, for the commands of both binaries).
void check_plugin_slot_before_timing(int slot);

// The same for variant V: nothing for a built-in variant.
template <Board V>
void check_before_timing() {
  if constexpr (PluginVariant<V>) check_plugin_slot_before_timing(kPluginSlotOf<V>);
}

}  // namespace rb::cli
