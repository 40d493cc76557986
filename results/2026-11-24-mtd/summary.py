#!/usr/bin/env python3
"""Tables of this folder's measurements (see README.md).

  summary.py ab DIR             ab.sh's rounds: full window against --mtd, nodes and seconds
  summary.py rows DIR           per position of ab.sh's first round: nodes, tests, estimate
  summary.py f40 NEW BASE...    per position: NEW's nodes and seconds against the BASE files'
"""
import json
import pathlib
import statistics
import sys


def load(path):
    return json.loads(pathlib.Path(path).read_text())


def ab(folder):
    rounds = sorted({int(p.stem.rsplit("-", 1)[1]) for p in folder.glob("full-*.json")})
    print("| round | full nodes | full s | mtd nodes | mtd s | mtd / full s |")
    print("|---|---|---|---|---|---|")
    full_s, mtd_s, ratios = [], [], []
    for r in rounds:
        f = load(folder / f"full-{r}.json")["summary"]
        m = load(folder / f"mtd-{r}.json")["summary"]
        full_s.append(f["seconds"])
        mtd_s.append(m["seconds"])
        ratios.append(m["seconds"] / f["seconds"])
        print(f"| {r} | {f['nodes']:,} | {f['seconds']:.3f} | {m['nodes']:,} | {m['seconds']:.3f} "
              f"| {m['seconds'] / f['seconds']:.3f} |")
    print(f"| median | | {statistics.median(full_s):.3f} | | {statistics.median(mtd_s):.3f} "
          f"| {statistics.median(ratios):.3f} |")
    print(f"median of the mtd seconds over the median of the full: "
          f"{statistics.median(mtd_s) / statistics.median(full_s):.3f}")


def rows(folder):
    full = load(folder / "full-1.json")["rows"]
    mtd = load(folder / "mtd-1.json")["rows"]
    print("| position | empties | score | estimate | tests | full nodes | mtd nodes | mtd / full |")
    print("|---|---|---|---|---|---|---|---|")
    for f, m in zip(full, mtd):
        print(f"| {m['position']} | {m['empties']} | {m['score']:+d} | {m['root_guess']:+d} "
              f"| {m['root_searches']} | {f['nodes']:,} | {m['nodes']:,} "
              f"| {m['nodes'] / f['nodes']:.3f} |")


def f40(new, bases):
    base = {}
    for path in bases:
        for r in load(path)["rows"]:
            base[r["position"]] = r
    print("| position | empties | score | estimate | tests | nodes before | nodes mtd | ratio "
          "| s before | s mtd |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    tn = tb = sn = sb = 0
    for m in load(new)["rows"]:
        b = base[m["position"]]
        assert b["score"] == m["score"] and m["score_ok"]
        tn, tb, sn, sb = tn + m["nodes"], tb + b["nodes"], sn + m["seconds"], sb + b["seconds"]
        print(f"| {m['position']} | {m['empties']} | {m['score']:+d} | {m['root_guess']:+d} "
              f"| {m['root_searches']} | {b['nodes']:,} | {m['nodes']:,} "
              f"| {m['nodes'] / b['nodes']:.3f} | {b['seconds']:.1f} | {m['seconds']:.1f} |")
    print(f"| all | | | | | {tb:,} | {tn:,} | {tn / tb:.3f} | {sb:.1f} | {sn:.1f} |")


if __name__ == "__main__":
    kind = sys.argv[1]
    if kind == "ab":
        ab(pathlib.Path(sys.argv[2]))
    elif kind == "rows":
        rows(pathlib.Path(sys.argv[2]))
    elif kind == "f40":
        f40(sys.argv[2], sys.argv[3:])
    else:
        sys.exit(__doc__)
