// Large allocations (the solver's table, the perft cache) asked for by the
// user: a size the machine cannot hold is refused with a clear error naming
// the option, before anything is allocated, and a failed allocation becomes
// the same error instead of an abort. The budget counts every block the run
// holds already: a second table allocated before the first is released
// counts both.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace rb {

// A resource the user asked for cannot be had (exit code 2, like bad input).
class ResourceError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The machine's physical memory in bytes (0 if unknown).
std::size_t physical_memory_bytes();

// Throws ResourceError (naming `what`) when `bytes`, with the blocks of
// allocate_zeroed() held, is more than 3/4 of the physical memory: the
// budget of every large allocation, alone or together.
void check_memory_budget(std::size_t bytes, std::string_view what);

// The bytes of the blocks of allocate_zeroed() not yet released.
std::size_t held_bytes();

// Zeroed memory of `bytes` bytes aligned to `align` (a power of two),
// released with release_zeroed(). `what` names the option in the error, e.g. "--tt
// 4096". With `huge_pages`, memory of at least 2 MB is aligned to 2 MB and
// the kernel is asked (madvise, advice only) to back it with 2 MB pages
// before it is first touched: every probe of a large table is a random
// access, and with 4 KB pages most would miss the TLB as well.
void* allocate_zeroed(std::size_t bytes, std::size_t align, std::string_view what,
                      bool huge_pages = false);
// Frees a block of allocate_zeroed() (null: nothing).
void release_zeroed(void* memory);

}  // namespace rb
