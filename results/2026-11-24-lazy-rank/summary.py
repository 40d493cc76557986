#!/usr/bin/env python3
"""Tables of this folder's measurements (see README.md).

  summary.py two DIR    two.sh's rounds (A=default, B=serial): 2 threads' wall time over 1 thread's
  summary.py ab DIR     the build before and after, DIR/{base,lazy}-ROUND
                        (two.sh of results/2026-11-24-presearch-limits)
  summary.py work DIR   total nodes over one thread's, DIR/{serial,split}-ROUND
"""
import json
import pathlib
import statistics
import sys


def summary(path):
    return json.loads(pathlib.Path(path).read_text())["summary"]


def ordering_nodes(path):
    """The positions of Order::shallow's searches (shallow nodes but the pre-search's)."""
    data = json.loads(pathlib.Path(path).read_text())
    presearch = sum(sum(r["thread_presearch_nodes"]) for r in data["rows"])
    return data["summary"]["shallow_nodes"] - presearch


def two(folder):
    rounds = sorted({int(p.stem.rsplit("-", 1)[1]) for p in folder.glob("t1-*.json")})
    print("| round | 1 thread s | 2 threads, default | 2 threads, pre-search on one thread |")
    print("|---|---|---|---|")
    ratios = {"default": [], "serial": []}
    for r in rounds:
        t1 = summary(folder / f"t1-{r}.json")["seconds"]
        row = [f"{r}", f"{t1:.3f}"]
        for name in ("default", "serial"):
            s = summary(folder / f"{name}-t2-{r}.json")
            ratios[name].append(s["seconds"] / t1)
            row.append(f"{s['seconds']:.3f} s = {s['seconds'] / t1:.3f}")
        print("| " + " | ".join(row) + " |")
    print(f"| median | | {statistics.median(ratios['default']):.3f} "
          f"| {statistics.median(ratios['serial']):.3f} |")


def ab(folder):
    print("| build | round | 1 thread s | 2 threads, serial pre-search | "
          "2 threads, --presearch-split | ordering positions, 1 / serial / split |")
    print("|---|---|---|---|---|---|")
    for build in ("base", "lazy"):
        ratios = {"serial": [], "split": []}
        for d in sorted(folder.glob(f"{build}-*")):
            t1 = summary(d / "t1-1.json")["seconds"]
            row = [build, d.name.rsplit("-", 1)[1], f"{t1:.3f}"]
            for name in ("serial", "split"):
                s = summary(d / f"{name}-t2-1.json")["seconds"]
                ratios[name].append(s / t1)
                row.append(f"{s:.3f} s = {s / t1:.3f}")
            row.append(" / ".join(f"{ordering_nodes(d / f'{n}-1.json'):,}"
                                  for n in ("t1", "serial-t2", "split-t2")))
            print("| " + " | ".join(row) + " |")
        print(f"| {build} | median | | {statistics.median(ratios['serial']):.3f} "
              f"| {statistics.median(ratios['split']):.3f} | |")


def work(folder):
    one = {suite: summary(folder / "serial-1" / f"{suite}-t1.json")["nodes"]
           for suite in ("f20", "f40")}
    print("| suite | threads | pre-search | round | nodes | over 1 thread | idle |")
    print("|---|---|---|---|---|---|---|")
    rows = []
    for d in sorted(folder.glob("*-*")):
        mode, r = d.name.rsplit("-", 1)
        for p in d.glob("*-t*.json"):
            suite, t = p.stem.split("-t")
            if t == "1":
                continue
            s = summary(p)
            idle = s["idle_seconds"] / (int(t) * s["seconds"])  # of the threads' time
            rows.append((suite, int(t), mode, int(r), s["nodes"], s["nodes"] / one[suite], idle))
    for suite, t, mode, r, nodes, ratio, idle in sorted(rows):
        print(f"| {suite} | {t} | {mode} | {r} | {nodes:,} | {ratio:.3f} | {100 * idle:.0f}% |")
    print(f"\none thread: f20 {one['f20']:,} nodes, f40 (#40-#50) {one['f40']:,} nodes")


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("two", "ab", "work"):
        sys.exit(__doc__)
    {"two": two, "ab": ab, "work": work}[sys.argv[1]](pathlib.Path(sys.argv[2]))
