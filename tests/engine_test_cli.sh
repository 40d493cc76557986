#!/usr/bin/env bash
# engine-test and the nboard and gtp servers from the command line:
#  - the project's own engine, served over NBoard and over GTP (with its
#    set-up command), and the built-in solver, on e10 and fforum-1-19: every
#    answer right (the sanitizer build: e10 and FForum #1-#3);
#  - game lines (tests/engines/make_games.py scores them itself) given to a
#    GTP engine by clear_board and the moves, and to an NBoard engine;
#  - engines that misbehave (tests/engines/fault_engine.py) over both
#    protocols: each fault reported with its reason and the engine's last
#    lines, the next position answered by a restarted engine, exit 1, and
#    no process of theirs left (their process groups checked);
#  - an interrupted run leaves no engine behind;
#  - a missing or non-executable engine and other usage errors: exit 2 and
#    one line naming what is wrong.
# Usage: engine_test_cli.sh PATH/TO/reversi-bench POSITIONS_DIR
set -u
bin=$1
positions=$2
engines=$(cd "$(dirname "$0")/engines" && pwd)
source "$(dirname "$0")/cli_lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
py=/usr/bin/python3

# json_check FILE EXPR MESSAGE: the Python expression holds for doc = FILE's JSON.
json_check() {
  if $py -c "import json,sys; doc=json.load(open(sys.argv[1])); sys.exit(0 if ($2) else 1)" \
      "$1" 2>"$tmp/json_err"; then
    pass
  else
    fail "$3" "$(cat "$tmp/json_err")"
  fi
}

# no_process_left PIDS_FILE: no process of the groups listed (lines "PID PGID") is alive.
no_process_left() {
  local file=$1 left=""
  for _ in $(seq 50); do
    left=""
    while read -r pid group; do
      left+=$(ps -e -o pgid=,pid=,stat= | awk -v g="$group" -v p="$pid" \
        '($1 == g || $2 == p) && $3 !~ /^Z/ {printf "%s ", $2}')
    done <"$file"
    [[ -z $left ]] && break
    sleep 0.1
  done
  if [[ -n $left ]]; then fail "processes left behind ($file): $left"; else pass; fi
}

scale=${RB_TEST_SCALE:-1}
if [[ $scale == 0 ]]; then
  fforum=("$positions/fforum-1-19.obf:1" "$positions/fforum-1-19.obf:2" "$positions/fforum-1-19.obf:3")
else
  fforum=("$positions/fforum-1-19.obf")
