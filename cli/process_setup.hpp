// What both binaries do before their command runs (cli/main.cpp,
// cli/mpi_main.cpp).
#pragma once

#include <cstddef>

namespace rb::cli {

// A write beyond the file size limit (ulimit -f) becomes an error (EFBIG)
// rather than a signal that kills the run; and the stack the search needs
// (kStackBytes) is made sure of, for this thread and every thread to come:
// the soft limit is raised to it where the hard limit allows, and otherwise
// the run is refused (ResourceError) rather than crashed.
void prepare_process();

// The stack the search is given: its recursion is bounded by the board (60
// plies of moves and the passes between them), and the deepest, a PVS solve
// from the empty board whose first line goes 60 plies down, runs in 160 KiB
// (measured under ulimit -s); 1 MiB leaves room for larger frames. See
// docs/outputs-and-errors.md.
inline constexpr std::size_t kStackBytes = std::size_t{1} << 20;

}  // namespace rb::cli
