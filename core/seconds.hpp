// Wall-clock seconds since a start, as every timed run measures them.
#pragma once

#include <chrono>

namespace rb {

// The seconds elapsed on the steady clock since `start`.
inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace rb
