// Runs a list of independent tasks on several threads: the threads (this one
// included) take the next task index in turn, so that the work balances; the
// first exception stops the others at their next task and is rethrown to the
// caller. Threaded perft, its 128-bit twin and the --split units use it.
#pragma once

#include <atomic>
#include <cstddef>
#include <exception>
#include <thread>
#include <vector>

namespace rb {

template <class Body>
void run_tasks(std::size_t count, int threads, Body&& body) {
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::atomic<bool> failed{false};
  auto worker = [&] {
    try {
      for (std::size_t i; !failed && (i = next.fetch_add(1)) < count;) body(i);
    } catch (...) {
      if (!failed.exchange(true)) failure = std::current_exception();
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace rb
