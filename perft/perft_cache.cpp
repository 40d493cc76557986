#include "perft/perft_cache.hpp"

#include "core/memory.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>

namespace rb {

void PerftCache::Free::operator()(Bucket* b) const { release_zeroed(b); }

PerftCache::PerftCache(std::size_t megabytes, bool symmetric) : symmetric_(symmetric) {
  const std::size_t bytes = std::max<std::size_t>(megabytes, 1) << 20;
  const std::size_t count = std::bit_floor(bytes / sizeof(Bucket));
  const std::size_t size = count * sizeof(Bucket);
  // On huge pages where the system allows: a probe then costs one cache miss
  // and rarely a TLB miss as well. Zeroed memory: every tag 0, an empty entry.
  void* memory =
      allocate_zeroed(size, alignof(Bucket), "--hash " + std::to_string(megabytes), true);
  table_.reset(static_cast<Bucket*>(memory));
  mask_ = count - 1;
}

void PerftCache::clear() { std::memset(static_cast<void*>(table_.get()), 0, bytes()); }

}  // namespace rb
