#!/usr/bin/python3
"""A/B measurements: two commands run alternately, and the tables that
compare them. Every measurement recorded under results/ is made with it.

  scripts/ab.py run --out DIR --a NAME=COMMAND --b NAME=COMMAND
                    [--rounds N] [--cpu CPU] [--micro] [--alpha A] [--floor F]
                    [-- ARGS...]
      Runs COMMAND ARGS --json DIR/NAME-ROUND.json for A and B, ROUNDS times
      (default 5), alternating which goes first (A in odd rounds, B in even
      ones), pinned to CPU with taskset (default 1; '-' for none, as with
      threads). COMMAND is a reversi-bench command line (binary and options,
      split like a shell would: the two binaries of a before/after pair, or
      one binary with two option sets); ARGS are given to both. A command
      whose binary is named `micro` (bench/micro, Google Benchmark), or any
      command with --micro, is given --benchmark_out=DIR/NAME-ROUND.json
      --benchmark_out_format=json instead of --json. Writes DIR/ab.json (the
      commands, rounds, wall times) and DIR/ab-summary.json (the ratios,
      their interval, the flags) and prints the tables below. DIR must not
      exist yet.
  scripts/ab.py table [--alpha A] [--floor F] DIR [A B]
      The tables of a run, from its JSON files. With A and B, any two sides
      of a folder of rounds DIR/A-N.json and DIR/B-N.json (N = 1, 2, ...;
      the rounds both have), with or without an ab.json: a run of more
      than two sides, or one recorded before this tool.
  scripts/ab.py suite [--exact] A.json[,A2.json...] B.json[,B2.json...]
      Position by position, --json files of `solve`: score, nodes (exact +
      selective pass + ordering searches; with --exact the exact search's
      alone), seconds, B/A. A's rows in A's order, each matched by position
      in B's (a suite solved in pieces on either side: the files of a side
      joined by commas). Then the geometric mean of the positions' B/A
      counts with its 95% t interval over the positions (the counts are
      exact: the interval is that of the positions' choice).

The tables: per round, each side's seconds and nodes, and B/A; the figure
to quote, the geometric mean of the per-round ratios with its 95% Student t
interval (of the mean log ratio; scripts/stats.py), and their median (each
round's two runs are close in time, so a drift of the machine cancels);
whether the two sides visited the same nodes (a change meant to leave the
search alone must); per position (or micro benchmark), the median seconds of each side,
B/A of the medians, and the geometric mean of that position's per-round
ratios with its (1 - alpha) interval, flagged "slower" or "faster" when the
paired t test on the log ratios rejects at alpha (default 0.05) and the
ratio is beyond the noise floor (default 2%). Seconds are the commands' own
(the solver's time, without loading; perft's at its deepest depth), and
each run's wall time is recorded beside them. A micro benchmark document's
rows are its benchmarks, each the median ns per operation over its
repetitions in that round; its round figure is the sum of those ns.
Exit status 2 on a usage error, and, with one line naming the file and
the field, when a folder or a JSON file cannot be read or a document is not
of the shape read here (scripts/shapes.py: ab.json's fields, and those of
each kind of round document below).
"""
import argparse
import json
import math
import os
import re
import shlex
import statistics
import subprocess
import sys
import time

import raw_runs
import shapes
import stats
from shapes import COUNT, INTEGER, LEAVES, SECONDS, Leaf, List, Map

# The fields read here (scripts/shapes.py). ab.json, written by `run`:
META = {"a": str, "b": str,
        "rounds": Leaf("an integer >= 1", lambda x: shapes.integer(x) and x >= 1),
        "commands": Map(str)}
# A solve row or summary: its seconds and the counts of `work`.
WORK = {"seconds": SECONDS, "nodes?": COUNT, "selective_nodes?": COUNT, "shallow_nodes?": COUNT}
# A round's document, by its kind (a micro benchmark document: shapes.MICRO).
KINDS = {
    "perft": {"rows": List({"variant": str, "depth": COUNT, "leaves": LEAVES,
                            "median_seconds": SECONDS}, least=1)},
    "bench": {"rows": [{"position": str, "seconds": SECONDS, "nodes": COUNT,
                        "other_nodes": COUNT}],
              "summary": {"seconds": SECONDS, "nodes": COUNT}},
    "solve": {"rows": [dict(WORK, position=str)], "summary": WORK},
    "search": {"rows": List({"position": str, "seconds": SECONDS, "nodes": COUNT}, least=1)},
}
KIND = {"kind": Leaf("one of " + ", ".join(map(json.dumps, KINDS)) +
                     " (or a micro benchmark's JSON, with benchmarks and context)",
                     lambda k: isinstance(k, str) and k in KINDS)}
