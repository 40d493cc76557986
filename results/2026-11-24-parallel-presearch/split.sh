#!/usr/bin/env bash
# The pre-search run on the first thread alone (the default) against the
# pre-search splitting like the exact search (--presearch-split), one build,
# fforum-20-39, avx512+list, the best configuration, both cores, nothing
# pinned. Every round runs 1 thread once (both give the same pre-search
# there), then 2, 8 and 16 threads with each, alternating which goes first.
# 8 and 16 threads oversubscribe the 2 cores: their node counts, not their
# times, are the measure.
#   split.sh BINARY ROUNDS OUT -> OUT/{t1,serial-tN,split-tN}-ROUND.json
set -euo pipefail
bin=$(realpath "$1") rounds=$2 out=$(mkdir -p "$3" && cd "$3" && pwd)
cd "$(dirname "$0")/../.."  # positions named relative to the repository
best=(--algo pvs --order shallow --shallow-min-empties 16 --tt 64 --last-empty --few-empties 6
      --etc --stability --eval pattern --presearch)
run() {  # name options...
  local name=$1
  shift
  "$bin" solve positions/fforum-20-39.obf -v avx512+list "${best[@]}" "$@" \
    --json "$out/$name.json" | grep -E '^(nodes|threads)' | tr '\n' ' ' | sed "s|^|$name: |"
  echo
}
for round in $(seq 1 "$rounds"); do
  run "t1-$round" -t 1
  modes=(serial split)
  [ $((round % 2)) = 0 ] && modes=(split serial)
  for t in 2 8 16; do
    for m in "${modes[@]}"; do
      if [ "$m" = split ]; then
        run "split-t$t-$round" -t "$t" --presearch-split
      else
        run "serial-t$t-$round" -t "$t"
      fi
    done
  done
done
