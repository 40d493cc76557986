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
finish
