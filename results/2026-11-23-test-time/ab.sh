#!/usr/bin/env bash
# The searches compiled in rb_search (one file per variant) against the
# previous version (compiled in the commands): the same measurements with
# both binaries in one run, alternating, the order swapped each round.
# Usage: ab.sh OLD NEW ROUNDS OUT_DIR   (run from the repository root)
set -euo pipefail
old=$1 new=$2 rounds=$3 out=$4
mkdir -p "$out"
best=(--algo pvs --order mobility --tt 64 --last-empty --few-empties 6 --etc --stability)
run() {  # run TAG NAME BINARY ARGS...
  local tag=$1 name=$2 bin=$3
  shift 3
  "$bin" "$@" --json "$out/r$round-$tag-$name.json" > "$out/r$round-$tag-$name.txt"
}
measure() {  # measure TAG BINARY
  local tag=$1 bin=$2
  run "$tag" f20-avx512 "$bin" solve positions/fforum-20-39.obf -v avx512+list "${best[@]}"
  run "$tag" f1-kindergarten "$bin" solve positions/fforum-1-19.obf -v kindergarten+list "${best[@]}"
  run "$tag" f1-mailbox "$bin" solve positions/fforum-1-19.obf -v mailbox+list "${best[@]}"
  run "$tag" e12-mailbox-ab "$bin" solve positions/e12.obf -v mailbox --algo alphabeta --order none
  run "$tag" perft11-shift "$bin" perft -v shift -d 11
  run "$tag" perft12-avx512 "$bin" perft -v avx512 -d 12
}
for round in $(seq 1 "$rounds"); do
  if (( round % 2 )); then measure old "$old"; measure new "$new"; else measure new "$new"; measure old "$old"; fi
done