fi
count=$((30 + ${#fforum[@]} * (scale == 0 ? 1 : 19)))
solver=(--preset cutoffs --tt 4)
setup='reversi_bench-setup_board {board} {side}'

# The project's engine over both protocols and the built-in solver.
expect 0 "^builtin +builtin +$count +$count +0 +0 +0 " -- engine-test "$positions/e10.obf" "${fforum[@]}" \
  --engine "$bin nboard ${solver[*]}" --protocol nboard --name rb-nboard \
  --engine "$bin gtp ${solver[*]}" --protocol gtp --gtp-setup "$setup" --name rb-gtp \
  "${solver[@]}" --json "$tmp/own.json"
json_check "$tmp/own.json" "[e['name'] for e in doc['engines']] == ['rb-nboard', 'rb-gtp', 'builtin']" \
  "own engines: not the three engines in order"
json_check "$tmp/own.json" "all(r['right'] and r['fault'] is None and r['move_score_from'] == 'listed' for e in doc['engines'] for r in e['rows']) and all(len(e['rows']) == $count for e in doc['engines'])" \
  "own engines: not every answer right"
json_check "$tmp/own.json" "all(r['score_ok'] is True and r['engine_nodes'] > 0 for r in doc['engines'][0]['rows']) and all(r['score'] is None for r in doc['engines'][1]['rows'])" \
  "own engines: NBoard's scores not all checked right, or GTP gave scores"
json_check "$tmp/own.json" "doc['summary']['passed'] and doc['engines'][2]['solver']['tt_mb'] == 4" \
  "own engines: the summary does not pass, or the built-in solver's table is not 4 MiB"

# Game lines: a GTP engine without a set-up command is given the moves.
$py "$engines/make_games.py" --seed 5 --count 4 --empties 8 >"$tmp/games.txt"
expect 0 "^rb-games +gtp +4 +4 +0 +0 +0 " -- engine-test "$tmp/games.txt" \
  --engine "$bin gtp ${solver[*]}" --protocol gtp --name rb-games \
  --engine "$bin nboard ${solver[*]}" --protocol nboard --name rb-board --no-builtin \
  --json "$tmp/games.json"
json_check "$tmp/games.json" "all(r['right'] and r['expected_from'] == 'listed' and r['move_score_from'] == 'listed' for e in doc['engines'] for r in e['rows'])" \
  "game lines: not every answer right by the listed scores"
expect_error "without --gtp-setup a GTP engine is given a position by the moves of a game" -- \
  engine-test "$positions/e10.obf:1" --engine "$bin gtp" --protocol gtp

# --gtp-level: its commands are sent, and one the engine refuses is a fault.
expect 0 "^rb-level +gtp +1 +1 " -- engine-test "$positions/e10.obf:1" --no-builtin \
  --engine "$bin gtp ${solver[*]}" --protocol gtp --name rb-level --gtp-setup "$setup" \
  --gtp-level 'komi 0' --gtp-level 'boardsize 8'
expect 1 "error_response: 'no_such_level 60' failed: 'unknown command'" -- engine-test \
  "$positions/e10.obf:1" --no-builtin --engine "$bin gtp ${solver[*]}" --protocol gtp \
  --gtp-setup "$setup" --gtp-level 'no_such_level 60'

# A move the suite does not list is scored by the solver, and said so: e10
# #3 with its best score (+34, three moves) as a bare score.
line1=$(grep -v '^%' "$positions/e10.obf" | head -1)
line3=$(grep -v '^%' "$positions/e10.obf" | sed -n 3p)
expect 0 "^ +1 +10 +[a-h][1-8] +\+34 +\+34 ok .*not listed: \+34 by the solver" -- engine-test \
  "${line3%%;*}; +34;" --engine "$bin nboard ${solver[*]}" --protocol nboard --no-builtin \
  "${solver[@]}"

# Engines that misbehave, each on the first of two positions.
declare -A kind=([crash]=exited [hang]=timeout [garbage]=malformed [illegal]=illegal_move
                 [wrong-side]=wrong_side [partial]=partial_line [no-handshake]=no_handshake
                 [early]=unrequested)
declare -A reason=([crash]="killed by signal 11" [hang]="--time-limit 1 s"
                   [garbage]="bytes that do not print" [illegal]="is not a legal move"
                   [wrong-side]="is a move of white, not of black" [partial]="unfinished line"
                   [no-handshake]="--start-timeout 1 s" [early]="answered before it was asked")
for protocol in nboard gtp; do
  for mode in crash hang garbage illegal wrong-side partial no-handshake early; do
    tag=$protocol-$mode
    args=(--engine "$py $engines/fault_engine.py --protocol $protocol --mode $mode --once $tmp/once-$tag --pids $tmp/pids-$tag"
          --protocol "$protocol" --name faulty)
    [[ $protocol == gtp ]] && args+=(--gtp-setup 'fault-setup {board} {side}')
    expect 1 "^#1 .*\(${kind[$mode]}\): .*${reason[$mode]}" -- engine-test \
      "$positions/e10.obf:1" "$positions/e10.obf:2" "${args[@]}" --time-limit 1 \
      --start-timeout 1 --no-builtin --json "$tmp/$tag.json"
    json_check "$tmp/$tag.json" "[r['fault'] and r['fault']['kind'] for r in doc['engines'][0]['rows']] == ['${kind[$mode]}', None] and doc['summary']['faults'] == 1 and not doc['summary']['passed']" \
      "$tag: not a ${kind[$mode]} fault on the first position and an answer on the second"
    no_process_left "$tmp/pids-$tag"
  done
done
# Lines printed before the request are skipped, and --verbose names them.
expect 0 "skipped, printed before the request: status thinking about nothing yet" -- engine-test \
  "$positions/e10.obf:1" --engine "$py $engines/fault_engine.py --protocol nboard --mode chatty" \
  --protocol nboard --name chatty --no-builtin --verbose
json_check "$tmp/nboard-garbage.json" "any('garbage' in l for l in doc['engines'][0]['rows'][0]['fault']['last_lines'])" \
  "garbage: the engine's last lines are not in the report"

# An interrupted run kills the engine it was waiting for, and its children.
"$bin" engine-test "$positions/e10.obf:1" --no-builtin --time-limit 100 --engine \
  "$py $engines/fault_engine.py --protocol nboard --mode hang --pids $tmp/pids-interrupt" \
  --protocol nboard >/dev/null 2>&1 &
runner=$!
for _ in $(seq 100); do
  [[ -f $tmp/pids-interrupt && $(wc -l <"$tmp/pids-interrupt") -ge 2 ]] && break
  sleep 0.1
done
kill -TERM "$runner"
wait "$runner"
rc=$?
if [[ $rc -eq 143 ]]; then pass; else fail "an interrupted engine-test exited $rc, expected 143"; fi
no_process_left "$tmp/pids-interrupt"

# Usage errors: exit 2, one line naming what is wrong.
expect_error "--engine '/no/such/engine': '/no/such/engine': no such file" -- \
  engine-test "$positions/e10.obf:1" --engine /no/such/engine --protocol nboard
printf '#!/bin/sh\n' >"$tmp/not-executable"
chmod -x "$tmp/not-executable"
expect_error "'$tmp/not-executable': is not executable" -- \
  engine-test "$positions/e10.obf:1" --engine "$tmp/not-executable" --protocol nboard
expect_error "'no-such-engine-xyz': not found in PATH" -- \
  engine-test "$positions/e10.obf:1" --engine no-such-engine-xyz --protocol gtp --gtp-setup "$setup"
expect_error "--name: describes the --engine before it" -- \
  engine-test "$positions/e10.obf:1" --name x --engine "$bin nboard" --protocol nboard
expect_error "give its --protocol" -- engine-test "$positions/e10.obf:1" --engine "$bin nboard"
expect_error "'uci' is not one of nboard, gtp" -- \
  engine-test "$positions/e10.obf:1" --engine "$bin nboard" --protocol uci
expect_error "--gtp-setup and --gtp-level are for --protocol gtp" -- \
  engine-test "$positions/e10.obf:1" --engine "$bin nboard" --protocol nboard --gtp-setup "$setup"
expect_error "unknown placeholder \{boards\}" -- engine-test "$positions/e10.obf:1" \
  --engine "$bin gtp" --protocol gtp --gtp-setup 'x {boards}'
expect_error "another engine is named 'reversi-bench'" -- engine-test "$positions/e10.obf:1" \
  --engine "$bin nboard" --protocol nboard --engine "$bin gtp" --protocol gtp --gtp-setup "$setup"
expect_error "unterminated single quote" -- engine-test "$positions/e10.obf:1" \
  --engine "$bin 'nboard" --protocol nboard
expect_error "nothing to test" -- engine-test "$positions/e10.obf:1" --no-builtin
expect_error "'bogus' is not a preset" -- engine-test "$positions/e10.obf:1" --preset bogus
expect 0 "Usage: .*engine-test" -- engine-test --help
expect 0 "Usage: .*nboard" -- nboard --help
expect 0 "Usage: .*gtp" -- gtp --help

# The servers by hand: e10 #1's board, black to move; F1 is its only best move.
board=${line1:0:64}
printf '1 protocol_version\nreversi_bench-setup_board %s X\n2 genmove black\nshowboard\nquit\n' \
  "$board" | "$bin" gtp --tt 4 >"$tmp/gtp.out" 2>"$tmp/gtp.err"
if grep -qx '=1 2' "$tmp/gtp.out" && grep -qx '=2 f1' "$tmp/gtp.out"; then pass; else
  fail "gtp server: no '=1 2' and '=2 f1'" "$(cat "$tmp/gtp.out" "$tmp/gtp.err")"
fi
ggf="(;GM[Othello]BO[8 ${board//X/*} *];)"
printf 'nboard 2\nset depth 60\nset game %s\nping 7\ngo\nquit\n' "$ggf" |
  "$bin" nboard --tt 4 >"$tmp/nboard.out" 2>"$tmp/nboard.err"
if grep -qx 'pong 7' "$tmp/nboard.out" && grep -qE '^=== F1/0\.00/[0-9.]+$' "$tmp/nboard.out"; then
  pass
else
  fail "nboard server: no 'pong 7' and '=== F1/0.00/...'" "$(cat "$tmp/nboard.out" "$tmp/nboard.err")"
fi

finish
