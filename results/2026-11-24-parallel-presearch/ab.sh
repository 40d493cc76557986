#!/usr/bin/env bash
# The previous build against this one, in one run, alternating (the order
# reversed every round): fforum-20-39, the best configuration (pre-search
# and shallow order, pattern evaluation), THREADS threads (1: pinned to
# core 1; more: both cores).
# Usage: ab.sh OLD NEW ROUNDS OUT THREADS [VARIANT]
#        (writes OUT/{old,new}-VARIANT-tTHREADS-ROUND.json)
set -euo pipefail
old=$(realpath "$1") new=$(realpath "$2") rounds=$3 out=$(mkdir -p "$4" && cd "$4" && pwd)
threads=$5 variant=${6:-avx512+list}
cd "$(dirname "$0")/../.."  # positions named relative to the repository
best=(--algo pvs --order shallow --shallow-min-empties 16 --tt 64 --last-empty --few-empties 6
      --etc --stability --eval pattern --presearch)
pin=()
[ "$threads" = 1 ] && pin=(taskset -c 1)
run() {  # name binary
  local json=$out/$1-$variant-t$threads-$round.json
  "${pin[@]}" "$2" solve positions/fforum-20-39.obf -v "$variant" "${best[@]}" -t "$threads" \
    --json "$json" | grep '^nodes' | sed "s|^|$(basename "$json" .json): |"
}
for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) = 1 ]; then
    run old "$old"; run new "$new"
  else
    run new "$new"; run old "$old"
  fi
done
