#include "mpi/perft_transport.hpp"

#include <mpi.h>

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <utility>

#include "core/memory.hpp"
#include "mpi/jobs.hpp"

namespace rb::distributed {

MpiTransport::MpiTransport(MpiStart& start,
                           std::function<std::string(const std::exception&, int threads)> describe)
    : start_(start), describe_(std::move(describe)) {
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

void MpiTransport::cancel() {
  if (rank_ != 0) return;
  stop_workers();
  released_ = true;
}

// On the job queue of mpi/jobs.hpp: the units largest first (the
// order of `todo`), four in flight to each worker so that it finds its next
// unit waiting when it answers; a count travels as its 16 bytes.
void MpiTransport::run(const std::vector<std::size_t>& todo, int threads, const CountUnit& count,
                       const UnitDone& done) {
  if (rank_ != 0) {
    work_jobs(
        [&](std::uint64_t unit, const std::function<bool()>&) -> std::optional<std::string> {
          const Count128 c = count(static_cast<std::size_t>(unit), threads);
          std::string bytes(sizeof c, '\0');
          std::memcpy(bytes.data(), &c, sizeof c);
          return bytes;
        },
        [&](const std::exception& e, std::uint64_t unit) {
          return "unit " + std::to_string(unit) + ": " + describe_(e, threads);
        });
    return;
  }
  if (size_ == 1) {
    for (const std::size_t i : todo) done(i, count(i, threads));
    released_ = true;
    return;
  }
  const std::vector<std::uint64_t> ids(todo.begin(), todo.end());
  try {
    lead_jobs(ids, 4, [&](std::size_t i, std::string&& bytes) {
      Count128 c = 0;
      if (bytes.size() != sizeof c) throw std::runtime_error("a malformed count from a worker");
      std::memcpy(&c, bytes.data(), sizeof c);
      done(todo[i], c);
      return true;
    });
  } catch (const MpiJobFailed& f) {
    if (f.resource()) throw ResourceError(f.what());
    throw std::runtime_error(f.what());
  }
  released_ = true;
}

}  // namespace rb::distributed
