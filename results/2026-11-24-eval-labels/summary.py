#!/usr/bin/python3
"""Tables of results/2026-11-24-eval-labels from its JSON files.

  summary.py ab DIR          fforum-20-39, old and new weights: time per round
                             and the median ratio new / old
  summary.py f40 BEFORE NEW... per position of fforum-40-59: nodes, shallow
                             nodes and seconds of BEFORE (one JSON) and of
                             NEW (one or more JSONs, rows matched by position)
"""
import glob
import json
import os
import statistics
import sys


def load(path):
    with open(path) as f:
        return json.load(f)


def ab(folder):
    rounds = sorted({int(os.path.basename(p).split("-")[1].split(".")[0])
                     for p in glob.glob(os.path.join(folder, "old-*.json"))})
    ratios = []
    print("| round | old s (nodes) | new s (nodes) | new / old |")
    print("|---|---|---|---|")
    for r in rounds:
        old = load(os.path.join(folder, f"old-{r}.json"))["summary"]
        new = load(os.path.join(folder, f"new-{r}.json"))["summary"]
        ratio = new["seconds"] / old["seconds"]
        ratios.append(ratio)
        print(f"| {r} | {old['seconds']:.2f} ({old['nodes']:,}) | "
              f"{new['seconds']:.2f} ({new['nodes']:,}) | {ratio:.3f} |")
    print(f"| median | | | {statistics.median(ratios):.3f} |")


def f40(before_path, new_paths):
    before = load(before_path)["rows"]
    new = {}
    for p in new_paths:
        for row in load(p)["rows"]:
            new[row["position"]] = row
    print("| FForum # | empties | before nodes | after nodes | after / before |"
          " before shallow | after shallow | before s | after s |")
    print("|---|---|---|---|---|---|---|---|---|")
    tb = {"nodes": 0, "shallow_nodes": 0, "seconds": 0}
    ta = dict(tb)
    for i, b in enumerate(before):
        a = new.get(b["position"])
        if a is None:
            continue
        for k in tb:
            tb[k] += b[k]
            ta[k] += a[k]
        print(f"| {40 + i} | {b['empties']} | {b['nodes']:,} | {a['nodes']:,} | "
              f"{a['nodes'] / b['nodes']:.2f} | {b['shallow_nodes']:,} | {a['shallow_nodes']:,} | "
              f"{b['seconds']:.1f} | {a['seconds']:.1f} |")
    print(f"| all | | {tb['nodes']:,} | {ta['nodes']:,} | {ta['nodes'] / tb['nodes']:.2f} | "
          f"{tb['shallow_nodes']:,} | {ta['shallow_nodes']:,} | {tb['seconds']:.1f} | "
          f"{ta['seconds']:.1f} |")


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "ab":
        ab(sys.argv[2])
    elif len(sys.argv) >= 4 and sys.argv[1] == "f40":
        f40(sys.argv[2], sys.argv[3:])
    else:
        sys.exit(__doc__)
