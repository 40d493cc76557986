#!/usr/bin/env bash
# Threads that cannot start (docs/outputs-and-errors.md): under a memory
# limit (ulimit -v) that leaves no room for their stacks, every command that
# starts threads ends with exit 2 and one line naming -t or -j and the count,
# never an abort. (ulimit -u would do as well, but does not bind root.)
# Skipped (77) in the sanitizer builds, whose shadow memory needs far more
# address space than any limit that could bind the threads.
# Usage: cli_threads_test.sh PATH/TO/reversi-bench POSITIONS_DIR
set -u
bin=$1
positions=$2
source "$(dirname "$0")/cli_lib.sh"
if [[ ${RB_TEST_SCALE:-1} == 0 ]]; then
  echo "SKIP: a sanitizer build (its shadow memory needs the address space the test takes away)"
  exit 77
fi
e14=$positions/e14.obf:1

# The smallest limit (in steps of 32 MiB) under which one thread runs each
# command, and 96 MiB more: room for everything but a few hundred threads.
limit=0
for kib in $(seq 65536 32768 2097152); do
  if (ulimit -v "$kib" && "$bin" solve "$e14" -v shift --tt 1 && "$bin" perft -v fast -d 6 &&
      "$bin" perft -d 6 --split 3) >/dev/null 2>&1; then
    limit=$((kib + 98304))
    break
  fi
done
if [[ $limit -eq 0 ]]; then
  fail "no memory limit up to 2 GiB lets one thread run"
  finish
  exit
fi

# expect_thread_error PATTERN ARGS...: exit 2, one line matching PATTERN.
expect_thread_error() {
  local pattern=$1 err rc
  shift
  err=$( (ulimit -v "$limit" && "$bin" "$@") 2>&1 >/dev/null)
  rc=$?
  if [[ $rc -eq 2 && $(wc -l <<<"$err") -eq 1 ]] && grep -qE -- "$pattern" <<<"$err"; then
    pass
  else
    fail "reversi-bench $* under ulimit -v $limit: exit $rc, expected 2 and /$pattern/" "$err"
  fi
}
# Counts whose stacks (1 MiB at the least, cli/process_setup.hpp) pass the room left.
expect_thread_error "^reversi-bench: error: -t 256: cannot start 256 threads: " perft -v fast -d 8 -t 256
expect_thread_error "^reversi-bench: error: -t 256: cannot start 256 threads: " \
  perft -d 6 --split 3 -t 256
expect_thread_error "^reversi-bench: error: -j 256: cannot start 256 jobs: " \
  solve "$e14" -v shift --tt 1 -j 256
expect_thread_error "^reversi-bench: error: -t 200: cannot start 200 threads: " \
  solve "$e14" -v shift --tt 1 -t 200
finish
