#!/usr/bin/python3
"""Compares two results folders made by reproduce.py: the ratio new/old of
every time both measured, with the noise flagged.

Usage: scripts/compare.py OLD_DIR NEW_DIR

A ratio is flagged "noise" when it lies within twice the larger relative
spread (coefficient of variation of the repetitions) of the two runs, or
within 3% when a run has no repetitions. Ratios are of times: below 1 the new
run is faster.
"""
import glob
import json
import os
import statistics
import sys


def cv(values):
    values = [v for v in values if v is not None]
    if len(values) < 2 or statistics.mean(values) == 0:
        return None
    return statistics.stdev(values) / statistics.mean(values)


def micro_times(folder):
    """{benchmark: (median ns per operation, cv)}, from the aggregates when the
    run had repetitions, else from the iteration runs."""
    path = os.path.join(folder, "micro.json")
    if not os.path.exists(path):
        return {}
    with open(path) as f:
        data = json.load(f)
    samples, med, cvs = {}, {}, {}
    for b in data.get("benchmarks", []):
        if b.get("error_occurred"):
            continue
        name = b.get("run_name", b["name"])
        rate = next((b[k] for k in ("flips/s", "masks/s", "plays/s", "moves/s") if k in b), None)
        if rate is None:
            continue
        if b.get("run_type") == "aggregate":
            if b["aggregate_name"] == "median":
                med[name] = rate
            elif b["aggregate_name"] == "cv":
                cvs[name] = rate
        else:
            samples.setdefault(name, []).append(rate)
    out = {}
    for name in set(med) | set(samples):
        rate = med.get(name) or statistics.median(samples[name])
        spread = cvs.get(name, cv(samples.get(name, [])))
        if rate > 0:
            out[name] = (1e9 / rate, spread)
    return out


def macro_times(folder):
    """{run name: (seconds, cv)} for the perft and solve runs."""
    out = {}
    for path in glob.glob(os.path.join(folder, "*.json")):
        name = os.path.basename(path)[:-5]
        with open(path) as f:
            data = json.load(f)
        if not isinstance(data, dict):
            continue
        if data.get("kind") == "perft":
            last = data["rows"][-1]
            out[f"{name} (depth {last['depth']})"] = (last["median_seconds"], cv(last["seconds"]))
        elif data.get("kind") == "solve":
            spreads = [cv(r.get("times", [])) for r in data["rows"]]
            spreads = [s for s in spreads if s is not None]
            out[name] = (data["summary"]["seconds"], max(spreads) if spreads else None)
    return out


def compare(title, old, new):
    names = sorted(set(old) & set(new))
    if not names:
        return
    print(f"\n{title}")
    print(f"{'benchmark':52} {'old':>12} {'new':>12} {'new/old':>8}")
    for n in names:
        (a, ca), (b, cb) = old[n], new[n]
        r = b / a if a else float("nan")
        spread = max(c for c in (ca, cb, 0.015) if c is not None)
        flag = "noise" if abs(r - 1) < 2 * spread else ("faster" if r < 1 else "slower")
        print(f"{n:52} {a:12.4g} {b:12.4g} {r:8.3f}  {flag}")
    missing = sorted(set(old) ^ set(new))
    if missing:
        print(f"(in one run only: {', '.join(missing)})")


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: compare.py OLD_DIR NEW_DIR")
    old, new = sys.argv[1:]
    for folder in (old, new):
        if not os.path.isdir(folder):
            sys.exit(f"compare: {folder}: not a results folder")
    compare("micro benchmarks (ns per operation)", micro_times(old), micro_times(new))
    compare("perft and solve runs (seconds)", macro_times(old), macro_times(new))


if __name__ == "__main__":
    main()
