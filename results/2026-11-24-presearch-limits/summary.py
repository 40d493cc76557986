#!/usr/bin/env python3
"""The tables of README.md, from the JSON files of this directory.

    summary.py two DIR        one thread against two (two.sh)
    summary.py work DIR BASE  total nodes of each DIR/w-tN-*.json against the
                              one-thread JSON BASE, per position (the last 8
                              of fforum-20-39) and in all
    summary.py whole DIR      the one-thread sweep of the budget (f20-c*.json)
"""
import glob
import json
import os
import re
import statistics
import sys


def load(path):
    with open(path) as f:
        return json.load(f)["rows"]


def total(rows, key="nodes"):
    return sum(r[key] for r in rows)


def two(d):
    print("| round | 1 thread (s) | 2 threads, pre-search on one (s, ratio, nodes x, idle of "
          "thread 1 + thread 2) | 2 threads, --presearch-split (the same) |")
    print("|---|---|---|---|")
    ratios = {"serial": [], "split": []}
    for path in sorted(glob.glob(os.path.join(d, "t1-*.json"))):
        rnd = re.search(r"t1-(\d+)", path)[1]
        one = load(path)
        t1, n1 = total(one, "seconds"), total(one)
        cells = []
        for mode in ("serial", "split"):
            rows = load(os.path.join(d, f"{mode}-t2-{rnd}.json"))
            t = total(rows, "seconds")
            ratios[mode].append(t / t1)
            main = sum(r["idle_seconds"][0] for r in rows)
            helper = sum(r["idle_seconds"][1] for r in rows)
            cells.append(f"{t:.2f} ({t / t1:.3f}, x{total(rows) / n1:.3f}, "
                         f"idle {main:.2f} + {helper:.2f} s)")
        print(f"| {rnd} | {t1:.2f} | {cells[0]} | {cells[1]} |")
    print(f"| median | | {statistics.median(ratios['serial']):.3f} "
          f"| {statistics.median(ratios['split']):.3f} |")


def work(d, base):
    one = load(base)
    print("| file | " + " | ".join(f"#{r['index'] + 19}" for r in one[12:]) + " | all |")
    print("|---|" + "---|" * (len(one) - 12 + 1))
    for path in sorted(glob.glob(os.path.join(d, "w-t*.json")),
                       key=lambda p: (int(re.search(r"w-t(\d+)", p)[1]), p)):
        rows = load(path)
        per = " | ".join(f"{a['nodes'] / b['nodes']:.2f}" for a, b in zip(rows[12:], one[12:]))
        print(f"| {os.path.basename(path)} | {per} | {total(rows) / total(one):.3f} |")


def whole(d):
    print("| budget (positions) | nodes | pre-search positions | #38 nodes | #39 nodes |")
    print("|---|---|---|---|---|")
    for path in sorted(glob.glob(os.path.join(d, "f20-c4-n*.json")),
                       key=lambda p: int(re.search(r"-n(\d+)", p)[1])):
        rows = load(path)
        n = int(re.search(r"-n(\d+)", path)[1])
        pre = sum(sum(r["thread_presearch_nodes"]) for r in rows)
        print(f"| {n:,} | {total(rows):,} | {pre:,} | {rows[18]['nodes']:,} | {rows[19]['nodes']:,} |")


if __name__ == "__main__":
    what = sys.argv[1]
    if what == "two":
        two(sys.argv[2])
    elif what == "work":
        work(sys.argv[2], sys.argv[3])
    elif what == "whole":
        whole(sys.argv[2])
    else:
        sys.exit("summary.py: two, work or whole")
