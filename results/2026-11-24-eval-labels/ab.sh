#!/usr/bin/env bash
# Two sets of pattern weights (each with the build that reads it) in one
# run, alternating (the order reversed every round): a suite, the best
# configuration (pre-search and shallow order, pattern evaluation), one
# thread pinned to CORE.
# Usage: ab.sh OLD_BIN OLD_WEIGHTS NEW_BIN NEW_WEIGHTS ROUNDS OUT CORE [POSITIONS...]
#        (positions default: positions/fforum-20-39.obf; writes
#        OUT/{old,new}-ROUND.json)
set -euo pipefail
old=$(realpath "$1") old_w=$(realpath "$2") new=$(realpath "$3") new_w=$(realpath "$4")
rounds=$5 out=$(mkdir -p "$6" && cd "$6" && pwd) core=$7
shift 7
cd "$(dirname "$0")/../.."  # positions named relative to the repository
positions=("${@:-positions/fforum-20-39.obf}")
best=(--algo pvs --order shallow --shallow-min-empties 16 --tt 64 --last-empty --few-empties 6
      --etc --stability --eval pattern --presearch -v avx512+list)
run() {  # name binary weights
  local json=$out/$1-$round.json
  taskset -c "$core" "$2" solve "${positions[@]}" "${best[@]}" --eval-weights "$3" \
    --json "$json" | grep '^nodes' | sed "s|^|$(basename "$json" .json): |"
}
for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) = 1 ]; then
    run old "$old" "$old_w"; run new "$new" "$new_w"
  else
    run new "$new" "$new_w"; run old "$old" "$old_w"
  fi
done
