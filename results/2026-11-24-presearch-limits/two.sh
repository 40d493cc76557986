#!/usr/bin/env bash
# One thread against two on fforum-20-39 (avx512+list, the best
# configuration, both cores, nothing pinned): every round runs 1 thread,
# then 2 threads with the pre-search on the first thread alone (the default
# of the builds before --presearch-split-threads) and with
# --presearch-split, alternating which of the two goes first.
#   two.sh BINARY ROUNDS OUT -> OUT/{t1,serial-t2,split-t2}-ROUND.json
#   two.sh BINARY ROUNDS OUT A B "B_OPTIONS" -> OUT/{t1,A-t2,B-t2}-ROUND.json
#     (other names for the two 2-thread runs, the second with more options)
set -euo pipefail
bin=$(realpath "$1") rounds=$2 out=$(mkdir -p "$3" && cd "$3" && pwd)
a=${4:-serial} b=${5:-split} b_options=${6:---presearch-split}
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
    run "$a-t2-$round" -t 2; run "$b-t2-$round" -t 2 $b_options
  else
    run "$b-t2-$round" -t 2 $b_options; run "$a-t2-$round" -t 2
  fi
done
