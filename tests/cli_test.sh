#!/usr/bin/env bash
# Command-line behaviour: exit codes (0 ok, 1 check failed, 2 bad input or
# usage) and one-line errors that name the place at fault.
# Usage: cli_test.sh PATH/TO/reversi-bench POSITIONS_DIR
set -u
bin=$1
positions=$2
source "$(dirname "$0")/cli_lib.sh"
# RB_TEST_SCALE=0 (the sanitizer build, -O0): the same cases on smaller work.
if [[ ${RB_TEST_SCALE:-1} == 0 ]]; then
  perft_depth=7 perft_leaves=55092 no_pass_variants=kindergarten+list
  e12=("$positions/e10.obf") e14=("$positions/e12.obf:1" "$positions/e12.obf:2" "$positions/e12.obf:3")
  e14_one="$positions/e12.obf:1"
else
  perft_depth=8 perft_leaves=390216 no_pass_variants=kindergarten+list,shift
  e12=("$positions/e12.obf") e14=("$positions/e14.obf") e14_one="$positions/e14.obf:1"
fi

expect 0 'reference' -- list
expect 0 'Usage|usage' -- --help
expect 0 'position' -- show --help
expect 0 'legal moves \(4\): d3 c4 f5 e6' -- show start
expect 0 'empties: 20' -- show "$positions/fforum-40-59.obf:1"
expect 0 'legal moves .*a2' -- show "$positions/fforum-40-59.obf:1"
expect 0 'listed best score: \+38' -- show "$positions/fforum-40-59.obf:1"
expect 2 '<argument>:1:5: unknown character' -- show "XXO-garbage"
expect_one_line_error show "XXO-garbage"
expect 2 'no such file' -- show "does/not/exist.obf"
expect 2 'holds 20 positions' -- show "$positions/fforum-40-59.obf:21"
expect 2 'FILE:N' -- show "$positions/fforum-40-59.obf:x"
expect 2 'error' -- no-such-command
expect 2 'error' -- show
expect_one_line_error show
expect_one_line_error show "$positions/fforum-40-59.obf:0"

# perft: counts checked against the published table; a doctored table fails.
expect 0 "^ +$perft_depth +$perft_leaves .* ok" -- perft -v shift -d "$perft_depth"
expect 0 'divide at depth 5' -- perft -v kindergarten+list -d 5 --divide
expect 0 '^ +6 +8200 .* ok' -- perft -v all -d 6 -c no_pass -t 2 --hash 4
expect 0 'shortcut off' -- perft -v shift -d "$perft_depth" --no-shortcut --hash 4 --no-symmetry
expect 0 '^ +9 +3005320 .* ok' -- perft -v "$no_pass_variants" -d 9 -c no_pass --hash 4 --no-shortcut
expect 0 '^ +6 +[0-9]+ ' -- perft -v mailbox -d 6 --position "$positions/fforum-1-19.obf:1"
expect 2 'unknown variant .nope.; valid: reference, mailbox' -- perft -v nope -d 3
expect_one_line_error perft -v nope -d 3
expect 2 'depth' -- perft -v shift -d 61
expect 2 'convention' -- perft -v shift -d 3 -c edax
expect 2 'names 19 positions' -- perft -v shift -d 3 --position "$positions/fforum-1-19.obf"
doctored=$(mktemp -d)
sed 's/^5,1396,/5,1397,/' "$positions/perft-start.csv" >"$doctored/perft-start.csv"
RB_POSITIONS_DIR=$doctored expect 1 'MISMATCH: published 1397' -- perft -v shift -d 6
rm -rf "$doctored"

# verify: a clean run, and usage errors.
# (200 random positions after the 214 targeted ones.)
expect 0 'shift +414 ' -- verify -v shift,mailbox+list -n 200 --seed 3
expect 2 'unknown variant' -- verify -v shiftt -n 10
expect 2 'positions' -- verify -n 0 --no-targeted
expect 0 '^shift +214 ' -- verify -v shift -n 0

