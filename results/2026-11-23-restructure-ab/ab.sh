#!/bin/bash
# Before/after, in one run, alternating: the previous main (03ea7c5) and this
# restructure, same machine, same moment. Usage: ab.sh OLD_BIN NEW_BIN ROUNDS
old=$1; new=$2; rounds=${3:-3}
cd "$(dirname "$0")/../.."
best="--algo pvs --order mobility --tt 64 --last-empty --few-empties 6 --etc --stability"
run() {  # label bin args...
  local label=$1 bin=$2; shift 2
  "$bin" "$@" > /tmp/ab.out 2>&1
  case $1 in
    perft) t=$(awk '$1 ~ /^[0-9]+$/ {d=$1; s=$3} END {print s}' /tmp/ab.out) ;;
    solve) t=$(grep -E "^nodes " /tmp/ab.out | sed -E 's/.*time ([0-9.]+) s.*/\1/')
           n=$(grep -E "^nodes " /tmp/ab.out | awk '{print $2}') ;;
  esac
  echo "$label $t ${n:-}"
}
for r in $(seq 1 $rounds); do
  for pair in "old $old" "new $new"; do
    set -- $pair; tag=$1; bin=$2
    run "$tag perft12-shift" $bin perft -v shift -d 12 | awk '{print}'
    run "$tag perft12-kindergarten" $bin perft -v kindergarten -d 12
    run "$tag perft12-avx512" $bin perft -v avx512 -d 12
    run "$tag perft11-kindergarten-noshortcut" $bin perft -v kindergarten -d 11 --no-shortcut
    run "$tag perft10-mailbox" $bin perft -v mailbox -d 10
    run "$tag perft13-avx512-hash1024" $bin perft -v avx512 -d 13 --hash 1024
    run "$tag fforum-20-39-avx512+list" $bin solve positions/fforum-20-39.obf -v avx512+list $best
    run "$tag fforum-20-39-kindergarten+list" $bin solve positions/fforum-20-39.obf -v kindergarten+list $best
    run "$tag fforum-1-19-mailbox+list" $bin solve positions/fforum-1-19.obf -v mailbox+list $best
    run "$tag e12-alphabeta-mailbox" $bin solve positions/e12.obf -v mailbox --algo alphabeta --order none
  done
done
