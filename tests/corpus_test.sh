#!/usr/bin/env bash
# make-corpus and train-eval --corpus (issue #48).
# Usage: corpus_test.sh BIN SOURCE_DIR one
#        corpus_test.sh MPI_BIN|none:REASON SOURCE_DIR mpi BIN
#   one  the same bytes with -t 1 and -t 3; an interrupted corpus (its last
#        line cut short) resumed to the same bytes, and so is one of fewer
#        --games made longer; an edited line refused with its line (each
#        line carries its check: a record file); games played by the
#        search (--play-depth) the same bytes on -t 1 and -t 3, each sample
#        following from the one before by the rules, refused on resume with
#        another depth or player; the labels at or below --exact-empties are
#        the scores of another board's solver and those above carry their
#        anchor's (tests/corpus_check.py, its own reader);
#        data/corpus-slice.txt is what its first line's command makes; a fit
#        on a corpus is deterministic, and gone on from by --resume (from
#        fewer stages, or interrupted) it makes the same bytes; so is
#        fit-probcut (-t 1 and -t 3, the weights kept); bad uses are exit 2
#        with one line
#   mpi  2 and 3 ranks make the bytes of one process (2 ranks with
#        --play-depth too); a resumed corpus of another command is exit 2
#        with one line from every rank
src=$2
mode=$3
source "$(dirname "$0")/cli_lib.sh"
py=/usr/bin/python3
check=$src/tests/corpus_check.py
small=(--seed 4 --games 24 --exact-empties 12 --min-empties 6 --max-empties 40)
# RB_TEST_SCALE=0 (the sanitizer build, -O0): the same checks on less work;
# the slice is regenerated in the optimized build only.
scale=${RB_TEST_SCALE:-1}
fit_max=31 fit_stage='24\.\.31' fit_down=23 fit_width=8
if [[ $scale == 0 ]]; then
  # The searched stage 16..19 (labels of at most 4 plies): at -O0, 16..23
  # took 65 s a fit.
  small=(--seed 4 --games 24 --exact-empties 10 --min-empties 6 --max-empties 40)
  fit_max=19 fit_stage='16\.\.19' fit_down=15 fit_width=4
fi

if [[ $mode == mpi ]]; then
  mpi_bin=$1 bin=$4
  require_mpi "$mpi_bin"
  enter_scratch
  "$bin" make-corpus "${small[@]}" -o one.txt >/dev/null 2>&1 || fail "make-corpus failed"
  for ranks in 2 3; do
    mpi_bounded 120 -np $ranks "$mpi_bin" make-corpus "${small[@]}" -o r$ranks.txt >/dev/null 2>&1
    if cmp -s one.txt r$ranks.txt; then pass; else fail "mpirun -np $ranks: another corpus than one process's"; fi
  done
  # Played by the search: the workers play with their own player.
  "$bin" make-corpus "${small[@]}" --play-depth 2 -o p1.txt >/dev/null 2>&1 || fail "make-corpus --play-depth failed"
  mpi_bounded 120 -np 2 "$mpi_bin" make-corpus "${small[@]}" --play-depth 2 -o p2.txt >/dev/null 2>&1
  if cmp -s p1.txt p2.txt; then pass; else fail "mpirun -np 2 --play-depth 2: another corpus than one process's"; fi
  other=(--seed 5 "${small[@]:2}")
  err=$(mpi_bounded 60 -np 3 "$mpi_bin" make-corpus "${other[@]}" -o r3.txt --resume 2>&1 >/dev/null | grep 'reversi-bench-mpi: error')
  rc=${PIPESTATUS[0]}
  if [[ $(wc -l <<<"$err") == 1 && $err == *"r3.txt:2:"*"its --seed is 4, this command's 5"* ]]; then pass; else fail "--resume of another corpus under 3 ranks" "$err"; fi
  cmp -s one.txt r3.txt && pass || fail "a refused --resume changed the corpus"
  finish
  exit
fi

bin=$1
enter_scratch
"$bin" make-corpus "${small[@]}" -o a.txt >/dev/null 2>&1 || fail "make-corpus failed"
"$bin" make-corpus "${small[@]}" -t 3 -o b.txt >/dev/null 2>&1
cmp -s a.txt b.txt && pass || fail "-t 3 made another corpus than -t 1"
# Interrupted: the first 10 games whole and the 11th cut short.
{ head -n 12 a.txt; sed -n 13p a.txt | head -c 300; } >c.txt
expect_lines 0 "resumed: 10 games already made" -- make-corpus "${small[@]}" -t 2 --resume -o c.txt
cmp -s a.txt c.txt && pass || fail "the resumed corpus differs from the one made at once"
# Made longer: the corpus of fewer --games by the same command is the start
# of a longer one (game g comes from the seed and g alone); never shorter.
"$bin" make-corpus --seed 4 --games 12 "${small[@]:4}" -o g.txt >/dev/null 2>&1
expect_lines 0 "g\.txt of 12 games now names --games 24" "resumed: 12 games already made" -- \
  make-corpus "${small[@]}" -t 2 --resume -o g.txt