# A document of `suite`: solve --json.
SUITE = {"rows": [dict(WORK, position=str, empties=INTEGER, **{"score?": INTEGER,
                                                                "solved?": bool,
                                                                "score_ok?": bool})]}


def fail(message):
    """An input or usage error: one line, exit status 2."""
    print(message, file=sys.stderr)
    sys.exit(2)


def work(d):
    """A solve row or summary's positions: exact + selective pass + ordering."""
    return d.get("nodes", 0) + d.get("selective_nodes", 0) + d.get("shallow_nodes", 0)


def is_micro(doc):
    """A Google Benchmark JSON document (bench/micro --benchmark_out)."""
    return isinstance(doc, dict) and "benchmarks" in doc and "context" in doc


def measure(doc, where):
    """(seconds, nodes, per-position {label: (seconds, nodes)}) of a --json
    document of solve, bench, perft or search, or of a micro benchmark document
    (then ns per operation, nodes 0). BadInput names `where` when the
    document is not of its kind's shape."""
    if is_micro(doc):
        # each benchmark's median ns per operation over its repetitions (the
        # median aggregate if the file kept only aggregates); their sum is
        # only a figure for the round table
        shapes.check(doc, where, shapes.MICRO)
        rows = {name: (statistics.median(samples) if samples else median, 0)
                for name, (samples, median) in raw_runs.micro_rows(doc).items()}
        if not rows:
            raise shapes.BadInput(where, "benchmarks", "no benchmark with a rate counter ("
                                  + ", ".join(raw_runs.RATES) + ")")
        return sum(ns for ns, _ in rows.values()), 0, rows
    kind = shapes.check(doc, where, KIND)["kind"]
    shapes.check(doc, where, KINDS[kind])
    if kind == "perft":
        # `perft -d N` times every depth up to N (and `--split` only N): the
        # deepest depth is the measure, every depth a row of the table
        rows = doc["rows"]
        deepest = [r for r in rows if r["depth"] == max(r["depth"] for r in rows)]
        return (sum(r["median_seconds"] for r in deepest), int(deepest[0]["leaves"]),
                {f"{r['variant']} d{r['depth']}": (r["median_seconds"], int(r["leaves"]))
                 for r in rows})
    if kind == "bench":
        s = doc["summary"]
        return (s["seconds"], s["nodes"],
                {r["position"]: (r["seconds"], r["nodes"] + r["other_nodes"])
                 for r in doc["rows"]})
    if kind == "solve":
        s = doc["summary"]
        return (s["seconds"], work(s),
                {r["position"]: (r["seconds"], work(r)) for r in doc["rows"]})
    # `search`: the playing search of each position (its last iteration)
    rows = {r["position"]: (r["seconds"], r["nodes"]) for r in doc["rows"]}
    return (sum(t for t, _ in rows.values()), sum(n for _, n in rows.values()), rows)


def output_args(command, micro, path):
    """Where COMMAND writes its JSON: --json PATH, or Google Benchmark's
    options for bench/micro."""
    if micro or os.path.basename(command[0]) == "micro":
        return [f"--benchmark_out={path}", "--benchmark_out_format=json"]
    return ["--json", path]


def run(args):
    names = []
    commands = {}
    for spec in (args.a, args.b):
        name, sep, command = spec.partition("=")
        if not sep or not name or not command.strip() or "/" in name:
            fail(f"ab.py: '{spec}': expected NAME=COMMAND")
        names.append(name)
        commands[name] = shlex.split(command) + args.args
    if names[0] == names[1]:
        fail("ab.py: --a and --b need two names")
    if os.path.exists(args.out):
        fail(f"ab.py: {args.out} exists already (results are never overwritten)")
    os.makedirs(args.out)
    pin = [] if args.cpu == "-" else ["taskset", "-c", args.cpu]
    walls = {}
    for rnd in range(1, args.rounds + 1):
        for name in stats.round_order(rnd, names):
            out = os.path.join(args.out, f"{name}-{rnd}.json")
            cmd = pin + commands[name] + output_args(commands[name], args.micro, out)
            t0 = time.monotonic()
            done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  text=True)
            walls[f"{name}-{rnd}"] = time.monotonic() - t0
            if done.returncode not in (0, 1):
                with open(os.path.join(args.out, f"{name}-{rnd}.log"), "w") as log:
                    log.write("$ " + shlex.join(cmd) + "\n" + done.stdout)
                sys.exit(f"ab.py: {name} round {rnd} exited {done.returncode}; see "
                         f"{args.out}/{name}-{rnd}.log")
            print(f"round {rnd}: {name} {walls[f'{name}-{rnd}']:.2f} s", flush=True)
    with open(os.path.join(args.out, "ab.json"), "w") as f:
        json.dump({"a": names[0], "b": names[1], "rounds": args.rounds, "cpu": args.cpu,
                   "commands": {n: shlex.join(pin + c) for n, c in commands.items()},
                   "wall_seconds": walls}, f, indent=2)
    table(args.out, alpha=args.alpha, floor=args.floor)


