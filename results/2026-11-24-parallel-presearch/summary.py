#!/usr/bin/env python3
"""Tables of this directory's runs.

  summary.py split DIR   the pre-search on one thread against --presearch-split
                         (split.sh): wall time with 2 threads against 1, total
                         nodes with 2, 8 and 16 threads against 1, idle shares
  summary.py ab DIR      two builds on one thread (ab.sh): nodes, times, medians
  summary.py wall DIR     1 and 2 threads of one build (threads.sh ... wall):
                         the wall time ratio per round and its median
  summary.py elder DIR SUITE
                         one and two elder brothers at ALL nodes (elder.sh):
                         total nodes against one thread's, 2-thread wall ratio
"""
import json
import statistics
import sys
from pathlib import Path


def load(path):
    d = json.loads(path.read_text())
    s = d["summary"]
    return {"nodes": s["nodes"], "seconds": sum(r["seconds"] for r in d["rows"])}


def split(directory):
    runs = {p.stem: load(p) for p in sorted(Path(directory).glob("*.json"))}
    rounds = sorted({int(k.rsplit("-", 1)[1]) for k in runs})
    print("| round | 1 thread (s) | 2 threads, pre-search on one (s, ratio) |"
          " 2 threads, --presearch-split (s, ratio) |")
    print("|---|---|---|---|")
    ratios = {"serial": [], "split": []}
    for r in rounds:
        one = runs[f"t1-{r}"]
        cells = []
        for m in ("serial", "split"):
            two = runs[f"{m}-t2-{r}"]
            ratios[m].append(two["seconds"] / one["seconds"])
            cells.append(f"{two['seconds']:.2f} ({ratios[m][-1]:.3f})")
        print(f"| {r} | {one['seconds']:.2f} | {cells[0]} | {cells[1]} |")
    print(f"| median | | {statistics.median(ratios['serial']):.3f} |"
          f" {statistics.median(ratios['split']):.3f} |")
    print()
    print("| threads | pre-search | total nodes / one thread's, per round |")
    print("|---|---|---|")
    for t in (2, 8, 16):
        for m in ("serial", "split"):
            cells = ", ".join(f"{runs[f'{m}-t{t}-{r}']['nodes'] / runs[f't1-{r}']['nodes']:.2f}"
                              for r in rounds)
            name = "on one thread" if m == "serial" else "--presearch-split"
            print(f"| {t} | {name} | {cells} |")


def ab(directory):
    runs = {}
    for p in sorted(Path(directory).glob("*.json")):
        build = p.stem.split("-", 1)[0]
        runs.setdefault(build, []).append(load(p))
    for build, rs in runs.items():
        times = [r["seconds"] for r in rs]
        nodes = sorted({r["nodes"] for r in rs})
        print(f"{build}: nodes {nodes}, seconds {', '.join(f'{t:.3f}' for t in times)},"
              f" median {statistics.median(times):.3f}")
    if {"old", "new"} <= runs.keys():
        o = statistics.median(r["seconds"] for r in runs["old"])
        n = statistics.median(r["seconds"] for r in runs["new"])
        print(f"new / old (medians): {n / o:.3f}")


def wall(directory):
    runs = {p.stem: load(p) for p in sorted(Path(directory).glob("wall-*.json"))}
    rounds = sorted({int(k.rsplit("-", 1)[1]) for k in runs})
    ratios = []
    for r in rounds:
        [one] = [v for k, v in runs.items() if k.endswith(f"-t1-{r}")]
        [two] = [v for k, v in runs.items() if k.endswith(f"-t2-{r}")]
        ratios.append(two["seconds"] / one["seconds"])
        print(f"round {r}: 1 thread {one['seconds']:.2f} s, 2 threads {two['seconds']:.2f} s,"
              f" ratio {ratios[-1]:.3f} (nodes x{two['nodes'] / one['nodes']:.3f})")
    print(f"median ratio {statistics.median(ratios):.3f}")


def elder(directory, suite):
    runs = {p.stem: load(p) for p in sorted(Path(directory).glob(f"{suite}-*.json"))}
    rounds = sorted({int(k.rsplit("-", 1)[1]) for k in runs})
    threads = sorted({int(k.split("-t")[1].split("-")[0]) for k in runs if "-old-" in k})
    print("| threads | build | total nodes / one thread's, per round | wall / one thread's |")
    print("|---|---|---|---|")
    for t in threads:
        for b in ("old", "new"):
            ratios = [runs[f"{suite}-{b}-t{t}-{r}"]["nodes"] / runs[f"{suite}-t1-{r}"]["nodes"]
                      for r in rounds]
            wall = ""
            if t == 2:
                w = [runs[f"{suite}-{b}-t{t}-{r}"]["seconds"] / runs[f"{suite}-t1-{r}"]["seconds"]
                     for r in rounds]
                wall = ", ".join(f"{x:.3f}" for x in w) + f" (median {statistics.median(w):.3f})"
            print(f"| {t} | {b} | {', '.join(f'{x:.2f}' for x in ratios)} | {wall} |")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "elder":
        elder(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 3 and sys.argv[1] in ("split", "ab", "wall"):
        {"split": split, "ab": ab, "wall": wall}[sys.argv[1]](sys.argv[2])
    else:
        sys.exit(__doc__)