cmp -s a.txt g.txt && pass || fail "a corpus made longer differs from the one made at once"
expect_error "g\.txt:2:[0-9]+: the corpus of another command: its --exact-empties is 1[02], this command's 13" -- \
  make-corpus --seed 4 --games 30 --exact-empties 13 "${small[@]:6}" --resume -o g.txt
cmp -s a.txt g.txt && pass || fail "a refused longer corpus changed the file"
expect_error "a\.txt:2:[0-9]+: the corpus of another command: its --games is 24, this command's 6" -- \
  make-corpus --seed 4 --games 6 "${small[@]:4}" --resume -o a.txt
# Played by the search (--play-depth): the bytes of -t 1 with -t 3, games
# that follow the rules (corpus_check.py below), not the random and greedy
# ones, and the player's weights named by their checksum.
played=(--seed 4 --games 12 "${small[@]:4}" --play-depth 2)
"$bin" make-corpus "${played[@]}" -o p.txt >/dev/null 2>&1 || fail "make-corpus --play-depth failed"
"$bin" make-corpus "${played[@]}" -t 3 -o q.txt >/dev/null 2>&1
cmp -s p.txt q.txt && pass || fail "--play-depth: -t 3 made another corpus than -t 1"
[[ $(sed -n 3p p.txt) != $(sed -n 3p a.txt) ]] && pass || fail "--play-depth: game 0 is the random one"
grep -Eq -- '--play-depth 2 --play-weights [0-9a-f]{16} [0-9a-f]{8}$' <(sed -n 2p p.txt) && pass ||
  fail "--play-depth: the first record does not name the player" "$(sed -n 2p p.txt)"
if out=$("$py" "$check" p.txt played.obf); then pass; else fail "corpus_check.py on a played corpus" "$out"; fi
expect_error "p.txt:2:[0-9]+: the corpus of another command: its --play-depth is 2, this command's 3" -- \
  make-corpus "${played[@]:0:10}" --play-depth 3 --resume -o p.txt
# Its own reader, and the exact labels solved again on another board.
if out=$("$py" "$check" a.txt exact.obf); then pass; else fail "corpus_check.py" "$out"; fi
[[ $(wc -l <exact.obf) -gt 50 ]] && pass || fail "too few exact labels to check: $(wc -l <exact.obf)"
expect_lines 0 "wrong scores 0" -- solve exact.obf -v shift+list --preset alphabeta
# The slice in the tree: its first record's command makes it.
if [[ $scale != 0 ]]; then
  read -r -a words <<<"$(sed -n 2p "$src/data/corpus-slice.txt" | sed -E 's/ [0-9a-f]{8}$//')"
  "$bin" "${words[@]}" -o slice.txt >/dev/null 2>&1
  cmp -s "$src/data/corpus-slice.txt" slice.txt && pass || fail "data/corpus-slice.txt is not what '${words[*]}' makes"
fi
if out=$("$py" "$check" "$src/data/corpus-slice.txt" slice.obf); then pass; else fail "corpus_check.py on the slice" "$out"; fi
# A suite of the slice (scripts/corpus_positions.py): one position of 12
# empties per game, its exact label the score that solve checks.
"$py" "$src/scripts/corpus_positions.py" "$src/data/corpus-slice.txt" 12 >s12.obf ||
  fail "corpus_positions.py failed"
[[ $(grep -c '^[XO-]\{64\} [XO]; [+-][0-9]*;$' s12.obf) -ge 35 && $(grep -vc '^%' s12.obf) -le 40 ]] &&
  pass || fail "corpus_positions.py: not one scored position per game" "$(head -5 s12.obf)"
expect_lines 0 "wrong scores 0" -- solve s12.obf -v shift+list --preset alphabeta
if "$py" "$src/scripts/corpus_positions.py" s12.obf 12 >/dev/null 2>err.txt; then
  fail "corpus_positions.py read a file that is no corpus"
else
  grep -q "s12.obf:1:1: not a corpus" err.txt && pass || fail "corpus_positions.py's error" "$(cat err.txt)"
fi
# A fit on a corpus: the same bytes twice; the search labels named.
fit=(train-eval --corpus "$src/data/corpus-slice.txt" --max-empties "$fit_max" --stage-width "$fit_width"
  --iterations 20 --search-labels)
