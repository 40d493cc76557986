#!/usr/bin/env bash
# The cost of a unit: perft(D) split at ply 6 (1,773 units from the start),
# one thread, a 1 GB cache, for D = 11..MAX: seconds, seconds per unit and
# the growth from one depth to the next, by the process's user CPU seconds
# (from /usr/bin/time), which a machine shared with other work disturbs less
# than the wall-clock seconds (the system seconds are mostly the cache's
# pages being zeroed, the same at every depth).
# Usage: costs.sh [MAX_DEPTH] [HASH_MB] [summary]   (writes runs/cost-D.json;
# "summary": only the table, from the runs already made)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${RB_BIN:-$here/../../build/release/reversi-bench}
max=${1:-14}
hash=${2:-1024}
mkdir -p "$here/runs"
for d in $(seq 11 "$max"); do
  [[ ${3:-} == summary ]] && break
  /usr/bin/time -f "%U %S" -o "$here/runs/cost-$d.cpu" nice -n 10 "$bin" perft -d "$d" \
    --split 6 --hash "$hash" -t 1 --json "$here/runs/cost-$d.json" >/dev/null 2>&1
done
/usr/bin/python3 - "$here/runs" "$max" <<'PY'
import json, os, sys
runs, top = sys.argv[1], int(sys.argv[2])
prev = None
print(f'{"depth":>5} {"leaves":>16} {"wall s":>8} {"user s":>8} {"sys s":>6} {"units":>6} '
      f'{"user ms/unit":>12} {"growth":>7} check')
for d in range(11, top + 1):
    doc = json.load(open(os.path.join(runs, f"cost-{d}.json")))
    row, units = doc["rows"][0], doc["split"]["units"]
    s = row["median_seconds"]
    user, sys_ = (float(x) for x in open(os.path.join(runs, f"cost-{d}.cpu")).read().split()[-2:])
    growth = f"{user / prev:7.2f}" if prev else "      -"
    print(f'{d:5d} {row["leaves"]:>16} {s:8.2f} {user:8.2f} {sys_:6.2f} {units:6d} '
          f'{1000 * user / units:12.3f} {growth} {row["check"]}')
    prev = user
PY
