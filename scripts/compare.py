#!/usr/bin/python3
"""Compares two results folders made by reproduce.py: the ratio new/old of
every time both measured, flagged only where the change is real.

Usage: scripts/compare.py [--alpha A] [--floor F] OLD_DIR NEW_DIR

The two runs were made at other times, so their repetitions are unpaired
samples: each row gives the ratio of the medians new/old with a percentile
bootstrap interval, and is flagged "slower" or "faster" when the Mann-Whitney
U rank test (two-sided) rejects at alpha (default 0.05) and the ratio is
beyond a noise floor (default 5%) (scripts/stats.py, flag_unpaired). A row
with too few repetitions for the test to reach alpha (the U test needs 4
against 4 at 0.05) is compared but not flagged, and says why. Ratios are of
times: below 1 the new run is faster.

The samples of a row: micro.json, the ns per operation of each repetition
(a run that kept only the aggregates has none: its median is compared,
unflagged); perft-*.json, the repetitions at the deepest depth; a solve
run, the sum over its positions of each repetition's time. Files are matched
by name. Exit status 2 when a folder or a JSON file cannot be read.
"""
import argparse
import math
import os
import statistics
import sys

import raw_runs
import stats

def fail(message):
    print(message, file=sys.stderr)
    sys.exit(2)


def load(folder, name):
    """The folder's document NAME (NAME.json, or packed in runs.jsonl.gz)."""
    try:
        return raw_runs.load(folder, name)
    except ValueError as e:
        fail(f"compare.py: cannot read JSON: {e}")


def micro_times(folder):
    """{benchmark: (median ns per operation, samples)}."""
    doc = load(folder, "micro")
    if not isinstance(doc, dict):
        return {}
    out = {}
    for name, (samples, median) in raw_runs.micro_rows(doc).items():
        out[name] = (statistics.median(samples) if samples else median, samples)
    return out


def solve_samples(rows):
    """Repetition k of a solve run: the sum over its positions of times[k],
    when every position has the same number of times."""
    times = [r.get("times") or [] for r in rows]
    if not times or len({len(t) for t in times}) != 1:
        return []
    return [sum(t[k] for t in times) for k in range(len(times[0]))]


def macro_times(folder):
    """{run name: (median seconds, samples)} for the perft and solve runs."""
    out = {}
    for name in raw_runs.names(folder):
        data = load(folder, name)
        if not isinstance(data, dict):
            continue
        if data.get("kind") == "perft" and data.get("rows"):
            last = data["rows"][-1]
            samples = list(last.get("seconds") or [])
            median = statistics.median(samples) if samples else last["median_seconds"]
            out[f"{name} (depth {last['depth']})"] = (median, samples)
        elif data.get("kind") == "solve":
            samples = solve_samples(data.get("rows", []))
            median = statistics.median(samples) if samples else data["summary"]["seconds"]
            out[name] = (median, samples)
    return out


def too_few(n_a, n_b, alpha):
    """Why the U test cannot flag these sample sizes ("n<4"), or ""."""
    if min(n_a, n_b) < 2:
        return "n<2"
    if stats.smallest_rank_p(n_a, n_b) <= alpha:
        return ""
    if n_a == n_b:
        n = n_a
        while stats.smallest_rank_p(n, n) > alpha:
            n += 1
        return f"n<{n}"
    return f"n={n_a}/{n_b}: too few"


def number(x, spec):
    return "-" if x is None or math.isnan(x) else format(x, spec)


def compare(title, old, new, alpha, floor):
    """Prints the table of the rows both runs have; returns (compared,
    slower, faster)."""
    names = sorted(set(old) & set(new))
    missing = sorted(set(old) ^ set(new))
    slower = faster = untested = 0
    if names:
        print(f"\n{title}")
        print(f"{'benchmark':52} {'old':>12} {'new':>12} {'new/old':>8} "
              f"{f'{1 - alpha:.0%} interval':>15} {'p':>8}  flag")
    for n in names:
        (a, sa), (b, sb) = old[n], new[n]
        low = high = p = math.nan
        if not sa or not sb:
            ratio, flag, tested = (b / a if a else math.nan), "no repetitions recorded", False
        else:
            change = stats.flag_unpaired(sa, sb, alpha, floor)
            ratio, low, high, p = change.ratio, change.low, change.high, change.p
            reason = too_few(len(sa), len(sb), alpha)
            tested = not reason
            flag = change.flag or reason or ("within floor" if p < alpha else "")
        slower += flag == "slower"
        faster += flag == "faster"
        untested += not tested
        interval = "-" if math.isnan(low) else f"{low:.3f}-{high:.3f}"
        print(f"{n:52} {a:12.4g} {b:12.4g} {number(ratio, '8.3f'):>8} {interval:>15} "
              f"{number(p, '8.2g'):>8}  {flag}".rstrip())
    if names:
        print(counts(len(names), slower, faster, untested))
    if missing:
        print(f"(in one run only: {', '.join(missing)})")
    return len(names), slower, faster, untested


def counts(compared, slower, faster, untested):
    line = (f"{compared} rows compared, {slower + faster} flagged "
            f"({slower} slower, {faster} faster)")
    if untested:
        line += f"; {untested} without a test (too few repetitions)"
    return line


def main():
    parser = argparse.ArgumentParser(
        prog="compare.py", description=__doc__.split("\n")[0],
        epilog="The test: scripts/stats.py, flag_unpaired.")
    parser.add_argument("--alpha", type=float, default=0.05,
                        help="the level of the Mann-Whitney U test (default 0.05)")
    parser.add_argument("--floor", type=float, default=0.05,
                        help="the noise floor, a fraction: no change smaller is flagged "
                             "(default 0.05)")
    parser.add_argument("old", metavar="OLD_DIR")
    parser.add_argument("new", metavar="NEW_DIR")
    args = parser.parse_args()  # a usage error exits 2
    if not 0 < args.alpha < 1 or args.floor < 0:
        fail("compare.py: --alpha between 0 and 1, --floor at least 0")
    for folder in (args.old, args.new):
        try:
            packed = raw_runs.names(folder)
        except ValueError as e:
            fail(f"compare.py: cannot read JSON: {e}")
        if not os.path.isdir(folder) and not packed:
            fail(f"compare.py: {folder}: not a results folder (no such directory, "
                 "nor packed in a folder above)")
    print(f"Mann-Whitney U, two-sided, alpha {args.alpha:g}, floor {args.floor * 100:g}%: "
          f"a row is flagged when p < alpha and new/old (the ratio of the medians, "
          f"{1 - args.alpha:.0%} bootstrap interval) is beyond the floor")
    total = [0, 0, 0, 0]
    for title, times in (("micro benchmarks (ns per operation)", micro_times),
                         ("perft and solve runs (seconds)", macro_times)):
        result = compare(title, times(args.old), times(args.new), args.alpha, args.floor)
        total = [t + r for t, r in zip(total, result)]
    print(f"\nall: {counts(*total)}")


if __name__ == "__main__":
    main()
