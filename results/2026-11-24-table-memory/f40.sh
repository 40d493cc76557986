#!/usr/bin/env bash
# OLD against NEW on fforum-40-59 #40-#50 (the positions with at most 26
# empties), avx512+list, the best configuration, one thread pinned to core 1,
# alternating (the order reversed every round).
#   f40.sh OLD NEW ROUNDS OUT -> OUT/{old,new}-avx512+list-t1-ROUND.json
set -euo pipefail
old=$(realpath "$1") new=$(realpath "$2") rounds=$3 out=$(mkdir -p "$4" && cd "$4" && pwd)
cd "$(dirname "$0")/../.."  # positions named relative to the repository
best=(--algo pvs --order shallow --shallow-min-empties 16 --tt 64 --last-empty --few-empties 6
      --etc --stability --eval pattern --presearch)
inputs=()
for i in $(seq 1 11); do inputs+=("positions/fforum-40-59.obf:$i"); done
run() {  # name binary
  local json=$out/$1-avx512+list-t1-$round.json
  taskset -c 1 "$2" solve "${inputs[@]}" -v avx512+list "${best[@]}" --json "$json" |
    grep '^nodes' | sed "s|^|$(basename "$json" .json): |"
}
for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) = 1 ]; then
    run old "$old"; run new "$new"
  else
    run new "$new"; run old "$old"
  fi
done
