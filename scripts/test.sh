#!/usr/bin/env bash
# The test suite.
#
#   scripts/test.sh          every test in the Release build but the slow
#                            ones (CTest label "slow"); the tests that
#                            need no search (kernels, readers, verify: CTest
#                            label "core") in the address+undefined sanitizer
#                            build with assertions on
#   scripts/test.sh --extra  the threaded code's tests (tests/test_parallel.cpp)
#                            under ThreadSanitizer; the rest of the sanitizer
#                            build: every other test (the solver, perft, the
#                            plug-ins, the command line) built and run
#                            there; and the Release
#                            build's slow tests (the shipped pattern weights
#                            regenerated from their command, the micro
#                            benchmarks' binary checked by the isa test),
#                            and the command line fuzzed 120 s more
#   scripts/test.sh --full   both, one after the other (what CI runs)
#
# The split keeps the first command under 10 minutes from a fresh clone on
# 2 cores; README.md ("The two commands") and docs/testing.md give the
# measured times.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mode=quick
case ${1:-} in
  "") ;;
  --extra) mode=extra ;;
  --full) mode=full ;;
  *) echo "test.sh: unknown option '$1' (none, --extra or --full)" >&2; exit 2 ;;
esac
"$root/scripts/setup.sh"
mkdir -p "$root/build"
jobs=${JOBS:-$(nproc)}

quick() {
  echo "== release build"
  local dir
  dir=$("$root/scripts/build.sh" release)
  echo "== release tests"
  ctest --test-dir "$dir" -j "$jobs" --output-on-failure --timeout 900 -LE '^slow$'

  echo "== sanitize build (label core: kernels, readers, verify)"
  dir=$("$root/scripts/build.sh" sanitize core_checks)
  echo "== sanitize tests (label core)"
  ctest --test-dir "$dir" -j "$jobs" --output-on-failure --timeout 900 -L '^core$'
}

extra() {
  echo "== tsan build (tests/test_parallel.cpp)"
  local dir
  dir=$("$root/scripts/build.sh" tsan test_parallel)
  echo "== tsan tests"
  TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" "$dir/tests/test_parallel" --gtest_brief=1

  echo "== sanitize build (everything)"
  dir=$("$root/scripts/build.sh" sanitize)
  echo "== sanitize tests (all but label core)"
  ctest --test-dir "$dir" -j "$jobs" --output-on-failure --timeout 900 -LE '^core$'

  echo "== release build with the micro benchmarks, its slow tests, the command line fuzzed 120 s"
  dir=$("$root/scripts/build.sh" release all micro)
  ctest --test-dir "$dir" -j "$jobs" --output-on-failure --timeout 1800 -L '^slow$'
  RB_FUZZ_SECONDS=120 ctest --test-dir "$dir" --output-on-failure --timeout 900 -R '^cli_fuzz$'
}

case $mode in
  quick) quick ;;
  extra) extra ;;
  full) quick; extra ;;
esac
