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
by name.

The machine's own speed: reproduce.py runs `reversi-bench bench` (the same
nodes each time) at the start, in the middle and at the end of a run
(calibration-N.json). Two runs made at other times may differ by the
machine alone; with calibration runs in both folders, the drift
(median calibration time new/old, with its interval) is printed first and
every row is judged against it: the U test on the new samples divided by
the drift, and a row is flagged only when its own interval lies wholly
beyond the drift's (else "within drift": a change that cannot be told
from the machine's). Without them, the drift is unknown, and said so.

Exit status 2, with one line naming the file and the field, when
a folder or a JSON file cannot be read or a document is not of the shape
read here (scripts/shapes.py): every document of a folder an object, and
the fields below of the perft, solve and micro benchmark documents.
"""
import argparse
import math
import os
import re
import statistics
import sys

import raw_runs
import shapes
import stats
from shapes import COUNT, List, SECONDS, TIME

# The fields read here (scripts/shapes.py). Every document of a folder is an
# object; a perft or solve run is compared (other kinds are other commands'),
# micro.json is Google Benchmark's JSON (shapes.MICRO). A repetition's time
# is above 0: it is a term of a ratio.
DOCUMENT = {"kind?": str}
SHAPES = {
    "perft": {"rows": List({"depth": COUNT, "seconds?": [TIME], "median_seconds": SECONDS},
                           least=1)},
    "solve": {"rows": [{"times?": [TIME]}], "summary": {"seconds": SECONDS}},
}
# A calibration run: `bench`, its time (above 0: a ratio's term).
CALIBRATION = {"kind": str, "summary": {"seconds": TIME}}


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(2)


def micro_times(folder):
    """{benchmark: (median ns per operation, samples)}."""
    if "micro" not in shapes.names(folder):
        return {}
    doc = shapes.check(*shapes.load(folder, "micro"), shapes.MICRO)
    out = {}
    for name, (samples, median) in raw_runs.micro_rows(doc).items():
        out[name] = (statistics.median(samples) if samples else median, samples)
    return out


def solve_samples(rows):
    """Repetition k of a solve run: the sum over its positions of times[k],
    when every position has the same number of times."""
    times = [r.get("times", []) for r in rows]
    if not times or len({len(t) for t in times}) != 1:
        return []
    return [sum(t[k] for t in times) for k in range(len(times[0]))]


def macro_times(folder):
    """{run name: (median seconds, samples)} for the perft and solve runs."""
    out = {}
    for name in shapes.names(folder):
        data, where = shapes.load(folder, name)
        kind = shapes.check(data, where, DOCUMENT).get("kind")
        if kind in SHAPES:
            shapes.check(data, where, SHAPES[kind])
        if kind == "perft":
            last = data["rows"][-1]
            samples = list(last.get("seconds", []))
            median = statistics.median(samples) if samples else last["median_seconds"]
            out[f"{name} (depth {last['depth']})"] = (median, samples)
        elif kind == "solve":
            samples = solve_samples(data["rows"])
            median = statistics.median(samples) if samples else data["summary"]["seconds"]
            out[name] = (median, samples)
    return out


def calibration_times(folder):
    """The seconds of each calibration run of the folder (calibration-N),
    in N order; [] when it has none."""
    found = sorted((int(n.split("-")[1]), n) for n in shapes.names(folder)
                   if re.fullmatch(r"calibration-\d+", n))
    out = []
    for _, name in found:
        data, where = shapes.load(folder, name)
        shapes.check(data, where, CALIBRATION)
        if data["kind"] != "bench":
            raise shapes.BadInput(where, "kind", f"a calibration run is `bench`, not "
                                  f"'{data['kind']}'")
        out.append(data["summary"]["seconds"])
    return out


def drift_of(old, new, alpha):
    """The machine's drift new/old from the calibration times, with its
    interval (the estimate alone at both ends when a side has one run);
    None when a folder has none."""
    if not old or not new:
        return None
    iv = stats.median_ratio_interval(old, new, 1 - alpha)
    if math.isnan(iv.low):
        return stats.Interval(iv.estimate, iv.estimate, iv.estimate, iv.n, iv.level)
    return iv


def judge(sa, sb, alpha, floor, drift):
    """(ratio, low, high, p, flag) of a row's samples: as flag_unpaired
    without a drift; with one, the U test on the new samples divided by
    the drift, and a flag only when the row's interval is beyond the
    drift's."""
    raw = stats.flag_unpaired(sa, sb, alpha, floor)
    if drift is None:
        return raw.ratio, raw.low, raw.high, raw.p, raw.flag
    fair = stats.flag_unpaired(sa, [x / drift.estimate for x in sb], alpha, floor)
    flag = fair.flag
    if flag == "slower" and not raw.low > drift.high:
        flag = "within drift"
    elif flag == "faster" and not raw.high < drift.low:
        flag = "within drift"
    return raw.ratio, raw.low, raw.high, fair.p, flag


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


