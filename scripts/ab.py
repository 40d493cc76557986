#!/usr/bin/python3
"""A/B measurements: two commands run alternately, and the tables that
compare them. Every measurement recorded under results/ is made with it.

  scripts/ab.py run --out DIR --a NAME=COMMAND --b NAME=COMMAND
                    [--rounds N] [--cpu CPU] [-- ARGS...]
      Runs COMMAND ARGS --json DIR/NAME-ROUND.json for A and B, ROUNDS times
      (default 5), alternating which goes first (A in odd rounds, B in even
      ones), pinned to CPU with taskset (default 1; '-' for none, as with
      threads). COMMAND is a reversi-bench command line (binary and options,
      split like a shell would: the two binaries of a before/after pair, or
      one binary with two option sets); ARGS are given to both. Writes
      DIR/ab.json (the commands, rounds, medians, ratio) and prints the
      tables below. DIR must not exist yet.
  scripts/ab.py table DIR
      The tables of a run, from its JSON files.
  scripts/ab.py suite A.json B.json
      Position by position, two --json files of `solve` on one suite: score,
      nodes (exact + selective pass + ordering searches), seconds, B/A.

The tables: per round, each side's seconds and nodes, and B/A; the median of
the ratios (the figure to quote: each round's two runs are close in time,
so a drift of the machine cancels); whether the two sides visited the same
nodes (a change meant to leave the search alone must); per position, the
median seconds of each side. Seconds are the commands' own (the solver's
time, without loading), and each run's wall time is recorded beside them.
"""
import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import time


def load(path):
    with open(path) as f:
        return json.load(f)


def work(d):
    """A solve row or summary's positions: exact + selective pass + ordering."""
    return d.get("nodes", 0) + d.get("selective_nodes", 0) + d.get("shallow_nodes", 0)


def measure(doc):
    """(seconds, nodes, per-position {label: (seconds, nodes)}) of a --json
    document of solve, bench or perft."""
    kind = doc.get("kind")
    if kind == "perft":
        rows = doc["rows"]
        return (sum(r["median_seconds"] for r in rows), int(rows[-1]["leaves"]),
                {f"{r['variant']} d{r['depth']}": (r["median_seconds"], int(r["leaves"]))
                 for r in rows})
    s = doc["summary"]
    if kind == "bench":
        return (s["seconds"], s["nodes"],
                {r["position"]: (r["seconds"], r["nodes"] + r["other_nodes"])
                 for r in doc["rows"]})
    if kind == "solve":
        return (s["seconds"], work(s),
                {r["position"]: (r["seconds"], work(r)) for r in doc["rows"]})
    sys.exit(f"ab.py: a --json document of kind {kind!r} (solve, bench or perft expected)")


def run(args):
    names = []
    commands = {}
    for spec in (args.a, args.b):
        name, sep, command = spec.partition("=")
        if not sep or not name or not command.strip() or "/" in name:
            sys.exit(f"ab.py: '{spec}': expected NAME=COMMAND")
        names.append(name)
        commands[name] = shlex.split(command) + args.args
    if names[0] == names[1]:
        sys.exit("ab.py: --a and --b need two names")
    if os.path.exists(args.out):
        sys.exit(f"ab.py: {args.out} exists already (results are never overwritten)")
    os.makedirs(args.out)
    pin = [] if args.cpu == "-" else ["taskset", "-c", args.cpu]
    walls = {}
    for rnd in range(1, args.rounds + 1):
        order = names if rnd % 2 == 1 else names[::-1]
        for name in order:
            out = os.path.join(args.out, f"{name}-{rnd}.json")
            cmd = pin + commands[name] + ["--json", out]
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
    table(args.out)


