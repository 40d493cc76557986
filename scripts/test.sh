#!/usr/bin/env bash
# The test suite: set up, build and run every test in the Release build, then
# again in the address+undefined sanitizer build (with assertions on), then
# the threaded code's tests (tests/test_parallel.cpp) under ThreadSanitizer.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
mkdir -p "$root/build"
jobs=${JOBS:-$(nproc)}

for flavour in release sanitize; do
  echo "== $flavour build"
  dir=$("$root/scripts/build.sh" "$flavour")
  echo "== $flavour tests"
  ctest --test-dir "$dir" -j "$jobs" --output-on-failure --timeout 900
done

echo "== tsan build (tests/test_parallel.cpp)"
dir=$("$root/scripts/build.sh" tsan test_parallel)
echo "== tsan tests"
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" "$dir/tests/test_parallel" --gtest_brief=1