def compare(title, old, new, alpha, floor, drift=None):
    """Prints the table of the rows both runs have (judged against the
    machine's drift when known); returns (compared, slower, faster,
    untested)."""
    names = sorted(set(old) & set(new))
    missing = sorted(set(old) ^ set(new))
    slower = faster = untested = 0
    if names:
        print(f"\n{title}")
        print(f"{'benchmark':52} {'old':>12} {'new':>12} {'new/old':>8} "
              f"{f'{1 - alpha:.0%} interval':>15} "
              + (f"{'/drift':>8} " if drift else "") + f"{'p':>8}  flag")
    for n in names:
        (a, sa), (b, sb) = old[n], new[n]
        low = high = p = math.nan
        if not sa or not sb:
            ratio, flag, tested = (b / a if a else math.nan), "no repetitions recorded", False
        else:
            ratio, low, high, p, flag = judge(sa, sb, alpha, floor, drift)
            reason = too_few(len(sa), len(sb), alpha)
            tested = not reason
            flag = flag or reason or ("within floor" if p < alpha else "")
        slower += flag == "slower"
        faster += flag == "faster"
        untested += not tested
        interval = "-" if math.isnan(low) else f"{low:.3f}-{high:.3f}"
        fair = f"{number(ratio / drift.estimate, '8.3f'):>8} " if drift else ""
        print(f"{n:52} {a:12.4g} {b:12.4g} {number(ratio, '8.3f'):>8} {interval:>15} "
              f"{fair}{number(p, '8.2g'):>8}  {flag}".rstrip())
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


def read(old, new):
    """[(title, the old folder's rows, the new folder's)] of the two tables,
    every document read and checked before a line is printed; BadInput
    (scripts/shapes.py) for a folder or a document that cannot be used."""
    for folder in (old, new):
        if not os.path.isdir(folder) and not shapes.names(folder):
            raise shapes.BadInput(folder, "", "not a results folder (no such directory, "
                                  "nor packed in a folder above)")
    tables = [(title, times(old), times(new))
              for title, times in (("micro benchmarks (ns per operation)", micro_times),
                                   ("perft and solve runs (seconds)", macro_times))]
    return tables, (calibration_times(old), calibration_times(new))


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
    try:
        tables, (cal_old, cal_new) = read(args.old, args.new)
    except shapes.BadInput as e:  # a file unread, a field not of its shape: one line
        fail(f"compare.py: {e}")
    drift = drift_of(cal_old, cal_new, args.alpha)
    print(f"Mann-Whitney U, two-sided, alpha {args.alpha:g}, floor {args.floor * 100:g}%: "
          f"a row is flagged when p < alpha and new/old (the ratio of the medians, "
          f"{1 - args.alpha:.0%} bootstrap interval) is beyond the floor")
    if drift:
        print(f"drift of the machine: new/old {drift.estimate:.3f} ({drift.low:.3f}-"
              f"{drift.high:.3f}), the calibration runs' median time ({len(cal_old)} old, "
              f"{len(cal_new)} new; `reversi-bench bench`, the same nodes each time): rows "
              f"are judged against it (\"/drift\": new/old over the drift), a row flagged "
              f"only when its interval is beyond the drift's")
    else:
        which = " and ".join(f for f, c in ((args.old, cal_old), (args.new, cal_new)) if not c)
        print(f"drift of the machine: unknown (no calibration runs in {which}): a change of "
              f"the machine's speed between the runs is not told from the code's")
    total = [0, 0, 0, 0]
    for title, old, new in tables:
        result = compare(title, old, new, args.alpha, args.floor, drift)
        total = [t + r for t, r in zip(total, result)]
    print(f"\nall: {counts(*total)}")


if __name__ == "__main__":
    main()
