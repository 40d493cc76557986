#!/usr/bin/env bash
# Every subcommand from the command line: its --help, its success path, its
# errors (exit 2, one line naming the option or file:line:column) and, where
# it checks something, its failure path (exit 1). `verify` and `make-suite`
# fail only when two implementations disagree, which no input can cause; the
# --json outputs are checked against the schemas by json_schema_test.py.
# Usage: cli_commands_test.sh PATH/TO/reversi-bench POSITIONS_DIR
set -u
bin=$1
positions=$2
source "$(dirname "$0")/cli_lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for command in list show perft verify sample solve make-suite; do
  expect 0 "Usage: .*$command" -- "$command" --help
done

# list
expect 0 '^kindergarten\+list ' -- list
expect_error 'The following argument was not expected: --bogus' -- list --bogus

# show: a file's positions; bad files name file:line:column.
expect 0 "$positions/e10.obf:30" -- show "$positions/e10.obf"
good=$(grep -v '^%' "$positions/e10.obf" | head -1)
printf '%% two good lines and a bad one\n%s\n%s\n%s\n' "$good" "$good" "${good/X;/Z;}" >"$tmp/bad.obf"
expect_error "$tmp/bad.obf:4:66: bad side to move 'Z'" -- show "$tmp/bad.obf"
printf '%s\n%s\n' "$good" "${good:0:10}" >"$tmp/short.obf"
expect_error "$tmp/short.obf:2:11: wrong length: 10 squares, expected 64" -- show "$tmp/short.obf"
# A NUL byte and CR-only line endings each get their own message.
printf '%s\n%s\0\n' "$good" "${good:0:20}" >"$tmp/nul.obf"
expect_error "$tmp/nul.obf:2:21: a NUL byte: not a text file" -- show "$tmp/nul.obf"
printf '%% a comment\r%s\r%s\r' "$good" "$good" >"$tmp/cr.obf"
expect_error "$tmp/cr.obf:1:12: a carriage return inside the line \(CR-only line endings" -- show "$tmp/cr.obf"
printf '%s\r\n%s\r\n' "$good" "$good" >"$tmp/crlf.obf"
expect 0 "$tmp/crlf.obf:2" -- show "$tmp/crlf.obf"
expect_error "$tmp/bad.obf:4:66: bad side" -- show "$tmp/bad.obf:1"

# perft: numbers that are not numbers are called so, naming the option.
expect 0 '^ +7 +55092 .* ok' -- perft -v fast+list -d 7
expect_error "--depth: 'abc' is not a number \(expected a whole number from 1 to 60\)" -- perft -v shift -d abc
expect_error "--depth: '0' is out of range" -- perft -v shift -d 0
expect_error "--depth: '99999999999999999999' is out of range" -- perft -v shift -d 99999999999999999999
expect_error "--threads: '2x' is not a number" -- perft -v shift -d 3 -t 2x
expect_error "--hash: '-1' is out of range" -- perft -v shift -d 3 --hash -1
expect_error "--repeat: '' is not a number" -- perft -v shift -d 3 --repeat ''
expect_error "$tmp/bad.obf:4:66: bad side" -- perft -v shift -d 3 -p "$tmp/bad.obf:1"
expect_error "--depth is required" -- perft -v shift

# verify
expect 0 'avx2|fast\+list +234 ' -- verify -n 20 --seed 9
expect_error "--positions: 'many' is not a number" -- verify -n many
expect_error "--positions 0 with --no-targeted: no position to verify" -- verify -n 0 --no-targeted

# sample: valid OBF, the empties asked for, the same lines for the same seed.
"$bin" sample -n 6 --seed 4 --min-empties 10 --max-empties 12 >"$tmp/sample.obf" 2>&1
counts=$("$bin" show "$tmp/sample.obf" | grep -oE 'empties: [0-9]+' | sort | uniq -c | awk '{print $1 "x" $3}' | tr '\n' ' ')
if [[ $counts == "2x10 2x11 2x12 " ]]; then pass; else fail "sample: empties $counts, expected two each of 10, 11, 12"; fi
if cmp -s "$tmp/sample.obf" <("$bin" sample -n 6 --seed 4 --min-empties 10 --max-empties 12) &&
   ! cmp -s "$tmp/sample.obf" <("$bin" sample -n 6 --seed 5 --min-empties 10 --max-empties 12); then
  pass
