#!/usr/bin/env bash
# reversi-bench-mpi match (issue #47): 2 and 3 ranks on one machine finish a
# match with the pentanomial counts of one process on the same openings
# (the engines play at fixed levels, so each pair's games are the same
# wherever they are played); a job killed during the match leaves no engine
# behind and resumes from its state file without playing its finished pairs
# again, to the same counts; an engine that cannot start ends the job with
# exit 2 and rank 0's one line. Exit 77 (skipped) with the reason when the
# MPI binary is not built or mpirun is missing.
# Usage: match_mpi_test.sh PATH/TO/reversi-bench-mpi|none:REASON PATH/TO/reversi-bench SOURCE_DIR
mpi_bin=$1
bin=$2
src=$3
source "$(dirname "$0")/cli_lib.sh"
require_mpi "$mpi_bin"
enter_scratch
# A run ended after 300 s (exit 124) fails its check.
mpi() { mpi_bounded 300 -np "$1" "$mpi_bin" "${@:2}"; }
# A marker in the engines' command lines, to find any left running.
marker="--tt 3"
m=(match --engine "self nboard --level 3 $marker" --protocol nboard --name three
   --engine "self gtp --level 2 $marker" --protocol gtp --name two
   --openings "$src/positions/openings-8.txt" --pairs 16)
penta() { grep -oE '^pairs [0-9]+ \(pentanomial [0-9 ]+\)'; }

one=$("$bin" "${m[@]}" 2>&1 | penta)
for ranks in 2 3; do
  got=$(mpi $ranks "${m[@]}" 2>&1 | penta)
  if [[ -n $one && $got == "$one" ]]; then pass; else fail "mpirun -np $ranks: '$got', one process '$one'"; fi
done

# Killed after three pairs (mpirun passes the signal on after a second),
# then resumed, over 48 pairs.
m[${#m[@]} - 1]=48
one=$("$bin" "${m[@]}" 2>&1 | penta)
# (mpirun itself, not under timeout, which would signal the ranks' whole
# process group at once instead of letting mpirun pass the signal on.)
mpirun -np 3 --oversubscribe --mca pml ob1 --mca btl self,vader "$mpi_bin" "${m[@]}" \
  --state "$tmp/s.jsonl" >/dev/null 2>&1 &
job=$!
for _ in $(seq 400); do
  [[ -f $tmp/s.jsonl && $(wc -l <"$tmp/s.jsonl") -ge 5 ]] && break
  sleep 0.05
done
kill -TERM "$job" 2>/dev/null
wait "$job" 2>/dev/null
finished=$(($(wc -l <"$tmp/s.jsonl") - 2))  # its header and identity lines
if ((finished >= 3 && finished < 48)); then pass; else fail "the job was not killed during the match ($finished pairs in its state)"; fi
left=""
for _ in $(seq 60); do
  left=$(pgrep -f -- "$marker" || true)
  [[ -z $left ]] && break
  sleep 0.05
done
if [[ -z $left ]]; then pass; else fail "engines left after the job was killed: $(pgrep -af -- "$marker")"; pkill -f -- "$marker"; fi
out=$(mpi 2 "${m[@]}" --state "$tmp/s.jsonl" --resume 2>&1)
if grep -q "^resumed: $finished pairs already played" <<<"$out" && [[ $(penta <<<"$out") == "$one" ]]; then
  pass
else
  fail "the killed job (${finished} pairs in its state) did not resume to '$one'" "$out"
fi
if [[ $(($(wc -l <"$tmp/s.jsonl") - 2)) == 48 ]]; then pass; else fail "the state holds $(($(wc -l <"$tmp/s.jsonl") - 2)) pairs, not 48"; fi

# A state of another match, read by rank 0 alone before the start: exit 2,
# its one error line with file:line, and the other ranks not left waiting.
echo '{"kind":"another"}' >"$tmp/other.jsonl"
err=$(mpi 3 "${m[@]}" --state "$tmp/other.jsonl" --resume 2>&1 >/dev/null)
rc=$?
if [[ $rc == 2 && $(grep -c "reversi-bench-mpi: error" <<<"$err") == 1 ]] &&
   grep -q "reversi-bench-mpi: error: .*other.jsonl:1: not a match state" <<<"$err"; then
  pass
else
  fail "another match's state under MPI: exit $rc, expected 2 and one error line" "$err"
fi

# An engine that cannot start: exit 2, rank 0's one error line.
err=$(mpi 2 match --engine "/bin/false" --protocol nboard --engine "self nboard $marker" --protocol nboard \
  --openings "$src/positions/openings-8.txt" --pairs 2 2>&1 >/dev/null)
rc=$?
if [[ $rc == 2 && $(grep -c "reversi-bench-mpi: error" <<<"$err") == 1 ]] &&
   grep -q "reversi-bench-mpi: error: rank 1: engine 'false' failed to start 3 times in a row" <<<"$err"; then
  pass
else
  fail "an engine that cannot start: exit $rc, expected 2 and one error line" "$err"
fi

finish
