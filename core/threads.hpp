// Starting threads: a thread the system refuses (a limit on processes,
// ulimit -u, or on memory for its stack, ulimit -v) is a resource the user
// asked for that cannot be had, not a crash. std::thread reports it as
// std::system_error; here it becomes ThreadStartError (a ResourceError,
// exit code 2), which the command line completes with the option that asked
// for the threads (thread_start_failure(), below).
#pragma once

#include <stop_token>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <type_traits>
#include <utility>

#include "core/memory.hpp"

namespace rb {

class ThreadStartError : public ResourceError {
 public:
  explicit ThreadStartError(const std::system_error& e)
      : ResourceError("cannot start a thread: " + e.code().message()),
        reason_(e.code().message()) {}
  // The system's reason ("Resource temporarily unavailable").
  const std::string& reason() const { return reason_; }

 private:
  std::string reason_;
};

// What a thread hands down to the threads it starts: start_thread and
// start_jthread copy the starter's into the new thread before f runs. It
// holds the plug-in whose kernels the plug-in searches call on this thread
// (variants/plugin/plugin.hpp: one search serves every plug-in slot), so
// that the helpers of a parallel search or perft call the same plug-in.
struct InheritedState {
  const void* plugin = nullptr;
};
inline thread_local InheritedState inherited_state;

// A new std::thread running f; throws ThreadStartError when it cannot start.
template <class F>
std::thread start_thread(F&& f) {
  try {
    return std::thread([state = inherited_state, f = std::forward<F>(f)]() mutable {
      inherited_state = state;
      f();
    });
  } catch (const std::system_error& e) {
    throw ThreadStartError(e);
  }
}

// The same for std::jthread (f may take the thread's std::stop_token).
template <class F>
std::jthread start_jthread(F&& f) {
  try {
    if constexpr (std::is_invocable_v<std::decay_t<F>&, std::stop_token>) {
      return std::jthread(
          [state = inherited_state, f = std::forward<F>(f)](std::stop_token stop) mutable {
            inherited_state = state;
            f(std::move(stop));
          });
    } else {
      return std::jthread([state = inherited_state, f = std::forward<F>(f)]() mutable {
        inherited_state = state;
        f();
      });
    }
  } catch (const std::system_error& e) {
    throw ThreadStartError(e);
  }
}

// A thread that could not start, as the error of the option that asked for
// the threads (exit code 2): "-t 64: cannot start 64 threads: <reason> ...".
// `what` says what the count is of when it is not threads ("threads (-j 4
// jobs x -t 64)").
inline ResourceError thread_start_failure(std::string_view option, int count,
                                          const ThreadStartError& e,
                                          const std::string& what = "threads") {
  return ResourceError(std::string(option) + " " + std::to_string(count) + ": cannot start " +
                       std::to_string(count) + " " + what + ": " + e.reason() +
                       " (a limit on processes, ulimit -u, or on memory, ulimit -v)");
}

}  // namespace rb
