// Runs a list of independent tasks on several threads: the threads (this one
// included) take the next task index in turn, so that the work balances; the
// first exception stops the others at their next task and is rethrown to the
// caller. No task begins before every thread has started: when one cannot
// (core/threads.hpp), the others end at once and are joined before
// ThreadStartError reaches the caller.
// Threaded perft, its 128-bit twin and the --split units use it.
#pragma once

#include <atomic>
#include <cstddef>
#include <exception>
#include <thread>
#include <vector>

#include "core/threads.hpp"

namespace rb {

template <class Body>
void run_tasks(std::size_t count, int threads, Body&& body) {
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::atomic<bool> failed{false};
  std::atomic<bool> started{false};  // no task is taken before every thread started
  auto worker = [&] {
    started.wait(false);
    try {
      for (std::size_t i; !failed && (i = next.fetch_add(1)) < count;) body(i);
    } catch (...) {
      if (!failed.exchange(true)) failure = std::current_exception();
    }
  };
  std::vector<std::thread> pool;
  pool.reserve(static_cast<std::size_t>(threads > 1 ? threads - 1 : 0));
  try {
    for (int t = 1; t < threads; ++t) pool.push_back(start_thread(worker));
  } catch (const ThreadStartError&) {
    failed = true;
    started = true;
    started.notify_all();
    for (auto& t : pool) t.join();
    throw;
  }
  started = true;
  started.notify_all();
  worker();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace rb
