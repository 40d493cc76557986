// The one job queue over the ranks of an MPI job (reversi-bench-mpi), the
// backend of perft --split, match and make-corpus alike, as
// core/job_queue.hpp is over threads: rank 0 hands out job numbers 0..N-1
// in order to whichever worker rank is free (`in_flight` at a time each, so
// that a worker finds its next job waiting), and gives the answers to the
// caller in job order; ranks 1..N-1 do the jobs they are sent and answer
// each with a text. The caller stops the queue by refusing an answer: every
// worker is told to stop, gives up the job in play (its quit() turns true)
// and the jobs queued behind it, and the answers still on their way are
// read and dropped. A worker's failure reaches rank 0 as a message, which
// throws MpiJobFailed there (the command then ends the job).
//
// Nobody spins: rank 0 and the workers wait for messages with a short sleep
// (mpi/messages.hpp), leaving the cores to the work on their host.
//
// Nobody waits for ever: while a worker holds a job, a thread of its own
// tells rank 0 it is alive every kHeartbeatSeconds (the job itself need not
// look up). A worker that holds a job and says nothing for the silence
// limit (rank_silence(): stopped by SIGSTOP, hung in the MPI library,
// its host lost) ends the run on rank 0 with MpiJobFailed naming the rank
// (a resource lost: exit 2); what was finished is kept (the checkpoint, the
// state, the corpus), and --resume goes on. The heartbeat needs an MPI
// library with threads (MPI_THREAD_SERIALIZED at least: set_mpi_threads());
// without, rank 0 does not judge silence.
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace rb::distributed {

// A worker rank failed: its rank, its reason, and whether it was a resource
// that could not be had (threads, memory: exit 2).
class MpiJobFailed : public std::runtime_error {
 public:
  MpiJobFailed(int rank, const std::string& reason, bool resource)
      : std::runtime_error("rank " + std::to_string(rank) + ": " + reason),
        rank_(rank),
        reason_(reason),
        resource_(resource) {}
  int rank() const { return rank_; }
  const std::string& reason() const { return reason_; }
  bool resource() const { return resource_; }

 private:
  int rank_;
  std::string reason_;
  bool resource_;
};

// How often a worker holding a job says it is alive.
inline constexpr double kHeartbeatSeconds = 1;
// The silence after which rank 0 counts a worker holding a job lost, in
// seconds (default 60; 0: never; reversi-bench-mpi --rank-silence); and
// whether the MPI library lets a worker's heartbeat thread send
// (MPI_Init_thread's `provided` at MPI_THREAD_SERIALIZED or above).
double& rank_silence();
void set_mpi_threads(bool serialized);

// Rank 0 of a job of several ranks: hands out the jobs `ids` (what a
// worker is told to do: a unit, a pair, a game; distinct) in order, and
// gives each answer to deliver(i, text), i the job's place in `ids`, in
// that order; deliver returning false stops the queue. Returns when every
// worker has been told to stop and every job handed out has been answered.
// Throws MpiJobFailed.
void lead_jobs(const std::vector<std::uint64_t>& ids, int in_flight,
               const std::function<bool(std::size_t i, std::string&& answer)>& deliver);

// Ranks 1..N-1: answers each job rank 0 sends with job(id, quit) until it
// says stop; nothing from job() means the job was given up because quit()
// turned true. An exception is sent to rank 0 as the failure, worded by
// describe(exception, id), and the rank waits for rank 0 to end the job.
using MpiJob =
    std::function<std::optional<std::string>(std::uint64_t id, const std::function<bool()>& quit)>;
void work_jobs(const MpiJob& job,
               const std::function<std::string(const std::exception&, std::uint64_t id)>& describe);

// Rank 0: tells every worker to stop before any job was handed out (a run
// that ends before its queue starts).
void stop_workers();

}  // namespace rb::distributed
