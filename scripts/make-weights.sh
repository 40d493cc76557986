#!/usr/bin/env bash
# Makes the shipped pattern weights (data/pattern-weights.txt) from nothing,
# byte for byte, in three deterministic steps (train/trainer.hpp,
# train/corpus.hpp):
#   1. player.txt   the first weights, fitted on random and greedy games
#                   (train-eval --seed);
#   2. corpus.txt   64,000 games played by the search at depth PLAY_DEPTH
#                   with player.txt, labelled by exact solves up to 14
#                   empties (make-corpus --play-depth);
#   3. pattern-weights.txt  the weights fitted on that corpus
#                   (train-eval --corpus), what data/ ships;
# and with RB_NETWORK=1 a fourth:
#   4. network-weights.txt  every stage fitted on the same corpus with its
#                   network (--network-width 4), the weights the engine plays
#                   with (data/network-weights.txt, eval/play_weights.hpp);
#                   about 2.5 hours on 2 cores, its label searches above 23
#                   empties using the networks below. It goes on from a
#                   network-weights.txt it left unfinished (--resume). No
#                   test runs it (longer than CI allows); the file's first
#                   comment lines are its command and corpus.
# The games of step 2 are what the solver meets (positions of play, not of
# random games), which is what made step 3's weights search fewer positions:
# results/2026-11-27-played-corpus; and 64,000 of them rather than 16,000
# searched fewer again: results/2026-11-28-corpus-64k.
#
# Usage: scripts/make-weights.sh BIN DIR [THREADS [FIRST [MAX]]]
#   BIN      the reversi-bench binary
#   DIR      a folder for the three files (made if missing; files in it
#            are replaced)
#   THREADS  -t for each step (default: the cores); the bytes do not
#            depend on it
#   FIRST    first weights to start from (xz-compressed if it ends in
#            .xz) instead of step 1: data/first-weights.txt.xz is what step 1
#            makes, so that steps 2 and 3 can be checked without it
#   MAX      step 3 fits the stages up to MAX empties only (default 59:
#            all); a stage's fit depends on the corpus and the stages below
#            it alone, so those stages are the bytes of the whole file's
# Step 1 takes about 11 minutes on 2 cores, step 2 about 6, step 3 about
# 50 (7 up to 23 empties). The test train_eval_shipped runs steps 2 and 3
# from data/first-weights.txt.xz with MAX 23 and compares the stages 8..23
# of DIR/pattern-weights.txt with data/pattern-weights.txt's (scripts/test.sh
# --extra, what CI runs); train_eval_all runs them whole and compares the
# files; train_eval_first runs step 1's command, checked against this
# script's, and compares its output with data/first-weights.txt.xz (both
# scripts/test.sh --weights).
set -euo pipefail
bin=$1 dir=$2 threads=${3:-$(nproc)} first=${4:-} max=${5:-59}
readonly PLAY_DEPTH=4 GAMES=64000
if [ -n "$first" ]; then
  [ -r "$first" ] || { echo "make-weights: FIRST '$first': no such file" >&2; exit 2; }
  first=$(cd "$(dirname "$first")" && pwd)/$(basename "$first")
fi
mkdir -p "$dir"
cd "$dir"
rm -f player.txt corpus.txt pattern-weights.txt
step() {
  local start=$SECONDS
  "$bin" "$@" -t "$threads" >/dev/null
  echo "make-weights: reversi-bench $* ($((SECONDS - start)) s)" >&2
}
if [ -n "$first" ]; then
  case $first in
    *.xz) xz -dc "$first" >player.txt ;;
    *) cp "$first" player.txt ;;
  esac
  echo "make-weights: player.txt from $first (step 1 not run)" >&2
else
  step train-eval --seed 1 --games 16000 --exact-empties 14 --min-empties 8 --max-empties 59 \
    --stage-width 8 --ridge 32 --iterations 100 --search-labels -o player.txt
fi
step make-corpus --seed 1 --games "$GAMES" --exact-empties 14 --min-empties 8 --max-empties 59 \
  --play-depth "$PLAY_DEPTH" --eval-weights player.txt -o corpus.txt
step train-eval --corpus corpus.txt --min-empties 8 --max-empties "$max" --stage-width 8 \
  --ridge 32 --iterations 100 --search-labels -o pattern-weights.txt
if [ "${RB_NETWORK:-0}" = 1 ]; then
  resume=()
  [ -e network-weights.txt ] && resume=(--resume)
  step train-eval --corpus corpus.txt --min-empties 8 --max-empties "$max" --stage-width 8 \
    --ridge 32 --iterations 100 --search-labels --network-width 4 -o network-weights.txt \
    "${resume[@]}"
fi
