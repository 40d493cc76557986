// A search on a thread of its own, for the servers (protocol/server.hpp):
// started by a command, stopped by another, its answer written by its own
// thread when it ends.
#pragma once

#include <atomic>
#include <exception>
#include <functional>
#include <thread>
#include <utility>

#include "core/threads.hpp"
#include "protocol/server.hpp"

namespace rb::protocol {

class BackgroundSearch {
 public:
  BackgroundSearch() = default;
  BackgroundSearch(const BackgroundSearch&) = delete;
  BackgroundSearch& operator=(const BackgroundSearch&) = delete;
  ~BackgroundSearch() {
    stop();
    if (thread_.joinable()) thread_.join();
  }

  // Runs job(stop) on a new thread, `stop` the flag stop() sets. The
  // previous search must have been waited for.
  void start(std::function<void(const std::atomic<bool>*)> job) {
    stop_.store(false);
    failure_ = nullptr;
    thread_ = start_thread([this, job = std::move(job)] {
      try {
        job(&stop_);
      } catch (...) {
        failure_ = std::current_exception();
      }
    });
  }

  // Runs think(request) with this search's stop flag, then done(result).
  void start(const ThinkService& think, ThinkRequest request,
             std::function<void(const ThinkResult&)> done) {
    start([&think, request = std::move(request),
           done = std::move(done)](const std::atomic<bool>* stop) mutable {
      request.stop = stop;
      done(think(request));
    });
  }

  // Whether a search was started and not yet waited for.
  bool running() const { return thread_.joinable(); }
  void stop() { stop_.store(true); }
  // Waits for the search to end (its answer written); rethrows what it threw.
  void wait() {
    if (thread_.joinable()) thread_.join();
    if (failure_) std::rethrow_exception(std::exchange(failure_, nullptr));
  }

 private:
  std::atomic<bool> stop_{false};
  std::exception_ptr failure_;
  std::thread thread_;
};

}  // namespace rb::protocol
