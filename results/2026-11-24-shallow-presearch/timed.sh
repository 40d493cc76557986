#!/usr/bin/env bash
# In one run, one binary, alternating (the order reversed every round), on
# core 1, fforum-20-39, avx512+list, one thread:
#   mobility   the best configuration before issue #14's orderings
#   presearch  the same + --eval pattern --presearch (the best of stop 22)
#   shallow    the same + --order shallow --shallow-min-empties 16
# Usage: timed.sh BINARY ROUNDS OUT [extra solve options...]
#        (writes OUT/<name>-<round>.json)
set -euo pipefail
bin=$(realpath "$1") rounds=$2 out=$(mkdir -p "$3" && cd "$3" && pwd)
shift 3
here=$(cd "$(dirname "$0")/../.." && pwd)
cd "$here"  # positions named relative to the repository (as they are in the JSON)
common=(--algo pvs --tt 64 --last-empty --few-empties 6 --etc --stability "$@")
declare -A config=(
  [mobility]="--order mobility"
  [presearch]="--order mobility --eval pattern --presearch"
  [shallow]="--order shallow --shallow-min-empties 16 --eval pattern --presearch"
)
run() {  # name
  # shellcheck disable=SC2206
  local extra=(${config[$1]})
  taskset -c 1 "$bin" solve positions/fforum-20-39.obf -v avx512+list "${common[@]}" \
    "${extra[@]}" --json "$out/$1-$round.json" | tail -n 1 | sed "s/^/$1 round $round: /"
}
for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) = 1 ]; then
    run mobility; run presearch; run shallow
  else
    run shallow; run presearch; run mobility
  fi
done
