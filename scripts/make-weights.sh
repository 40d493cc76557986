#!/usr/bin/env bash
# Makes the shipped pattern weights (data/pattern-weights.txt) from nothing,
# byte for byte, in three deterministic steps (train/trainer.hpp,
# train/corpus.hpp):
#   1. player.txt   the first weights, fitted on random and greedy games
#                   (train-eval --seed);
#   2. corpus.txt   16,000 games played by the search at depth PLAY_DEPTH
#                   with player.txt, labelled by exact solves up to 14
#                   empties (make-corpus --play-depth);
#   3. pattern-weights.txt  the weights fitted on that corpus
#                   (train-eval --corpus), what data/ ships.
# The games of step 2 are what the solver meets (positions of play, not of
# random games), which is what made step 3's weights search fewer positions:
# results/2026-11-27-played-corpus.
#
# Usage: scripts/make-weights.sh BIN DIR [THREADS]
#   BIN      the reversi-bench binary
#   DIR      a folder for the three files (made if missing; files in it
#            are replaced)
#   THREADS  -t for each step (default: the cores); the bytes do not
#            depend on it
# The test train_eval_shipped runs it and compares DIR/pattern-weights.txt
# with data/pattern-weights.txt (scripts/test.sh --extra).
set -euo pipefail
bin=$1 dir=$2 threads=${3:-$(nproc)}
readonly PLAY_DEPTH=4
mkdir -p "$dir"
cd "$dir"
rm -f player.txt corpus.txt pattern-weights.txt
step() {
  local start=$SECONDS
  "$bin" "$@" -t "$threads" >/dev/null
  echo "make-weights: reversi-bench $* ($((SECONDS - start)) s)" >&2
}
step train-eval --seed 1 --games 16000 --exact-empties 14 --min-empties 8 --max-empties 59 \
  --stage-width 8 --ridge 32 --iterations 100 --search-labels -o player.txt
step make-corpus --seed 1 --games 16000 --exact-empties 14 --min-empties 8 --max-empties 59 \
  --play-depth "$PLAY_DEPTH" --eval-weights player.txt -o corpus.txt
step train-eval --corpus corpus.txt --min-empties 8 --max-empties 59 --stage-width 8 \
  --ridge 32 --iterations 100 --search-labels -o pattern-weights.txt
