#include "mpi/corpus_transport.hpp"

#include <mpi.h>

#include <string>
#include <vector>

#include "core/errors.hpp"
#include "mpi/jobs.hpp"

namespace rb {

MpiCorpusTransport::MpiCorpusTransport(distributed::MpiStart& start) : start_(start) {
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

void MpiCorpusTransport::run(const CorpusWork& work, const CorpusSink& sink) {
  start_.ready();
  begun_ = true;
  if (rank_ != 0) return make(work);
  if (size_ == 1) return make_corpus_games(work, sink);
  lead(work, sink);
}

// The games on the one MPI job queue (mpi/jobs.hpp), one in flight to
// each worker, their lines given to the sink in game order.
void MpiCorpusTransport::lead(const CorpusWork& work, const CorpusSink& sink) {
  std::vector<std::uint64_t> games;
  for (auto g = work.first; g < static_cast<std::uint64_t>(work.config.games); ++g) {
    games.push_back(g);
  }
  try {
    distributed::lead_jobs(games, 1, [&](std::size_t i, std::string&& line) {
      sink(games[i], line);
      return true;
    });
  } catch (const distributed::MpiJobFailed& f) {
    if (f.resource()) throw ResourceError(f.what());
    throw CheckFailed(f.what());
  }
}

void MpiCorpusTransport::make(const CorpusWork& work) {
  train::Labeller labeller(work.eval, work.config.play_depth);
  distributed::work_jobs(
      [&](std::uint64_t g, const std::function<bool()>&) -> std::optional<std::string> {
        return train::corpus_game_line(work.config, g, labeller);
      },
      [](const std::exception& e, std::uint64_t) { return std::string(e.what()); });
}

}  // namespace rb