# solve: a clean run, a wrong listed score (exit 1), option tables, errors.
expect 0 'wrong scores 0 ' -- solve "$positions/e10.obf:1" -v shift --tt 4 --etc --order mobility
expect 0 'algo alphabeta  order parity' -- solve "$positions/e10.obf:2" -v mailbox --algo alphabeta --order parity
expect 0 'root: null-window tests' -- solve "$positions/e10.obf:3" -v shift --tt 4 --presearch --mtd
expect 0 'selective pass .* nodes' -- solve "$e14_one" -v shift --tt 4 --selective --mtd --selective-min-empties 8
expect 0 '8\+ discs below alpha' -- solve "$positions/e10.obf:3" -v shift --order shallow --shallow-all-margin 8
expect 0 'cut profile' -- solve "$positions/e10.obf:3" -v shift --tt 4 --order mobility --cut-profile
wrong=$(mktemp)
sed -n '1,/^[^%]/p' "$positions/e10.obf" | tail -1 | sed -E 's/:[+-][0-9]+/:+64/g' >"$wrong"
expect 1 'WRONG SCORE' -- solve "$wrong" -v kindergarten
rm -f "$wrong"
expect 2 'order.*(none|fastest)' -- solve "$positions/e10.obf:1" -v shift --order best
expect_one_line_error solve "$positions/e10.obf:1" -v shift --algo negamax
# The rules between options: a technique the command line asks for is
# refused when another given option rules it out; one the preset set gives
# way (and the header says so).
expect 2 '--etc: needs a table' -- solve "$positions/e10.obf:1" -v shift --tt 0 --etc
expect 2 '--presearch: needs a table' -- solve "$positions/e10.obf:1" -v shift --tt 0 --presearch
expect 2 '--selective: needs a table' -- solve "$positions/e10.obf:1" -v shift --tt 0 --selective
expect 0 'differing from the preset: --tt 0 --no-etc --no-presearch --no-selective' -- \
  solve "$positions/e10.obf:1" -v shift --tt 0
expect 0 'differing from the preset: --wld --no-mtd' -- solve "$positions/e10.obf:1" -v shift --wld
expect 0 'preset alphabeta' -- solve "$positions/e10.obf:1" -v shift --preset alphabeta
expect 2 "--preset: 'fast' is not a preset: minimax, alphabeta" -- \
  solve "$positions/e10.obf:1" --preset fast
expect 2 "--algo: '0' is not one of minimax, alphabeta or pvs" -- \
  solve "$positions/e10.obf:1" --algo 0
expect 0 'variant avx512\+list \(auto\)|variant [a-z0-9]+\+list \(auto\)' -- solve "$positions/e10.obf:1"
expect 2 '--selective: needs a window' -- solve "$positions/e10.obf:1" -v shift --tt 4 --selective --algo minimax
expect 2 'selective-margin' -- solve "$positions/e10.obf:1" -v shift --tt 4 --selective --selective-margin -1
expect 2 'shallow-all-margin' -- solve "$positions/e10.obf:1" -v shift --order shallow --shallow-all-margin -2
expect 2 '--mtd: needs a window' -- solve "$positions/e10.obf:1" -v shift --mtd --algo minimax
expect 2 '--mtd: not with --wld' -- solve "$positions/e10.obf:1" -v shift --mtd --wld
expect 2 '--cut-profile: counts one thread' -- solve "$positions/e10.obf:1" -v shift --cut-profile -t 2
expect 2 'list: variant .shift. has no empty-square list' -- solve "$positions/e10.obf:1" -v shift --moves list
expect 0 'moves scan' -- solve "$positions/e10.obf:1" -v shift --moves scan

# Sizes the machine cannot hold are refused before anything is allocated.
expect 2 '^reversi-bench: error: --tt 900000: cannot allocate' -- solve "$positions/e10.obf:1" -v shift --tt 900000
expect_one_line_error solve "$positions/e10.obf:1" -v shift --tt 900000
expect 2 '^reversi-bench: error: --hash 900000: cannot allocate' -- perft -v shift -d 3 --hash 900000
expect 2 'json' -- solve "$positions/e10.obf:1" -v shift --json /nonexistent-folder/out.json

