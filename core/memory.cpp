#include "core/memory.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unordered_map>

namespace rb {
namespace {

// The blocks of allocate_zeroed() held, by address, and their sum.
struct HeldBlocks {
  std::mutex mutex;
  std::unordered_map<void*, std::size_t> sizes;
  std::size_t total = 0;
};
HeldBlocks& held() {
  static HeldBlocks blocks;
  return blocks;
}

}  // namespace

std::size_t held_bytes() {
  HeldBlocks& h = held();
  const std::lock_guard lock(h.mutex);
  return h.total;
}

std::size_t physical_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long size = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || size <= 0) return 0;
  return static_cast<std::size_t>(pages) * static_cast<std::size_t>(size);
}

void check_memory_budget(std::size_t bytes, std::string_view what) {
  const std::size_t physical = physical_memory_bytes();
  const std::size_t holding = held_bytes();
  if (physical && (bytes > physical / 4 * 3 || holding > physical / 4 * 3 - bytes)) {
    throw ResourceError(
        std::string(what) + ": cannot allocate " + std::to_string(bytes >> 20) + " MiB" +
        (holding ? " beside the " + std::to_string(holding >> 20) + " MiB this run holds already"
                 : std::string()) +
        ": more than 3/4 of this machine's " + std::to_string(physical >> 20) + " MiB of memory");
  }
}

void* allocate_zeroed(std::size_t bytes, std::size_t align, std::string_view what,
                      bool huge_pages) {
  auto refuse = [&](const std::string& why) {
    return ResourceError(std::string(what) + ": cannot allocate " + std::to_string(bytes >> 20) +
                         " MiB: " + why);
  };
  check_memory_budget(bytes, what);
  constexpr std::size_t kHugePage = std::size_t{2} << 20;
  huge_pages = huge_pages && bytes >= kHugePage;
  if (huge_pages && align < kHugePage) align = kHugePage;
  void* memory = std::aligned_alloc(align, (bytes + align - 1) / align * align);
  if (!memory) throw refuse(std::strerror(errno ? errno : ENOMEM));
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (huge_pages) madvise(memory, bytes, MADV_HUGEPAGE);  // advice only; may be refused
#else
  (void)huge_pages;
#endif
  std::memset(memory, 0, bytes);
  HeldBlocks& h = held();
  const std::lock_guard lock(h.mutex);
  h.sizes[memory] = bytes;
  h.total += bytes;
  return memory;
}

void release_zeroed(void* memory) {
  if (!memory) return;
  {
    HeldBlocks& h = held();
    const std::lock_guard lock(h.mutex);
    if (const auto it = h.sizes.find(memory); it != h.sizes.end()) {
      h.total -= it->second;
      h.sizes.erase(it);
    }
  }
  std::free(memory);
}

}  // namespace rb
