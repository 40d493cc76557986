#!/usr/bin/env python3
"""Tables of results/2026-11-25-table-depth (run with /usr/bin/python3).

  summary.py suite OLD NEW   per position: OLD against NEW (--json files of
                             one suite), the work (exact nodes + the
                             selective pass's + the shallow searches') and
                             the seconds
  summary.py ab DIR A B      alternating rounds DIR/A-N.json, DIR/B-N.json
                             (N = 1, 2, ...): seconds, nodes, B/A, median
"""
import json
import statistics
import sys
from pathlib import Path


def load(path):
    return json.loads(Path(path).read_text())


def work(r):
    return r["nodes"] + r["selective_nodes"] + r["shallow_nodes"]


def suite(old_path, new_path):
    old, new = load(old_path), load(new_path)
    print("| position | empties | score | before exact + pass | new exact + pass "
          "| work new/before | before s | new s | new/before |")
    print("|---|---|---|---|---|---|---|---|---|")
    rows = list(zip(old["rows"], new["rows"]))
    for o, n in rows:
        assert o["position"] == n["position"]
        ok = "ok" if o["score_ok"] and n["score_ok"] else "WRONG"
        print(f"| {n['position']} | {n['empties']} | {n['score']:+d} ({ok}) "
              f"| {o['nodes']:,} + {o['selective_nodes']:,} "
              f"| {n['nodes']:,} + {n['selective_nodes']:,} | {work(n) / work(o):.2f} "
              f"| {o['seconds']:.1f} | {n['seconds']:.1f} | {n['seconds'] / o['seconds']:.2f} |")
    so, sn = old["summary"], new["summary"]
    print(f"| all | | | {so['nodes']:,} + {so['selective_nodes']:,} "
          f"| {sn['nodes']:,} + {sn['selective_nodes']:,} | {work(sn) / work(so):.2f} "
          f"| {so['seconds']:.1f} | {sn['seconds']:.1f} | {sn['seconds'] / so['seconds']:.3f} |")


def ab(folder, a, b):
    print(f"| round | {a} s (nodes) | {b} s (nodes) | {b}/{a} |")
    print("|---|---|---|---|")
    ratios = []
    n = 1
    while (Path(folder) / f"{a}-{n}.json").exists():
        sa = load(Path(folder) / f"{a}-{n}.json")["summary"]
        sb = load(Path(folder) / f"{b}-{n}.json")["summary"]
        ratios.append(sb["seconds"] / sa["seconds"])
        print(f"| {n} | {sa['seconds']:.2f} ({sa['nodes']:,}) | {sb['seconds']:.2f} "
              f"({sb['nodes']:,}) | {ratios[-1]:.3f} |")
        n += 1
    print(f"| median | | | {statistics.median(ratios):.3f} |")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "suite":
        suite(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 5 and sys.argv[1] == "ab":
        ab(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        sys.exit(__doc__)
