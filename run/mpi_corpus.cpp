#include "run/mpi_corpus.hpp"

#include <mpi.h>

#include <map>
#include <string>

#include "core/errors.hpp"
#include "perft/mpi_messages.hpp"

namespace rb {
namespace {

// kGame: a game to make (rank 0 to a worker); kStop: no more; kLine: the
// game's line; kFailed: the worker cannot go on (text: a label solve that
// did not finish, memory).
enum Tag : int { kGame = 31, kStop = 32, kLine = 33, kFailed = 35 };

}  // namespace

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

void MpiCorpusTransport::lead(const CorpusWork& work, const CorpusSink& sink) {
  const auto games = static_cast<std::uint64_t>(work.config.games);
  std::uint64_t next = work.first, next_out = work.first;
  std::map<std::uint64_t, std::string> made;
  int active = 0;  // games handed out, not yet answered
  auto hand_out = [&](int worker) {
    if (next >= games) {
      std::uint64_t none = 0;
      MPI_Send(&none, 1, MPI_UINT64_T, worker, kStop, MPI_COMM_WORLD);
      return;
    }
    MPI_Send(&next, 1, MPI_UINT64_T, worker, kGame, MPI_COMM_WORLD);
    ++next;
    ++active;
  };
  for (int w = 1; w < size_; ++w) hand_out(w);
  while (active > 0) {
    MPI_Status status{};
    std::string text = distributed::receive_text(status);
    --active;
    if (status.MPI_TAG == kFailed) {
      throw CheckFailed("rank " + std::to_string(status.MPI_SOURCE) + ": " + text);
    }
    // The line starts with its game's number.
    made.emplace(std::stoull(text.substr(0, text.find(' '))), std::move(text));
    while (!made.empty() && made.begin()->first == next_out) {
      sink(next_out, made.begin()->second);
      made.erase(made.begin());
      ++next_out;
    }
    hand_out(status.MPI_SOURCE);
  }
}

void MpiCorpusTransport::make(const CorpusWork& work) {
  train::Labeller labeller(work.eval, work.config.play_depth);
  for (;;) {
    const MPI_Status status = distributed::wait_for_message(0);
    std::uint64_t g = 0;
    MPI_Recv(&g, 1, MPI_UINT64_T, 0, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (status.MPI_TAG == kStop) return;
    std::string line;
    int tag = kLine;
    try {
      line = train::corpus_game_line(work.config, g, labeller);
    } catch (const std::exception& e) {
      line = e.what();
      tag = kFailed;
    }
    distributed::send_text(line, tag);
    if (tag == kFailed) return;
  }
}

}  // namespace rb
