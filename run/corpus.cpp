#include "run/corpus.hpp"

#include <atomic>
#include <map>
#include <mutex>

#include "core/parallel_tasks.hpp"

namespace rb {
namespace {
CorpusTransport* current_transport = nullptr;
}  // namespace

CorpusTransport* corpus_transport() { return current_transport; }
void set_corpus_transport(CorpusTransport* transport) { current_transport = transport; }

void make_corpus_games(const CorpusWork& work, const CorpusSink& sink) {
  const auto games = static_cast<std::uint64_t>(work.config.games);
  std::atomic<std::uint64_t> next{work.first};
  std::mutex mutex;
  std::map<std::uint64_t, std::string> made;  // made, not yet given to the sink
  std::uint64_t next_out = work.first;
  run_tasks(static_cast<std::size_t>(work.threads), work.threads, [&](std::size_t) {
    train::Labeller labeller(work.eval, work.config.play_depth);
    for (std::uint64_t g; (g = next.fetch_add(1)) < games;) {
      std::string line = train::corpus_game_line(work.config, g, labeller);
      const std::lock_guard lock(mutex);
      made.emplace(g, std::move(line));
      while (!made.empty() && made.begin()->first == next_out) {
        sink(next_out, made.begin()->second);
        made.erase(made.begin());
        ++next_out;
      }
    }
  });
}

}  // namespace rb
