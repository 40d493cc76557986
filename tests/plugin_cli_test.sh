#!/usr/bin/env bash
# --plugin on the command line (issue #16): the example plug-in beside the
# built-in variants in list, verify, perft and solve; the faulty ones caught
# with the documented exit codes (1: a failed check, including a crash;
# 2: a plug-in that cannot be used, with the file and symbol named).
# Usage: plugin_cli_test.sh PATH/TO/reversi-bench PLUGIN_DIR POSITIONS_DIR
set -u
bin=$1
plugins=$2
positions=$3
walk=$plugins/walk.so
# RB_TEST_SCALE=0 (the sanitizer build, -O0): the same cases on smaller work.
if [[ ${RB_TEST_SCALE:-1} == 0 ]]; then
  verify_all=50 perft_depth=7 perft_leaves=55092
else
  verify_all=300 perft_depth=8 perft_leaves=390216
fi
source "$(dirname "$0")/cli_lib.sh"

# The example beside the built-in variants.
expect 0 '^plugin:walk +plugin ' -- list --plugin "$walk"
expect 0 '"name": "plugin:walk"' -- list --json --plugin "$walk"
expect 0 'plugin:walk +1214 .* 0 ' -- verify -v plugin:walk -n 1000 --plugin "$walk"
expect 0 "plugin:walk +$((verify_all + 214)) " -- verify -n "$verify_all" --plugin "$walk"
expect 0 "^ +$perft_depth +$perft_leaves .* ok" -- perft -v plugin:walk -d "$perft_depth" --plugin "$walk"
expect 0 '^ +7 +[0-9]+ .* ok' -- perft -v plugin:walk,shift -d 7 -c bik -t 2 --hash 4 --plugin "$walk"
expect 0 'perft plugin:walk' -- perft -v all -d 3 --plugin "$walk"
expect 0 'wrong scores 0 ' -- solve "$positions/fforum-1-19.obf:1" -v plugin:walk --tt 8 --plugin "$walk"
expect 0 'variant plugin:walk' -- solve "$positions/e10.obf:1" -v plugin:walk --moves scan --plugin "$walk"

# A wrong flip: exit 1, the board string, the expected and actual masks, a minimal case.
broken=$plugins/broken_flips.so
expect 1 'MISMATCH in plugin:broken_flips: flips of' -- verify -v plugin:broken_flips -n 2000 --plugin "$broken"
expect 1 'expected: .*\(0x[0-9a-f]{16}\)' -- verify -v plugin:broken_flips -n 2000 --plugin "$broken"
expect 1 'minimal case' -- verify -v plugin:broken_flips -n 2000 --plugin "$broken"
expect 1 'board: +[-XO]{64} [XO]' -- verify -v plugin:broken_flips -n 2000 --plugin "$broken"
# ... and no timing of it is shown: the check before timing fails first.
expect 1 'check failed: plugin:broken_flips disagrees' -- perft -v plugin:broken_flips -d 5 --plugin "$broken"
expect 1 'disagrees' -- solve "$positions/e10.obf:1" -v plugin:broken_flips --plugin "$broken"

# A crash: exit 1 naming the entry point and the position.
crash=$plugins/crashing.so
expect 1 'plugin:crashing .* crashed with signal 11 .* in rbp_flips\(g7, P, O\) on the board [-XO]{64} X' -- verify -v plugin:crashing -n 20000 --plugin "$crash"
expect_one_line_exit 1 verify -v plugin:crashing -n 20000 --plugin "$crash"
expect 1 'crashed .* in rbp_flips\(g7' -- perft -v plugin:crashing -d 3 --plugin "$crash"
expect 1 'crashed .* in rbp_flips\(g7' -- solve "$positions/e10.obf:1" -v plugin:crashing --plugin "$crash"

# A plug-in that ends the process inside a call, with exit status 0: a
# failure naming the entry point and the board, never a pass (issue #46).
ex=$plugins/exitflip.so
expect 1 'plugin:exitflip .* exited the process \(status 0\) before it finished, in rbp_flips\([a-h][1-8], P, O\) on the board [-XO]{64} X' -- verify -v plugin:exitflip -n 200 --plugin "$ex"
expect_one_line_exit 1 verify -v plugin:exitflip -n 200 --plugin "$ex"
expect 1 'exited the process \(status 0\) before it finished, in rbp_flips' -- perft -v plugin:exitflip -d 5 --plugin "$ex"
expect 1 'exited the process \(status 0\) before it finished, in rbp_flips' -- solve "$positions/e10.obf:1" -v plugin:exitflip --plugin "$ex"

