#!/usr/bin/python3
"""Medians of the timed rounds and per-position node counts.
Usage: summary.py OUT_DIR (the folder timed.sh wrote)."""
import glob
import json
import os
import statistics
import sys

out = sys.argv[1]
runs = {}
for path in sorted(glob.glob(os.path.join(out, "r*-*.json"))):
    name = os.path.basename(path)[:-5].split("-", 1)[1]
    with open(path) as f:
        runs.setdefault(name, []).append(json.load(f))
base = "mobility"
print("| configuration | runs | median s | runs (s) | nodes | shallow-search nodes | wrong |")
print("|---|---|---|---|---|---|---|")
for name, docs in runs.items():
    times = [d["summary"]["seconds"] for d in docs]
    s = docs[0]["summary"]
    print(f"| {name} | {len(docs)} | {statistics.median(times):.2f} | "
          f"{', '.join(f'{t:.2f}' for t in times)} | {s['nodes']:,} | "
          f"{s.get('shallow_nodes', 0):,} | {s['wrong_scores']} |")
if base in runs:
    b = statistics.median(d["summary"]["seconds"] for d in runs[base])
    for name, docs in runs.items():
        if name != base:
            m = statistics.median(d["summary"]["seconds"] for d in docs)
            print(f"\n{name}: {b / m:.2f}x the speed of {base} (ratio of medians)")
    print("\n| # | empties | " + " | ".join(f"{n} nodes" for n in runs) + " | fewer than mobility |")
    print("|---|---|" + "---|" * (len(runs) + 1))
    rows = [d["rows"] for d in (docs[0] for docs in runs.values())]
    names = list(runs)
    for i, row in enumerate(runs[base][0]["rows"]):
        cells = [f"{runs[n][0]['rows'][i]['nodes']:,}" for n in names]
        fewer = ", ".join(n for n in names if n != base and
                          runs[n][0]["rows"][i]["nodes"] < row["nodes"])
        print(f"| {row['index']} | {row['empties']} | " + " | ".join(cells) + f" | {fewer} |")
