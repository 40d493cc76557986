#include "cli/split_transport.hpp"

#include <atomic>
#include <exception>
#include <mutex>
#include <thread>

namespace rb::cli {
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
    std::atomic<std::size_t> next{0};
    std::mutex mutex;
    std::exception_ptr failure;
    std::atomic<bool> failed{false};
    auto worker = [&] {
      try {
        for (std::size_t i; !failed && (i = next.fetch_add(1)) < todo.size();) {
          const Count128 c = count(todo[i], 1);
          const std::lock_guard lock(mutex);
          if (!failed) done(todo[i], c);
        }
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
};

LocalTransport local;
SplitTransport* installed = &local;

}  // namespace

SplitTransport& split_transport() { return *installed; }
void set_split_transport(SplitTransport* transport) { installed = transport ? transport : &local; }

}  // namespace rb::cli
