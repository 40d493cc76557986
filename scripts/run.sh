#!/usr/bin/env bash
# The main job: set up, build (Release), check the build against the
# published perft counts, then run the reproduction into a new folder
# (JSON, plots, REPORT.md): results/local/<UTC date and time>-<host>/, which
# git ignores, so a run never touches the committed results.
# Usage: scripts/run.sh [--full] [--out DIR] [--plugin PATH.so ...]
#                       [--engine NAME='COMMAND' ...] [--gtp-setup NAME='TEMPLATE' ...]
#   --full        also fforum-20-39, perft 12/13, e18 (much longer: up to 30 s a position in the deep ladder)
#   --out DIR     write there instead; DIR must not exist yet (this is how a
#                 baseline under results/ is recorded, on purpose)
#   --plugin PATH a plug-in board (include/reversi_bench_plugin.h), measured
#                 and reported beside the built-in variants; repeatable
#   --engine NAME='COMMAND'
#                 a whole engine, run by engine-test beside the built-in
#                 solver on fforum-1-19 (fforum-20-39 with --full) and
#                 reported (a table, and the time of each position); NBoard
#                 by default, 'gtp:COMMAND' for a GTP engine; repeatable
#                 (docs/engines.md)
#   --gtp-setup NAME='TEMPLATE'
#                 the set-up command of the GTP engine NAME
#                 ('grhino-setup_board {board} {side}')
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
full=()
out=""
plugins=()
engines=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --full) full=(--full) ;;
    --out)
      [[ $# -ge 2 ]] || { echo "run.sh: --out needs a folder" >&2; exit 2; }
      out=$2; shift ;;
    --plugin)
      [[ $# -ge 2 ]] || { echo "run.sh: --plugin needs a file" >&2; exit 2; }
      [[ -f $2 ]] || { echo "run.sh: --plugin $2: no such file" >&2; exit 2; }
      plugins+=(--plugin "$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"); shift ;;
    --engine|--gtp-setup)
      [[ $# -ge 2 && $2 == ?*=?* ]] || { echo "run.sh: $1 needs NAME=VALUE" >&2; exit 2; }
      engines+=("$1" "$2"); shift ;;
    *) echo "run.sh: unknown option '$1' (--full, --out DIR, --plugin PATH, --engine NAME=COMMAND, --gtp-setup NAME=TEMPLATE)" >&2; exit 2 ;;
  esac
  shift
done
if [[ -z $out ]]; then
  out=$root/results/local/$(date -u +%Y-%m-%dT%H%M%SZ)-$(hostname -s)${full:+-full}
fi
if [[ -e $out ]]; then
  echo "run.sh: $out exists already; results are never overwritten (choose another --out)" >&2
  exit 2
fi
"$root/scripts/setup.sh"
mkdir -p "$root/build"
echo "== build (Release)"
dir=$("$root/scripts/build.sh" release all micro)
bin=$dir/reversi-bench

echo "== variants"
"$bin" list "${plugins[@]}"
echo "== a quick correctness check: perft to depth 9, and 2,000 positions against the reference"
"$bin" perft -v all -d 9 "${plugins[@]}" | grep -E '^perft|^ +9 '
"$bin" verify -n 2000 "${plugins[@]}"

mkdir -p "$out"
echo "== reproduction into $out"
/usr/bin/python3 "$root/scripts/reproduce.py" "$dir" "$out" "${full[@]}" "${plugins[@]}" \
  "${engines[@]}"
/usr/bin/python3 "$root/scripts/report.py" "$out"
echo "== done: $out/REPORT.md"
