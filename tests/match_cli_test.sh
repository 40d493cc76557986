#!/usr/bin/env bash
# `reversi-bench match` and `openings` from the command line (issue #47):
#  - openings: the set asked for, as move lines a match reads, the same for
#    the same request; its openings distinct under the board's symmetries
#    (checked here by a Python reading of the moves, not by the harness);
#  - the SPRT on engines of known relative strength: the harness's own
#    engine at level 3 against level 1 accepts H1 (the deeper is stronger),
#    level 1 against level 3 accepts H0, and an engine against itself never
#    accepts H1 (its pairs are even);
#  - engines that misbehave (tests/engines/fault_engine.py: crash, illegal
#    move, hang) over NBoard and GTP: the fault recorded with its reason,
#    scored as a loss for that engine, the engine restarted, the match
#    finished with exit 0, and no process of theirs left;
#  - records: GGF games, the state file and --resume (the finished pairs
#    not played again; another match's state refused), --json, adjudication
#    by the exact solver;
#  - a round robin of three engines: its standings and cross table;
#  - usage errors: exit 2 and one line naming what is wrong (more pairs
#    than openings among them).
# Usage: match_cli_test.sh PATH/TO/reversi-bench SOURCE_DIR
set -u
bin=$1
src=$2
fault=$src/tests/engines/fault_engine.py
openings=$src/positions/openings-8.txt
py=/usr/bin/python3
source "$(dirname "$0")/cli_lib.sh"
enter_scratch
# RB_TEST_SCALE=0 (the sanitizer build, -O0): fewer pairs at lower levels.
if [[ ${RB_TEST_SCALE:-1} == 0 ]]; then
  strong=2 weak=1 pairs=40
else
  strong=3 weak=1 pairs=100
fi
self_nboard() { echo "self nboard --level $1 --tt 4"; }

# Openings: the count, the plies, the command in the header, the same set
# for the same request, and no two alike under the eight symmetries.
expect 0 '' -- openings --plies 6 --count 12 --depth 3 --seed 5 -o "$tmp/o1.txt"
"$bin" openings --plies 6 --count 12 --depth 3 --seed 5 >"$tmp/o2.txt" 2>/dev/null
if cmp -s "$tmp/o1.txt" "$tmp/o2.txt"; then pass; else fail "openings: two runs of one request differ"; fi
if $py - "$tmp/o1.txt" <<'EOF'; then pass; else fail "openings: not 12 distinct 6-move openings"; fi
import sys
DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
def play(cells, side, sq):
    f, r = sq % 8, sq // 8
    flips = []
    for df, dr in DIRS:
        x, y, run = f + df, r + dr, []
        while 0 <= x < 8 and 0 <= y < 8 and cells[y * 8 + x] == -side:
            run.append(y * 8 + x); x += df; y += dr
        if run and 0 <= x < 8 and 0 <= y < 8 and cells[y * 8 + x] == side:
            flips += run
    assert flips, "an illegal move"
    for s in flips + [sq]:
        cells[s] = side
lines = [l.split("%")[0].strip() for l in open(sys.argv[1]) if not l.startswith("%")]
assert len(lines) == 12, len(lines)
seen = set()
for line in lines:
    assert len(line) == 12, line
    cells = [0] * 64
    cells[27] = cells[36] = -1
    cells[28] = cells[35] = 1
    side = 1
    for i in range(0, 12, 2):
        play(cells, side, (int(line[i + 1]) - 1) * 8 + "abcdefgh".index(line[i]))
        side = -side
    images = []
    for k in range(8):
        img = [0] * 64
        for s in range(64):
            f, r = s % 8, s // 8
            if k & 1: f = 7 - f
            if k & 2: r = 7 - r
            if k & 4: f, r = r, f
            img[r * 8 + f] = cells[s]
        images.append(tuple(img))
    key = min(images)
    assert key not in seen, "two openings alike under a symmetry: " + line
    seen.add(key)
EOF
expect 0 'made by: reversi-bench openings --plies 6 --count 12 --depth 3 --max-score 2 --seed 5' -- openings --plies 6 --count 12 --depth 3 --seed 5

# The SPRT decides the right way.
expect_lines 0 '^LLR: [0-9.]+ \(-2.94, 2.94\): H1 accepted' '^stopped: the SPRT decided' -- \
  match --engine "$(self_nboard $strong)" --protocol nboard --name strong \
  --engine "$(self_nboard $weak)" --protocol nboard --name weak \
  --openings "$openings" --pairs $pairs --sprt --elo0 0 --elo1 100
expect 0 '^LLR: -[0-9.]+ \(-2.94, 2.94\): H0 accepted' -- \
  match --engine "$(self_nboard $weak)" --protocol nboard --name weak \
  --engine "$(self_nboard $strong)" --protocol nboard --name strong \
  --openings "$openings" --pairs $pairs --sprt --elo0 0 --elo1 100
