#!/usr/bin/env bash
# The root searched once with the full window (full) against null-window
# tests from the pre-search's estimate (--mtd), alternating which goes
# first, on one suite (avx512+list, the best configuration).
#   ab.sh BINARY ROUNDS OUT CORE SUITE [OPTIONS...] -> OUT/{full,mtd}-ROUND.json
#   (CORE: the core to pin the runs to, or - for none, e.g. with -t 2;
#    SUITE: positions named as solve takes them, e.g. positions/fforum-20-39.obf;
#    OPTIONS: more options for both)
set -euo pipefail
bin=$(realpath "$1") rounds=$2 out=$(mkdir -p "$3" && cd "$3" && pwd) core=$4 suite=$5
shift 5
cd "$(dirname "$0")/../.."  # positions named relative to the repository
best=(--algo pvs --order shallow --shallow-min-empties 16 --tt 64 --last-empty --few-empties 6
      --etc --stability --eval pattern --presearch)
run() {  # name options...
  local name=$1
  shift
  local pin=()
  [ "$core" = - ] || pin=(taskset -c "$core")
  "${pin[@]}" "$bin" solve $suite -v avx512+list "${best[@]}" "$@" \
    --json "$out/$name.json" | grep -E '^nodes' | sed "s|^|$name: |"
}
for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) = 1 ]; then
    run "full-$round" "$@"; run "mtd-$round" --mtd "$@"
  else
    run "mtd-$round" --mtd "$@"; run "full-$round" "$@"
  fi
done
