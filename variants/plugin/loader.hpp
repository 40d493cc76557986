// Loading plug-ins: dlopen, the ABI check, the symbols resolved once, and
// the kernel table entry filled (variants/plugin/plugin.hpp). Also the trace
// of the plug-in calls that a checking child process writes before each
// call, so that a crash can be pinned on one entry point and one position.
#pragma once

#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/board.hpp"
#include "variants/plugin/plugin.hpp"

namespace rb {

// A plug-in that cannot be used: an unloadable file, a missing symbol, the
// wrong ABI version, a bad name (exit code 2). The message names the file
// and, where one is at fault, the symbol.
class PluginError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Every entry point of a loaded plug-in; the optional ones may be null.
struct PluginEntryPoints {
  rbp_legal_moves_fn legal_moves = nullptr;
  rbp_flips_fn flips = nullptr;
  rbp_state_new_fn state_new = nullptr;  // the state group: all five or none
  rbp_state_free_fn state_free = nullptr;
  rbp_play_fn play = nullptr;
  rbp_undo_fn undo = nullptr;
  rbp_state_get_fn state_get = nullptr;
  rbp_count_moves_fn count_moves = nullptr;

  bool has_state() const { return state_new != nullptr; }
};

struct LoadedPlugin {
  int slot = -1;
  std::string path;         // as given to --plugin
  std::string name;         // "plugin:<name>"
  std::string version;      // the plug-in's own
  std::string description;  // "<its description> (plug-in <version>, <path>)"
  PluginEntryPoints entry;
  VariantInfo info;  // name and description point into the strings above
};

// Loads the shared object at `path` into the next free slot; returns its
// record. Throws PluginError.
const LoadedPlugin& load_plugin(const std::string& path);

// Loads each path in turn (the --plugin options of a command).
void load_plugins(const std::vector<std::string>& paths);

// The plug-ins loaded so far, in slot order.
std::vector<const LoadedPlugin*> loaded_plugins();

// The plug-in in a slot, or null.
const LoadedPlugin* plugin_in_slot(int slot);

// The entry points, for traces and messages.
enum class PluginEntry : int {
  none,
  legal_moves,
  flips,
  state_new,
  state_free,
  play,
  undo,
  state_get,
  count_moves
};
std::string_view entry_name(PluginEntry e);  // "rbp_flips", ...

// What one thread of a checking process was doing when it last called into
// a plug-in.
struct PluginCallTrace {
  volatile int slot;
  volatile int entry;  // PluginEntry; none between calls
  volatile int square;
  volatile std::uint64_t player;
  volatile std::uint64_t opponent;
};

// A checking process's traces, in memory shared with the parent, which
// reads them after a crash: one record per thread that calls into a
// plug-in (the threads of a perft or a solve), so that a crash names the
// call of the thread that crashed, not another thread's.
inline constexpr int kTracedThreads = 512;
struct PluginTraceArea {
  volatile int signal;       // the signal that stopped the child, if caught
  volatile int crashed;      // the record of the thread it stopped (-1: not known)
  volatile int finished;     // set by the child when its work returned, before it exits
  std::atomic<int> threads;  // records handed out
  PluginCallTrace record[kTracedThreads];
};

// Where the calls are traced; null (no tracing) except in a checking child.
inline PluginTraceArea* plugin_trace_area = nullptr;
// This thread's record in it (-1: none yet).
inline thread_local int plugin_trace_index = -1;

// This thread's record, handed out at its first traced call (then, also,
// its alternate signal stack: a plug-in that overflows the stack of any
// thread is still reported).
PluginCallTrace* first_trace_of_thread();
inline PluginCallTrace* thread_trace() {
  PluginTraceArea* area = plugin_trace_area;
  if (!area) return nullptr;
  if (plugin_trace_index >= 0) return &area->record[plugin_trace_index];
  return first_trace_of_thread();
}

// Records a call about to be made (only when tracing).
inline void trace_plugin_call(int slot, PluginEntry entry, int square, std::uint64_t player,
                              std::uint64_t opponent) {
  if (PluginCallTrace* t = thread_trace()) {
    t->slot = slot;
    t->square = square;
    t->player = player;
    t->opponent = opponent;
    t->entry = static_cast<int>(entry);
  }
}
inline void trace_plugin_return() {
  if (PluginCallTrace* t = thread_trace()) t->entry = static_cast<int>(PluginEntry::none);
}

// Points every loaded slot's kernels at wrappers that trace each call into
// `trace` before making it (in a checking child, before it checks anything).
void trace_plugin_kernels(PluginTraceArea* area);

}  // namespace rb
