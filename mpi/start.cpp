#include "mpi/start.hpp"

#include <mpi.h>

#include <climits>

namespace rb::distributed {

MpiStart::MpiStart() { MPI_Comm_rank(MPI_COMM_WORLD, &rank_); }

// One collective on every rank: the largest exit code (0: none failed) and
// the lowest rank that failed (reduced as the largest of -rank).
MpiStart::Failure MpiStart::agree(int exit_code) {
  settled_ = true;
  int v[2] = {exit_code, exit_code != 0 ? -rank_ : INT_MIN};
  MPI_Allreduce(MPI_IN_PLACE, v, 2, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  job_code_ = v[0];
  return {v[0], exit_code != 0 && -v[1] == rank_};
}

void MpiStart::ready() {
  if (!settled_) agree(0);
  if (job_code_ != 0) throw PeerFailed(job_code_);
}

MpiStart::Failure MpiStart::failed(int exit_code) { return agree(exit_code); }

}  // namespace rb::distributed
