#!/usr/bin/python3
"""The reproduction: micro benchmarks, perft rates, the endgame ladder and the
claim-specific runs, written as JSON into one results folder, then the report.

Usage: scripts/reproduce.py BUILD_DIR OUT_DIR [--full] [--plugin PATH.so ...]

Every step calls the project's own binaries (reversi-bench and bench/micro)
with --json output; nothing here measures anything itself. The quick run
takes about 15 minutes on 2 cores; --full adds fforum-20-39 (for the
textbook kindergarten+list and the variant fastest on fforum-1-19), perft(12)
for the bitboard variants and perft(13) with the cache, and 10 positions of
e18. Both end with the parallel search's scaling: the best configuration
with 1, 2, 4, ... threads per position up to the machine's hardware threads,
for the fastest bitboard variant and mailbox+list (FForum #20-#31 in the
quick run, all of fforum-20-39 in the full one).
Each --plugin is loaded by every command (reversi-bench and micro), so
its variant plugin:<name> is measured wherever the built-in variants are
(micro benchmarks, perft, fforum-1-19), checked against the reference first.
"""
import argparse
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The binaries run in ROOT and are given repository-relative paths, so that
# the JSON and logs name files the same way on every machine.
POSITIONS = "positions"


def rel(path):
    """path relative to ROOT when it lies inside ROOT, else as it is."""
    path = os.path.abspath(path)
    inside = os.path.commonpath([path, ROOT]) == ROOT
    return os.path.relpath(path, ROOT) if inside else path


class Runner:
    def __init__(self, build, out, steps, plugins=()):
        self.bin = os.path.join(rel(build), "reversi-bench")
        self.micro = os.path.join(rel(build), "bench", "micro")
        self.plugin_args = [arg for p in plugins for arg in ("--plugin", rel(p))]
        self.out = out
        self.steps = steps
        self.done = 0
        self.start = time.time()
        self.manifest = []

    def progress(self, what):
        self.done += 1
        elapsed = time.time() - self.start
        print(f"[{self.done}/{self.steps} {elapsed:6.0f} s] {what}", flush=True)

    def run(self, name, args, check=True):
        """Runs reversi-bench with args and --json OUT/name.json; returns the JSON."""
        path = os.path.join(self.out, name + ".json")
        self.progress(name)
        cmd = [self.bin] + args + ["--json", rel(path)] + self.plugin_args
        result = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                cwd=ROOT)
        with open(os.path.join(self.out, "logs", name + ".txt"), "w") as log:
            log.write("$ " + " ".join(cmd) + "\n" + result.stdout)
        if result.returncode != 0 and check:
            sys.exit(f"reproduce: {name} failed (exit {result.returncode}); "
                     f"see {self.out}/logs/{name}.txt")
        self.manifest.append({"name": name, "command": cmd[1:], "exit": result.returncode})
        with open(path) as f:
            return json.load(f)

    def run_micro(self, min_time, repetitions):
        path = os.path.join(self.out, "micro.json")
        self.progress("micro benchmarks")
        cmd = [self.micro, f"--benchmark_min_time={min_time}",
               f"--benchmark_repetitions={repetitions}",
               "--benchmark_report_aggregates_only=true",
               "--benchmark_out_format=json", f"--benchmark_out={rel(path)}"] + self.plugin_args
        result = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                cwd=ROOT)
        with open(os.path.join(self.out, "logs", "micro.txt"), "w") as log:
            log.write("$ " + " ".join(cmd) + "\n" + result.stdout)
        if result.returncode != 0:
            sys.exit(f"reproduce: micro benchmarks failed; see {self.out}/logs/micro.txt")
        self.manifest.append({"name": "micro", "command": cmd[1:], "exit": 0})


def suite(name):
    return os.path.join(POSITIONS, name + ".obf")


