#!/usr/bin/env python3
"""Tables of results/2026-11-24-cut-profile/README.md.

summary.py levels A.json[@N] [B.json[@N] ...]
    Per empties count, for each file (the rows of a `solve --cut-profile
    --json` run, summed; with @N its N-th row alone): the cutoffs, the share
    by the first move and the share of the cutoff nodes' positions spent
    under moves that failed first.
summary.py pairs BASE.json... -- NOW.json...
    Every position of the BASE files (the starting configuration) solved in
    both: its nodes in each and their ratio (a position stopped by the time
    limit is listed as not solved).
summary.py baseline BASE_DIR NOW.json...
    FForum #51-#59: the nodes of the issue's starting configuration (the
    mobility order: BASE_DIR/mobility-K.json, fforum-40-59.obf:K) against
    the rows of the NOW files (the best configuration with --mtd).
"""
import json
import sys


def load(path):
    with open(path) as f:
        return json.load(f)


def levels(paths):
    sums = []
    for p in paths:
        by = {}
        path, _, index = p.partition("@")
        rows = load(path)["rows"]
        for row in [rows[int(index) - 1]] if index else rows:
            for lv in row.get("cut_profile", []):
                s = by.setdefault(lv["empties"], dict.fromkeys(lv, 0))
                for k, v in lv.items():
                    if k != "empties":
                        s[k] += v
        sums.append(by)
    keys = sorted({e for by in sums for e in by}, reverse=True)
    head = "| empties | " + " | ".join(
        f"{p}: cutoffs, first %, waste %" for p in paths) + " |"
    print(head)
    print("|---" * (1 + len(paths)) + "|")
    for e in keys:
        cells = []
        for by in sums:
            s = by.get(e)
            if not s:
                cells.append("")
                continue
            cuts = s["first"] + s["later"]
            under = s["first_nodes"] + s["wasted_nodes"] + s["cutter_nodes"]
            first = 100 * s["first"] / cuts if cuts else 0
            waste = 100 * s["wasted_nodes"] / under if under else 0
            cells.append(f"{cuts:,}, {first:.1f}, {waste:.1f}")
        print(f"| {e} | " + " | ".join(cells) + " |")


def rows_by_position(paths):
    return {row["position"]: row for p in paths for row in load(p)["rows"]}


def baseline(base_dir, now_paths):
    now = rows_by_position(now_paths)
    print("| FForum # | empties | mobility order nodes | best + mtd nodes | ratio |")
    print("|---|---|---|---|---|")
    for k in range(12, 21):
        try:
            base = load(f"{base_dir}/mobility-{k}.json")["rows"][0]
        except (OSError, ValueError):
            print(f"| {39 + k} | | (not run) | | |")
            continue
        r = now.get(base["position"])
        ratio = f"{r['nodes'] / base['nodes']:.2f}" if r else ""
        print(f"| {39 + k} | {base['empties']} | {base['nodes']:,} | "
              f"{r['nodes']:,} | {ratio} |" if r else f"| {39 + k} | | {base['nodes']:,} | | |")


def pairs(base_paths, now_paths):
    now = rows_by_position(now_paths)
    print("| position | empties | starting configuration nodes | best + mtd nodes | ratio |")
    print("|---|---|---|---|---|")
    for p in base_paths:
        for base in load(p)["rows"]:
            r = now.get(base["position"])
            b = f"{base['nodes']:,}" if base["solved"] else "not solved"
            n = (f"{r['nodes']:,}" if r["solved"] else "not solved") if r else "not run"
            ratio = (f"{r['nodes'] / base['nodes']:.2f}"
                     if r and r["solved"] and base["solved"] else "")
            print(f"| {base['position']} | {base['empties']} | {b} | {n} | {ratio} |")


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "levels":
        levels(sys.argv[2:])
    elif len(sys.argv) >= 5 and sys.argv[1] == "pairs" and "--" in sys.argv:
        cut = sys.argv.index("--")
        pairs(sys.argv[2:cut], sys.argv[cut + 1:])
    elif len(sys.argv) >= 4 and sys.argv[1] == "baseline":
        baseline(sys.argv[2], sys.argv[3:])
    else:
        sys.exit(__doc__)
