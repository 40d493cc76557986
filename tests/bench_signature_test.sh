#!/usr/bin/env bash
# The bench signature (cli/cmd_bench.cpp): `reversi-bench bench` on one
# thread visits the same positions on every run and on every variant with
# the same move source, so its node count is pinned here. A change to the
# search changes it: the commit states the new count and updates it here
# (README.md, "Adding a solver technique"); a change that is not meant to
# touch the search keeps it.
# Usage: bench_signature_test.sh PATH/TO/reversi-bench
set -u
bin=$1
source "$(dirname "$0")/cli_lib.sh"

# The preset best on FForum #1-#19 and #20-#31, the empty-square list.
signature=28085774

nodes_of() { sed -n 's/^bench: \([0-9]*\) nodes, .*/\1/p' <<<"$1"; }

variants=$("$bin" list | awk '$1 ~ /\+list$/ && / yes / {print $1}')
[[ -n $variants ]] || fail "no list variant to run"
for v in auto $variants; do
  out=$("$bin" bench -v "$v" 2>&1)
  rc=$?
  nodes=$(nodes_of "$out")
  if [[ $rc -ne 0 ]]; then
    fail "bench -v $v exited $rc" "$out"
  elif [[ $nodes != "$signature" ]]; then
    fail "bench -v $v: $nodes nodes, the signature is $signature" "$(tail -3 <<<"$out")"
  else
    pass
  fi
done
# The summary line is the sum of the rows (exact + ordering positions).
out=$("$bin" bench -v auto)
sum=$(awk '$1 ~ /^[0-9]+$/ && NF >= 8 {s += $6 + $7} END {print s}' <<<"$out")
[[ $sum == "$(nodes_of "$out")" ]] && pass || fail "bench: the rows add up to $sum" "$out"
finish
