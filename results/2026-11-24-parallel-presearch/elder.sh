#!/usr/bin/env bash
# Two builds' parallel search, in one run: OLD searches one elder brother
# alone at an expected ALL node, NEW two (kElderBrothers). avx512+list, the
# best configuration, both cores, nothing pinned. Every round runs 1 thread
# once (no split point: both builds search alike), then each build with
# every thread count, the order of the builds reversed every other round.
# More than 2 threads oversubscribe the 2 cores: their node counts, not
# their times, are the measure.
#   elder.sh OLD NEW ROUNDS OUT f20|f40 THREADS...
#   (f20: fforum-20-39; f40: fforum-40-59 #40-#50, at most 26 empties)
#   -> OUT/SUITE-t1-ROUND.json, OUT/SUITE-{old,new}-tN-ROUND.json
set -euo pipefail
old=$(realpath "$1") new=$(realpath "$2") rounds=$3
out=$(mkdir -p "$4" && cd "$4" && pwd) suite=$5
shift 5
cd "$(dirname "$0")/../.."  # positions named relative to the repository
case $suite in
  f20) inputs=(positions/fforum-20-39.obf) ;;
  f40) inputs=(); for i in $(seq 1 11); do inputs+=("positions/fforum-40-59.obf:$i"); done ;;
  *) echo "elder.sh: suite f20 or f40" >&2; exit 2 ;;
esac
best=(--algo pvs --order shallow --shallow-min-empties 16 --tt 64 --last-empty --few-empties 6
      --etc --stability --eval pattern --presearch)
run() {  # binary name threads
  "$1" solve "${inputs[@]}" -v avx512+list "${best[@]}" -t "$3" --json "$out/$2.json" |
    grep -E '^(nodes|threads)' | tr '\n' ' ' | sed "s|^|$2: |"
  echo
}
for round in $(seq 1 "$rounds"); do
  run "$new" "$suite-t1-$round" 1
  builds=(old new)
  [ $((round % 2)) = 0 ] && builds=(new old)
  for t in "$@"; do
    for b in "${builds[@]}"; do
      bin=$old
      [ "$b" = new ] && bin=$new
      run "$bin" "$suite-$b-t$t-$round" "$t"
    done
  done
done
