#!/usr/bin/env bash
# In one run, alternating (the order swapped every round), on core 1:
#   old       OLD binary, the best configuration (mobility order)
#   new       NEW binary, the same configuration (unchanged path)
#   presearch NEW binary, the same + --eval pattern --presearch
# on fforum-20-39, avx512+list, one thread.
# Usage: timed.sh OLD NEW ROUNDS OUT   (writes OUT/<name>-<round>.json)
set -euo pipefail
rounds=$3
old=$(realpath "$1") new=$(realpath "$2") out=$(mkdir -p "$4" && cd "$4" && pwd)
here=$(cd "$(dirname "$0")/../.." && pwd)
cd "$here"  # positions named relative to the repository (as they are in the JSON)
best=(--algo pvs --order mobility --tt 64 --last-empty --few-empties 6 --etc --stability)
run() {  # name binary extra...
  local name=$1 bin=$2
  shift 2
  taskset -c 1 "$bin" solve positions/fforum-20-39.obf -v avx512+list "${best[@]}" "$@" \
    --json "$out/$name-$round.json" | tail -n 1 | sed "s/^/$name round $round: /"
}
for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) = 1 ]; then
    run old "$old"; run new "$new"; run presearch "$new" --eval pattern --presearch
  else
    run presearch "$new" --eval pattern --presearch; run new "$new"; run old "$old"
  fi
done