"$bin" "${fit[@]}" -o w1.txt 2>/dev/null
"$bin" "${fit[@]}" -o w2.txt 2>/dev/null
cmp -s w1.txt w2.txt && pass || fail "two fits on one corpus wrote different files"
grep -q "^# stage $fit_stage: labels of .* searched down to $fit_down empties" w1.txt && pass ||
  fail "no searched stage in the fit's comments"
grep -q '^# from the corpus make-corpus --seed 1 --games 40 ' w1.txt && pass || fail "the fit does not name its corpus"
# --resume: a fit to fewer empties, gone on from to --max-empties, is the
# whole fit's bytes; so is one interrupted after a stage (a new output is
# written after each, its last comment saying how far it got); earlier
# weights of another command, or none, are refused.
"$bin" train-eval --corpus "$src/data/corpus-slice.txt" --max-empties "$fit_down" --stage-width "$fit_width" \
  --iterations 20 --search-labels -o r1.txt 2>/dev/null
grep -q "^# stage .*\.\.$fit_down: [0-9]* samples" r1.txt && ! grep -q "^# stage $fit_stage" r1.txt && pass ||
  fail "--max-empties $fit_down: not the stages up to $fit_down"
expect_lines 0 "kept the stages 8\.\.$fit_down of r1\.txt" -- "${fit[@]}" --resume -o r1.txt
cmp -s w1.txt r1.txt && pass || fail "--resume from the stages up to $fit_down: another file than the whole fit"
"$bin" "${fit[@]}" -o r2.txt 2>/dev/null &
fitting=$!
for _ in $(seq 3000); do  # stopped once the stages below the last are written
  grep -q "^# unfinished: the stages up to $fit_down empties of 8\.\.$fit_max " r2.txt 2>/dev/null && break
  kill -0 $fitting 2>/dev/null || break
  sleep 0.02
done
kill -9 $fitting 2>/dev/null && wait $fitting 2>/dev/null
if grep -q "^# unfinished: the stages up to $fit_down empties" r2.txt 2>/dev/null; then
  pass
  ! grep -q "^# stage $fit_stage" r2.txt && pass || fail "an unfinished file holds the last stage"
  expect_lines 0 "kept the stages 8\.\.$fit_down of r2\.txt" -- "${fit[@]}" --resume -o r2.txt
  cmp -s w1.txt r2.txt && pass || fail "--resume of an interrupted fit: another file than the whole fit"
else
  fail "no unfinished file seen while the fit ran" "$(grep '^#' r2.txt 2>&1)"
fi
expect_lines 0 "kept every stage of w2\.txt" -- "${fit[@]}" --resume -o w2.txt
cmp -s w1.txt w2.txt && pass || fail "--resume of a whole fit changed it"
cp w1.txt r3.txt
expect 2 "--resume: 'r3\.txt' holds the weights of another command .*comment 2 .*--ridge 32 .*--ridge 30" -- \
  "${fit[@]}" --ridge 30 --resume -o r3.txt
cmp -s w1.txt r3.txt && pass || fail "a refused --resume changed the file"
expect 2 "--resume: 'none\.txt' does not exist" -- "${fit[@]}" --resume -o none.txt
expect 2 "--resume: 'w2\.txt' holds the stage [0-9]+\.\.[0-9]+, which this fit .* would not keep" -- \
  train-eval --corpus "$src/data/corpus-slice.txt" --max-empties 13 --stage-width "$fit_width" \
  --iterations 20 --search-labels --resume -o w2.txt
cmp -s w1.txt w2.txt && pass || fail "a resume to fewer stages changed the file"
# A corpus cut short (19 of its 40 games) is refused by every reader, not
# only by a resume: fitted on, its weights would name 40 games.
head -n 21 "$src/data/corpus-slice.txt" >cut.txt
unfinished="cut\.txt:22: the corpus holds 19 of the 40 games its command names \(unfinished"
expect_error "$unfinished" -- train-eval --corpus cut.txt --max-empties "$fit_max" --resume -o w2.txt
expect_error "$unfinished" -- train-eval --corpus cut.txt --max-empties "$fit_max" -o cut-w.txt
expect_error "$unfinished" -- eval-error --corpus cut.txt
[[ ! -e cut-w.txt ]] && pass || fail "a fit on a corpus cut short wrote its weights"
# fit-probcut on the slice for those weights: the same bytes on -t 1 and
# -t 3; the weights and their comments kept, the rows and their command
# added; fitted again on its own output, the same file (rows replaced);
# read by the playing search.
pc=(fit-probcut --corpus "$src/data/corpus-slice.txt" --positions 60 --max-depth 5 --min-samples 5)
"$bin" "${pc[@]}" --eval-weights w1.txt -o pc1.txt >/dev/null 2>&1 || fail "fit-probcut failed"
"$bin" "${pc[@]}" --eval-weights w1.txt -t 3 -o pc3.txt >/dev/null 2>&1
cmp -s pc1.txt pc3.txt && pass || fail "fit-probcut: -t 3 wrote another file than -t 1"
cmp -s <(grep -v -e '^probcut ' -e '^# probcut: ' pc1.txt) w1.txt && pass ||
  fail "fit-probcut changed the weights or their comments"
