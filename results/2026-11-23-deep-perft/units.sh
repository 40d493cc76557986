#!/usr/bin/env bash
# The distinct positions (up to symmetry) at plies 1..9 from the start, in
# the three conventions: perft -d K --split K, whose units are the positions
# at ply K (its count, checked against the published one, is the number of
# move sequences reaching them). Prints ply, convention, units, seconds.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${RB_BIN:-$here/../../build/release/reversi-bench}
mkdir -p "$here/runs"
printf '%4s %-8s %10s %16s %8s %s\n' ply conv units sequences seconds check
for k in 1 2 3 4 5 6 7 8 9; do
  for c in a124004 bik no_pass; do
    json=$here/runs/units-$k-$c.json
    nice -n 10 "$bin" perft -d "$k" --split "$k" -c "$c" --json "$json" >/dev/null 2>&1
    /usr/bin/python3 - "$json" "$k" "$c" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
row = doc["rows"][0]
print(f'{sys.argv[2]:>4} {sys.argv[3]:8s} {doc["split"]["units"]:10d} {row["leaves"]:>16} '
      f'{doc["split"]["unit_seconds"]:8.3f} {row["check"]}')
PY
  done
done
