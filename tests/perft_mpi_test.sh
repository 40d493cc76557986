#!/usr/bin/env bash
# reversi-bench-mpi on 2 ranks (mpirun -np 2 --oversubscribe): perft(10)
# split at plies 3 to 6 in the three conventions equals the single-process
# count of reversi-bench; the errors of the MPI binary. Exit 77 (skipped)
# with the reason when the MPI binary is not built or mpirun is missing.
# Usage: perft_mpi_test.sh PATH/TO/reversi-bench-mpi|none:REASON PATH/TO/reversi-bench
mpi_bin=$1
bin=$2
source "$(dirname "$0")/cli_lib.sh"
require_mpi "$mpi_bin"
# One host: the shared-memory transport alone (starting the network ones
# costs about 0.2 s a run here, the most of a run of this test); a run
# ended after 120 s (exit 124) fails its check.
mpi=(mpi_bounded 120 -np 2 "$mpi_bin")
depth=10

count_of() { awk -v d="$1" '$1 == d { print $2 }'; }

# Plies 3..6 in every convention.
for c in a124004 bik no_pass; do
  plain=$("$bin" perft -v fast -d $depth -c $c | count_of $depth)
  for split in 3 4 5 6; do
    out=$("${mpi[@]}" perft -d $depth -c $c --split $split --hash 4 2>&1)
    got=$(count_of $depth <<<"$out")
    if [[ -n $plain && $got == "$plain" ]] && grep -q "processes 2" <<<"$out"; then
      pass
    else
      fail "mpirun -np 2: $c split $split gave '$got', one process $plain" "$out"
    fi
  done
done

# A checkpoint written by the MPI run resumes in one process (same units).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"${mpi[@]}" perft -d 9 --split 4 -c bik --checkpoint "$tmp/run.ckpt" >/dev/null 2>&1
out=$("$bin" perft -d 9 --split 4 -c bik --resume "$tmp/run.ckpt" 2>&1)
if grep -qE "^ +9 +3005288 .* ok$" <<<"$out" && grep -q "60 units resumed" <<<"$out"; then
  pass
else
  fail "the MPI run's checkpoint did not resume to perft(9) = 3005288 in one process" "$out"
fi

# A failure of rank 0 alone before the start (a checkpoint that exists
# already: the leader's file, which the other ranks do not look at) ends
# every rank: exit 2, rank 0's one line, no rank left waiting.
err=$("${mpi[@]}" perft -d 9 --split 4 -c bik --checkpoint "$tmp/run.ckpt" 2>&1 >/dev/null)
rc=$?
if [[ $rc -eq 2 && $(grep -c "reversi-bench-mpi: error" <<<"$err") -eq 1 ]] &&
   grep -q "reversi-bench-mpi: error: --checkpoint '.*run.ckpt' exists already" <<<"$err"; then
  pass
else
  fail "an existing checkpoint under MPI: exit $rc, expected 2 and one error line" "$err"
fi

# A board string starting with '-' (the start position written out) is a
# position, not an option, after -p and as --position=.
start="$(printf -- '-%.0s' {1..27})OX------XO$(printf -- '-%.0s' {1..27}) X"
for form in "-p" "--position"; do
  out=$("${mpi[@]}" perft -d 7 --split 2 --hash 4 "$form" "$start" 2>&1)
  if [[ $(count_of 7 <<<"$out") == 55092 ]]; then pass; else
    fail "reversi-bench-mpi perft $form <board starting with '-'>: not perft(7) = 55092" "$out"; fi
done

# Errors: exit 2, rank 0's one line.
err=$("${mpi[@]}" perft -d 9 2>&1 >/dev/null)
rc=$?
if [[ $rc -eq 2 ]] && grep -q "reversi-bench-mpi: error: reversi-bench-mpi perft counts with --split K only" <<<"$err" &&
   [[ $(grep -c "reversi-bench-mpi: error" <<<"$err") -eq 1 ]]; then
  pass
else
  fail "without --split: exit $rc, expected 2 and one error line" "$err"
fi
# Another command, or none known: named, not "a subcommand is required".
for command in bogus solve; do
  err=$("${mpi[@]}" $command 2>&1 >/dev/null)
  rc=$?
  if [[ $rc -eq 2 && $(grep -c "reversi-bench-mpi: error" <<<"$err") -eq 1 ]] &&
     grep -qE "reversi-bench-mpi: error: ('solve' is a command of reversi-bench|unknown command 'bogus'); reversi-bench-mpi runs perft --split K, match and make-corpus only" <<<"$err"; then
    pass
  else
    fail "reversi-bench-mpi $command: exit $rc, expected 2 and the command named" "$err"
  fi
done
err=$("${mpi[@]}" perft -d 9 --split 4 -c bik --resume "$tmp/run.ckpt" -p "$(printf '%.0s-' {1..27})OX------XO$(printf '%.0s-' {1..27}) O" 2>&1 >/dev/null)
rc=$?
if [[ $rc -eq 2 ]] && grep -q "run.ckpt:2: a checkpoint of another run" <<<"$err"; then
  pass
else
  fail "another run's checkpoint under MPI: exit $rc, expected 2 and file:line" "$err"
fi
# A worker rank stopped (SIGSTOP: alive, silent) while it holds a job: rank
# 0 ends the run after --rank-silence seconds, naming the rank, exit 2;
# nothing is left running (what was finished stays in the checkpoint).
# (Three ranks: rank 2 is stopped once the first units are recorded.)
ckpt=$tmp/stop.ckpt
mpi_bounded 120 -np 3 "$mpi_bin" --rank-silence 3 perft -d 14 --split 4 --hash 4 \
  --checkpoint "$ckpt" >"$tmp/stop.out" 2>&1 &
job=$!
stopped=
for _ in $(seq 600); do
  if [[ $(grep -c "^[0-9]" "$ckpt" 2>/dev/null) -ge 2 ]]; then
    for pid in $(pgrep -f -- "reversi-bench-mpi --rank-silence 3 perft"); do
      if tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qx 'OMPI_COMM_WORLD_RANK=2'; then
        kill -STOP "$pid" && stopped=$pid
      fi
    done
    break
  fi
  sleep 0.05
done
wait $job
rc=$?
leftover=$(pgrep -f -- "reversi-bench-mpi --rank-silence 3 perft")
if [[ -n $stopped && $rc -eq 2 && -z $leftover ]] &&
   grep -q "reversi-bench-mpi: error: rank 2: said nothing for [0-9]* s (--rank-silence) while it held job" "$tmp/stop.out"; then
  pass
else
  fail "a stopped worker rank (pid '$stopped'): exit $rc, expected 2 naming rank 2; left: '$leftover'" "$(head -c 2000 "$tmp/stop.out")"
fi
[[ -n $leftover ]] && kill -CONT $leftover 2>/dev/null && kill -KILL $leftover 2>/dev/null
finish
