#!/usr/bin/env bash
# fforum-20-39 on one thread, avx512+list, today's best configuration
# (mobility order) against the shallow-search orders, alternating: each
# round runs every configuration once, the order reversed every other round.
# Usage: timed.sh BINARY ROUNDS OUT_DIR   (run from the repository root)
set -euo pipefail
bin=$1 rounds=$2 out=$3
mkdir -p "$out"
common=(--algo pvs --tt 64 --last-empty --few-empties 6 --etc --stability -v avx512+list)
declare -A config=(
  [mobility]="--order mobility"
  [shallow-classic]="--order shallow --eval classic --shallow-depth 2 --shallow-min-empties 14 --shallow-mobility 16"
  [shallow-pattern]="--order shallow --eval pattern --shallow-depth 2 --shallow-min-empties 14 --shallow-mobility 16"
)
names=(${CONFIGS:-mobility shallow-classic})
for round in $(seq 1 "$rounds"); do
  order=("${names[@]}")
  if (( round % 2 == 0 )); then order=($(printf '%s\n' "${names[@]}" | tac)); fi
  for name in "${order[@]}"; do
    # shellcheck disable=SC2086
    "$bin" solve positions/fforum-20-39.obf "${common[@]}" ${config[$name]} \
      --json "$out/r$round-$name.json" > "$out/r$round-$name.txt"
  done
done
