#!/usr/bin/env bash
# The parallel search's extra work with the pre-search: total nodes with
# THREADS threads, best configuration + --eval pattern --presearch,
# avx512+list, on fforum-20-39 (f20) and on fforum-40-59 #40-#50 (f40: the
# positions with at most 26 empties). 8 and 16 threads oversubscribe the 2
# cores: the node counts, not the times, are the measure.
# Usage: run.sh BINARY OUT SUITE THREADS...   (SUITE: f20 or f40)
set -euo pipefail
bin=$(realpath "$1") out=$(mkdir -p "$2" && cd "$2" && pwd) suite=$3
shift 3
cd "$(dirname "$0")/../../.."
best=(--algo pvs --order mobility --tt 64 --last-empty --few-empties 6 --etc --stability
      --eval pattern --presearch)
case $suite in
  f20) inputs=(positions/fforum-20-39.obf) ;;
  f40) inputs=(); for i in $(seq 1 11); do inputs+=("positions/fforum-40-59.obf:$i"); done ;;
  *) echo "run.sh: suite f20 or f40" >&2; exit 2 ;;
esac
for t in "$@"; do
  "$bin" solve "${inputs[@]}" -v avx512+list "${best[@]}" -t "$t" \
    --json "$out/$suite-t$t.json" >"$out/$suite-t$t.txt"
  tail -n 3 "$out/$suite-t$t.txt" | sed "s/^/$suite t$t: /"
done
