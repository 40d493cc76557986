// A match over the ranks of an MPI job (reversi-bench-mpi match), on the
// one MPI job queue (mpi/jobs.hpp): rank 0 hands out the pairs in
// order, one at a time, to whichever rank is free, and counts what comes
// back in pair order, as one process does (the state file, the GGF
// records, the SPRT are its alone); ranks 1..N-1 each play one pair at a time with engines
// started on their own host (run/match.hpp's PairPlayer) and send it back
// as a JSON line. When the SPRT decides, rank 0 lets every rank go; a pair
// still in play then is not counted. With one rank, rank 0 plays the match
// itself, -j N games at once. A rank's failure (an engine that does not
// start) ends the job, reported by rank 0.
#pragma once

#include <optional>

#include "mpi/start.hpp"
#include "run/match.hpp"

namespace rb {

class MpiMatchTransport final : public MatchTransport {
 public:
  // MPI must be initialized. The match begins at `start`, which every rank
  // must reach (or fail before): rank 0 after reading its state and
  // checking its outputs.
  explicit MpiMatchTransport(distributed::MpiStart& start);
  bool leader() const override { return rank_ == 0; }
  std::optional<MatchResult> run(const MatchSettings& settings, const SearchSession* solver,
                                 const std::vector<PairRecord>& done,
                                 const MatchObserver& observer) override;
  int processes() const { return size_; }
  int rank() const { return rank_; }
  // Whether the pairs began to be handed out (a failure after it ends the
  // job: the other ranks may be waiting).
  bool begun() const { return begun_; }

 private:
  MatchResult lead(const MatchSettings& settings, const std::vector<PairRecord>& done,
                   const MatchObserver& observer);
  void work(const MatchSettings& settings, const SearchSession* solver);
  distributed::MpiStart& start_;
  int rank_ = 0, size_ = 1;
  bool begun_ = false;
};

}  // namespace rb
