#include "perft/mpi_transport.hpp"

#include <mpi.h>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <thread>
#include <utility>

#include "core/memory.hpp"

namespace rb::distributed {
namespace {

enum Tag : int { kWork = 1, kStop = 2, kResult = 3, kFailed = 4 };

}  // namespace

MpiTransport::MpiTransport(MpiStart& start,
                           std::function<std::string(const std::exception&, int threads)> describe)
    : start_(start), describe_(std::move(describe)) {
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

void MpiTransport::cancel() {
  if (rank_ != 0) return;
  for (int w = 1; w < size_; ++w) send_stop(w);
  released_ = true;
}

void MpiTransport::run(const std::vector<std::size_t>& todo, int threads, const CountUnit& count,
                       const UnitDone& done) {
  if (rank_ != 0) return work(threads, count);
  if (size_ == 1) {
    for (const std::size_t i : todo) done(i, count(i, threads));
    released_ = true;
    return;
  }
  lead(todo, done);
}

void MpiTransport::send_stop(int worker) {
  std::uint64_t none = 0;
  MPI_Send(&none, 1, MPI_UINT64_T, worker, kStop, MPI_COMM_WORLD);
}

// Rank 0: four units to each worker (so that a worker finds its next unit
// waiting when it sends a count), then the next unit to whichever
// answers, largest first (the units' order). It waits with MPI_Test and a
// short sleep, not a blocking receive, which would spin a core that the
// workers on this host could use.
void MpiTransport::lead(const std::vector<std::size_t>& todo, const UnitDone& done) {
  constexpr int kInFlight = 4;
  std::size_t next = 0;
  std::vector<int> outstanding(static_cast<std::size_t>(size_), 0);
  int active = 0;  // units handed out and not yet counted
  auto hand_out = [&](int worker) {
    if (next >= todo.size()) return false;
    std::uint64_t index = todo[next++];
    MPI_Send(&index, 1, MPI_UINT64_T, worker, kWork, MPI_COMM_WORLD);
    ++outstanding[static_cast<std::size_t>(worker)];
    ++active;
    return true;
  };
  for (int round = 0; round < kInFlight; ++round) {
    for (int w = 1; w < size_; ++w) hand_out(w);
  }
  for (int w = 1; w < size_; ++w) {
    if (outstanding[static_cast<std::size_t>(w)] == 0) send_stop(w);
  }
  std::vector<char> message(4096);
  while (active > 0) {
    MPI_Request request;
    MPI_Irecv(message.data(), static_cast<int>(message.size()), MPI_CHAR, MPI_ANY_SOURCE,
              MPI_ANY_TAG, MPI_COMM_WORLD, &request);
    MPI_Status status;
    for (int flag = 0;;) {
      MPI_Test(&request, &flag, &status);
      if (flag) break;
      std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
    const int worker = status.MPI_SOURCE;
    if (status.MPI_TAG == kFailed) {
      int length = 0;
      MPI_Get_count(&status, MPI_CHAR, &length);
      const std::string what(message.data(), static_cast<std::size_t>(length));
      const std::string text = "rank " + std::to_string(worker) + ": " + what.substr(1);
      if (what.starts_with('2')) throw ResourceError(text);
      throw std::runtime_error(text);
    }
    std::uint64_t result[3];
    std::memcpy(result, message.data(), sizeof result);
    const Count128 c = static_cast<Count128>(result[2]) << 64 | result[1];
    --outstanding[static_cast<std::size_t>(worker)];
    --active;
    done(static_cast<std::size_t>(result[0]), c);
    if (!hand_out(worker) && outstanding[static_cast<std::size_t>(worker)] == 0) {
      send_stop(worker);
    }
  }
  released_ = true;
}

// Ranks 1..N-1: count what rank 0 sends until it says stop.
void MpiTransport::work(int threads, const CountUnit& count) {
  for (;;) {
    std::uint64_t index = 0;
    MPI_Status status;
    MPI_Recv(&index, 1, MPI_UINT64_T, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
    if (status.MPI_TAG == kStop) return;
    std::uint64_t result[3] = {index, 0, 0};
    try {
      const Count128 c = count(static_cast<std::size_t>(index), threads);
      result[1] = static_cast<std::uint64_t>(c);
      result[2] = static_cast<std::uint64_t>(c >> 64);
    } catch (const std::exception& e) {
      // The first character tells rank 0 the exit code: '2' for a
      // resource that cannot be had (threads, memory), '1' otherwise.
      const bool resource = dynamic_cast<const ResourceError*>(&e) != nullptr;
      const std::string what = std::string(resource ? "2" : "1") + "unit " + std::to_string(index) +
                               ": " + describe_(e, threads);
      MPI_Send(what.data(), static_cast<int>(what.size()), MPI_CHAR, 0, kFailed, MPI_COMM_WORLD);
      // Rank 0 ends the job.
      MPI_Recv(&index, 1, MPI_UINT64_T, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
      return;
    }
    MPI_Send(result, 3, MPI_UINT64_T, 0, kResult, MPI_COMM_WORLD);
  }
}

}  // namespace rb::distributed
