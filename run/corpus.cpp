#include "run/corpus.hpp"

#include <algorithm>
#include <string>

#include "core/job_queue.hpp"

namespace rb {
namespace {
CorpusTransport* current_transport = nullptr;
}  // namespace

CorpusTransport* corpus_transport() { return current_transport; }
void set_corpus_transport(CorpusTransport* transport) { current_transport = transport; }

void make_corpus_games(const CorpusWork& work, const CorpusSink& sink) {
  const auto games = static_cast<std::uint64_t>(work.config.games);
  const std::uint64_t first = std::min(work.first, games);
  run_jobs(
      static_cast<std::size_t>(games - first), work.threads,
      [&] { return train::Labeller(work.eval, work.config.play_depth); },
      [&](train::Labeller& labeller, std::size_t i) {
        return train::corpus_game_line(work.config, first + i, labeller);
      },
      [&](std::size_t i, std::string&& line) {
        sink(first + i, line);
        return true;
      });
}

}  // namespace rb
