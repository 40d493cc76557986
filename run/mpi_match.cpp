#include "run/mpi_match.hpp"

#include <mpi.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "io/json.hpp"
#include "perft/mpi_messages.hpp"
#include "run/match_records.hpp"

namespace rb {
namespace {

// kPair: a pair index to play (rank 0 to a worker); kStop: no more (or:
// abandon the pair in play); kResult: the pair as JSON; kAbandoned: the
// pair was given up after a stop; kFailed: the worker cannot go on (text).
enum Tag : int { kPair = 21, kStop = 22, kResult = 23, kAbandoned = 24, kFailed = 25 };

}  // namespace

MpiMatchTransport::MpiMatchTransport(distributed::MpiStart& start) : start_(start) {
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

std::optional<MatchResult> MpiMatchTransport::run(const MatchSettings& settings,
                                                  const SearchSession* solver,
                                                  const std::vector<PairRecord>& done,
                                                  const MatchObserver& observer) {
  start_.ready();
  begun_ = true;
  if (rank_ != 0) {
    work(settings, solver);
    return std::nullopt;
  }
  if (size_ == 1) return run_match(settings, solver, done, observer);
  return lead(settings, done, observer);
}

MatchResult MpiMatchTransport::lead(const MatchSettings& settings,
                                    const std::vector<PairRecord>& done,
                                    const MatchObserver& observer) {
  std::vector<int> todo;
  MatchResult result = start_match(settings, done, todo);
  std::size_t next = 0;
  int active = 0;  // pairs handed out, not yet answered
  std::vector<bool> stopped(static_cast<std::size_t>(size_), false);
  auto stop = [&](int worker) {
    if (stopped[static_cast<std::size_t>(worker)]) return;
    int none = 0;
    MPI_Send(&none, 1, MPI_INT, worker, kStop, MPI_COMM_WORLD);
    stopped[static_cast<std::size_t>(worker)] = true;
  };
  auto hand_out = [&](int worker) {
    if (match_decided(result) || next >= todo.size()) return stop(worker);
    int pair = todo[next++];
    MPI_Send(&pair, 1, MPI_INT, worker, kPair, MPI_COMM_WORLD);
    ++active;
  };
  for (int w = 1; w < size_; ++w) hand_out(w);
  while (active > 0) {
    MPI_Status status{};
    const std::string text = distributed::receive_text(status);
    --active;
    const int worker = status.MPI_SOURCE;
    if (status.MPI_TAG == kFailed) {
      throw MatchAborted("rank " + std::to_string(worker) + ": " + text);
    }
    if (status.MPI_TAG == kResult && !match_decided(result)) {
      const PairRecord pair = pair_of_json(Json::parse(text), settings);
      if (observer.game) {
        for (const GameRecord& g : pair.games) observer.game(g);
      }
      if (add_pair(result, pair, settings, observer)) {
        // Decided: every worker still playing abandons its pair.
        for (int w = 1; w < size_; ++w) stop(w);
      }
    }
    hand_out(worker);
  }
  return result;
}

void MpiMatchTransport::work(const MatchSettings& settings, const SearchSession* solver) {
  PairPlayer player(settings, solver);
  // A stop sent while a pair is in play: seen between moves, taken by the
  // next receive below.
  const auto quit = [] {
    int flag = 0;
    MPI_Iprobe(0, kStop, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    return flag != 0;
  };
  for (;;) {
    const MPI_Status status = distributed::wait_for_message(0);
    int pair = 0;
    MPI_Recv(&pair, 1, MPI_INT, 0, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (status.MPI_TAG == kStop) return;
    std::optional<PairRecord> record;
    try {
      record = player.play(pair, quit, nullptr);
    } catch (const std::exception& e) {
      distributed::send_text(e.what(), kFailed);
      return;
    }
    if (record) {
      distributed::send_text(pair_json(*record).dump(), kResult);
    } else {
      distributed::send_text("", kAbandoned);
    }
  }
}

}  // namespace rb
