#!/usr/bin/env bash
# The main job: set up, build (Release), check the build against the
# published perft counts, then run the reproduction into
# results/<date>-<host>/ (JSON, plots, REPORT.md).
# Usage: scripts/run.sh [--full]    (--full: fforum-20-39, perft 12/13, ladder on e12)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
full=()
for arg in "$@"; do
  case $arg in
    --full) full=(--full) ;;
    *) echo "run.sh: unknown option '$arg' (only --full)" >&2; exit 2 ;;
  esac
done
"$root/scripts/setup.sh"
mkdir -p "$root/build"
echo "== build (Release)"
dir=$("$root/scripts/build.sh" release)
bin=$dir/reversi-bench

echo "== variants"
"$bin" list
echo "== a quick correctness check: perft to depth 9, and 2,000 positions against the reference"
"$bin" perft -v all -d 9 | grep -E '^perft|^ +9 '
"$bin" verify -n 2000

out=$root/results/$(date -u +%Y-%m-%d)-$(hostname -s)${full:+-full}
echo "== reproduction into $out"
/usr/bin/python3 "$root/scripts/reproduce.py" "$dir" "$out" "${full[@]}"
/usr/bin/python3 "$root/scripts/report.py" "$out"
echo "== done: $out/REPORT.md"
