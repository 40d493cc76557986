// How the units of a split perft run (perft/perft_units.hpp) are counted:
// here, by the threads of this process, or by the ranks of an MPI job
// (mpi/perft_transport.hpp, which reversi-bench-mpi installs). Every process makes the
// same units from the same command line; the leader (the only process, or
// rank 0) hands them out, collects the counts, keeps the checkpoint and
// reports.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

#include "core/u128.hpp"

namespace rb::distributed {

// Counts unit i with this many threads.
using CountUnit = std::function<Count128(std::size_t index, int threads)>;
// The count of unit i, on the leader, one call at a time.
using UnitDone = std::function<void(std::size_t index, Count128 count)>;

class SplitTransport {
 public:
  virtual ~SplitTransport() = default;
  // Whether this process hands out the units and reports.
  virtual bool leader() const = 0;
  // Whether this process counts units (and needs a cache).
  virtual bool counts() const = 0;
  // The processes of the run.
  virtual int processes() const = 0;
  // Counts the units of `todo` in that order of handing out; `threads` as
  // the command line gave them. Workers return when the leader is done.
  virtual void run(const std::vector<std::size_t>& todo, int threads, const CountUnit& count,
                   const UnitDone& done) = 0;
  // On the leader, when it fails before run(): the workers return from
  // run() at once.
  virtual void cancel() = 0;
  // Called as a split run starts, once every process has read the same
  // command line the same way (a failure before it is the same everywhere).
  virtual void begin() {}
};

// The transport of this process: the threads of this process unless
// another was installed.
SplitTransport& split_transport();
void set_split_transport(SplitTransport* transport);

}  // namespace rb::distributed
