#include "core/perft.hpp"
#include "core/perft_cache.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace rb {

std::optional<PerftConvention> parse_perft_convention(std::string_view name) {
  if (name == "a124004") return PerftConvention::a124004;
  if (name == "bik") return PerftConvention::bik;
  if (name == "no_pass") return PerftConvention::no_pass;
  return std::nullopt;
}

std::string_view perft_convention_name(PerftConvention c) {
  switch (c) {
    case PerftConvention::a124004:
      return "a124004";
    case PerftConvention::bik:
      return "bik";
    case PerftConvention::no_pass:
      return "no_pass";
  }
  return "?";
}

void PerftCache::Free::operator()(Bucket* b) const { std::free(b); }

PerftCache::PerftCache(std::size_t megabytes, bool symmetric) : symmetric_(symmetric) {
  const std::size_t bytes = std::max<std::size_t>(megabytes, 1) << 20;
  const std::size_t count = std::bit_floor(bytes / sizeof(Bucket));
  const std::size_t size = count * sizeof(Bucket);
  // 2 MB alignment lets the kernel back the table with huge pages: a probe
  // then costs one cache miss and rarely a TLB miss as well.
  constexpr std::size_t kHugePage = std::size_t{2} << 20;
  const std::size_t align = size >= kHugePage ? kHugePage : alignof(Bucket);
  void* memory = std::aligned_alloc(align, size);
  if (!memory) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (align == kHugePage) madvise(memory, size, MADV_HUGEPAGE);  // advice only; may be refused
#endif
  std::memset(memory, 0, size);  // every tag 0: empty
  table_.reset(static_cast<Bucket*>(memory));
  mask_ = count - 1;
}

}  // namespace rb
