#!/usr/bin/env bash
# The parallel search's extra work: total nodes and idle time per thread with
# 1, 2, 4, 8 and 16 threads per position (8 and 16 oversubscribe a 2-core
# machine: the node counts, not the times, are what they measure), on
# fforum-20-39 and on the fforum-40-59 positions with at most 26 empties
# (#40-#50), best configuration.
# Usage: work.sh BINARY VARIANT OUT_DIR [THREADS...]   (run from the repository root;
# THREADS defaults to 1 2 4 8 16)
set -euo pipefail
bin=$1 variant=$2 out=$3
shift 3
threads=("$@")
[ ${#threads[@]} -gt 0 ] || threads=(1 2 4 8 16)
mkdir -p "$out"
best=(--algo pvs --order mobility --tt 64 --last-empty --few-empties 6 --etc --stability)
f40=()
for i in $(seq 1 11); do f40+=("positions/fforum-40-59.obf:$i"); done
for t in "${threads[@]}"; do
  "$bin" solve positions/fforum-20-39.obf -v "$variant" "${best[@]}" -t "$t" \
    --json "$out/work-f20-t$t.json" > "$out/work-f20-t$t.txt"
  "$bin" solve "${f40[@]}" -v "$variant" "${best[@]}" -t "$t" \
    --json "$out/work-f40-t$t.json" > "$out/work-f40-t$t.txt"
done
