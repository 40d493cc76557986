#include "cli/process_setup.hpp"

#include <pthread.h>
#include <sys/resource.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <string>

#include "core/memory.hpp"

namespace rb::cli {

void prepare_process() {
  std::signal(SIGXFSZ, SIG_IGN);
  const auto kib = [](rlim_t bytes) { return std::to_string(bytes >> 10) + " KiB"; };
  rlimit limit{};
  if (::getrlimit(RLIMIT_STACK, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY &&
      limit.rlim_cur < kStackBytes) {
    if (limit.rlim_max != RLIM_INFINITY && limit.rlim_max < kStackBytes) {
      throw rb::ResourceError("the stack limit (ulimit -s) is " + kib(limit.rlim_cur) +
                              ", and at most " + kib(limit.rlim_max) +
                              " (its hard limit); the search needs " + kib(kStackBytes) +
                              ": ulimit -s " + std::to_string(kStackBytes >> 10));
    }
    limit.rlim_cur = kStackBytes;
    if (::setrlimit(RLIMIT_STACK, &limit) != 0) {
      throw rb::ResourceError("the stack limit (ulimit -s) cannot be raised to the " +
                              kib(kStackBytes) + " the search needs: " + std::strerror(errno));
    }
  }
  // Threads take their stack size from the limit as it was at the start.
  pthread_attr_t attr;
  if (::pthread_getattr_default_np(&attr) == 0) {
    std::size_t size = 0;
    if (::pthread_attr_getstacksize(&attr, &size) == 0 && size < kStackBytes &&
        ::pthread_attr_setstacksize(&attr, kStackBytes) == 0) {
      ::pthread_setattr_default_np(&attr);
    }
    ::pthread_attr_destroy(&attr);
  }
}

}  // namespace rb::cli