# The ladder: each rung adds one technique to the one before. The one place
# the rungs are named: the manifest carries (name, label, variant suffix,
# options) to report.py.
LADDER = [
    ("minimax", "minimax", "", ["--algo", "minimax", "--order", "none"]),
    ("alphabeta", "alpha-beta", "", ["--algo", "alphabeta", "--order", "none"]),
    ("list", "+ move list", "+list", ["--algo", "alphabeta", "--order", "none"]),
    ("fastest", "+ fastest-first", "+list", ["--algo", "alphabeta", "--order", "fastest"]),
    ("table", "+ table", "+list", ["--algo", "alphabeta", "--order", "fastest", "--tt", "64"]),
    ("pvs", "PVS", "+list", ["--algo", "pvs", "--order", "fastest", "--tt", "64"]),
    ("last-empty", "+ last-empty shortcut", "+list",
     ["--algo", "pvs", "--order", "fastest", "--tt", "64", "--last-empty"]),
    ("few-empties", "+ few-empties path", "+list",
     ["--algo", "pvs", "--order", "fastest", "--tt", "64", "--last-empty", "--few-empties", "6"]),
    ("cutoffs", "+ ETC, stability", "+list",
     ["--algo", "pvs", "--order", "fastest", "--tt", "64", "--last-empty", "--few-empties", "6",
      "--etc", "--stability"]),
    ("mobility", "+ mobility order", "+list",
     ["--algo", "pvs", "--order", "mobility", "--tt", "64", "--last-empty", "--few-empties", "6",
      "--etc", "--stability"]),
    # Order by a shallow search with an evaluation near the root (mobility
    # order below): the classic evaluation, then the learned patterns. With
    # the defaults (depth 2 at >= 14 empties) they only differ from the
    # mobility rung on suites with more empties than the ladder's e12: the
    # choice of the best configuration (FForum #20-#31) is where they count.
    ("shallow-classic", "+ shallow order (classic eval)", "+list",
     ["--algo", "pvs", "--order", "shallow", "--eval", "classic", "--tt", "64", "--last-empty",
      "--few-empties", "6", "--etc", "--stability"]),
    ("shallow-pattern", "+ shallow order (pattern eval)", "+list",
     ["--algo", "pvs", "--order", "shallow", "--eval", "pattern", "--tt", "64", "--last-empty",
      "--few-empties", "6", "--etc", "--stability"]),
]
FAMILIES = ["mailbox", "shift", "kindergarten"]
# The best configuration is chosen by measurement: the rungs from PVS on are
# timed on FForum #20-#31 (about 2 s a rung) with this variant, and the
# fastest is used for the FForum runs. The ladder suite and fforum-1-19 are
# too easy to tell them apart (0.1 s, within a few percent of each other).
BEST_CANDIDATES = [rung for rung in LADDER if rung[0] in
                   ("pvs", "last-empty", "few-empties", "cutoffs", "mobility", "shallow-classic",
                    "shallow-pattern")]
BEST_SUITE, BEST_POSITIONS, BEST_VARIANT = "fforum-20-39", range(1, 13), "kindergarten+list"


def thread_counts():
    """1, 2, 4, ... up to the hardware threads, and the hardware threads."""
    hardware = os.cpu_count() or 1
    counts = [1]
    while counts[-1] * 2 <= hardware:
        counts.append(counts[-1] * 2)
    return counts + ([hardware] if counts[-1] != hardware else [])