expect_lines 0 '^pairs 20 \(pentanomial 0 0 20 0 0\)' 'LLR: -[0-9.]+ .*: (H0 accepted|undecided)' -- \
  match --engine "$(self_nboard 1)" --protocol nboard --name a \
  --engine "self gtp --level 1 --tt 4" --protocol gtp --name b \
  --openings "$openings" --pairs 20 --sprt --elo0 0 --elo1 20 -j 2

# Faults: recorded, lost, the engine restarted, the match finished.
: >"$tmp/pids"
# An engine that prints its move while it takes the position (before the
# move is asked for) is refused as engine-test refuses it, the same path.
declare -A kind=([crash]=exited [illegal]=illegal_move [hang]=timeout [early]=unrequested)
for protocol in nboard gtp; do
  for mode in crash illegal hang early; do
    rm -f "$tmp/once"
    expect_lines 0 "fault: faulty in pair 1 game 1 \(${kind[$mode]}\)" \
      "^pair +1 .*A +lost:fault as black" "^pair +2 " \
      "faults: faulty 1, rb 0" -- \
      match --engine "$fault --protocol $protocol --mode $mode --once $tmp/once --pids $tmp/pids" \
      --protocol $protocol --name faulty --engine "self gtp --level 1 --tt 4" --protocol gtp --name rb \
      --openings "$openings" --pairs 2 --time-limit 1
  done
done
left=""
for _ in $(seq 40); do
  left=$(while read -r pid _; do kill -0 "$pid" 2>/dev/null && echo "$pid"; done <"$tmp/pids")
  [[ -z $left ]] && break
  sleep 0.05
done
if [[ -z $left ]]; then pass; else fail "processes of the faulty engines left: $left"; fi

# Records: GGF, state, resume, JSON, adjudication.
e=(--engine "$(self_nboard 1)" --protocol nboard --name one
   --engine "self gtp --level 2 --tt 4" --protocol gtp --name two)
m=("${e[@]}" --openings "$openings")
expect 0 '^pair +3 ' -- match "${m[@]}" --pairs 3 --ggf "$tmp/g.ggf" --state "$tmp/s.jsonl"
if [[ $(wc -l <"$tmp/g.ggf") == 6 && $(grep -c '^(;GM\[Othello\].*PB\[.*PW\[.*RE\[.*BO\[8 .*\]B\[.*;)$' "$tmp/g.ggf") == 6 ]]; then
  pass
else
  fail "--ggf: not 6 GGF games" "$(head -3 "$tmp/g.ggf")"
fi
expect_lines 0 '^resumed: 3 pairs already played' '^pairs 5 ' -- \
  match "${m[@]}" --pairs 5 --ggf "$tmp/g.ggf" --state "$tmp/s.jsonl" --resume
# The state: its header line, the match's identity, a line per pair.
if [[ $(wc -l <"$tmp/s.jsonl") == 7 && $(wc -l <"$tmp/g.ggf") == 10 ]]; then pass; else fail "--resume: 5 pairs expected in the state, 10 games in the GGF file"; fi
# A pair line cut short by an interrupt at the end of the state: dropped on
# resume, and the pair played again.
head -c -40 "$tmp/s.jsonl" >"$tmp/cut.jsonl"
expect_lines 0 '^resumed: 4 pairs already played' '^pairs 5 ' -- \
  match "${m[@]}" --pairs 5 --state "$tmp/cut.jsonl" --resume
if [[ $(wc -l <"$tmp/cut.jsonl") == 7 ]] && $py -c "import json,sys; [json.loads(l.rsplit(' ', 1)[0]) for l in list(open(sys.argv[1]))[1:]]" "$tmp/cut.jsonl"; then
  pass
else
  fail "the cut state: not 6 JSON records after the resume"
fi
expect_error "s.jsonl:2: the state of another match: its 'engines' differs" -- \
  match --engine "$(self_nboard 2)" --protocol nboard --name one \
  --engine "self gtp --level 2 --tt 4" --protocol gtp --name two --openings "$openings" \
  --pairs 5 --state "$tmp/s.jsonl" --resume
expect 0 'adjudicated exactly at 16 empties' -- match "${m[@]}" --pairs 2 --adjudicate-empties 16 \
  --tt 4 --ggf "$tmp/a.ggf" --json "$tmp/a.json"
if grep -q 'C\[pair 1 game 1, opening .*; adjudicated at 1[0-6] empties by the exact solver' "$tmp/a.ggf"; then pass; else fail "adjudication not in the GGF record" "$(head -2 "$tmp/a.ggf")"; fi
if $py -c "import json,sys; d=json.load(open(sys.argv[1])); g=d['games']; sys.exit(0 if len(g)==4 and all(x['end']=='adjudicated' and x['adjudicated_empties']<=16 for x in g) and d['result']['pairs']==2 else 1)" "$tmp/a.json"; then
  pass
