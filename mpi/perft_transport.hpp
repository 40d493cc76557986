// The split transport of an MPI job (reversi-bench-mpi): rank 0 hands out
// the units of a split perft run (perft/perft_split.hpp), largest
// first, to whichever worker rank is free, four in flight each, and
// collects their counts, on the one MPI job queue (mpi/jobs.hpp);
// ranks 1..N-1 count the units they are sent with the threads of their
// process. With one rank, rank 0 counts them itself.
// MPI carries the messages, so the same run spans one machine or a
// cluster's hosts. A worker's failure reaches rank 0 as a message, which
// throws it there (ResourceError for a resource that cannot be had).
#pragma once

#include <exception>
#include <functional>
#include <string>
#include <vector>

#include "mpi/start.hpp"
#include "perft/split_transport.hpp"

namespace rb::distributed {

class MpiTransport final : public SplitTransport {
 public:
  // MPI must be initialized. `describe` words a worker's failure (with the
  // threads it was counting with) for the report on rank 0: the command
  // line names its options there. The run begins at `start`, which every
  // rank must reach (or fail before).
  MpiTransport(MpiStart& start,
               std::function<std::string(const std::exception&, int threads)> describe);
  bool leader() const override { return rank_ == 0; }
  bool counts() const override { return rank_ > 0 || size_ == 1; }
  int processes() const override { return size_; }
  // Every rank reached the start, or PeerFailed.
  void begin() override {
    start_.ready();
    begun_ = true;
  }
  void cancel() override;
  void run(const std::vector<std::size_t>& todo, int threads, const CountUnit& count,
           const UnitDone& done) override;

  // Whether a split run began (every rank reached its start).
  bool begun() const { return begun_; }
  // On rank 0: whether the workers were let go (they wait no more).
  bool released() const { return released_; }
  int rank() const { return rank_; }

 private:
  MpiStart& start_;
  std::function<std::string(const std::exception&, int threads)> describe_;
  int rank_ = 0, size_ = 1;
  bool begun_ = false, released_ = false;
};

}  // namespace rb::distributed
