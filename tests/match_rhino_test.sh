#!/usr/bin/env bash
# A match against a real third-party engine: Debian's gtp-rhino (package
# grhino, installed by scripts/setup.sh), over GTP, against the harness's
# own engine and against a test engine that misbehaves once in each of
# three ways (crash, illegal move, hang; tests/engines/fault_engine.py):
# every game finished or its fault recorded and scored, the match played
# to its end, exit 0. Exit 77 (skipped) with the reason when gtp-rhino is
# not installed.
# Usage: match_rhino_test.sh PATH/TO/reversi-bench SOURCE_DIR
set -u
bin=$1
src=$2
rhino=$(command -v gtp-rhino || true)
[[ -z $rhino && -x /usr/games/gtp-rhino ]] && rhino=/usr/games/gtp-rhino
if [[ -z $rhino ]]; then
  echo "SKIP: gtp-rhino is not installed (Debian package grhino: scripts/setup.sh)"
  exit 77
fi
source "$(dirname "$0")/cli_lib.sh"
enter_scratch
openings=$src/positions/openings-8.txt
fault=$src/tests/engines/fault_engine.py

expect_lines 0 '^pair +4 ' 'faults: rb 0, grhino 0' '^pairs 4 \(pentanomial' -- \
  match --engine "self gtp --level 2 --tt 4" --protocol gtp --name rb \
  --engine "$rhino" --protocol gtp --name grhino --openings "$openings" --pairs 4 -j 2 \
  --ggf "$tmp/r.ggf"
if [[ $(grep -c 'PB\[.*PW\[.*RE\[' "$tmp/r.ggf") == 8 ]]; then pass; else fail "8 GGF games expected"; fi
for mode in crash illegal hang; do
  rm -f "$tmp/once"
  expect_lines 0 "fault: faulty in pair 1 game 1 \((exited|illegal_move|timeout)\)" \
    '^pair +3 ' 'faults: grhino 0, faulty 1' -- \
    match --engine "$rhino" --protocol gtp --name grhino \
    --engine "$fault --protocol gtp --mode $mode --once $tmp/once" --protocol gtp --name faulty \
    --openings "$openings" --pairs 3 --time-limit 2
done

finish
