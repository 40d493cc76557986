#!/usr/bin/python3
"""Tables of results/2026-11-24-shallow-presearch from solve JSON files.

Usage: summary.py timed TIMED_DIR
         the median seconds of each configuration of timed.sh with every
         round, the per-round ratios against `shallow`, and the nodes per
         position of each configuration (from its first round);
       summary.py compare A.json B.json [C.json ...]
         the positions of solve runs side by side: nodes (solve + the
         orderings' shallow positions) and seconds, and each run's total.
"""
import glob
import json
import os
import statistics
import sys

ORDER = ("mobility", "presearch", "shallow")


def load(path):
    with open(path) as f:
        return json.load(f)


def timed(directory):
    runs = {}
    for path in sorted(glob.glob(os.path.join(directory, "*-*.json"))):
        name, rnd = os.path.basename(path)[:-5].rsplit("-", 1)
        runs.setdefault(name, {})[int(rnd)] = load(path)
    names = [n for n in ORDER if n in runs]
    print("| configuration | rounds (s) | median s | solve nodes | shallow positions | wrong |")
    print("|---|---|---|---|---|---|")
    for name in names:
        r = runs[name]
        secs = [r[k]["summary"]["seconds"] for k in sorted(r)]
        s = r[min(r)]["summary"]
        wrong = sum(r[k]["summary"]["wrong_scores"] for k in r)
        print(f"| {name} | {', '.join(f'{x:.2f}' for x in secs)} | {statistics.median(secs):.2f} "
              f"| {s['nodes']:,} | {s['shallow_nodes']:,} | {wrong} |")
    if "shallow" in runs:
        print()
        print("| ratio (seconds) | per round | median |")
        print("|---|---|---|")
        for name in names:
            if name == "shallow":
                continue
            common = sorted(set(runs[name]) & set(runs["shallow"]))
            ratios = [runs[name][k]["summary"]["seconds"] / runs["shallow"][k]["summary"]["seconds"]
                      for k in common]
            print(f"| {name} / shallow | {', '.join(f'{x:.2f}' for x in ratios)} "
                  f"| {statistics.median(ratios):.2f} |")
    print()
    compare([runs[n][min(runs[n])] for n in names], names)


def compare(docs, names):
    print("| # | empties | " + " | ".join(f"{n} nodes | {n} s" for n in names) + " |")
    print("|---|---|" + "---|---|" * len(names))
    rows = zip(*(d["rows"] for d in docs))
    for group in rows:
        first = group[0]
        cells = []
        for r in group:
            cells.append(f"{r['nodes']:,} + {r.get('shallow_nodes', 0):,}")
            cells.append(f"{r['seconds']:.2f}")
        pos = first["position"].rsplit(":", 1)[-1] if ":" in first["position"] else first["index"]
        print(f"| {pos} | {first['empties']} | " + " | ".join(cells) + " |")
    cells = []
    for d in docs:
        s = d["summary"]
        cells.append(f"{s['nodes']:,} + {s.get('shallow_nodes', 0):,}")
        cells.append(f"{s['seconds']:.2f}")
    print("| all | | " + " | ".join(cells) + " |")


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "timed":
        timed(sys.argv[2])
    elif len(sys.argv) >= 4 and sys.argv[1] == "compare":
        compare([load(p) for p in sys.argv[2:]], [os.path.basename(p)[:-5] for p in sys.argv[2:]])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
