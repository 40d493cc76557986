#!/usr/bin/env python3
"""OLD against NEW from ab.sh's JSON files, per thread count.

    summary.py DIR   (DIR/{old,new}-VARIANT-tT-ROUND.json)
Prints, per thread count, each round's seconds and NEW/OLD, the medians and
the node counts (one thread: the same for both builds)."""
import glob
import json
import os
import re
import statistics
import sys

rows = {}
for path in glob.glob(os.path.join(sys.argv[1], "*.json")):
    m = re.match(r"(old|new)-(.+)-t(\d+)-(\d+)\.json$", os.path.basename(path))
    with open(path) as f:
        data = json.load(f)
    seconds = sum(r["seconds"] for r in data["rows"])
    nodes = sum(r["nodes"] for r in data["rows"])
    rows.setdefault(int(m[3]), {}).setdefault(int(m[4]), {})[m[1]] = (seconds, nodes)
for threads in sorted(rows):
    print(f"## {threads} thread(s)")
    print("| round | OLD s | NEW s | NEW/OLD | OLD nodes | NEW nodes |")
    print("|---|---|---|---|---|---|")
    for rnd, r in sorted(rows[threads].items()):
        (so, no), (sn, nn) = r["old"], r["new"]
        print(f"| {rnd} | {so:.3f} | {sn:.3f} | {sn / so:.3f} | {no:,} | {nn:,} |")
    old = statistics.median(r["old"][0] for r in rows[threads].values())
    new = statistics.median(r["new"][0] for r in rows[threads].values())
    print(f"| median | {old:.3f} | {new:.3f} | {new / old:.3f} | | |\n")
