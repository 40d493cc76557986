#!/usr/bin/env bash
# EXTRA (environment): more solve options for every run.
# The parallel search with the best configuration (pre-search and shallow
# order, pattern evaluation), both cores, nothing pinned.
#   threads.sh BINARY OUT wall VARIANT ROUNDS
#     fforum-20-39 with 1 and 2 threads, alternating (the order reversed
#     every round): OUT/wall-VARIANT-tN-ROUND.json
#   threads.sh BINARY OUT work SUITE THREADS...
#     total nodes with each thread count (8 and 16 oversubscribe the 2
#     cores: the node counts, not the times, are the measure), on f20
#     (fforum-20-39) or f40 (fforum-40-59 #40-#50, the positions with at
#     most 26 empties), avx512+list: OUT/SUITE-tN.json
set -euo pipefail
bin=$(realpath "$1") out=$(mkdir -p "$2" && cd "$2" && pwd) what=$3
shift 3
cd "$(dirname "$0")/../.."  # positions named relative to the repository
best=(${EXTRA:-} --algo pvs --order shallow --shallow-min-empties 16 --tt 64 --last-empty --few-empties 6
      --etc --stability --eval pattern --presearch)
run() {  # json inputs... -- options...
  local json=$1
  shift
  "$bin" solve "$@" "${best[@]}" --json "$json" | grep -E '^(nodes|threads|split)' |
    tr '\n' ' ' | sed "s|^|$(basename "$json" .json): |"
  echo
}
case $what in
  wall)
    variant=$1 rounds=$2
    for round in $(seq 1 "$rounds"); do
      order=(1 2)
      [ $((round % 2)) = 0 ] && order=(2 1)
      for t in "${order[@]}"; do
        run "$out/wall-$variant-t$t-$round.json" positions/fforum-20-39.obf -v "$variant" -t "$t"
      done
    done ;;
  work)
    suite=$1
    shift
    case $suite in
      f20) inputs=(positions/fforum-20-39.obf) ;;
      f40) inputs=(); for i in $(seq 1 11); do inputs+=("positions/fforum-40-59.obf:$i"); done ;;
      *) echo "threads.sh: suite f20 or f40" >&2; exit 2 ;;
    esac
    for t in "$@"; do
      run "$out/$suite-t$t.json" "${inputs[@]}" -v avx512+list -t "$t"
    done ;;
  *) echo "threads.sh: wall or work" >&2; exit 2 ;;
esac