def rounds_of(folder, a, b):
    """The rounds N for which DIR/A-N.json and DIR/B-N.json both exist
    (loose or packed: scripts/raw_runs.py)."""
    present = shapes.names(folder)

    def found(name):
        return {int(n[len(name) + 1:]) for n in present
                if n.startswith(name + "-") and re.fullmatch(r"[0-9]+", n[len(name) + 1:])}
    return sorted(found(a) & found(b))


def finite(x):
    """x for JSON: None for nan (JSON has no NaN)."""
    return None if x is None or math.isnan(x) else x


def ns_cell(ns):
    """ns per operation for a table: 3.162, 38.05, 1,018, 318,368."""
    return f"{ns:,.0f}" if ns >= 1000 else f"{ns:.4g}"


def interval_cell(low, high):
    return "-" if math.isnan(low) else f"{low:.3f}-{high:.3f}"


def flag_cell(change):
    """The flag, or why a row is not flagged when that is not plain noise."""
    if change.flag:
        return change.flag
    if math.isnan(change.low):
        return "one round"
    return "within floor" if not change.low <= 1 <= change.high else ""


def table(folder, a=None, b=None, alpha=0.05, floor=0.02):
    """Prints the tables of a folder of rounds. BadInput (scripts/shapes.py)
    for a file that cannot be read or a document not of its shape, found
    before a line is printed."""
    present = shapes.names(folder)
    if not os.path.isdir(folder) and not present:
        fail(f"ab.py: {folder}: no such folder (nor packed in a folder above)")
    meta_path = os.path.join(folder, "ab.json")
    meta = shapes.check(*shapes.load_path(meta_path), META) if "ab" in present else None
    if a is None:
        if meta is None:
            fail(f"ab.py: {meta_path} does not exist; name the two sides: "
                 f"ab.py table {folder} A B")
        a, b = meta["a"], meta["b"]
        rounds = range(1, meta["rounds"] + 1)  # a missing round is an error when read
    else:
        rounds = rounds_of(folder, a, b)
        if not rounds:
            fail(f"ab.py: no round has both {folder}/{a}-N.json and {folder}/{b}-N.json")
    own_pair = meta is not None and (a, b) == (meta["a"], meta["b"])
    rows, ratios, same_nodes, micro = [], [], True, False
    # per side, label -> ({round: seconds}, nodes of the first round)
    per_position = {a: {}, b: {}}
    for rnd in rounds:
        da, where_a = shapes.load_path(os.path.join(folder, f"{a}-{rnd}.json"))
        db, where_b = shapes.load_path(os.path.join(folder, f"{b}-{rnd}.json"))
        micro = is_micro(da) and is_micro(db)
        ma, mb = measure(da, where_a), measure(db, where_b)
        ratios.append(mb[0] / ma[0] if ma[0] else float("nan"))
        same_nodes &= ma[1] == mb[1] and all(  # the rows both have (perft: depths)
            ma[2][k][1] == mb[2][k][1] for k in ma[2].keys() & mb[2].keys())
        if micro:
            rows.append(f"| {rnd} | {ma[0]:,.1f} | {mb[0]:,.1f} | {ratios[-1]:.3f} |")
        else:
            rows.append(f"| {rnd} | {ma[0]:.3f} ({ma[1]:,}) | {mb[0]:.3f} ({mb[1]:,}) "
                        f"| {ratios[-1]:.3f} |")
        for side, m in ((a, ma), (b, mb)):
            for label, (sec, nodes) in m[2].items():
                per_position[side].setdefault(label, ({}, nodes))[0][rnd] = sec
    if own_pair:
        for n, c in meta["commands"].items():
            print(f"{n}: {c}")
        print()
    if micro:
        print(f"| round | {a} ns (sum of the benchmarks) | {b} ns (sum) | {b}/{a} |")
    else:
        print(f"| round | {a} s (nodes) | {b} s (nodes) | {b}/{a} |")
    print("|---|---|---|---|")
    print("\n".join(rows))
    median = statistics.median(ratios)
    mean = stats.log_ratio_interval(ratios)
    # (a round whose A took no time has no ratio: it is left out of the test)
    total = stats.flag_paired([r for r in ratios if r > 0 and math.isfinite(r)], alpha, floor)
    print(f"| median | | | {median:.3f} |")
    print(f"| geometric mean ({mean.level:.0%} t interval) | | "
          f"| **{mean.estimate:.3f}** ({interval_cell(mean.low, mean.high)}) |")
    print()
    nodes = ("none (micro benchmarks)" if micro
             else "the same in every run" if same_nodes else "DIFFERENT")
    print(f"nodes: {nodes}; {b}/{a} {mean.estimate:.3f} "
          f"({mean.level:.0%} t interval {interval_cell(mean.low, mean.high)}, geometric mean), "
          f"median {median:.3f} over {len(rounds)} rounds; {total.flag or 'not flagged'}")
    positions = {}
    if len(per_position[a]) > 1:
        level = f"{1 - alpha:.0%}"
        print()
        if micro:
            print(f"| benchmark | {a} ns | {b} ns | {b}/{a} | {b}/{a} geo. mean ({level} interval) "
                  "| flag |")
            print("|---|---|---|---|---|---|")
        else:
            print(f"| position | {a} nodes | {b} nodes | {a} s | {b} s | {b}/{a} "
                  f"| {b}/{a} geo. mean ({level} interval) | flag |")
            print("|---|---|---|---|---|---|---|---|")
        flagged = 0
        for label, (secs_a, nodes_a) in per_position[a].items():
            secs_b, nodes_b = per_position[b].get(label, ({}, 0))
            sa = statistics.median(secs_a.values())
            sb = statistics.median(secs_b.values()) if secs_b else float("nan")
            paired = [secs_b[r] / secs_a[r] for r in rounds
                      if r in secs_a and r in secs_b and secs_a[r] > 0 and secs_b[r] > 0]
            ratio = sb / sa if sa else float("nan")
            if paired:
                change = stats.flag_paired(paired, alpha, floor)
                geo = f"{change.ratio:.3f} ({interval_cell(change.low, change.high)})"
                flag = flag_cell(change)
                flagged += bool(change.flag)
                positions[label] = {
                    "ratio_median": finite(ratio), "ratio": finite(change.ratio),
                    "low": finite(change.low), "high": finite(change.high),
                    "p": finite(change.p), "flag": change.flag, "rounds": len(paired)}
            else:
                geo, flag = "-", "not in both"
            if micro:
                print(f"| {label} | {ns_cell(sa)} | {ns_cell(sb)} | {ratio:.3f} | {geo} "
                      f"| {flag} |")
            else:
                print(f"| {label} | {nodes_a:,} | {nodes_b:,} | {sa:.3f} | {sb:.3f} "
                      f"| {ratio:.3f} | {geo} | {flag} |")
        print()
        print(f"{len(positions)} rows compared, {flagged} flagged (paired t on log ratios "
              f"over {len(rounds)} rounds, alpha {alpha:g}, floor {floor * 100:g}%)")
    # The run's own record, written where its rounds are loose files (a run
    # just made); another pair of its sides, or a packed folder, writes nothing.
    if own_pair and os.path.exists(meta_path):
        summary = {"a": a, "b": b, "ratio_median": median, "ratios": ratios,
                   "same_nodes": same_nodes,
                   "ratio_geomean": finite(mean.estimate),
                   "interval": [finite(mean.low), finite(mean.high)],
                   "level": mean.level, "alpha": alpha, "floor": floor,
                   "p": finite(total.p), "flag": total.flag,
                   "positions": positions}
        with open(os.path.join(folder, "ab-summary.json"), "w") as f:
            json.dump(summary, f, indent=2)


