#!/usr/bin/python3
"""Tables of results/2026-11-24-presearch from the JSON files of timed.sh.

Usage: summary.py TIMED_DIR [F40_BEFORE.json F40_AFTER.json]
Prints, in Markdown: the median seconds per configuration with every round,
the ratio old / presearch per round; the nodes per position (solve nodes and
the pre-search's positions); and, given two solve JSON files of
fforum-40-59, their positions side by side.
"""
import glob
import json
import os
import statistics
import sys


def load(path):
    with open(path) as f:
        return json.load(f)


def main():
    timed = sys.argv[1]
    runs = {}
    for path in sorted(glob.glob(os.path.join(timed, "*-*.json"))):
        name, rnd = os.path.basename(path)[:-5].rsplit("-", 1)
        runs.setdefault(name, {})[int(rnd)] = load(path)
    print("| configuration | rounds (s) | median s | nodes | pre-search positions | wrong |")
    print("|---|---|---|---|---|---|")
    for name in ("old", "new", "presearch"):
        if name not in runs:
            continue
        r = runs[name]
        secs = [r[k]["summary"]["seconds"] for k in sorted(r)]
        s = r[min(r)]["summary"]
        wrong = sum(r[k]["summary"]["wrong_scores"] for k in r)
        print(f"| {name} | {', '.join(f'{x:.2f}' for x in secs)} | {statistics.median(secs):.2f} "
              f"| {s['nodes']:,} | {s['shallow_nodes']:,} | {wrong} |")
    if "old" in runs and "presearch" in runs:
        ratios = [runs["old"][k]["summary"]["seconds"] / runs["presearch"][k]["summary"]["seconds"]
                  for k in sorted(runs["old"]) if k in runs["presearch"]]
        print(f"\nold / presearch per round: {', '.join(f'{x:.2f}' for x in ratios)}; "
              f"median {statistics.median(ratios):.2f}\n")
        old = runs["old"][1]["rows"]
        pre = runs["presearch"][1]["rows"]
        print("| # | empties | old nodes | presearch nodes | pre-search positions | ratio |")
        print("|---|---|---|---|---|---|")
        for a, b in zip(old, pre):
            print(f"| {a['index']} | {a['empties']} | {a['nodes']:,} | {b['nodes']:,} "
                  f"| {b['shallow_nodes']:,} | {b['nodes'] / a['nodes']:.2f} |")
    if len(sys.argv) >= 4:
        before, after = load(sys.argv[2]), load(sys.argv[3])
        print("\n| # | empties | before nodes | before s | after nodes | after pre-search | after s |")
        print("|---|---|---|---|---|---|---|")
        rows_b = {r["index"]: r for r in before["rows"]}  # both from the file's first position on
        for r in after["rows"]:
            b = rows_b.get(r["index"])
            bn = f"{b['nodes']:,}" if b and b["solved"] else ("not solved" if b else "-")
            bs = f"{b['seconds']:.1f}" if b else "-"
            an = f"{r['nodes']:,}" if r["solved"] else "not solved"
            print(f"| {r['index']} | {r['empties']} | {bn} | {bs} | {an} | {r['shallow_nodes']:,} "
                  f"| {r['seconds']:.1f} |")


if __name__ == "__main__":
    main()
