// make-corpus's games (train/corpus.hpp), made here on threads or over the
// ranks of an MPI job (reversi-bench-mpi make-corpus, mpi/corpus_transport.hpp),
// and handed to the leader's sink in game order, whatever order they were
// made in.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "eval/pattern.hpp"
#include "io/record_file.hpp"
#include "train/corpus.hpp"

namespace rb {

struct CorpusWork {
  train::CorpusConfig config;
  std::uint64_t first = 0;  // the first game to make (the games before are in the file)
  int threads = 1;
  const PatternEval* eval = nullptr;  // the label solves' above 14 empties (Labeller)
};

// Takes each game's line, in game order, on the leader.
using CorpusSink = std::function<void(std::uint64_t game, const std::string& line)>;

// Makes games first..games-1 here, on `threads` threads, each thread with
// its Labeller. An error in one (a sink that cannot write) stops the others
// and is thrown here once they ended.
void make_corpus_games(const CorpusWork& work, const CorpusSink& sink);

// The corpus file being made (a record file, train/corpus.hpp): created
// anew, or with `resume` gone on with after an interrupt; a corpus of fewer
// --games by the same command otherwise is the start of this one (game g is
// made from the seed and g alone) and is made longer: read whole and
// checked first, then its first record rewritten to name this count.
// Refusals (file:line:column) before anything is written.
struct CorpusOutput {
  RecordFile file;
  std::uint64_t games = 0;    // the games in it already
  std::uint64_t samples = 0;  // their samples
  int grown_from = 0;         // the --games it named when made longer, or 0
};
CorpusOutput open_corpus_output(const std::string& path, const train::CorpusConfig& config,
                                bool resume);

// Where the games are made when not here: over the ranks of an MPI job.
class CorpusTransport {
 public:
  virtual ~CorpusTransport() = default;
  virtual bool leader() const = 0;
  // On the leader, makes the games (giving them to `sink`); elsewhere makes
  // what the leader hands out, until it lets this process go.
  virtual void run(const CorpusWork& work, const CorpusSink& sink) = 0;
};
// The transport set by the MPI binary; none (make here) by default.
CorpusTransport* corpus_transport();
void set_corpus_transport(CorpusTransport* transport);

}  // namespace rb