def position_key(row):
    """positions/FILE.obf:N sorts by file, then by N as a number."""
    path, _, index = row["position"].rpartition(":")
    return (path, int(index)) if index.isdigit() else (row["position"], 0)


def rows_of(paths):
    """The rows of one side: the --json files named, joined by commas (the
    rows of several files in the order of their positions)."""
    rows = []
    for path in paths.split(","):
        rows += shapes.check(*shapes.load_path(path), SUITE)["rows"]
    return sorted(rows, key=position_key) if "," in paths else rows


def score_cell(ra, rb):
    if not ra.get("solved", True) or not rb.get("solved", True):
        return "not solved by " + " and ".join(
            side for side, r in (("A", ra), ("B", rb)) if not r.get("solved", True))
    ok = "ok" if ra.get("score_ok", True) and rb.get("score_ok", True) else "WRONG"
    return f"{rb.get('score', 0):+d} ({ok})"


def suite(paths_a, paths_b, exact=False):
    rows_a = rows_of(paths_a)
    rows_b = {r["position"]: r for r in rows_of(paths_b)}
    count = (lambda r: r.get("nodes", 0)) if exact else work
    nodes = "exact nodes" if exact else "nodes"
    print(f"| position | empties | score | A {nodes} | B {nodes} | B/A {nodes} | A s | B s | B/A |")
    print("|---|---|---|---|---|---|---|---|---|")
    total_a = total_b = seconds_a = seconds_b = 0
    ratios = []
    for ra in rows_a:
        rb = rows_b.get(ra["position"])
        if rb is None:
            print(f"| {ra['position']} | {ra['empties']} | not in B | {count(ra):,} | | "
                  f"| {ra['seconds']:.2f} | | |")
            continue
        total_a, total_b = total_a + count(ra), total_b + count(rb)
        if count(ra) > 0 and count(rb) > 0:
            ratios.append(count(rb) / count(ra))
        seconds_a, seconds_b = seconds_a + ra["seconds"], seconds_b + rb["seconds"]
        print(f"| {rb['position']} | {rb['empties']} | {score_cell(ra, rb)} "
              f"| {count(ra):,} | {count(rb):,} | {count(rb) / max(count(ra), 1):.2f} "
              f"| {ra['seconds']:.2f} | {rb['seconds']:.2f} "
              f"| {rb['seconds'] / ra['seconds'] if ra['seconds'] else float('nan'):.3f} |")
    print(f"| all | | | {total_a:,} | {total_b:,} | {total_b / max(total_a, 1):.2f} "
          f"| {seconds_a:.2f} | {seconds_b:.2f} "
          f"| {seconds_b / seconds_a if seconds_a else float('nan'):.3f} |")
    # A count is exact, not noisy: what varies is which positions the suite
    # holds. The geometric mean of the positions' B/A with the t interval of
    # their mean log says how far the sum's ratio speaks for positions like
    # these (a few hard positions weigh on the sum alone).
    i = stats.log_ratio_interval(ratios)
    print(f"\nB/A {nodes} by position: geometric mean {i.estimate:.3f} "
          f"(95% t interval {i.low:.3f}-{i.high:.3f}) over {i.n} positions")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    r = sub.add_parser("run")
    r.add_argument("--out", required=True)
    r.add_argument("--a", required=True, metavar="NAME=COMMAND")
    r.add_argument("--b", required=True, metavar="NAME=COMMAND")
    r.add_argument("--rounds", type=int, default=5)
    r.add_argument("--cpu", default="1")
    r.add_argument("--micro", action="store_true",
                   help="the commands are Google Benchmark binaries (--benchmark_out)")
    r.add_argument("args", nargs="*")
    t = sub.add_parser("table")
    for p in (r, t):
        p.add_argument("--alpha", type=float, default=0.05,
                       help="the level of the paired t test (default 0.05)")
        p.add_argument("--floor", type=float, default=0.02,
                       help="the noise floor, a fraction (default 0.02)")
    t.add_argument("folder")
    t.add_argument("sides", nargs="*", metavar="A B")
    s = sub.add_parser("suite")
    s.add_argument("--exact", action="store_true")
    s.add_argument("a")
    s.add_argument("b")
    args = parser.parse_args()  # a usage error exits 2
    if args.mode in ("run", "table") and (not 0 < args.alpha < 1 or args.floor < 0):
        fail("ab.py: --alpha between 0 and 1, --floor at least 0")
    if args.mode == "run" and args.rounds < 1:
        fail("ab.py: --rounds must be at least 1")
    if args.mode == "table" and len(args.sides) not in (0, 2):
        fail("ab.py: table DIR, or table DIR A B")
    try:
        if args.mode == "run":
            run(args)
        elif args.mode == "table":
            table(args.folder, *args.sides, alpha=args.alpha, floor=args.floor)
        else:
            suite(args.a, args.b, args.exact)
    except shapes.BadInput as e:  # a file unread, a field not of its shape: one line
        fail(f"ab.py: {e}")


if __name__ == "__main__":
    main()
