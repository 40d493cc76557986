#include "perft/split_transport.hpp"

#include <atomic>
#include <exception>
#include <mutex>
#include <thread>

#include "core/job_queue.hpp"

namespace rb::distributed {
namespace {

// The threads of this process take the units in turn, each counting its
// unit on one thread (the cache shared), so that no unit waits for threads
// to start and stop.
class LocalTransport final : public SplitTransport {
 public:
  bool leader() const override { return true; }
  bool counts() const override { return true; }
  int processes() const override { return 1; }
  void cancel() override {}
  void run(const std::vector<std::size_t>& todo, int threads, const CountUnit& count,
           const UnitDone& done) override {
    std::mutex mutex;
    std::atomic<bool> failed{false};  // no unit is recorded after a failure
    run_tasks(todo.size(), threads, [&](std::size_t i) {
      try {
        const Count128 c = count(todo[i], 1);
        const std::lock_guard lock(mutex);
        if (!failed) done(todo[i], c);
      } catch (...) {
        failed = true;
        throw;
      }
    });
  }
};

LocalTransport local;
SplitTransport* installed = &local;

}  // namespace

SplitTransport& split_transport() { return *installed; }
void set_split_transport(SplitTransport* transport) { installed = transport ? transport : &local; }

}  // namespace rb::distributed
