#!/usr/bin/env bash
# The overhead of --split in one process against plain perft(13), both with
# the cache: alternating rounds (plain, then split 6; the order reversed
# every other round), each run's depth-13 seconds from its --json (plain
# perft times each depth with a fresh cache; its depth-13 row is compared).
# Usage: overhead.sh [ROUNDS] [HASH_MB] [THREADS]   (writes runs/overhead-*.json)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${RB_BIN:-$here/../../build/release/reversi-bench}
rounds=${1:-5}
hash=${2:-256}
threads=${3:-1}
mkdir -p "$here/runs"
run() {  # NAME ROUND ARGS...
  local name=$1 round=$2
  shift 2
  nice -n 10 "$bin" perft -v fast -d 13 --hash "$hash" -t "$threads" "$@" \
    --json "$here/runs/overhead-$name-$round.json" >/dev/null 2>&1
}
for r in $(seq 1 "$rounds"); do
  if ((r % 2)); then order=(plain split6); else order=(split6 plain); fi
  for name in "${order[@]}"; do
    case $name in
      plain) run plain "$r" ;;
      split6) run split6 "$r" --split 6 ;;
    esac
  done
done
/usr/bin/python3 - "$here/runs" <<'PY'
import glob, json, os, statistics, sys
runs = sys.argv[1]
secs = {}
for path in sorted(glob.glob(os.path.join(runs, "overhead-*.json"))):
    name = os.path.basename(path).split("-")[1]
    doc = json.load(open(path))
    row = [r for r in doc["rows"] if r["depth"] == 13][0]
    assert row["check"] == "ok", path
    secs.setdefault(name, []).append(row["median_seconds"])
base = statistics.median(secs["plain"])
for name in ("plain", "split6"):
    m = statistics.median(secs[name])
    print(f"{name:7s} median {m:8.3f} s  ratio {m / base:6.3f}  runs " +
          " ".join(f"{x:.3f}" for x in secs[name]))
PY