def table(folder):
    meta = load(os.path.join(folder, "ab.json"))
    a, b = meta["a"], meta["b"]
    rows, ratios, same_nodes = [], [], True
    per_position = {a: {}, b: {}}
    for rnd in range(1, meta["rounds"] + 1):
        ma = measure(load(os.path.join(folder, f"{a}-{rnd}.json")))
        mb = measure(load(os.path.join(folder, f"{b}-{rnd}.json")))
        ratios.append(mb[0] / ma[0] if ma[0] else float("nan"))
        same_nodes &= ma[2].keys() == mb[2].keys() and all(
            ma[2][k][1] == mb[2][k][1] for k in ma[2])
        rows.append(f"| {rnd} | {ma[0]:.3f} ({ma[1]:,}) | {mb[0]:.3f} ({mb[1]:,}) "
                    f"| {ratios[-1]:.3f} |")
        for side, m in ((a, ma), (b, mb)):
            for label, (sec, nodes) in m[2].items():
                per_position[side].setdefault(label, ([], nodes))[0].append(sec)
    for n, c in meta["commands"].items():
        print(f"{n}: {c}")
    print()
    print(f"| round | {a} s (nodes) | {b} s (nodes) | {b}/{a} |")
    print("|---|---|---|---|")
    print("\n".join(rows))
    median = statistics.median(ratios)
    print(f"| median | | | **{median:.3f}** |")
    print()
    print(f"nodes: {'the same in every run' if same_nodes else 'DIFFERENT'}"
          f"; {b}/{a} median {median:.3f} over {meta['rounds']} rounds")
    if len(per_position[a]) > 1:
        print()
        print(f"| position | {a} nodes | {b} nodes | {a} s | {b} s | {b}/{a} |")
        print("|---|---|---|---|---|---|")
        for label, (secs_a, nodes_a) in per_position[a].items():
            secs_b, nodes_b = per_position[b].get(label, ([float("nan")], 0))
            sa, sb = statistics.median(secs_a), statistics.median(secs_b)
            print(f"| {label} | {nodes_a:,} | {nodes_b:,} | {sa:.3f} | {sb:.3f} "
                  f"| {sb / sa if sa else float('nan'):.3f} |")
    summary = {"a": a, "b": b, "ratio_median": median, "ratios": ratios,
               "same_nodes": same_nodes}
    with open(os.path.join(folder, "ab-summary.json"), "w") as f:
        json.dump(summary, f, indent=2)


def suite(path_a, path_b):
    da, db = load(path_a), load(path_b)
    print("| position | empties | score | A nodes | B nodes | B/A nodes | A s | B s | B/A |")
    print("|---|---|---|---|---|---|---|---|---|")
    for ra, rb in zip(da["rows"], db["rows"]):
        if ra["position"] != rb["position"]:
            sys.exit(f"ab.py: the files list other positions ({ra['position']}, "
                     f"{rb['position']})")
        ok = "ok" if ra.get("score_ok", True) and rb.get("score_ok", True) else "WRONG"
        print(f"| {rb['position']} | {rb['empties']} | {rb.get('score', 0):+d} ({ok}) "
              f"| {work(ra):,} | {work(rb):,} | {work(rb) / max(work(ra), 1):.2f} "
              f"| {ra['seconds']:.2f} | {rb['seconds']:.2f} "
              f"| {rb['seconds'] / ra['seconds'] if ra['seconds'] else float('nan'):.3f} |")
    sa, sb = da["summary"], db["summary"]
    print(f"| all | | | {work(sa):,} | {work(sb):,} | {work(sb) / max(work(sa), 1):.2f} "
          f"| {sa['seconds']:.2f} | {sb['seconds']:.2f} | {sb['seconds'] / sa['seconds']:.3f} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    r = sub.add_parser("run")
    r.add_argument("--out", required=True)
    r.add_argument("--a", required=True, metavar="NAME=COMMAND")
    r.add_argument("--b", required=True, metavar="NAME=COMMAND")
    r.add_argument("--rounds", type=int, default=5)
    r.add_argument("--cpu", default="1")
    r.add_argument("args", nargs="*")
    t = sub.add_parser("table")
    t.add_argument("folder")
    s = sub.add_parser("suite")
    s.add_argument("a")
    s.add_argument("b")
    args = parser.parse_args()
    if args.mode == "run":
        if args.rounds < 1:
            sys.exit("ab.py: --rounds must be at least 1")
        run(args)
    elif args.mode == "table":
        table(args.folder)
    else:
        suite(args.a, args.b)


if __name__ == "__main__":
    main()
