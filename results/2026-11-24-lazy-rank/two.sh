#!/usr/bin/env bash
# One thread against two on fforum-20-39 (avx512+list, the best
# configuration, both cores, nothing pinned): every round runs 1 thread,
# then 2 threads by default (the pre-search split, presearch_split_threads
# 2) and with the pre-search on the first thread alone
# (--presearch-split-threads 0), alternating which of the two goes first.
#   two.sh BINARY ROUNDS OUT -> OUT/{t1,default-t2,serial-t2}-ROUND.json
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
  if [ $((round % 2)) = 1 ]; then
    run "default-t2-$round" -t 2; run "serial-t2-$round" -t 2 --presearch-split-threads 0
  else
    run "serial-t2-$round" -t 2 --presearch-split-threads 0; run "default-t2-$round" -t 2
  fi
done