else
  fail "--json: 4 adjudicated games expected"
fi

# Openings from GGF games (the records just written, cut to 10 moves), and a
# GGF game from another board refused.
expect_lines 0 '^match A one vs B two: 2 pairs from 10 openings' '^pairs 2 ' -- \
  match "${e[@]}" --openings "$tmp/g.ggf" --opening-plies 10 --pairs 2
printf '(;GM[Othello]BO[8 *--------------------------O*------*O--------------------------- *];)\n' >"$tmp/other.ggf"
expect_error "other.ggf:1:1: a GGF game from a board other than the standard start" -- \
  match "${e[@]}" --openings "$tmp/other.ggf"

# A round robin: every two engines play; the standings and the cross table.
expect_lines 0 '^round robin of 3 engines' '^l3 +8 +[0-9.]+ +[0-9.]+ ' '^l1 +- +' -- \
  match --engine "$(self_nboard 1)" --protocol nboard --name l1 \
  --engine "self gtp --level 1 --tt 4" --protocol gtp --name l1gtp \
  --engine "$(self_nboard $strong)" --protocol nboard --name l3 --openings "$openings" --pairs 2
expect_error "--sprt: for a match of two engines \(a round robin of 3" -- \
  match "${e[@]}" --engine "$(self_nboard 1)" --protocol nboard --name three --sprt

# An engine that cannot start: exit 2 naming it, after three tries.
expect_error "engine 'false' failed to start 3 times in a row" -- \
  match --engine /bin/false --protocol nboard --engine "$(self_nboard 1)" --protocol nboard \
  --openings "$openings" --pairs 3

# Usage errors.
expect_error "a match is between two engines or more: give --engine twice or more \(1 given\)" -- \
  match --engine "$(self_nboard 1)" --protocol nboard
expect_error "--depth is for --protocol nboard" -- \
  match --engine "self gtp" --protocol gtp --depth 3 --engine "self gtp" --protocol gtp --name b
expect_error "--move-time and --game-time are for --protocol gtp" -- \
  match --engine "self nboard" --protocol nboard --move-time 1 --engine "self gtp" --protocol gtp --name b
expect_error "--resume: give the --state file" -- match "${m[@]}" --resume
mkfifo "$tmp/fifo"
expect_error "fifo: cannot read the match state: a FIFO, not a regular file" -- match "${m[@]}" --state "$tmp/fifo" --resume
# The state is a record file (io/record_file.hpp): never over an input, never
# the file another option writes, never replaced without --resume, never
# taken as it stands once edited.
cp "$openings" "$tmp/openings-copy.txt"
expect_error "--state: '$tmp/openings-copy.txt' is the input '$tmp/openings-copy.txt' of this run" -- \
  match "${e[@]}" --openings "$tmp/openings-copy.txt" --pairs 2 --state "$tmp/openings-copy.txt"
if cmp -s "$openings" "$tmp/openings-copy.txt"; then pass; else fail "--state over --openings changed the openings"; fi
expect_error "is the file --state writes too" -- \
  match "${m[@]}" --pairs 2 --state "$tmp/both.jsonl" --ggf "$tmp/both.jsonl"
expect_error "--state '$tmp/s.jsonl' exists already; continue it with --resume, or remove it" -- \
  match "${m[@]}" --pairs 2 --state "$tmp/s.jsonl"
if [[ $(wc -l <"$tmp/s.jsonl") == 7 ]]; then pass; else fail "a state given again without --resume was changed"; fi
# One result flipped by hand: refused with its file and line.
$py - "$tmp/s.jsonl" "$tmp/edited.jsonl" <<'PY'
import sys
lines = open(sys.argv[1]).read().split("\n")
lines[2] = lines[2].replace('"result":', '"result":-', 1) if '"result":' in lines[2] else lines[2] + " "
open(sys.argv[2], "w").write("\n".join(lines))
PY
expect_error "edited.jsonl:3: damaged match state line" -- \
  match "${m[@]}" --pairs 5 --state "$tmp/edited.jsonl" --resume
printf 'f5d6c3\nf5 d6 z9\n' >"$tmp/bad.txt"
expect_error "bad.txt:2:7: not a move: 'z9'" -- match "${e[@]}" --openings "$tmp/bad.txt"
# More pairs than openings: refused, since a pair past them would replay an
# opening (game for game between engines at a fixed depth).
printf 'f5d6c3d3c4f4f6f3\nf5f6e6f4e3c5c4e7\n' >"$tmp/two.txt"
expect_error "--pairs 3: more than the 2 openings of .*two.txt" -- \
  match "${e[@]}" --openings "$tmp/two.txt" --pairs 3
printf 'f5d6c3\n' >"$tmp/short.txt"
expect_error "short.txt:1:1: an opening of 3 moves, fewer than 8 \(--opening-plies\)" -- \
  match "${e[@]}" --openings "$tmp/short.txt" --opening-plies 8

finish
