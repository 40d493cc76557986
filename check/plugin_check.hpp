// Checking a plug-in without trusting it: the check runs in a child
// process that traces every call into the plug-in (entry point, square,
// position) into memory shared with the parent, written before the call.
// When the child dies of a signal, the parent reads the last call and says
// which entry point crashed on which position. The child also checks the
// optional entry points (the plug-in's own play/undo, the bulk move count)
// against the reference.
#pragma once

#include <functional>
#include <optional>
#include <random>
#include <string>

#include "check/random_positions.hpp"
#include "check/verify.hpp"
#include "variants/plugin/loader.hpp"
#include "variants/runtime.hpp"

namespace rb {

struct ChildOutcome {
  int exit_code = 0;  // the child's, when it exited
  // The child died of a signal, or exited before body() returned (a plug-in
  // that calls exit or _exit, whatever the status).
  bool crashed = false;
  std::string report;  // when crashed: what ended it where, one line
};

// Runs body() in a child process with the plug-in calls traced; its return
// value is the child's exit code. Standard output and error are flushed
// before the fork and by the child before it exits. The child dies with
// the parent (PR_SET_PDEATHSIG): a check is never left running.
ChildOutcome run_in_checking_child(const std::function<int()>& body);

// The optional entry points of plug-in `plugin` on `position`: its own state
// (new, get, play and undo of every square, free) and the bulk move count,
// against the reference.
std::optional<Mismatch> verify_plugin_extras(const LoadedPlugin& plugin, const Position& position,
                                             VerifyCounts& counts);

// Everything verify checks for V on `position`, and for a plug-in its
// optional entry points too.
template <Board V>
std::optional<Mismatch> verify_variant_position(const Position& position, std::mt19937_64& rng,
                                                VerifyCounts& counts) {
  if (auto m = verify_position<V>(position, rng, counts)) return m;
  if constexpr (PluginVariant<V>) {
    if (const LoadedPlugin* p = plugin_in_slot(kPluginSlotOf<V>)) {
      return verify_plugin_extras(*p, position, counts);
    }
  }
  return std::nullopt;
}

// The check of a plug-in before any of its timings is shown (perft, solve,
// the micro benchmarks): the targeted positions and `positions` random ones
// of a verify run with seed 1,
// in a checking child. Returns an empty string when it passed, else one line
// saying what failed (the child printed the mismatch, or the crash).
template <Board V>
std::string check_plugin_before_timing(const std::string& name, std::uint64_t positions = 2000) {
  const ChildOutcome outcome = run_in_checking_child([&] {
    std::mt19937_64 continuation(1 ^ 0x5bd1e995u);
    VerifyCounts counts;
    for (VerifyPositions set(VerifySet{true, positions, 1}); !set.done();) {
      const Position p = set.next();
      if (auto m = verify_variant_position<V>(p, continuation, counts)) {
        print_mismatch(name, *m);
        if (auto minimal = minimal_kernel_mismatch<V>(parse_board(m->board))) {
          print_minimal_mismatch(*minimal);
        }
        return 1;
      }
    }
    return 0;
  });
  if (outcome.crashed) return outcome.report;
  if (outcome.exit_code != 0) {
    return name +
           " disagrees with the reference board (checked before timing it; see above, or "
           "run verify -v " +
           name + ")";
  }
  return "";
}

// Throws CheckFailed (exit 1) when the plug-in in `slot` disagrees with the
// reference or crashes on the positions of a short verify run (compiled
// once, in check/plugin_check.cpp, for the commands of both binaries).
void check_plugin_slot_before_timing(int slot);

// The same for variant V: nothing for a built-in variant.
template <Board V>
void check_before_timing() {
  if constexpr (PluginVariant<V>) check_plugin_slot_before_timing(kPluginSlotOf<V>);
}

}  // namespace rb
