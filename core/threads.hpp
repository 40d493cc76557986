// Starting threads: a thread the system refuses (a limit on processes,
// ulimit -u, or on memory for its stack, ulimit -v) is a resource the user
// asked for that cannot be had, not a crash. std::thread reports it as
// std::system_error; here it becomes ThreadStartError (a ResourceError,
// exit code 2), which the command line completes with the option that asked
// for the threads (cli/common.hpp, thread_start_failure()).
#pragma once

#include <string>
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

}  // namespace rb
