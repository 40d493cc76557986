#!/usr/bin/env python3
"""Tables of results/2026-11-25-selective (run with /usr/bin/python3).

  summary.py ab DIR         the alternating rounds DIR/old-N.json, DIR/new-N.json
  summary.py suite OLD NEW  per position: OLD (before) against NEW (the
                            selective pass), nodes and seconds; NEW's work
                            is its exact nodes plus the pass's positions
  summary.py start NEW BASE...
                            the positions with at least 20 empties of NEW
                            against the issue's starting configuration
                            (--order mobility) in BASE (--json files, or
                            solve's printed table of one whole .obf, given
                            as TABLE.txt=FILE.obf)
"""
import json
import statistics
import sys
from pathlib import Path


def load(path):
    return json.loads(Path(path).read_text())


def ab(folder):
    print("| round | before s (nodes) | selective s (exact + pass nodes) | ratio |")
    print("|---|---|---|---|")
    ratios = []
    n = 1
    while (Path(folder) / f"old-{n}.json").exists():
        old, new = load(Path(folder) / f"old-{n}.json"), load(Path(folder) / f"new-{n}.json")
        so, sn = old["summary"], new["summary"]
        ratio = sn["seconds"] / so["seconds"]
        ratios.append(ratio)
        print(f"| {n} | {so['seconds']:.2f} ({so['nodes']:,}) | {sn['seconds']:.2f} "
              f"({sn['nodes']:,} + {sn['selective_nodes']:,}) | {ratio:.3f} |")
        n += 1
    print(f"| median | | | {statistics.median(ratios):.3f} |")


def suite(old_path, new_path):
    old, new = load(old_path), load(new_path)
    print("| position | empties | score | before nodes | exact nodes | pass nodes | "
          "work / before | before s | selective s | pass s |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    totals = [0, 0, 0, 0.0, 0.0, 0.0]
    for o, n in zip(old["rows"], new["rows"]):
        assert o["position"] == n["position"]
        ok = "ok" if o["score_ok"] and n["score_ok"] else "WRONG"
        work = n["nodes"] + n["selective_nodes"]
        print(f"| {n['position']} | {n['empties']} | {n.get('score', '-'):+d} ({ok}) | "
              f"{o['nodes']:,} | {n['nodes']:,} | {n['selective_nodes']:,} | "
              f"{work / o['nodes']:.2f} | {o['seconds']:.1f} | {n['seconds']:.1f} | "
              f"{n['selective_seconds']:.1f} |")
        for i, v in enumerate([o["nodes"], n["nodes"], n["selective_nodes"], o["seconds"],
                               n["seconds"], n["selective_seconds"]]):
            totals[i] += v
    print(f"| all | | | {totals[0]:,} | {totals[1]:,} | {totals[2]:,} | "
          f"{(totals[1] + totals[2]) / totals[0]:.2f} | {totals[3]:.1f} | {totals[4]:.1f} | "
          f"{totals[5]:.1f} |")


def base_rows(spec):
    """Nodes by position of a --json file or of a printed table TXT=OBF."""
    if "=" in spec:
        txt, obf = spec.split("=", 1)
        rows = {}
        for line in Path(txt).read_text().splitlines():
            f = line.split()
            if len(f) == 8 and f[0].isdigit() and f[5].isdigit():
                rows[f"{obf}:{f[0]}"] = {"empties": int(f[1]), "nodes": int(f[5]), "solved": True}
        return rows
    return {r["position"]: r for r in load(spec)["rows"]}


def start(new_path, base_specs):
    base = {}
    for spec in base_specs:
        base.update(base_rows(spec))
    print("| position | empties | starting configuration nodes | exact nodes | ratio | "
          "exact + pass | ratio |")
    print("|---|---|---|---|---|---|---|")
    for n in load(new_path)["rows"]:
        if n["empties"] < 20:
            continue
        b = base.get(n["position"])
        if not b or not b.get("solved", True):
            print(f"| {n['position']} | {n['empties']} | not run | {n['nodes']:,} | | | |")
            continue
        work = n["nodes"] + n["selective_nodes"]
        print(f"| {n['position']} | {n['empties']} | {b['nodes']:,} | {n['nodes']:,} | "
              f"{n['nodes'] / b['nodes']:.2f} | {work:,} | {work / b['nodes']:.2f} |")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "ab":
        ab(sys.argv[2])
    elif len(sys.argv) >= 4 and sys.argv[1] == "start":
        start(sys.argv[2], sys.argv[3:])
    elif len(sys.argv) == 4 and sys.argv[1] == "suite":
        suite(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
