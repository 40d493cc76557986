#!/usr/bin/env bash
# The installed binary is complete and relocatable: `cmake --install` into a
# scratch prefix, then run from another folder (the published perft counts
# are compiled in; positions named relative to the data folder are found in
# the installed share/reversi-bench), then the same after moving the prefix.
# Usage: install_test.sh BUILD_DIR
set -u
build=$1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failures=0
passes=0
check() {  # check DESCRIPTION COMMAND...
  local what=$1
  shift
  if out=$("$@" 2>&1); then
    passes=$((passes + 1))
  else
    echo "FAIL: $what: $*"; echo "$out" | tail -3
    failures=$((failures + 1))
  fi
}
if ! cmake --install "$build" --prefix "$scratch/prefix" >"$scratch/install.log" 2>&1; then
  cat "$scratch/install.log"; echo "0 passed, 1 failed"; exit 1
fi
for prefix in "$scratch/prefix" "$scratch/moved"; do
  [[ $prefix == */moved ]] && mv "$scratch/prefix" "$prefix"
  bin=$prefix/bin/reversi-bench
  cd "$scratch" || exit 1
  check "perft checked against the compiled-in table ($prefix)" \
    bash -c "'$bin' perft -v shift -d 9 -c bik | grep -qE '^ +9 +3005288 .* ok'"
  check "an installed suite by its relative name ($prefix)" \
    bash -c "'$bin' solve positions/fforum-1-19.obf:1 -v kindergarten+list --tt 4 | grep -q 'wrong scores 0'"
  check "the installed schemas ($prefix)" test -f "$prefix/share/reversi-bench/schemas/solve.schema.json"
  check "the installed README ($prefix)" test -f "$prefix/share/doc/reversi-bench/README.md"
  check "--version ($prefix)" bash -c "'$bin' --version | grep -q 'reversi-bench [0-9]'"
done
echo "$passes passed, $failures failed"
[[ $failures -eq 0 ]]
