// The trainer's fit and labels (train/trainer.hpp, steps 2 and 3).
#pragma once

#include <cstdint>
#include <vector>

#include "eval/pattern.hpp"
#include "train/games.hpp"

namespace rb::train {

// Ridge regression by conjugate gradients (train/trainer.hpp, step 3): the
// weights of pattern::features() and, last, the bias, in discs.
std::vector<double> fit(const std::vector<Sample>& samples, double ridge, int iterations);

// The value of a label: fail-soft alpha-beta `depth` plies deep (a pass is
// no ply), in kEvalScale units, `eval` at the leaves and a game over scored
// exactly. The definition, plainly written: the tests check midgame_label()
// against it.
int label_search(Bitboard player, Bitboard opponent, int depth, int alpha, int beta,
                 const PatternEval& eval);

// The same value (label_search() with the full window), found by the
// playing search's midgame (search/midgame.hpp: PVS, iterative deepening,
// its table, moves ordered by the evaluation carried down) without
// ProbCut: a depth-limited score is one number, whatever the order and the
// table. `table` and `midgame_table` need not be cleared between positions
// whose searches end at the same empties count with the same `eval`.
// `session` (label_session()) keeps its tables between positions whose
// searches end at the same empties count.
int midgame_label(const Position& position, int depth, SearchSession& session);

// The label searches' session: the best rung's midgame without ProbCut,
// `eval` at the leaves, tables of `tt_mb` MiB.
SearchSession label_session(const PatternEval& eval, std::size_t tt_mb);

// search_labels: the samples of the stage lo..hi (fitted and held out) with
// more than exact_empties empties (the others' labels are exact) take as
// label the value of label_search() from them down to lo - 1 empties, its
// leaves evaluated with `below`, the weights of the stages fitted so far
// (found by midgame_label()). Returns how many samples were labelled. The
// samples are searched on `threads` threads, the labels the same whatever
// their number.
int search_label(std::vector<Sample>& samples, std::vector<Sample>& held_out,
                 const PatternWeights& below, int lo, int hi, int exact_empties, int threads);

// A weight in kEvalScale units; one beyond 16 bits is an ill-conditioned
// fit (a UsageError naming --ridge).
std::int16_t quantize(double discs, double ridge);

}  // namespace rb::train