def available_variants(binary, plugin_args=()):
    """The available variants, the reference excepted, from `list --json`
    (the plug-ins' included); and the plug-ins' entries."""
    out = subprocess.run([binary, "list", "--json"] + list(plugin_args), stdout=subprocess.PIPE,
                         text=True, check=True, cwd=ROOT).stdout
    variants = json.loads(out)["variants"]
    return ([v["name"] for v in variants if v["available"] and not v["reference"]],
            [v for v in variants if v["family"] == "plugin"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build")
    parser.add_argument("out")
    parser.add_argument("--full", action="store_true")
    parser.add_argument("--repeat", type=int, default=3, help="runs per timed measurement")
    parser.add_argument("--plugin", action="append", default=[],
                        help="a plug-in board (shared object) measured beside the variants")
    args = parser.parse_args()
    os.makedirs(os.path.join(args.out, "logs"), exist_ok=True)
    plugins = [os.path.abspath(p) for p in args.plugin]
    plugin_args = [arg for p in plugins for arg in ("--plugin", rel(p))]

    variants, plugin_entries = available_variants(os.path.join(args.build, "reversi-bench"),
                                                  plugin_args)
    # e12: deep enough for the table to find transpositions, small enough
    # for minimax (run once: its run is long enough to time reliably).
    ladder_suite = "e12"
    claim_suite = "e14" if args.full else "e12"
    e18_count = 10 if args.full else 3
    perft12 = [v for v in variants if not v.startswith("mailbox") and not v.endswith("+list")]
    steps = (1 + len(variants) + len(FAMILIES) * len(LADDER) + len(BEST_CANDIDATES)
             + len(variants) + 4 * 2 + 3 + 2 + (2 + 2 * len(perft12) + 2 if args.full else 0)
             + 2 * len(thread_counts()))
    r = Runner(args.build, args.out, steps, plugins)
    rep = ["--repeat", str(args.repeat)]

    r.run_micro(min_time=0.2 if args.full else 0.1, repetitions=args.repeat)

    # Perft rate per variant, from the start, single thread, no cache.
    for v in variants:
        depth = "10" if v.startswith("mailbox") else "11"  # the mailbox is 10-30x slower
        r.run(f"perft-{v}", ["perft", "-v", v, "-d", depth] + rep)

    # The ladder, per board family. A solve run is repeated for a median time.
    for family in FAMILIES:
        for rung, _, suffix, opts in LADDER:
            r.run(f"ladder-{family}-{rung}",
                  ["solve", suite(ladder_suite), "-v", family + suffix] + opts
                  + (["--repeat", "1"] if rung == "minimax" else rep))

    # The best configuration, by measurement.
    best_times = {}
    for rung, _, _, opts in BEST_CANDIDATES:
        run = r.run(f"best-{rung}", ["solve"] + [f"{suite(BEST_SUITE)}:{i}" for i in BEST_POSITIONS]
                    + ["-v", BEST_VARIANT] + opts + rep)
        if run["summary"]["wrong_scores"] == 0 and run["summary"]["not_solved"] == 0:
            best_times[rung] = run["summary"]["seconds"]
    best_rung = min(best_times, key=best_times.get)
    BEST = next(opts for rung, _, _, opts in LADDER if rung == best_rung)

    # Every variant on fforum-1-19 with the best configuration.
    fforum_times = {}
    for v in variants:
        run = r.run(f"fforum-1-19-{v}", ["solve", suite("fforum-1-19"), "-v", v] + BEST + rep)
        fforum_times[v] = run["summary"]["seconds"]
    fastest = min(fforum_times, key=fforum_times.get)

    # Folding legality into play (scan: try every square) vs the legal mask
    # first, on the same board with the same move order (so the same nodes).
    for board in ["mailbox", "shift", "kindergarten", "kindergarten+list"]:
        for moves in ["scan", "mask"]:
            r.run(f"moves-{board}-{moves}",
                  ["solve", suite(claim_suite), "-v", board, "--moves", moves,
                   "--algo", "alphabeta", "--order", "fastest"] + rep)

    # NegaScout vs alpha-beta without good ordering (the list's static order).
    for algo in ["alphabeta", "pvs", "pvs-fastest"]:
        order = "fastest" if algo == "pvs-fastest" else "none"
        r.run(f"scout-{algo}", ["solve", suite(claim_suite), "-v", "kindergarten+list",
                                "--algo", algo.split("-")[0], "--order", order] + rep)

    # An 18-empty exact solve with plain alpha-beta and simple ordering.
    for kind, opts in [("simple", ["--algo", "alphabeta", "--order", "none"]),
                       ("best", BEST)]:
        r.run(f"e18-{kind}", ["solve"] + [f"{suite('e18')}:{i + 1}" for i in range(e18_count)]
              + ["-v", "kindergarten+list"] + opts)

    if args.full:
        # fforum-20-39 takes minutes per variant: the textbook list board and
        # the variant that was fastest on fforum-1-19 in this run.
        for v in dict.fromkeys(["kindergarten+list", fastest]):
            r.run(f"fforum-20-39-{v}", ["solve", suite("fforum-20-39"), "-v", v] + BEST)
        perft12_rates = {}
        for v in perft12:
            run = r.run(f"perft12-{v}", ["perft", "-v", v, "-d", "12"] + rep)
            perft12_rates[v] = run["rows"][-1]["leaves_per_second"]
            r.run(f"perft12-{v}-play", ["perft", "-v", v, "-d", "12", "--no-shortcut"] + rep)
        best_perft = max(perft12_rates, key=perft12_rates.get)
        r.run("perft-hash", ["perft", "-v", best_perft, "-d", "13", "--hash", "1024"] + rep)
        r.run("perft-hash-plain", ["perft", "-v", best_perft, "-d", "13", "--hash", "1024",
                                   "--no-symmetry"] + rep)

    # The parallel search of one position: wall time, speedup and the work
    # (total nodes, idle time per thread) with 1, 2, 4, ... threads.
    threads = thread_counts()
    scaling_positions = ([suite("fforum-20-39")] if args.full else
                         [f"{suite(BEST_SUITE)}:{i}" for i in BEST_POSITIONS])
    builtin_bitboard = [v for v in sorted(fforum_times, key=fforum_times.get)
                        if not v.startswith(("mailbox", "plugin:"))]
    scaling_variants = [(builtin_bitboard or ["kindergarten+list"])[0], "mailbox+list"]
    for v in scaling_variants:
        for t in threads:
            r.run(f"threads-{v}-{t}", ["solve"] + scaling_positions + ["-v", v] + BEST
                  + ["-t", str(t)] + rep)

    with open(os.path.join(args.out, "manifest.json"), "w") as f:
        json.dump({"full": args.full, "repeat": args.repeat, "variants": variants,
                   "plugins": [{"name": v["name"], "description": v["description"]}
                               for v in plugin_entries],
                   "ladder_suite": ladder_suite, "claim_suite": claim_suite,
                   "ladder": [{"name": n, "label": label, "suffix": suffix, "options": opts}
                              for n, label, suffix, opts in LADDER],
                   "best": {"rung": best_rung, "options": BEST,
                            "suite": f"{BEST_SUITE} positions {BEST_POSITIONS.start}-"
                                     f"{BEST_POSITIONS.stop - 1}",
                            "variant": BEST_VARIANT, "seconds": best_times},
                   "e18_positions": e18_count,
                   "scaling": {"variants": scaling_variants, "threads": threads,
                               "positions": ("fforum-20-39" if args.full else
                                             f"{BEST_SUITE} positions {BEST_POSITIONS.start}-"
                                             f"{BEST_POSITIONS.stop - 1}")},
                   "steps": r.manifest,
                   "seconds": time.time() - r.start}, f, indent=2)
    print(f"reproduce: done in {time.time() - r.start:.0f} s; results in {args.out}")


if __name__ == "__main__":
    main()
