#!/usr/bin/env bash
# The pre-search's parameters on fforum-20-39, avx512+list, best
# configuration + --eval pattern --presearch, one thread pinned to core 1.
# Usage: sweep.sh BINARY OUT "E M N" ...   (E: --presearch-empties,
# M: --presearch-min-empties, N: --presearch-nodes)
# Writes OUT/E-M-N.json; prints solve nodes, pre-search nodes and seconds.
set -euo pipefail
bin=$(realpath "$1") out=$(mkdir -p "$2" && cd "$2" && pwd)
shift 2
best=(--algo pvs --order mobility --tt 64 --last-empty --few-empties 6 --etc --stability)
here=$(cd "$(dirname "$0")/../.." && pwd)
cd "$here"  # positions named relative to the repository (as they are in the JSON)
for cfg in "$@"; do
  read -r e m n <<<"$cfg"
  json=$out/$e-$m-$n.json
  taskset -c 1 "$bin" solve positions/fforum-20-39.obf -v avx512+list "${best[@]}" \
    --eval pattern --presearch --presearch-empties "$e" --presearch-min-empties "$m" \
    --presearch-nodes "$n" --json "$json" >/dev/null
  /usr/bin/python3 - "$json" "$cfg" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
s = d["summary"]
print(f"{sys.argv[2]:>20}  nodes {s['nodes']:>12,}  pre-search {s['shallow_nodes']:>11,}  seconds {s['seconds']:7.3f}  wrong {s.get('wrong_scores', '?')}")
PY
done
