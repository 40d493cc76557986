#!/usr/bin/env bash
# Numbers read as typed (docs/outputs-and-errors.md): every number option
# of every command is decimal ("010" is ten, never octal eight; "09" is
# nine), through the one parser of cli/options.hpp; a text that is not a
# decimal number is refused, naming the option and the text.
# Usage: cli_numbers_test.sh PATH/TO/reversi-bench POSITIONS_DIR
set -u
bin=$(realpath "$1")
positions=$(realpath "$2")
source "$(dirname "$0")/cli_lib.sh"
enter_scratch
e10=$positions/e10.obf:1

# perft: depth, threads, hash, repeat, split.
expect 0 '^ +10 +[0-9]+ ' -- perft -v fast -d 010 -p "$e10"
expect 0 '^ +9 +[0-9]+ ' -- perft -v fast -d 09 -p "$e10"
expect 0 'threads 10  hash 10 MB' -- perft -v fast -d 5 -t 010 --hash 010
expect 0 'the median of 10 runs' -- perft -v fast -d 2 --repeat 010
expect 0 'split 2 ' -- perft -d 5 --split 02
# FILE:N: the tenth position.
expect 0 "e10.obf:10\$" -- show "$positions/e10.obf:010"
# verify: positions, seed.
expect 0 'then 10 random \(seed 10\)' -- verify -v shift -n 010 --seed 010
# sample: count, seed, empties; --seed 010 is --seed 10.
expect 0 'sample -n 10 --seed 10 --min-empties 10 --max-empties 12' -- \
  sample -n 010 --seed 010 --min-empties 010 --max-empties 012
if cmp -s <("$bin" sample -n 3 --seed 010) <("$bin" sample -n 3 --seed 10) &&
   ! cmp -s <("$bin" sample -n 3 --seed 010) <("$bin" sample -n 3 --seed 8); then
  pass
else
  fail "sample --seed 010 is not --seed 10"
fi
# make-suite: empties, count, seed, as written into its header.
"$bin" make-suite -e 04 -n 02 --seed 010 -o suite.obf 2>/dev/null
if head -1 suite.obf | grep -q '^% reversi-bench make-suite -e 4 -n 2 --seed 10$'; then pass; else
  fail "make-suite -e 04 -n 02 --seed 010: header '$(head -1 suite.obf)'"; fi
# solve: threads, jobs, repeat, a table row (int), a size row, a real number.
expect 0 'threads 2  jobs 2' -- solve "$e10" -v shift -t 02 -j 02 --tt 010 --repeat 02
expect 0 'order fastest  tt 10 MB' -- solve "$e10" -v shift --preset fastest --tt 010
expect 0 'few-empties 6' -- solve "$e10" -v shift --preset fastest --few-empties 06
expect 0 'budget 100 nodes' -- solve "$e10" -v shift --tt 4 --presearch --presearch-nodes 0100
"$bin" solve "$e10" -v shift --tt 4 --time-limit 010.5 --json limit.json >/dev/null 2>&1
if grep -q '"time_limit_s": 10.5' limit.json; then pass; else fail "--time-limit 010.5 is not 10.5"; fi
# train-eval: games, empties, stage width, ridge, iterations, as its header says.
"$bin" train-eval --seed 010 --games 04 --exact-empties 010 --min-empties 010 --max-empties 012 \
  --stage-width 03 --ridge 032 --iterations 010 -o w.txt 2>/dev/null
if grep -q -- '--seed 10 --games 4 --exact-empties 10 --min-empties 10 --max-empties 12 --stage-width 3 --ridge 32 --iterations 10' w.txt; then
  pass
else
  fail "train-eval: the numbers with leading zeros are not read as typed" "$(grep train-eval w.txt)"
fi

# What is not a decimal number is refused, naming the option and the text.
expect_error "--depth: '0x10' is not a number \(expected a whole number from 1 to 60\)" -- perft -d 0x10
expect_error "--depth: ' 10' is not a number" -- perft -d ' 10'
expect_error "--threads: '1e3' is not a number" -- perft -d 3 -t 1e3
expect_error "--seed: '-1' is out of range \(expected a whole number from 0 to 18446744073709551615\)" -- \
  sample --seed -1
expect_error "--seed: '18446744073709551616' is out of range" -- sample --seed 18446744073709551616
expect_error "--positions: '0o10' is not a number" -- verify -n 0o10
expect_error "--time-limit: 'inf' is not a number" -- solve "$e10" --time-limit inf
expect_error "--time-limit: '0x1p3' is not a number" -- solve "$e10" --time-limit 0x1p3
expect_error "--ridge: '1e999' is out of range" -- train-eval --seed 1 --ridge 1e999 -o w2.txt
expect_error "--tt: '-0x1' is not a number" -- solve "$e10" --tt -0x1
finish
