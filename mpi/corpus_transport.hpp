// make-corpus over the ranks of an MPI job (reversi-bench-mpi make-corpus),
// on the one MPI job queue (mpi/jobs.hpp): rank 0 hands out the games in order, one at a
// time, to whichever rank is free, and gives the lines that come back to its sink in game order
// (the file is its alone); ranks 1..N-1 each make one game at a time (with a Labeller of their own)
// and send back its line. With one rank, rank 0 makes the games itself on its -t threads. A rank's
// failure ends the job, reported by rank 0.
#pragma once

#include "mpi/start.hpp"
#include "run/corpus.hpp"

namespace rb {

class MpiCorpusTransport final : public CorpusTransport {
 public:
  // MPI must be initialized. The work begins at `start`, which every rank
  // must reach (or fail before): rank 0 after reading its corpus to resume.
  explicit MpiCorpusTransport(distributed::MpiStart& start);
  bool leader() const override { return rank_ == 0; }
  void run(const CorpusWork& work, const CorpusSink& sink) override;
  // Whether the games began to be handed out (a failure after it ends the
  // job: the other ranks may be waiting).
  bool begun() const { return begun_; }

 private:
  void lead(const CorpusWork& work, const CorpusSink& sink);
  void make(const CorpusWork& work);
  distributed::MpiStart& start_;
  int rank_ = 0, size_ = 1;
  bool begun_ = false;
};

}  // namespace rb
