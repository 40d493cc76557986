# Shared by the command-line tests (sourced): run the binary $bin and count
# passes and failures; `finish` prints the tally and sets the exit status;
# `enter_scratch` makes a scratch folder, removed on exit, and moves there.
failures=0
passes=0

pass() { passes=$((passes + 1)); }
fail() {
  echo "FAIL: $1"
  [[ $# -gt 1 ]] && head -5 <<<"$2"
  failures=$((failures + 1))
}

# expect CODE PATTERN -- ARGS...: runs the binary, checks the exit code and
# that the combined output matches the extended regex PATTERN.
expect() {
  local code=$1 pattern=$2
  shift 3
  local out rc
  out=$("$bin" "$@" 2>&1)
  rc=$?
  if [[ $rc -ne $code ]]; then
    fail "reversi-bench $* exited $rc, expected $code" "$out"; return
  fi
  if ! grep -qE -- "$pattern" <<<"$out"; then
    fail "reversi-bench $*: output does not match /$pattern/" "$out"; return
  fi
  pass
}

# expect_lines CODE PATTERN... -- ARGS...: runs the binary once, checks the
# exit code and that each extended regex PATTERN matches a line of the
# combined output (one pass or failure per pattern).
expect_lines() {
  local code=$1
  shift
  local patterns=()
  while [[ $# -gt 0 && $1 != -- ]]; do
    patterns+=("$1")
    shift
  done
  shift
  local out rc p
  out=$("$bin" "$@" 2>&1)
  rc=$?
  for p in "${patterns[@]}"; do
    if [[ $rc == "$code" ]] && grep -Eq -- "$p" <<<"$out"; then
      pass
    else
      fail "reversi-bench $*: exit $rc (expected $code), no line /$p/" "$out"
    fi
  done
}

# expect_one_line_exit CODE ARGS...: that exit code and exactly one line on
# stderr.
expect_one_line_exit() {
  local code=$1 err rc
  shift
  err=$("$bin" "$@" 2>&1 >/dev/null)
  rc=$?
  if [[ $rc -ne $code || $(wc -l <<<"$err") -ne 1 || -z $err ]]; then
    fail "reversi-bench $*: expected exit $code and one line on stderr, got $rc:" "$err"; return
  fi
  pass
}

# expect_one_line_error ARGS...: exit 2 and exactly one line on stderr.
expect_one_line_error() { expect_one_line_exit 2 "$@"; }

# expect_error PATTERN -- ARGS...: exit 2, one line on stderr matching PATTERN.
expect_error() {
  expect 2 "$@"
  shift 2
  expect_one_line_error "$@"
}

enter_scratch() {
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  cd "$tmp" || exit 1
}

finish() {
  echo "$passes passed, $failures failed"
  [[ $failures -eq 0 ]]
}

# require_mpi MPI_BIN: exit 77 (CTest's skip) with the reason unless the MPI
# binary was built (MPI_BIN is "none:REASON" otherwise) and mpirun is on the
# PATH; then lets Open MPI run as root, as these tests may.
require_mpi() {
  if [[ $1 == none:* ]]; then
    echo "SKIP: reversi-bench-mpi is not built: ${1#none:}"
    exit 77
  fi
  if ! command -v mpirun >/dev/null; then
    echo "SKIP: mpirun not found (install openmpi-bin: scripts/setup.sh)"
    exit 77
  fi
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
}

# mpi_bounded SECONDS ARGS...: mpirun ARGS on one host (the shared-memory
# transport alone), ended after SECONDS (exit 124): a job whose ranks wait
# for each other fails its check in bounded time, not at CTest's timeout.
mpi_bounded() {
  timeout -k 5 "$1" mpirun --oversubscribe --mca pml ob1 --mca btl self,vader "${@:2}"
}
