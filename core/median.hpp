// The median of a sample, as the tables of repeated runs print it.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace rb {

// The median of the values (of which there is at least one).
inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

}  // namespace rb
