// The one job queue: `count` indexed jobs run by `threads` workers (this
// thread one of them), each worker taking the next index in turn so that the
// work balances, each with a state of its own made on its thread (a search
// session with its tables, a labeller); the results handed to the caller in
// index order, as soon as a job and every job before it are done, under one
// lock (the caller may print or append to a record file). The caller can stop
// the queue from that hand-over (a decided match): no job starts after it.
// The first exception stops the other workers at their next job and is
// rethrown to the caller. No job begins before every worker has started: when
// one cannot (core/threads.hpp), the others end at once and are joined before
// WorkerStartError (a ThreadStartError) reaches the caller; a thread that a
// job itself cannot start (a parallel search's helper) is a ThreadStartError
// of that job.
//
// Solve suites, threaded perft and its --split units, match pairs, corpus
// games and the trainer's label searches all run here; the MPI ranks serve
// the same indexed jobs (docs/layout.md).
#pragma once

#include <atomic>
#include <cstddef>
#include <exception>
#include <map>
#include <mutex>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/threads.hpp"

namespace rb {

// A worker of the queue that could not start.
class WorkerStartError : public ThreadStartError {
 public:
  explicit WorkerStartError(const ThreadStartError& e) : ThreadStartError(e) {}
};

// make_state() -> S, on each worker's thread before its first job;
// job(S&, index) -> R; deliver(index, R&&) -> bool, in index order (false:
// start no more jobs). R may be void: deliver(index) then.
template <class MakeState, class Job, class Deliver>
void run_jobs(std::size_t count, int threads, MakeState&& make_state, Job&& job,
              Deliver&& deliver) {
  using State = std::invoke_result_t<MakeState&>;
  using Result = std::invoke_result_t<Job&, State&, std::size_t>;
  constexpr bool kVoid = std::is_void_v<Result>;
  using Kept = std::conditional_t<kVoid, bool, Result>;

  std::atomic<std::size_t> next{0};
  std::mutex lock;
  std::map<std::size_t, Kept> finished;  // done, not yet handed over
  std::size_t handed = 0;
  std::exception_ptr failure;
  std::atomic<bool> stop{false};
  std::atomic<bool> started{false};  // no job is taken before every worker started
  auto hand_over = [&](std::size_t i, Kept&& kept) {
    const std::lock_guard guard(lock);
    finished.emplace(i, std::move(kept));
    while (!finished.empty() && finished.begin()->first == handed && !stop) {
      auto node = finished.extract(finished.begin());
      bool more;
      if constexpr (kVoid) {
        more = deliver(handed);
      } else {
        more = deliver(handed, std::move(node.mapped()));
      }
      ++handed;
      if (!more) stop = true;
    }
  };
  auto worker = [&] {
    started.wait(false);
    try {
      if (stop) return;
      State state = make_state();
      for (std::size_t i; !stop && (i = next.fetch_add(1)) < count;) {
        if constexpr (kVoid) {
          job(state, i);
          hand_over(i, true);
        } else {
          hand_over(i, job(state, i));
        }
      }
    } catch (...) {
      const std::lock_guard guard(lock);
      if (!failure) failure = std::current_exception();
      stop = true;
    }
  };
  std::vector<std::thread> pool;
  pool.reserve(static_cast<std::size_t>(threads > 1 ? threads - 1 : 0));
  try {
    for (int t = 1; t < threads; ++t) pool.push_back(start_thread(worker));
  } catch (const ThreadStartError& e) {
    stop = true;
    started = true;
    started.notify_all();
    for (auto& t : pool) t.join();
    throw WorkerStartError(e);
  }
  started = true;
  started.notify_all();
  worker();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

// Jobs with no state and no result, in no order: body(index).
template <class Body>
void run_tasks(std::size_t count, int threads, Body&& body) {
  struct None {};
  run_jobs(
      count, threads, [] { return None{}; }, [&](None&, std::size_t i) { body(i); },
      [](std::size_t) { return true; });
}

}  // namespace rb