# solve threads: -t threads per position, -j positions side by side; the
# scores do not depend on either; out-of-range counts are one-line errors.
expect 0 'threads 3  jobs 2' -- solve "${e12[@]}" -v kindergarten+list --tt 4 -t 3 -j 2
expect 0 'threads 2: idle [0-9.]+ s of' -- solve "$e14_one" -v mailbox+list --tt 4 -t 2 --split-min-empties 8
expect 0 'wrong scores 0 ' -- solve "${e14[@]}" -v kindergarten --tt 4 -t 4 -j 2 --split-min-empties 8
scores() { "$bin" solve "${e12[@]}" -v shift+list --tt 4 "$@" | awk '$1 ~ /^[0-9]+$/ {print $1, $3}'; }
one_thread=$(scores -t 1)
if [[ -n $one_thread && $one_thread == $(scores -t 5 -j 2 --split-min-empties 6) ]]; then
  passes=$((passes + 1))
else
  echo "FAIL: solve e12 with -t 5 -j 2 gives other scores than with -t 1"; failures=$((failures + 1))
fi
expect 2 '--threads' -- solve "$positions/e10.obf:1" -v shift -t 0
expect_one_line_error solve "$positions/e10.obf:1" -v shift -t 0
expect 2 '--threads.*256' -- solve "$positions/e10.obf:1" -v shift --threads 257
expect 2 '--jobs' -- solve "$positions/e10.obf:1" -v shift -j 0
expect_one_line_error solve "$positions/e10.obf:1" -v shift --jobs 0
expect 2 '--split-min-empties' -- solve "$positions/e10.obf:1" -v shift --split-min-empties 0
expect 2 'json' -- perft -v shift -d 3 --json /nonexistent-folder/out.json

# list --json is a JSON document naming every variant.
expect 0 '"name": "kindergarten\+list"' -- list --json

# Hostile and awkward input (issue #17's audit): each case one line, exit 2,
# or the valid input accepted.
fforum1=$(grep -v '^%' "$positions/fforum-1-19.obf" | head -1)
expect 0 'listed best score: \+18' -- show "$fforum1"
expect 0 'wrong scores 0' -- solve -v shift "$fforum1" --tt 4
expect 0 '^ +3 +[0-9]+ ' -- perft -v shift -d 3 -p "$fforum1"
expect 2 'larger than 256 MiB' -- show /dev/zero
expect_one_line_error show /dev/zero
expect 2 'nope.txt: no such file, and not a board string' -- show nope.txt
expect 2 "--seed: '-1' is out of range \(expected a whole number from 0 to 18446744073709551615\)" -- sample -n 3 --seed -1
expect 2 "--seed: '18446744073709551616' is out of range" -- verify -n 3 --seed 18446744073709551616
expect 0 'then 3 random \(seed 18446744073709551615\)' -- verify -v shift -n 3 --seed 18446744073709551615
expect 2 "--time-limit: 'nan' is not a number" -- solve "$positions/e10.obf:1" -v shift --time-limit nan
expect 2 '--json: the file name is empty' -- solve "$positions/e10.obf:1" -v shift --json ''
expect 2 '--json: the file name is empty' -- perft -v shift -d 2 --json ''
expect 2 "unknown command 'nosuch'; commands: list, show" -- nosuch
expect 0 'Usage' -- help
expect 0 'reversi-bench [0-9]+\.[0-9]+\.[0-9]+ \(commit' -- --version
full_out=$("$bin" sample -n 2 2>&1 >/dev/full)
if [[ $? -eq 2 && $full_out == *"cannot write to standard output"* ]]; then pass;
else fail "sample > /dev/full: $full_out"; fi
# make-suite keeps an existing file until the new suite is complete; the
# positions it finished stay in OUTPUT.partial (a record file), which a new
# run does not overwrite and --resume goes on with (-n may differ, -e and
# --seed may not): the suite is the bytes of a run never interrupted.
suite_dir=$(mktemp -d)
echo "% keep me" >"$suite_dir/s.obf"
# (10 empties: a position takes milliseconds even in the sanitizer build
# under load, 10000 of them far more than the 2 s allowed.)
timeout 2 "$bin" make-suite -e 10 -n 10000 --seed 3 -o "$suite_dir/s.obf" >/dev/null 2>&1
kept=$(grep -c '^[XO-]\{64\} [XO];.* [0-9a-f]\{8\}$' "$suite_dir/s.obf.partial")
if [[ $(cat "$suite_dir/s.obf") == "% keep me" && $kept -ge 1 ]]; then
  pass
