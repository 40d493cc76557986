// The trainer's games (train/trainer.hpp, step 1): random and self-played
// games from the start, and the positions sampled from them.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <random>
#include <string_view>
#include <vector>

#include "core/position.hpp"
#include "eval/pattern.hpp"
#include "search/session.hpp"
#include "variants/kindergarten/kindergarten.hpp"

namespace rb::train {

// The board of the trainer's own move generation: the random and greedy
// moves of its games, and the plain label search (train/fit.hpp).
using Kernel = KindergartenList;

// The trainer's searches (the playing search's moves, the label searches,
// the exact labels) run on the fastest variant with the empty-square list
// that this CPU runs (`-v auto`, variants/runtime.hpp). A search visits the
// same nodes and returns the same result on every board with the same move
// source (search/solver.hpp), so a corpus or weights are the same bytes
// whatever the machine; only the time differs.
// The trainer's one search set-up (search/session.hpp): the rung `preset`
// on one thread with tables of `tt_mb` MiB (the preset's when none), `eval`
// (owned by the caller) at the leaves where the preset evaluates, `adjust`
// changing its options (no ProbCut for a label).
SearchSession trainer_session(std::string_view preset, const PatternEval* eval,
                              std::optional<std::size_t> tt_mb = std::nullopt,
                              const std::function<void(SolveOptions&)>& adjust = {});

struct Sample {
  Bitboard player, opponent;
  int empties;
  Color side;
  double label = 0;
};

// The playing search's move (search/think.hpp: iterative deepening to
// `depth` plies with `eval` at the leaves, the endgame solved for
// win/loss/draw and then exactly at the level's empties), on one thread
// with its tables cleared before each move, so that the move depends on
// the position alone, not on the games searched before. Its endgames are
// solved with a fixed rung of the ladder, not `best` (train/games.cpp).
class SearchPlayer {
 public:
  SearchPlayer(const PatternEval& eval, int depth);
  ~SearchPlayer();
  SearchPlayer(const SearchPlayer&) = delete;
  SearchPlayer& operator=(const SearchPlayer&) = delete;
  Square move(const Position& p);

 private:
  SearchSession session_;
  int depth_;
};

// One game's samples (labels not yet set), in the order played: every
// position with a legal move and between min_empties and max_empties
// empties. A random game (uniform legal moves) unless `self_play`: then,
// after 8 random plies, each move is `player`'s or, without one, the one
// whose position is worst for the opponent by ClassicEval, except that one
// move in 8 is random. `end`: the final position.
std::vector<Sample> play_game(std::mt19937_64& rng, bool self_play, int min_empties,
                              int max_empties, Position& end, SearchPlayer* player = nullptr);

// The final score for black of a position where neither side can move.
int final_for_black(const Position& p);

}  // namespace rb::train
