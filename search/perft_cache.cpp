#include "search/perft_cache.hpp"

#include "core/memory.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>

namespace rb {

void PerftCache::Free::operator()(Bucket* b) const { std::free(b); }

PerftCache::PerftCache(std::size_t megabytes, bool symmetric) : symmetric_(symmetric) {
  const std::size_t bytes = std::max<std::size_t>(megabytes, 1) << 20;
  const std::size_t count = std::bit_floor(bytes / sizeof(Bucket));
  const std::size_t size = count * sizeof(Bucket);
  // 2 MB alignment lets the kernel back the table with huge pages: a probe
  // then costs one cache miss and rarely a TLB miss as well. Zeroed memory:
  // every tag 0, an empty entry.
  constexpr std::size_t kHugePage = std::size_t{2} << 20;
  const bool huge = size >= kHugePage;
  void* memory = allocate_zeroed(size, huge ? kHugePage : alignof(Bucket),
                                 "--hash " + std::to_string(megabytes), huge);
  table_.reset(static_cast<Bucket*>(memory));
  mask_ = count - 1;
}

}  // namespace rb
