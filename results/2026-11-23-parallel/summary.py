#!/usr/bin/python3
"""Tables for README.md from the JSON files of timed.sh and work.sh.

Usage: summary.py DIR   (DIR holds the r*-*.json and work-*.json files)
"""
import glob
import json
import os
import re
import statistics
import sys


def seconds(doc):
    if doc["kind"] == "solve":
        return doc["summary"]["seconds"]
    return sum(r["median_seconds"] for r in doc["rows"])  # perft: every depth's time


def main():
    folder = sys.argv[1]
    runs = {}
    for path in glob.glob(os.path.join(folder, "r*-*.json")):
        m = re.match(r"r(\d+)-(old|new)-(.+)\.json$", os.path.basename(path))
        with open(path) as f:
            doc = json.load(f)
        runs.setdefault((m.group(2), m.group(3)), {})[int(m.group(1))] = doc
    if runs:
        print("One thread, previous version (old) against this one (new), medians of the rounds:\n")
        print("| measure | old s | new s | old/new | old/new per round | nodes equal |")
        print("|---|---|---|---|---|---|")
        for name in sorted({n for tag, n in runs if tag == "old"}):
            old, new = runs[("old", name)], runs[("new", name)]
            o = statistics.median(seconds(d) for d in old.values())
            n = statistics.median(seconds(d) for d in new.values())
            same = ("yes" if all(d["kind"] != "solve" or
                                 d["summary"]["nodes"] == new[r]["summary"]["nodes"]
                                 for r, d in old.items() if r in new) else "NO")
            rounds = " ".join(f"{seconds(old[r]) / seconds(new[r]):.3f}" for r in sorted(old)
                              if r in new)
            print(f"| {name} | {o:.3f} | {n:.3f} | {o / n:.3f} | {rounds} | {same} |")
        print("\nTwo threads per position against one (this version), per round and median:\n")
        print("| variant | rounds: t2/t1 | median t1 s | median t2 s | median t2/t1 |")
        print("|---|---|---|---|---|")
        for v in ["avx512+list", "mailbox+list"]:
            t1, t2 = runs.get(("new", f"f20-{v}-t1")), runs.get(("new", f"f20-{v}-t2"))
            if not t1 or not t2:
                continue
            ratios = [seconds(t2[r]) / seconds(t1[r]) for r in sorted(t1) if r in t2]
            a = statistics.median(seconds(d) for d in t1.values())
            b = statistics.median(seconds(d) for d in t2.values())
            print(f"| {v} | {' '.join(f'{x:.3f}' for x in ratios)} | {a:.3f} | {b:.3f} | "
                  f"{statistics.median(ratios):.3f} |")
    work = {}
    for path in glob.glob(os.path.join(folder, "work-*.json")):
        m = re.match(r"work-(f20|f40)-t(\d+)\.json$", os.path.basename(path))
        with open(path) as f:
            work[(m.group(1), int(m.group(2)))] = json.load(f)
    if work:
        print("\nWork: total nodes against one thread, idle seconds per thread (summed over the "
              "positions), wall seconds:\n")
        print("| suite | threads | nodes | nodes / 1 thread | idle s per thread | seconds | "
              "wrong | not solved |")
        print("|---|---|---|---|---|---|---|---|")
        for suite in ["f20", "f40"]:
            one = work.get((suite, 1))
            for t in sorted(t for s, t in work if s == suite):
                doc = work[(suite, t)]
                s = doc["summary"]
                idle = [sum(r["idle_seconds"][i] for r in doc["rows"]) for i in range(t)]
                ratio = f"{s['nodes'] / one['summary']['nodes']:.3f}" if one else "-"
                print(f"| {suite} | {t} | {s['nodes']:,} | {ratio} | "
                      f"{' '.join(f'{x:.1f}' for x in idle)} | {s['seconds']:.2f} | "
                      f"{s['wrong_scores']} | {s['not_solved']} |")


if __name__ == "__main__":
    main()
