// Starting threads: a thread the system refuses (a limit on processes,
// ulimit -u, or on memory for its stack, ulimit -v) is a resource the user
// asked for that cannot be had, not a crash. std::thread reports it as
// std::system_error; here it becomes ThreadStartError (a ResourceError,
// exit code 2), which the command line completes with the option that asked
// for the threads (thread_start_failure(), below).
#pragma once

#include <string>
#include <string_view>
#include <system_error>
#include <thread>
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

// A new std::thread running f; throws ThreadStartError when it cannot start.
template <class F>
std::thread start_thread(F&& f) {
  try {
    return std::thread(std::forward<F>(f));
  } catch (const std::system_error& e) {
    throw ThreadStartError(e);
  }
}

// The same for std::jthread.
template <class F>
std::jthread start_jthread(F&& f) {
  try {
    return std::jthread(std::forward<F>(f));
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
