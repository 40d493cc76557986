// The one job queue (core/job_queue.hpp): every job runs once, each worker
// with a state made on its own thread, the results handed over in index
// order whatever order the jobs finish in; the hand-over can stop the queue;
// an exception in a job reaches the caller and stops the other workers.
// Built in the ThreadSanitizer build too (scripts/test.sh --extra).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <random>
#include <stdexcept>
#include <thread>
#include <vector>

#include "core/job_queue.hpp"

namespace rb {
namespace {

// A job's own pause: a few microseconds, different per index, so that the
// jobs finish out of order.
void pause_for(std::size_t i) {
  std::this_thread::sleep_for(std::chrono::microseconds((i * 7919) % 300));
}

struct WorkerState {
  std::thread::id made_on = std::this_thread::get_id();
  int jobs = 0;
};

TEST(JobQueue, HandsOverEveryResultOnceInIndexOrder) {
  for (int threads : {1, 2, 3, 8}) {
    constexpr std::size_t kJobs = 200;
    std::vector<std::size_t> order;
    std::vector<std::size_t> values;
    std::atomic<int> states{0};
    run_jobs(
        kJobs, threads,
        [&] {
          ++states;
          return WorkerState{};
        },
        [&](WorkerState& state, std::size_t i) {
          EXPECT_EQ(state.made_on, std::this_thread::get_id()) << "a state used off its thread";
          ++state.jobs;
          pause_for(i);
          return i * i + 1;
        },
        [&](std::size_t i, std::size_t&& value) {
          order.push_back(i);
          values.push_back(value);
          return true;
        });
    ASSERT_EQ(order.size(), kJobs) << threads << " threads";
    for (std::size_t i = 0; i < kJobs; ++i) {
      EXPECT_EQ(order[i], i);
      EXPECT_EQ(values[i], i * i + 1);
    }
    EXPECT_GE(states.load(), 1);
    EXPECT_LE(states.load(), threads);
  }
}

TEST(JobQueue, TheHandOverStopsTheQueue) {
  for (int threads : {1, 2, 4}) {
    std::atomic<std::size_t> started{0};
    std::vector<std::size_t> handed;
    run_jobs(
        1000, threads, [] { return 0; },
        [&](int&, std::size_t i) {
          ++started;
          pause_for(i);
          return i;
        },
        [&](std::size_t i, std::size_t&&) {
          handed.push_back(i);
          return i < 10;  // stop after index 10
        });
    ASSERT_EQ(handed.size(), 11u) << threads << " threads";
    EXPECT_EQ(handed.back(), 10u);
    // The jobs under way when the queue stopped end; no other begins.
    EXPECT_LT(started.load(), 11u + 64u * static_cast<std::size_t>(threads));
  }
}

TEST(JobQueue, AJobsExceptionReachesTheCallerAndStopsTheOthers) {
  for (int threads : {1, 2, 4}) {
    std::atomic<std::size_t> started{0};
    std::size_t handed = 0;
    EXPECT_THROW(run_jobs(
                     100000, threads, [] { return 0; },
                     [&](int&, std::size_t i) {
                       ++started;
                       if (i == 20) throw std::runtime_error("job 20");
                       return i;
                     },
                     [&](std::size_t i, std::size_t&&) {
                       EXPECT_LT(i, 20u) << "a result past the failed job was handed over";
                       ++handed;
                       return true;
                     }),
                 std::runtime_error);
    EXPECT_LE(handed, 20u);
    EXPECT_LT(started.load(), 100000u) << "the other workers went on after the failure";
  }
}

TEST(JobQueue, RunTasksRunsEveryIndexOnce) {
  constexpr std::size_t kTasks = 500;
  std::vector<std::atomic<int>> runs(kTasks);
  run_tasks(kTasks, 3, [&](std::size_t i) {
    pause_for(i % 7);
    ++runs[i];
  });
  for (std::size_t i = 0; i < kTasks; ++i) EXPECT_EQ(runs[i].load(), 1) << "task " << i;
}

TEST(JobQueue, NoJobsNoCalls) {
  int calls = 0;
  run_jobs(
      0, 4, [] { return 0; },
      [&](int&, std::size_t) {
        ++calls;
        return 0;
      },
      [&](std::size_t, int&&) {
        ++calls;
        return true;
      });
  EXPECT_EQ(calls, 0);
}

}  // namespace
}  // namespace rb
