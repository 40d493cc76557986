#!/usr/bin/env bash
# The main job: set up, build (Release) and run the reproduction.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
mkdir -p "$root/build"
dir=$("$root/scripts/build.sh" release)
bin=$dir/reversi-bench

echo "== variants"
"$bin" list
echo
echo "== the start position"
"$bin" show start
