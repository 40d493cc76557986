#include "mpi/match_transport.hpp"

#include <mpi.h>

#include <string>
#include <vector>

#include "io/json.hpp"
#include "mpi/jobs.hpp"
#include "run/match_records.hpp"

namespace rb {

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

// The pairs on the one MPI job queue (mpi/jobs.hpp), one in flight
// to each worker, counted in pair order as run_match() counts them, so that
// the same games give the same standings and state on one process or many.
MatchResult MpiMatchTransport::lead(const MatchSettings& settings,
                                    const std::vector<PairRecord>& done,
                                    const MatchObserver& observer) {
  std::vector<int> todo;
  MatchResult result = start_match(settings, done, todo);
  std::vector<std::uint64_t> ids;
  if (!match_decided(result)) ids.assign(todo.begin(), todo.end());
  try {
    distributed::lead_jobs(ids, 1, [&](std::size_t, std::string&& text) {
      const PairRecord pair = pair_of_json(Json::parse(text), settings);
      if (observer.game) {
        for (const GameRecord& g : pair.games) observer.game(g);
      }
      // Decided: every worker still playing abandons its pair.
      return !add_pair(result, pair, settings, observer);
    });
  } catch (const distributed::MpiJobFailed& f) {
    throw MatchAborted(f.what());
  }
  return result;
}

void MpiMatchTransport::work(const MatchSettings& settings, const SearchSession* solver) {
  PairPlayer player(settings, solver);
  distributed::work_jobs(
      [&](std::uint64_t pair, const std::function<bool()>& quit) -> std::optional<std::string> {
        const std::optional<PairRecord> record = player.play(static_cast<int>(pair), quit, nullptr);
        if (!record) return std::nullopt;
        return pair_json(*record).dump();
      },
      [](const std::exception& e, std::uint64_t) { return std::string(e.what()); });
}

}  // namespace rb