else
  fail "an interrupted make-suite changed its output or kept nothing"
fi
expect_error "'.*s\.obf\.partial' exists already; continue it with --resume, or remove it" -- \
  make-suite -e 10 -n 2 --seed 3 -o "$suite_dir/s.obf"
expect_error "s\.obf\.partial:2: a partial suite of another run: '% -e 10 --seed 3', this run has '% -e 8 --seed 3'" -- \
  make-suite -e 8 -n 2 --seed 3 --resume -o "$suite_dir/s.obf"
expect_lines 0 "resumed: $kept positions taken from the partial file" -- \
  make-suite -e 10 -n $((kept + 2)) --seed 3 --resume -o "$suite_dir/s.obf"
"$bin" make-suite -e 10 -n $((kept + 2)) --seed 3 -o "$suite_dir/whole.obf" 2>/dev/null
if cmp -s "$suite_dir/s.obf" "$suite_dir/whole.obf" && [[ ! -e "$suite_dir/s.obf.partial" ]]; then
  pass
else
  fail "a resumed make-suite: another suite than one run's, or its partial file left"
fi
expect 0 '' -- make-suite -e 8 -n 2 --seed 3 -o "$suite_dir/s.obf"
if [[ $(grep -vc '^%' "$suite_dir/s.obf") -eq 2 && ! -e "$suite_dir/s.obf.partial" ]]; then
  pass
else
  fail "a finished make-suite did not replace its output"
fi
rm -rf "$suite_dir"

# The playing search (search, gtp, nboard) evaluates with the shipped
# network weights by default, the solver with the linear ones: the default
# search is --eval-weights data/network-weights.txt's, not
# data/pattern-weights.txt's (on this position their moves differ), and
# engine-test's built-in solver names the linear weights.
weights=$positions/../data
play_line() {  # the best line, without its time
  "$bin" search "$positions/corpus.obf:900" --depth 6 --tt 4 "$@" 2>&1 | grep '^best' |
    sed 's/ [0-9.]* s$//'
}
played=$(play_line)
network=$(play_line --eval-weights "$weights/network-weights.txt")
linear=$(play_line --eval-weights "$weights/pattern-weights.txt")
if [[ -n $played && $played == "$network" && $played != "$linear" ]]; then
  pass
else
  fail "search's default weights: '$played', network '$network', linear '$linear'"
fi
expect 0 'weights built-in network' -- search "$positions/corpus.obf:900" --depth 2 --tt 4
expect 0 'weights .*/network-weights.txt$' -- \
  search "$positions/corpus.obf:900" --depth 2 --tt 4 --eval-weights "$weights/network-weights.txt"
expect 0 'default: the shipped playing weights' -- gtp --help
expect 0 'default: the shipped playing weights' -- nboard --help
for server in gtp nboard; do  # the servers name their weights on stderr
  if "$bin" "$server" --tt 4 </dev/null 2>&1 | grep -q "^reversi-bench $server: .*weights built-in network"; then
    pass
  else
    fail "$server does not play with the built-in network weights"
  fi
done
expect 0 'default: the weights of data/pattern-weights.txt' -- solve --help
expect 0 "the project's solver: .*weights built-in linear" -- \
  engine-test "$positions/e10.obf:1" --tt 4

finish
