// The start of an MPI job's work (reversi-bench-mpi): the ranks agree that
// every one of them reached it before any waits for another. A rank that
// fails before the start (an option, a file that rank 0 alone reads or
// writes) then ends the job on every rank with one report, instead of
// leaving the others waiting for a message it will never send. Every rank
// takes part once: ready() where its work starts, or failed() from its
// error path when it failed before.
#pragma once

#include <stdexcept>

namespace rb::distributed {

// Thrown by ready() on the ranks that reached the start when another had
// failed before it; the job's exit code.
class PeerFailed : public std::runtime_error {
 public:
  explicit PeerFailed(int exit_code)
      : std::runtime_error("another rank failed before the start"), exit_code_(exit_code) {}
  int exit_code() const { return exit_code_; }

 private:
  int exit_code_;
};

class MpiStart {
 public:
  // MPI must be initialized.
  MpiStart();
  // Every rank reached the start: returns (at once after the first call).
  // Another failed before it: throws PeerFailed.
  void ready();
  struct Failure {
    int exit_code;  // the job's: the largest of the failed ranks'
    bool report;    // whether this rank reports its error: rank 0 when it
                    // failed, otherwise the lowest rank that failed
  };
  // This rank failed before the start with `exit_code` (not 0).
  Failure failed(int exit_code);
  // Whether this rank took part (ready or failed).
  bool settled() const { return settled_; }

 private:
  Failure agree(int exit_code);
  int rank_ = 0;
  bool settled_ = false;
  int job_code_ = 0;
};

}  // namespace rb::distributed
