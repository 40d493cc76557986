#!/usr/bin/env bash
# Times in one run, alternating: the previous version (OLD) against this one
# (NEW) with one thread, and NEW with two threads per position against one.
# Each round runs every measurement once for each binary, the order of the
# two binaries swapped from one round to the next.
# Usage: timed.sh OLD NEW ROUNDS OUT_DIR   (run from the repository root)
set -euo pipefail
old=$1 new=$2 rounds=$3 out=$4
mkdir -p "$out"
best=(--algo pvs --order mobility --tt 64 --last-empty --few-empties 6 --etc --stability)
run() {  # run TAG NAME BINARY ARGS...
  local tag=$1 name=$2 bin=$3
  shift 3
  "$bin" "$@" --json "$out/r$round-$tag-$name.json" > "$out/r$round-$tag-$name.txt"
}
measure() {  # measure TAG BINARY: the one-thread measurements
  local tag=$1 bin=$2
  run "$tag" f20-avx512 "$bin" solve positions/fforum-20-39.obf -v avx512+list "${best[@]}"
  run "$tag" f20-kindergarten "$bin" solve positions/fforum-20-39.obf -v kindergarten+list "${best[@]}"
  run "$tag" f1-mailbox "$bin" solve positions/fforum-1-19.obf -v mailbox+list "${best[@]}"
  run "$tag" e12-mailbox-ab "$bin" solve positions/e12.obf -v mailbox --algo alphabeta --order none
  run "$tag" perft13-hash "$bin" perft -v avx512 -d 13 --hash 1024
  run "$tag" perft12-t2 "$bin" perft -v kindergarten -d 12 -t 2 --hash 256
}
for round in $(seq 1 "$rounds"); do
  if (( round % 2 )); then measure old "$old"; measure new "$new"; else measure new "$new"; measure old "$old"; fi
  for v in avx512+list mailbox+list; do
    run new "f20-$v-t2" "$new" solve positions/fforum-20-39.obf -v "$v" "${best[@]}" -t 2
    run new "f20-$v-t1" "$new" solve positions/fforum-20-39.obf -v "$v" "${best[@]}" -t 1
  done
done