# A crash on one position 8 plies deep, which the check before timing does
# not meet: the count runs in a traced child, and the crash ends the run
# with the entry point and the board (f5 d6 c3 d3 c4 f4 f6 f3 played).
rare=$plugins/rarecrash.so
if [[ ${RB_TEST_SCALE:-1} != 0 ]]; then
  expect 1 'the run ended early: plugin:rarecrash .* crashed with signal 11 .* in rbp_legal_moves\(P, O\) on the board ------------------XO-O----XXOO-----OXX-----O-X------------------ X' -- perft -v plugin:rarecrash -d 9 --plugin "$rare"
fi
expect 0 "^ +6 +8200 .* ok" -- perft -v plugin:rarecrash -d 6 --plugin "$rare"
# With threads, the crashing thread's own call is named (each thread traces
# into a record of its own).
if [[ ${RB_TEST_SCALE:-1} != 0 ]]; then
  expect 1 'crashed with signal 11 .* in rbp_legal_moves\(P, O\) on the board ------------------XO-O----XXOO-----OXX-----O-X------------------ X' -- perft -v plugin:rarecrash -d 9 -t 2 --plugin "$rare"
fi
# The work's output goes from the child: its failure to be written is an error.
err=$("$bin" perft -v plugin:walk -d 5 --plugin "$walk" 2>&1 >/dev/full)
rc=$?
if [[ $rc == 2 && $err == *"cannot write to standard output"* ]]; then pass; else fail "perft of a plug-in to /dev/full: exit $rc" "$err"; fi

# A count wrong 8 plies deep (a legal move left out there), which the check
# before timing does not meet: perft says so, and its bisection walks down to
# that position and names the missing move.
if [[ ${RB_TEST_SCALE:-1} != 0 ]]; then
  expect_lines 1 '^ +9 +3005284 .* MISMATCH: published 3005288' \
    '^bisection of depth 9: the first wrong position, 8 plies down \(f5 d6 c3 d3 c4 f4 f6 f3\), with 1 to count below it:' \
    '^  board  ------------------XO-O----XXOO-----OXX-----O-X------------------ X' \
    'its legal moves differ: expected c2 d2 .*, found d2 e2 .* \(missing: c2; extra: none\)' \
    -- perft -v plugin:rarewrong -d 9 --plugin "$plugins/rarewrong.so"
fi

# The check's child dies with reversi-bench: a SIGTERM to the parent alone
# leaves no process behind.
"$bin" verify -v plugin:walk -n 1000000000 --plugin "$walk" >/dev/null 2>&1 &
parent=$!
# The parent counts the coverage of the first random positions before it
# starts the child (2.5 s here, more on a loaded machine): up to 60 s.
child=
for _ in $(seq 1200); do
  child=$(pgrep -P "$parent" | head -1)
  [[ -n $child ]] && break
  sleep 0.05
done
if [[ -z $child ]]; then
  fail "verify of a plug-in started no checking child"
else
  kill -TERM "$parent"
  wait "$parent" 2>/dev/null
  gone=
  for _ in $(seq 40); do
    if ! kill -0 "$child" 2>/dev/null; then gone=1; break; fi
    sleep 0.05
  done
  if [[ -n $gone ]]; then pass; else fail "the checking child $child outlived its parent"; kill -KILL "$child"; fi
fi

# Unusable plug-ins: exit 2, one line naming the file (and the symbol).
expect 2 "datasyms.so: symbol 'rbp_legal_moves' is not a function \(it is not in the plug-in's code: data\?\)" -- list --plugin "$plugins/datasyms.so"
expect_one_line_exit 2 list --plugin "$plugins/datasyms.so"
expect 2 "wrong_abi.so: built for plug-in ABI version 999; this reversi-bench reads version 1" -- list --plugin "$plugins/wrong_abi.so"
expect_one_line_exit 2 list --plugin "$plugins/wrong_abi.so"
expect 2 "no_flips.so: missing symbol 'rbp_flips'" -- verify --plugin "$plugins/no_flips.so"
expect_one_line_exit 2 perft -d 3 --plugin "$plugins/no_flips.so"
expect 2 "half_state.so: missing symbol 'rbp_state_new'" -- solve "$positions/e10.obf:1" -v shift --plugin "$plugins/half_state.so"
expect 2 'nope.so: cannot load plug-in: No such file or directory' -- list --plugin nope.so
expect 2 "README.md: cannot load plug-in: " -- list --plugin "$positions/README.md"
expect_one_line_exit 2 list --plugin "$positions/README.md"
expect 2 "a plug-in named 'walk' is loaded already" -- list --plugin "$walk" --plugin "$walk"
expect 2 "unknown variant 'plugin:walk'.*--plugin PATH.so" -- perft -v plugin:walk -d 3

finish
