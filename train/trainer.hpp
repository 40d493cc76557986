// The pattern evaluation's trainer (`reversi-bench train-eval`): learns the
// weights of eval/pattern.hpp from the project's own games and solver,
// deterministically for a seed.
//
// 1. Games. Game g (from the seed's generator) is a random game when g is
//    even (uniform legal moves) and a self-played game when g is odd: after
//    8 random plies, each move is the one whose position is worst for the
//    opponent by ClassicEval, except that one move in 8 is random. Every
//    position with a legal move and between min_empties and max_empties
//    empties is a sample.
// 2. Labels. A sample with at most exact_empties empties is labelled with
//    its exact score, solved by the project's solver (trainer_session(): the
//    fastest board with the empty-square list, PVS, table, every cutoff;
//    the score does not depend on the configuration). A sample with more
//    empties is labelled with the exact score of the first sample of the
//    same game with at most exact_empties empties (for the side to move of
//    the labelled sample), i.e. the outcome of the game as played to there
//    and perfectly from there on: a noisy label, whose noise the least
//    squares average out. With search_labels, the samples above
//    exact_empties of every stage but the first are instead labelled when
//    their stage comes to be fitted (stages go from the fewest empties up):
//    the value of an alpha-beta search from them down to the top of the
//    stage below (8 plies at most with stages 8 wide), its leaves evaluated
//    with the weights just fitted for the stages below (label_search()
//    defines it; midgame_label() finds it, with the playing search's
//    midgame). Those labels are much less noisy (the held-out errors of the
//    16-23 and 24-31 stages fall from 15.6 and 21.3 discs to 6.1 and 5.3,
//    each against its own labels), and they order better:
//    results/2026-11-24-eval-labels.
// 3. Fit. Per stage (stage_width consecutive empties counts), ridge
//    regression of the label (discs) on the pattern features (for each of
//    the 88 images, its shape's weight at its index) and a bias: the normal
//    equations (X'X + ridge I) w = X'y solved by iterations steps of
//    conjugate gradients from w = 0, in a fixed order; the weights are then
//    rounded to kEvalScale units. The games g with g % 10 == 9 are held out
//    of the fit: the file's comments give the error on them per stage.
//    With network.width > 0, each stage then gets a network fitted to what
//    its rounded linear weights leave (train/network_fit.hpp), on the same
//    samples; the comments give the held-out error with and without it.
//
// The games are played in one sequence from the seed, and the fit runs in a
// fixed order; the labels (step 2 and the label searches) are computed on
// `threads` threads, each game's solves or each sample's search by one
// thread. A label does not depend on which thread computed it or when
// (exact scores; a search label is the value label_search() defines,
// whatever order and table found it), so the same arguments give the same
// bytes whatever the threads and the machine's board. The file names the command that
// made it (without -o and -t).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "eval/pattern.hpp"
#include "train/network_fit.hpp"

namespace rb::train {

struct TrainConfig {
  std::uint64_t seed = 1;
  int games = 1000;
  int exact_empties = 14;
  int min_empties = 8;
  int max_empties = 31;
  int stage_width = 8;
  double ridge = 32;
  int iterations = 100;
  bool search_labels = false;
  NetworkConfig network;  // each stage's network (train/network_fit.hpp), if width > 0
  int threads = 1;        // not in the command line: the bytes do not depend on it
};

// The weights, and the comments their file opens with: the command that
// made them and each stage's errors.
struct Trained {
  PatternWeights weights;
  std::vector<std::string> comments;
};

// A fit going on from an earlier one, and telling of each stage
// (train-eval --resume). A stage's fit depends on the samples and the
// stages below it alone (the labels of its samples, searched or not, and
// its network's seed come from them), so the stages of an earlier fit by
// the same command, --max-empties aside, are the bytes this one would fit:
// they are kept, and the fit goes on from the first stage it lacks.
struct Resume {
  // The earlier weights and their comments (without `earlier`, nothing is
  // kept); `path` names them in messages (printable: escape_controls()).
  const Trained* earlier = nullptr;
  std::string path;
  // Called after each stage fitted (not after one kept), with the weights
  // so far and their comments, the last of which says that they are
  // unfinished (kUnfinished).
  std::function<void(const Trained&)> on_stage;
};
// The comment that opens the last line of an unfinished fit's comments.
inline constexpr const char* kUnfinished = "unfinished:";

// The weights of `config`, with progress on stderr. UsageError for a range
// that holds no sample or a fit beyond 16-bit weights, or for earlier
// weights of another command; CheckFailed for a label solve that did not
// finish.
Trained train_weights(const TrainConfig& config, const Resume& resume = {});

// The command line that makes these weights (the file names it).
std::string command_line(const TrainConfig& config);

struct Corpus;
// The weights fitted on a corpus (train/corpus.hpp) read from `path`: its
// games' samples between config's min and max empties, labelled as made
// (its exact_empties replaces the config's), the fit and the search labels
// as above. UsageError for an empties range the corpus does not hold.
Trained train_from_corpus(const Corpus& corpus, const std::string& path, TrainConfig config,
                          const Resume& resume = {});

// The command line of train_from_corpus() (the file names it).
std::string corpus_command_line(const TrainConfig& config, const std::string& path);

}  // namespace rb::train
