// The training corpus (`reversi-bench make-corpus`, run/corpus.hpp): the
// trainer's games (train/games.hpp) with their labels, made once and kept
// in a file, so that fits (`train-eval --corpus`) and measurements read
// them instead of playing and solving again, and so that the solves can be
// spread over threads and over the ranks of an MPI job.
//
// Game g is played from its own generator, seeded from the corpus seed and
// g (game_seed()): a random game when g is even, a self-played one when g
// is odd (play_game()); with play_depth, every game is self-played by the
// playing search at that depth (SearchPlayer) with the evaluation given,
// whose weights the corpus names by their checksum (weights_checksum()).
// Its samples have between min_empties and max_empties empties; a sample
// with at most exact_empties empties is labelled with its exact score, one
// above with the exact score of the first sample of its game at or below
// exact_empties (for its side to move), or, in a game that ended before,
// the final score: the labels of train/trainer.hpp, step 2. So a game's
// line does not depend on which thread or rank made it, nor on the games
// made before it, and the file is the same bytes however it was made.
//
// The file is a record file (io/record_file.hpp): the header line
// "reversi-bench corpus 2", a first record naming the corpus (the command
// that makes it, corpus_identity()), then one record per game in game
// order: "G N" and N samples, each "BOARD SIDE LABEL" (io/obf.hpp's board
// string, the label an integer number of discs). Each line ends in its
// check; a line cut short by an interrupt is dropped when the corpus is
// resumed or read, a damaged or edited one refused with file:line.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "eval/pattern.hpp"
#include "io/record_file.hpp"
#include "search/session.hpp"
#include "train/games.hpp"

namespace rb::train {

struct CorpusConfig {
  std::uint64_t seed = 1;
  int games = 1000;
  int exact_empties = 14;
  int min_empties = 8;
  int max_empties = 59;
  int play_depth = 0;              // 0: random and greedy games
  std::uint64_t play_weights = 0;  // with play_depth: weights_checksum() of the player's
};

// FNV-1a of the weights' stages (ranges, biases and weights): what a corpus
// played by the search records of the evaluation it played with.
std::uint64_t weights_checksum(const PatternWeights& weights);

// The corpus file's first record: the command that makes it, its identity
// (a resumed corpus must have it).
std::string corpus_identity(const CorpusConfig& config);

// The most bytes a corpus file may have.
inline constexpr std::size_t kMaxCorpusBytes = std::size_t{16} << 30;

// The corpus file's header line, and its kind for messages (`option`: the
// option that names the file).
inline constexpr std::string_view kCorpusHeader = "reversi-bench corpus 2\n";
RecordKind corpus_kind(std::string_view option);

// The --games count that a corpus's identity names, or 0 when it names
// none.
int named_games(std::string_view identity);

// The generator seed of game g.
std::uint64_t game_seed(std::uint64_t seed, std::uint64_t g);

// Solves the labels: one table for all its solves (it holds true bounds of
// the positions it keys on, so the scores stay exact whichever positions it
// saw before). Up to 14 empties the solver's fastest rung that needs no
// evaluation; above, with `eval` when given, the default preset with it
// (faster there; the score is exact either way). With play_depth (and
// `eval`), it also holds the SearchPlayer that plays the games.
class Labeller {
 public:
  explicit Labeller(const PatternEval* eval = nullptr, int play_depth = 0);
  ~Labeller();
  // The exact score of a sample for its side to move; CheckFailed when the
  // solve did not finish.
  int exact(const Sample& s);
  // Labels one game's samples (in the order played; `end` its final
  // position) as the opening comment says; returns how many were solved.
  int label_game(std::vector<Sample>& game, const Position& end, int exact_empties);
  SearchPlayer* player() { return player_.get(); }

 private:
  std::unique_ptr<SearchPlayer> player_;
  // The label solves: without an evaluation (few empties, or no weights),
  // and with the weights (above kPlainSolveEmpties); their tables kept.
  SearchSession plain_;
  std::optional<SearchSession> evaluated_;
};

// Game g of the corpus, labelled: its line (without the newline).
std::string corpus_game_line(const CorpusConfig& config, std::uint64_t g, Labeller& labeller);

// A corpus read back: its configuration and, game by game in order, the
// labelled samples.
struct Corpus {
  CorpusConfig config;
  std::vector<std::vector<Sample>> games;
};

// A corpus's records parsed one by one (RecordFile::read() or resume()
// hands them over): InputError naming the file, line and column of
// anything that is not one. With `identity` not empty, the first record
// must equal it (the first option that differs is named).
class CorpusReader {
 public:
  CorpusReader(std::string path, std::string identity);
  void add(int line, std::string_view text);
  bool named() const { return named_; }  // the first record was read
  // The corpus read; InputError when the file held no record, or, with
  // `whole`, fewer games than its command names (a corpus cut short).
  Corpus take(bool whole = true);

 private:
  std::string path_, identity_;
  bool named_ = false;
  int last_line_ = 1;
  Corpus corpus_;
};

// Reads a corpus file whole, as an input (a last line cut short is
// dropped). Every reader refuses an unfinished corpus (fewer games than its
// command names: fitted on, it would be named for games it does not hold),
// unless `whole` is false (make-corpus going on with it).
Corpus read_corpus(const std::string& path, std::string_view identity = {}, bool whole = true);

}  // namespace rb::train

namespace rb::train {

// The samples an evaluation is measured on: those at or below the corpus's
// exact_empties of the games g with g % 10 == 9 (those train-eval holds
// out), or of every game, in the corpus's order, each with its evaluation
// (discs, for the side to move, as its exact label).
struct EvalSample {
  int game = 0;
  int empties = 0;
  double label = 0;       // discs
  double evaluation = 0;  // discs
};
std::vector<EvalSample> eval_samples(const Corpus& corpus, const PatternEval& eval,
                                     bool every_game);

// Their error per empties count, fewest empties first.
struct EvalError {
  int empties = 0;
  int samples = 0;
  double rms = 0;   // discs
  double mean = 0;  // evaluation - label, discs
};
std::vector<EvalError> eval_errors(const std::vector<EvalSample>& samples);

}  // namespace rb::train
