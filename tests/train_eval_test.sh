#!/usr/bin/env bash
# train-eval: the same seed gives the same weights file twice, and the
# shipped weights (data/pattern-weights.txt) are what the command written in
# their header regenerates, byte for byte. Usage: train_eval_test.sh BIN
# SOURCE_DIR full|quick (quick: the sanitizer build, which skips the shipped
# file's regeneration and trains a tiny set twice).
set -euo pipefail
bin=$1 src=$2 mode=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "train_eval_test: $*" >&2; exit 1; }

small=(--games 16 --exact-empties 10 --min-empties 6 --max-empties 16 --iterations 20)
"$bin" train-eval --seed 7 "${small[@]}" -o "$tmp/a.txt" 2>/dev/null
"$bin" train-eval --seed 7 "${small[@]}" -o "$tmp/b.txt" 2>/dev/null
cmp -s "$tmp/a.txt" "$tmp/b.txt" || fail "two runs with one seed wrote different files"
grep -q '^stage ' "$tmp/a.txt" || fail "no stage in the weights written"
"$bin" train-eval --seed 8 "${small[@]}" -o "$tmp/c.txt" 2>/dev/null
cmp -s "$tmp/a.txt" "$tmp/c.txt" && fail "another seed wrote the same file"

# Exit codes: a bad option is exit 2 with a one-line error.
set +e
"$bin" train-eval --seed 1 --games 0 -o "$tmp/x.txt" 2>"$tmp/err"; code=$?
set -e
[ "$code" = 2 ] || fail "--games 0: exit $code, not 2"
[ "$(wc -l <"$tmp/err")" = 1 ] || fail "--games 0: not a one-line error"

[ "$mode" = full ] || exit 0
shipped=$src/data/pattern-weights.txt
command=$(sed -n '3p' "$shipped" | sed 's/^# //')
case $command in "reversi-bench train-eval "*) ;; *) fail "no command on line 3 of $shipped";; esac
read -r -a words <<<"${command#reversi-bench }"
"$bin" "${words[@]}" -o "$tmp/shipped.txt" 2>/dev/null
cmp -s "$shipped" "$tmp/shipped.txt" || fail "'$command' does not regenerate $shipped"
echo "train_eval_test: ok"