else
  fail "sample: not the same lines for the same seed, or the same for another"
fi
expect_error '--min-empties 12 is above --max-empties 10' -- sample --min-empties 12 --max-empties 10
expect_error "--count: 'ten' is not a number" -- sample -n ten
expect_error "--max-empties: '61' is out of range" -- sample --max-empties 61

# solve: jobs (positions side by side, one thread each) give the same
# scores, moves and nodes as one job; threads per position the same scores.
# (RB_TEST_SCALE=0, the sanitizer build at -O0: the 30 positions of e10.)
threads_suite=$positions/e12.obf
[[ ${RB_TEST_SCALE:-1} == 0 ]] && threads_suite=$positions/e10.obf
columns() { "$bin" solve "$threads_suite" -v kindergarten --tt 4 "$@" | awk '$1 ~ /^[0-9]+$/ {print $1, $3, $4, $5, $6}'; }
one=$(columns -j 1)
two=$(columns -j 2)
if [[ -n $one && $(wc -l <<<"$one") -eq 30 && $one == "$two" ]]; then pass; else
  fail "solve -j 2 differs from -j 1 (or not 30 rows)" "$(diff <(echo "$one") <(echo "$two"))"; fi
scores() { "$bin" solve "$threads_suite" -v kindergarten --tt 4 "$@" | awk '$1 ~ /^[0-9]+$/ {print $1, $3, $5}'; }
one=$(scores -t 1)
three=$(scores -t 3 --split-min-empties 6)
if [[ -n $one && $(wc -l <<<"$one") -eq 30 && $one == "$three" ]]; then pass; else
  fail "solve -t 3 scores differ from -t 1 (or not 30 rows)" "$(diff <(echo "$one") <(echo "$three"))"; fi
expect 0 'wrong scores 0  wrong moves 0' -- solve "$positions/fforum-20-39.obf:1" -v mailbox+list --wld
expect 1 'WRONG SCORE' -- solve -v shift "${good/F1:+0/F1:+2}"
expect 0 'positions 6  wrong scores 0' -- solve "$tmp/sample.obf" -v shift
expect_error "$tmp/bad.obf:4:66: bad side" -- solve "$tmp/bad.obf" -v shift
expect_error "$tmp/nul.obf:2:21: a NUL byte" -- solve "$tmp/nul.obf" -v shift
expect_error "--tt: 'big' is not a number" -- solve "$positions/e10.obf:1" -v shift --tt big
expect_error "--few-empties: '11' is out of range" -- solve "$positions/e10.obf:1" -v shift --few-empties 11
expect_error "--threads: '0' is out of range" -- solve "$positions/e10.obf:1" -v shift -t 0
expect_error "--time-limit: '-1' is out of range" -- solve "$positions/e10.obf:1" -v shift --time-limit -1
expect_error "--time-limit: '1s' is not a number" -- solve "$positions/e10.obf:1" -v shift --time-limit 1s
expect_error "--variant: unknown variant 'nope'" -- solve "$positions/e10.obf:1" -v nope

# make-suite: its suite, solved by another variant, has no wrong score.
expect 0 '' -- make-suite -e 6 -n 3 --seed 5 -o "$tmp/e6.obf"
expect 0 'positions 3  wrong scores 0  wrong moves 0' -- solve "$tmp/e6.obf" -v mailbox --algo alphabeta --order none
expect_error "--empties: '0' is out of range" -- make-suite -e 0 -o "$tmp/x.obf"
expect_error "--empties: 'six' is not a number" -- make-suite -e six -o "$tmp/x.obf"
expect_error '--output is required' -- make-suite -e 6
expect_error "--output: cannot write '/nonexistent-folder/x.obf" -- make-suite -e 6 -o /nonexistent-folder/x.obf

# An output file that cannot be created is found before any work, also where
# access() says yes (root may "write" /proc, but no file can be made there).
for cmd in "perft -v shift -d 3" "solve $positions/e10.obf:1 -v shift"; do
  # shellcheck disable=SC2086
  out=$("$bin" $cmd --json /proc/rb-test.json 2>&1)
  rc=$?
  if [[ $rc -eq 2 && $(wc -l <<<"$out") -eq 1 &&
        $out == *"--json: cannot write '/proc/rb-test.json'"* ]]; then pass
  else fail "$cmd --json /proc/rb-test.json: expected only the error, exit 2 (got $rc)" "$out"; fi
done

finish
