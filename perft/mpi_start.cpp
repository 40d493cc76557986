#include "perft/mpi_start.hpp"

#include <mpi.h>

#include <climits>

namespace rb::distributed {

MpiStart::MpiStart() {
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

void MpiStart::ready() {
  if (!settled_) {
    settled_ = true;
    int code = 0, lowest = INT_MAX;
    MPI_Allreduce(MPI_IN_PLACE, &code, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, &lowest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    job_code_ = code;
  }
  if (job_code_ != 0) throw PeerFailed(job_code_);
}

MpiStart::Failure MpiStart::failed(int exit_code) {
  settled_ = true;
  int code = exit_code, lowest = rank_;
  MPI_Allreduce(MPI_IN_PLACE, &code, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, &lowest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  job_code_ = code;
  return {code, lowest == rank_};
}

}  // namespace rb::distributed
