#!/usr/bin/env bash
# perft --split from the command line: the split count equals the plain
# count and the published one; a run killed (SIGKILL) after some units and
# resumed gives the same total; a checkpoint of another run, or a damaged
# one, is refused with file:line (exit 2); bad combinations of options.
# Usage: perft_split_cli_test.sh PATH/TO/reversi-bench DEPTH SPLIT
bin=$1
depth=$2
split=$3
source "$(dirname "$0")/cli_lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The count of depth D in column 2 of the row that starts with D.
count_of() { awk -v d="$1" '$1 == d { print $2 }'; }

for c in a124004 bik no_pass; do
  plain=$("$bin" perft -v fast -d "$depth" -c "$c" | count_of "$depth")
  got=$("$bin" perft -d "$depth" -c "$c" --split "$split" -t 2 --hash 8 2>/dev/null | count_of "$depth")
  if [[ -n $plain && $got == "$plain" ]]; then pass; else fail "$c: split $got, plain $plain"; fi
done
expect 0 "^ +$depth +[0-9]+ .* ok$" -- perft -d "$depth" --split "$split" -c bik

# Killed after a few units, then resumed: the same total.
ckpt=$tmp/run.ckpt
"$bin" perft -d "$depth" --split "$split" --checkpoint "$ckpt" >"$tmp/killed.out" 2>&1 &
pid=$!
for _ in $(seq 1 2000); do
  [[ -f $ckpt && $(wc -l <"$ckpt") -ge 9 ]] && break
  sleep 0.01
done
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
units=$(awk '$1 == "units" { print $2 }' "$ckpt")
done_units=$(($(wc -l <"$ckpt") - 6))
if [[ $done_units -ge 3 && $done_units -lt $units ]]; then
  pass
else
  fail "the killed run finished $done_units of $units units (expected some, not all)"
fi
# As a kill in the middle of a write leaves it: a last line without its end.
printf '12 34' >>"$ckpt"
expected=$("$bin" perft -v fast -d "$depth" | count_of "$depth")
resumed=$("$bin" perft -d "$depth" --split "$split" --resume "$ckpt" -t 2 2>"$tmp/resume.err")
if [[ $(count_of "$depth" <<<"$resumed") == "$expected" ]] &&
   grep -q "$done_units units resumed" <<<"$resumed"; then
  pass
else
  fail "resumed run: not $expected with $done_units units resumed" "$resumed"
fi
if [[ $(($(wc -l <"$ckpt") - 6)) -eq $units ]] && ! grep -q '^12 34$' "$ckpt"; then
  pass
else
  fail "after the resumed run the checkpoint does not hold each of the $units units once"
fi
# Resuming a finished run counts nothing again.
expect 0 "$units units resumed" -- perft -d "$depth" --split "$split" --resume "$ckpt"

# Another run's checkpoint, and damaged ones: file:line, exit 2.
expect_error "run.ckpt:4: a checkpoint of another run: 'depth $depth', this run has 'depth $((depth - 1))'" \
  -- perft -d $((depth - 1)) --split "$split" --resume "$ckpt"
expect_error "run.ckpt:3: a checkpoint of another run" \
  -- perft -d "$depth" --split "$split" -c no_pass --resume "$ckpt"
expect_error "run.ckpt:5: a checkpoint of another run" \
  -- perft -d "$depth" --split $((split - 1)) --resume "$ckpt"
expect_error "run.ckpt:2: a checkpoint of another run" \
  -- perft -d "$depth" --split "$split" --resume "$ckpt" -p "$(printf '%.0s-' {1..27})OX------XO$(printf '%.0s-' {1..27}) O"
# A digit of a count changed (line 8: the second unit).
awk 'NR == 8 { $2 = $2 + 1 } { print }' "$ckpt" >"$tmp/damaged.ckpt"
expect_error "damaged.ckpt:8: damaged checkpoint line .*line check does not match" \
  -- perft -d "$depth" --split "$split" --resume "$tmp/damaged.ckpt"
head -n 2 "$ckpt" >"$tmp/short.ckpt"
expect_error "short.ckpt:3: the checkpoint's header ends early" \
  -- perft -d "$depth" --split "$split" --resume "$tmp/short.ckpt"

# Options.
expect_error "--checkpoint .* exists already; continue it with --resume" \
  -- perft -d "$depth" --split "$split" --checkpoint "$ckpt"
expect_error "$tmp/none: cannot read the checkpoint: No such file or directory" -- perft -d 5 --split 2 --resume "$tmp/none"
expect_error "--split: '10' is out of range" -- perft -d 12 --split 10
expect_error "--split 6: above the depth 5" -- perft -d 5 --split 6
expect_error "--checkpoint requires --split" -- perft -d 5 --checkpoint "$tmp/x"
expect_error "--divide cannot be combined with --split" -- perft -d 5 --split 2 --divide
expect_error "--split counts with one variant" -- perft -d 5 --split 2 -v shift,fast
expect_error "--depth: '61' is out of range" -- perft -d 61
finish
