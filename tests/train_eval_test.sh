#!/usr/bin/env bash
# train-eval. Usage: train_eval_test.sh BIN SOURCE_DIR small|shipped|all|first
#   small    the same seed gives the same weights file twice (a tiny
#            training), another seed another file, and so does
#            --search-labels; a bad option is exit 2
#            and -t 3 writes the bytes of -t 1
#   shipped  the stages 8..15 and 16..23 of the shipped weights
#            (data/pattern-weights.txt), their lines and their comment
#            lines, are what scripts/make-weights.sh makes, byte for byte,
#            with -t as many as the cores, from the shipped first weights
#            (data/first-weights.txt.xz): its steps 2 and 3, the corpus
#            the first weights play and the fit on it (the command of the
#            last is on line 3 of the file), the fit up to 23 empties (its
#            MAX; the stages above are fitted from these); 14 minutes: the
#            CTest label "weights", run by `scripts/test.sh --weights`
#   all      the same, every stage: the whole file byte for byte; about an
#            hour: the CTest label "weights-all" (`ctest -L weights-all`)
#   first    the shipped first weights are what step 1 makes (train-eval
#            --seed 1), byte for byte; 11 minutes: the CTest label
#            "weights", run by `scripts/test.sh --weights`
set -euo pipefail
bin=$1 src=$2 mode=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "train_eval_test: $*" >&2; exit 1; }

# The lines of the stages 8..15 and 16..23 of a weights file: their
# comment lines and their weights (up to the next stage's line, or the end).
low_stages() {
  grep -E '^# stage (8\.\.15|16\.\.23):' "$1"
  sed -n '/^stage 8 15 /,$p' "$1" | sed '/^stage 24 31 /,$d'
}
if [ "$mode" = shipped ] || [ "$mode" = all ]; then
  shipped=$src/data/pattern-weights.txt
  command=$(sed -n '3p' "$shipped" | sed 's/^# //')
  case $command in "reversi-bench train-eval --corpus corpus.txt "*) ;; *)
    fail "line 3 of $shipped is not the fit on corpus.txt of scripts/make-weights.sh";; esac
  max=59
  [ "$mode" = shipped ] && max=23
  "$src/scripts/make-weights.sh" "$bin" "$tmp" "$(nproc)" "$src/data/first-weights.txt.xz" \
    "$max" || fail "scripts/make-weights.sh failed"
  if [ "$mode" = all ]; then
    cmp -s "$shipped" "$tmp/pattern-weights.txt" ||
      fail "scripts/make-weights.sh does not regenerate $shipped from data/first-weights.txt.xz"
    echo "train_eval_test: the shipped weights regenerate from the shipped first weights"
    exit 0
  fi
  low_stages "$shipped" >"$tmp/shipped-low.txt"
  low_stages "$tmp/pattern-weights.txt" >"$tmp/made-low.txt"
  [ "$(grep -c '^stage ' "$tmp/shipped-low.txt")" = 2 ] ||
    fail "$shipped has not the stages 8..15 and 16..23 first"
  cmp -s "$tmp/shipped-low.txt" "$tmp/made-low.txt" ||
    fail "scripts/make-weights.sh does not regenerate the stages 8..23 of $shipped from data/first-weights.txt.xz"
  echo "train_eval_test: the shipped weights' stages 8..23 regenerate from the shipped first weights"
  exit 0
fi
if [ "$mode" = first ]; then
  # Step 1 alone (make-weights.sh always goes on to steps 2 and 3): its
  # command, as line 3 of the first weights and the script both spell it.
  first=$src/data/first-weights.txt.xz
  xz -dc "$first" >"$tmp/shipped-first.txt"
  command=$(sed -n '3p' "$tmp/shipped-first.txt" | sed 's/^# reversi-bench //')
  case $command in "train-eval --seed 1 "*) ;; *)
    fail "line 3 of $first is not the train-eval --seed command of scripts/make-weights.sh";; esac
  # make-weights.sh with its continued lines joined
  joined=$(sed -e ':a' -e '/\\$/{N;s/\\\n *//;ba' -e '}' "$src/scripts/make-weights.sh")
  grep -qF -- "step $command -o player.txt" <<<"$joined" ||
    fail "scripts/make-weights.sh's step 1 is not line 3 of $first: '$command'"
  read -r -a words <<<"$command"
  "$bin" "${words[@]}" -t "$(nproc)" -o "$tmp/player.txt" >/dev/null 2>&1 ||
    fail "step 1 ($command) failed"
  cmp -s "$tmp/shipped-first.txt" "$tmp/player.txt" ||
    fail "step 1 ($command) does not regenerate $first"
  echo "train_eval_test: the shipped first weights regenerate"
  exit 0
fi
[ "$mode" = small ] || fail "unknown mode '$mode' (small, shipped, all or first)"

small=(--games 16 --exact-empties 10 --min-empties 6 --max-empties 16 --iterations 20)
"$bin" train-eval --seed 7 "${small[@]}" -o "$tmp/a.txt" 2>/dev/null
"$bin" train-eval --seed 7 "${small[@]}" -o "$tmp/b.txt" 2>/dev/null
cmp -s "$tmp/a.txt" "$tmp/b.txt" || fail "two runs with one seed wrote different files"
grep -q '^stage ' "$tmp/a.txt" || fail "no stage in the weights written"
"$bin" train-eval --seed 8 "${small[@]}" -o "$tmp/c.txt" 2>/dev/null
cmp -s "$tmp/a.txt" "$tmp/c.txt" && fail "another seed wrote the same file"
# Search labels (the stage 14..16 labelled by searches down to 13 empties):
# the same file twice, and not the file of the outcome labels.
"$bin" train-eval --seed 7 "${small[@]}" --search-labels -o "$tmp/d.txt" 2>/dev/null
"$bin" train-eval --seed 7 "${small[@]}" --search-labels -o "$tmp/e.txt" 2>/dev/null
cmp -s "$tmp/d.txt" "$tmp/e.txt" || fail "two runs with --search-labels wrote different files"
grep -q '^# stage 14\.\.16: labels of .* searched down to 13 empties' "$tmp/d.txt" ||
  fail "--search-labels: no searched stage in the file's comments"
cmp -s "$tmp/a.txt" "$tmp/d.txt" && fail "--search-labels wrote the file of the outcome labels"
# Threads: the labels of -t 3 (games solved and samples searched by
# whichever thread is free) give the bytes of -t 1.
"$bin" train-eval --seed 7 "${small[@]}" -t 3 -o "$tmp/f.txt" 2>/dev/null
cmp -s "$tmp/a.txt" "$tmp/f.txt" || fail "-t 3 wrote another file than -t 1"
"$bin" train-eval --seed 7 "${small[@]}" --search-labels -t 3 -o "$tmp/g.txt" 2>/dev/null
cmp -s "$tmp/d.txt" "$tmp/g.txt" || fail "--search-labels -t 3 wrote another file than -t 1"

# Exit codes: a bad option is exit 2 with a one-line error.
set +e
"$bin" train-eval --seed 1 --games 0 -o "$tmp/x.txt" 2>"$tmp/err"; code=$?
set -e
[ "$code" = 2 ] || fail "--games 0: exit $code, not 2"
[ "$(wc -l <"$tmp/err")" = 1 ] || fail "--games 0: not a one-line error"

echo "train_eval_test: ok"
