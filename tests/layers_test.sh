#!/usr/bin/env bash
# The layer check of the build (cmake/layers.cmake, cmake/check_layer.cmake):
# the tree passes it; an include that climbs a layer fails it, naming the
# file and line; every folder with C++ sources is a layer or one of the
# folders on top (bench/, tests/, examples/).
# Usage: tests/layers_test.sh SOURCE_DIR [CMAKE]
set -uo pipefail
root=$1
cmake=${2:-cmake}
layers=$(sed -n 's/^set(RB_LAYERS \(.*\))$/\1/p' "$root/cmake/layers.cmake")
[ -n "$layers" ] || { echo "FAIL: no set(RB_LAYERS ...) line in cmake/layers.cmake"; exit 1; }
list=${layers// /;}
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
check() {  # check SRC FOLDER: its output on one line (CMake wraps its messages)
  local out status
  out=$("$cmake" -DSRC="$1" "-DLAYERS=$list" "-DFOLDERS=$2" -P "$root/cmake/check_layer.cmake" 2>&1)
  status=$?
  echo $out
  return $status
}

for layer in $layers; do
  [ -d "$root/$layer" ] || continue
  out=$(check "$root" "$layer") || fail "the tree's $layer/ fails the layer check: $out"
done

for dir in "$root"/*/; do
  name=$(basename "$dir")
  case " $layers bench tests examples build results " in *" $name "*) continue ;; esac
  if find "$dir" -name '*.cpp' -o -name '*.hpp' | grep -q .; then
    fail "$name/ holds C++ sources but is no layer of cmake/layers.cmake"
  fi
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/core" "$tmp/search" "$tmp/io"
printf '// a header\n#include <vector>\n#include "search/solver.hpp"\n' >"$tmp/core/bad.hpp"
printf '#include "core/square.hpp"\n  #  include "io/obf.hpp"\n#include "CLI/CLI.hpp"\n' >"$tmp/search/good.cpp"
printf '#include "core/square.hpp"\n' >"$tmp/io/fine.hpp"

if out=$(check "$tmp" core); then
  fail "core/ including search/ passed the check"
else
  case $out in
    *"core/bad.hpp:3:"*"search/ is a layer above core/"*) ;;
    *) fail "the climbing include's error does not name core/bad.hpp:3 and the layers: $out" ;;
  esac
fi
out=$(check "$tmp" search) || fail "search/ including core/ and io/ failed the check: $out"
out=$(check "$tmp" io) || fail "io/ including core/ failed the check: $out"
printf '#include "eval/pattern.hpp"\n' >"$tmp/io/climbs.cpp"
if out=$(check "$tmp" io); then
  fail "io/ including eval/ passed the check"
else
  case $out in *"io/climbs.cpp:1:"*) ;; *) fail "the error does not name io/climbs.cpp:1: $out" ;; esac
fi

[ "$failures" -eq 0 ] && echo "layers: ok" || exit 1
