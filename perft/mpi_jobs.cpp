#include "perft/mpi_jobs.hpp"

#include <mpi.h>

#include <cstdint>
#include <cstring>
#include <map>
#include <unordered_map>
#include <vector>

#include "core/memory.hpp"
#include "perft/mpi_messages.hpp"

namespace rb::distributed {
namespace {

// kJob: a job's number (rank 0 to a worker); kStop: no more, and give up the
// job in play; kAnswer: the job's number (8 bytes) and its answer;
// kGivenUp: the job's number, given up after a stop; kFailed: the worker
// cannot go on ('2' or '1', resource or not, then the reason).
enum Tag : int { kJob = 41, kStop = 42, kAnswer = 43, kGivenUp = 44, kFailed = 45 };

int world_size() {
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  return size;
}

void send_stop(int worker) {
  std::uint64_t none = 0;
  MPI_Send(&none, 1, MPI_UINT64_T, worker, kStop, MPI_COMM_WORLD);
}

std::string numbered(std::uint64_t job, const std::string& text) {
  std::string out(sizeof job, '\0');
  std::memcpy(out.data(), &job, sizeof job);
  return out + text;
}

std::uint64_t number_of(const std::string& message) {
  std::uint64_t job = 0;
  if (message.size() >= sizeof job) std::memcpy(&job, message.data(), sizeof job);
  return job;
}

}  // namespace

void stop_workers() {
  for (int w = 1; w < world_size(); ++w) send_stop(w);
}

void lead_jobs(const std::vector<std::uint64_t>& ids, int in_flight,
               const std::function<bool(std::size_t, std::string&&)>& deliver) {
  const int size = world_size();
  const std::size_t count = ids.size();
  std::unordered_map<std::uint64_t, std::size_t> place;  // a job's id -> its place in ids
  for (std::size_t i = 0; i < count; ++i) place.emplace(ids[i], i);
  std::vector<int> outstanding(static_cast<std::size_t>(size), 0);
  std::vector<bool> stopped(static_cast<std::size_t>(size), false);
  std::size_t next = 0, next_out = 0;
  int active = 0;  // jobs handed out and not yet answered
  bool stopping = false;
  std::map<std::size_t, std::string> waiting;  // answers ahead of next_out
  const auto stop = [&](int worker) {
    if (stopped[static_cast<std::size_t>(worker)]) return;
    send_stop(worker);
    stopped[static_cast<std::size_t>(worker)] = true;
  };
  const auto hand_out = [&](int worker) {
    if (stopping || next >= count) {
      if (outstanding[static_cast<std::size_t>(worker)] == 0) stop(worker);
      return;
    }
    std::uint64_t job = ids[next++];
    MPI_Send(&job, 1, MPI_UINT64_T, worker, kJob, MPI_COMM_WORLD);
    ++outstanding[static_cast<std::size_t>(worker)];
    ++active;
  };
  for (int round = 0; round < in_flight; ++round) {
    for (int w = 1; w < size; ++w) hand_out(w);
  }
  while (active > 0) {
    MPI_Status status{};
    std::string text = receive_text(status);
    const int worker = status.MPI_SOURCE;
    if (status.MPI_TAG == kFailed) {
      throw MpiJobFailed(worker, text.size() > 1 ? text.substr(1) : text, text.starts_with('2'));
    }
    --active;
    --outstanding[static_cast<std::size_t>(worker)];
    if (status.MPI_TAG == kAnswer && !stopping) {
      const auto at = place.find(number_of(text));
      if (at == place.end()) {
        throw MpiJobFailed(worker, "answered a job it was not given", false);
      }
      waiting.emplace(at->second, text.substr(sizeof(std::uint64_t)));
      while (!stopping && !waiting.empty() && waiting.begin()->first == next_out) {
        std::string answer = std::move(waiting.begin()->second);
        waiting.erase(waiting.begin());
        if (!deliver(next_out++, std::move(answer))) {
          stopping = true;
          for (int w = 1; w < size; ++w) stop(w);
        }
      }
    }
    hand_out(worker);
  }
  for (int w = 1; w < size; ++w) stop(w);
}

void work_jobs(const MpiJob& job,
               const std::function<std::string(const std::exception&, std::uint64_t)>& describe) {
  // A stop sent while a job is in play: seen between its steps, taken by
  // the receive below once the jobs queued before it are given up.
  bool stop_seen = false;
  const auto quit = [&stop_seen] {
    if (stop_seen) return true;
    int flag = 0;
    MPI_Iprobe(0, kStop, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    return stop_seen = flag != 0;
  };
  for (;;) {
    const MPI_Status status = wait_for_message(0);
    std::uint64_t number = 0;
    MPI_Recv(&number, 1, MPI_UINT64_T, 0, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (status.MPI_TAG == kStop) return;
    std::optional<std::string> answer;
    try {
      if (!quit()) answer = job(number, quit);
    } catch (const std::exception& e) {
      const bool resource = dynamic_cast<const ResourceError*>(&e) != nullptr;
      send_text(std::string(resource ? "2" : "1") + describe(e, number), kFailed);
      // Rank 0 ends the job.
      wait_for_message(0);
      return;
    }
    if (answer) {
      send_text(numbered(number, *answer), kAnswer);
    } else {
      send_text(numbered(number, ""), kGivenUp);
    }
  }
}

}  // namespace rb::distributed