[[ $(grep -c '^probcut [3-5] [1-3] ' pc1.txt) -ge 12 ]] && pass || fail "fit-probcut: too few rows" "$(grep '^probcut' pc1.txt)"
grep -q '^# probcut: reversi-bench fit-probcut --corpus .*corpus-slice.txt --positions 60 ' pc1.txt && pass ||
  fail "fit-probcut does not name its command"
"$bin" "${pc[@]}" --eval-weights pc1.txt -o pc4.txt >/dev/null 2>&1
cmp -s pc1.txt pc4.txt && pass || fail "fit-probcut on its own output wrote another file"
expect_lines 0 "best [a-h][1-8] " -- search start --depth 6 --eval-weights pc1.txt
expect_error "--min-depth 8 exceeds --max-depth 5" -- "${pc[@]}" --eval-weights w1.txt --min-depth 8 -o x.txt
expect_error "--corpus: 60 positions of 12..59 empties give no depth and range 100 positions or more" -- \
  "${pc[@]:0:7}" --min-samples 100 --eval-weights w1.txt -o x.txt
expect_error "--eval-weights: 'none.txt' not found" -- "${pc[@]}" --eval-weights none.txt -o x.txt
# Played with other weights: another player, refused on resume.
expect_error "p.txt:2:[0-9]+: the corpus of another command: its --play-weights is [0-9a-f]{16}, this command's [0-9a-f]{16}" -- \
  make-corpus "${played[@]}" --eval-weights w1.txt --resume -o p.txt
# Bad uses.
expect_error "--output 'a.txt' exists already; continue it with --resume" -- make-corpus "${small[@]}" -o a.txt
expect_error "a.txt:2:[0-9]+: the corpus of another command: its --exact-empties is 1[02], this command's 13" -- \
  make-corpus "${small[@]:0:4}" --exact-empties 13 "${small[@]:6}" --resume -o a.txt
mkfifo fifo
expect_error "fifo: cannot read the corpus: a FIFO, not a regular file" -- make-corpus "${small[@]}" --resume -o fifo
# A record file (io/record_file.hpp): each line checked, so an edited label
# is refused with its line; a last line cut short is dropped (above); a
# corpus of the first format (no checks) is refused by its first line.
records() {  # the header, then each argument a record with its line check
  "$py" -c 'import sys
def check(t):
    h = 2166136261
    for b in t.encode(): h = ((h ^ b) * 16777619) & 0xFFFFFFFF
    return h
print("reversi-bench corpus 2")
for t in sys.argv[1:]: print(f"{t} {check(t):08x}")' "$@"
}
records 'make-corpus --seed 4 --games 24 --exact-empties 12 --min-empties 6 --max-empties 40' '0 1 XX O +3' >bad.txt
expect_error "bad.txt:3:5: not a board and side to move" -- train-eval --corpus bad.txt --min-empties 6 --max-empties 31 -o w.txt
sed '5s/ +\([0-9]\)/ +1\1/' a.txt >edited.txt
cmp -s a.txt edited.txt && fail "the edit of a label changed nothing"
expect_error "edited.txt:5: damaged corpus line .*its line check does not match its text" -- \
  train-eval --corpus edited.txt --min-empties 6 --max-empties 31 -o w.txt
expect_error "edited.txt:5: damaged corpus line" -- make-corpus "${small[@]}" --resume -o edited.txt
printf 'reversi-bench corpus 1: make-corpus --seed 4 --games 24 --exact-empties 12 --min-empties 6 --max-empties 40\n' >old.txt
expect_error "old.txt:1: not a training corpus \(expected 'reversi-bench corpus 2'\)" -- \
  train-eval --corpus old.txt --min-empties 6 --max-empties 31 -o w.txt
expect_error "--corpus: a.txt holds samples of 6..40 empties" -- train-eval --corpus a.txt --max-empties 59 -o w.txt
expect_error "--seed excludes --corpus" -- train-eval --corpus a.txt --seed 1 -o w.txt
expect_error "--min-empties: must not exceed --max-empties" -- make-corpus --seed 1 --min-empties 30 --max-empties 20 -o n.txt
finish
