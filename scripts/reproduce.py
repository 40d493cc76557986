#!/usr/bin/python3
"""The reproduction: micro benchmarks, perft rates, the endgame ladder and the
claim-specific runs, written as JSON into one results folder, then the report.

Usage: scripts/reproduce.py BUILD_DIR OUT_DIR [--full] [--plugin PATH.so ...]
                            [--engine NAME=COMMAND ...] [--gtp-setup NAME=TEMPLATE ...]
       scripts/reproduce.py BUILD_DIR OUT_DIR --only e18-claim [--full]
       scripts/reproduce.py BUILD_DIR OUT_DIR --only engines --engine NAME=COMMAND ... [--full]

Every step calls the project's own binaries (reversi-bench and bench/micro)
with --json output; nothing here measures anything itself. Timed figures
are repeated (--repeat, default 5: the micro benchmarks' repetitions,
interleaved at random, perft, the ladder on e12, fforum-1-19; the deep
rungs twice, the scaling runs three times) so the report can show their
spread. The claims (scripts/claims.py) are decided by their own alternating
rounds under the sequential rule of scripts/stats.py, each within a time
budget, and written to claims.json. The quick run
takes about 12 minutes on 2 cores; --full adds fforum-20-39 (for the
textbook kindergarten+list and the variant fastest on fforum-1-19), perft(12)
for the bitboard variants and perft(13) with the cache, and all 30 positions
of e18 for the 18-empty claim's depth curve (about 20 minutes; 3 positions
at depths 0-4, about a minute, in the quick run). Both end with the parallel search's
scaling: the best configuration
with 1, 2, 4, ... threads per position up to the machine's hardware threads,
for the fastest bitboard variant and mailbox+list (FForum #20-#31 in the
quick run, all of fforum-20-39 in the full one).
Each --plugin is loaded by every command (reversi-bench and micro), so
its variant plugin:<name> is measured wherever the built-in variants are
(micro benchmarks, perft, fforum-1-19), checked against the reference first.

Each --engine is a whole engine (NBoard, or GTP with 'gtp:COMMAND' and its
--gtp-setup NAME=TEMPLATE) that `reversi-bench engine-test` runs beside the
built-in solver on fforum-1-19 (fforum-20-39 with --full), first of all the
steps, so that an engine that cannot start stops the run at once; its
answers are checked, its times recorded (engines.json), whatever they are
(wrong answers and faults are reported, not fatal). --only engines runs only
that step into OUT_DIR, its entry merged into OUT_DIR/manifest.json.

--only e18-claim runs only the 18-empty claim's depth curve (E18_CLAIM below:
the quick subset, or all 30 positions of e18 with --full) into OUT_DIR,
under the same JSON names; it adds its entry to OUT_DIR/manifest.json (or
writes a minimal one), so report.py renders it beside an earlier run's
results. The full curve took 19 minutes on one core here (38 s a
position for both algorithms at all seven depths). For a trial run
(not the claim's figures), --positions LIST (e18 numbers: "1-3" or "1,9"),
--max-depth D and --time-limit S narrow it.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import claims as claims_module
import stats

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
        self.root = ROOT
        self.bin = os.path.join(rel(build), "reversi-bench")
        self.micro = os.path.join(rel(build), "bench", "micro")
        self.plugin_args = [arg for p in plugins for arg in ("--plugin", rel(p))]
        self.out = out
        self.steps = steps
        self.done = 0
        self.start = time.time()
        self.manifest = []
        self.calibrations = 0

    def progress(self, what):
        self.done += 1
        elapsed = time.time() - self.start
        print(f"[{self.done}/{self.steps} {elapsed:6.0f} s] {what}", flush=True)

    def run(self, name, args, check=True, plugins=True):
        """Runs reversi-bench with args and --json OUT/name.json; returns the JSON.
        check=False: a failed check (exit 1) is recorded, not fatal; a run
        that wrote no JSON always is."""
        path = os.path.join(self.out, name + ".json")
        self.progress(name)
        cmd = [self.bin] + args + ["--json", rel(path)] + (self.plugin_args if plugins else [])
        result = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                cwd=ROOT)
        with open(os.path.join(self.out, "logs", name + ".txt"), "w") as log:
            log.write("$ " + " ".join(cmd) + "\n" + result.stdout)
        if result.returncode != 0 and (check or not os.path.exists(path)):
            sys.exit(f"reproduce: {name} failed (exit {result.returncode}); "
                     f"see {self.out}/logs/{name}.txt")
        self.manifest.append({"name": name, "command": cmd[1:], "exit": result.returncode})
        with open(path) as f:
            return json.load(f)

    def run_interleaved(self, jobs):
        """Runs each job (name, args, repeats) `repeats` times, one run at a
        time in passes over all the jobs (pass k runs every job with more
        than k repeats once, in stats.round_order: forward, then backward), so that a job's repetitions are spread over the
        whole section, not made back to back: a slow spell of the machine then
        widens every job's spread a little instead of shifting a few jobs'
        times, and two runs of the reproduction compare fairly. Each job's
        runs are merged into one --json document (OUT/name.json, as one run
        with --repeat would write it); returns {name: document}."""
        docs = {name: [] for name, _, _ in jobs}
        for k in range(max(n for _, _, n in jobs)):
            for name, args, repeats in stats.round_order(k + 1, jobs):
                if k >= repeats:
                    continue
                self.progress(f"{name} ({k + 1}/{repeats})" if repeats > 1 else name)
                docs[name].append(self.run_one(f"{name}.{k + 1}", args + ["--repeat", "1"]))
        out = {}
        for name, args, repeats in jobs:
            doc = merge_runs(docs[name])
            with open(os.path.join(self.out, name + ".json"), "w") as f:
                json.dump(doc, f, indent=1)
            self.manifest.append({"name": name, "command": [self.bin] + args + ["--repeat", "1"],
                                  "repeats": repeats, "interleaved": True, "exit": 0})
            out[name] = doc
        return out

    def calibrate(self):
        """One calibration run: `reversi-bench bench` (the same nodes each
        time, about a second), OUT/calibration-N.json. Made at the start,
        in the middle and at the end of a run, they measure the machine's
        own speed, which compare.py sets against the rows of two runs."""
        self.calibrations += 1
        return self.run(f"calibration-{self.calibrations}", ["bench"], plugins=False)

    def run_one(self, log_name, args):
        """One run, not recorded on its own: its --json document."""
        path = os.path.join(self.out, "logs", log_name + ".json")
        cmd = [self.bin] + args + ["--json", rel(path)] + self.plugin_args
        result = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                cwd=ROOT)
        with open(os.path.join(self.out, "logs", log_name + ".txt"), "w") as log:
            log.write("$ " + " ".join(cmd) + "\n" + result.stdout)
        if result.returncode != 0:
            sys.exit(f"reproduce: {log_name} failed (exit {result.returncode}); "
                     f"see {self.out}/logs/{log_name}.txt")
        with open(path) as f:
            doc = json.load(f)
        os.remove(path)
        return doc

    def run_micro(self, min_time, repetitions):
        """Every micro benchmark, its repetitions interleaved at random with
        the others' (so that a slow spell of the machine spreads over all of
        them), each repetition kept in the JSON beside the aggregates."""
        path = os.path.join(self.out, "micro.json")
        self.progress("micro benchmarks")
        cmd = [self.micro, f"--benchmark_min_time={min_time}",
               f"--benchmark_repetitions={repetitions}",
               "--benchmark_enable_random_interleaving=true",
               "--benchmark_display_aggregates_only=true",
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


def merge_runs(docs):
    """One --json document of solve or perft from several runs of the same
    command with --repeat 1: every row's times (perft: seconds) joined, its
    median and the summary made again; the node counts must agree (one
    thread)."""
    doc = json.loads(json.dumps(docs[0]))
    doc["config"]["repeat"] = len(docs)
    if doc["kind"] == "perft":
        for i, row in enumerate(doc["rows"]):
            row["seconds"] = [t for d in docs for t in d["rows"][i]["seconds"]]
            row["median_seconds"] = statistics.median(row["seconds"])
            row["leaves_per_second"] = int(row["leaves"]) / row["median_seconds"]
        return doc
    threads = doc["config"].get("threads", 1)
    for i, row in enumerate(doc["rows"]):
        runs = [d["rows"][i] for d in docs]
        solved = [r for r in runs if r["solved"]]
        if threads == 1 and len({(r["nodes"], r.get("score")) for r in solved}) > 1:
            sys.exit(f"reproduce: {row['position']}: repeated runs gave different node counts")
        if solved:
            doc["rows"][i] = row = json.loads(json.dumps(solved[0]))
            row["times"] = [t for r in solved for t in r["times"]]
            row["seconds"] = statistics.median(row["times"])
        row["timed_out_runs"] = sum(r["timed_out_runs"] for r in runs)
    s = doc["summary"]
    s["seconds"] = sum(r["seconds"] for r in doc["rows"])
    s["not_solved"] = sum(not r["solved"] for r in doc["rows"])
    s["wrong_scores"] = sum(not r.get("score_ok", True) for r in doc["rows"])
    s["nodes"] = sum(r["nodes"] for r in doc["rows"])
    s["wall_seconds"] = sum(d["summary"]["wall_seconds"] for d in docs)
    s["nodes_per_second"] = s["nodes"] / s["seconds"] if s["seconds"] else 0
    return doc


def run_summary(run):
    """What the exact claims read of a solve run: nodes, scores, wrong scores."""
    return {"nodes": run["summary"]["nodes"], "wrong": run["summary"]["wrong_scores"],
            "scores": [row.get("score") for row in run["rows"]]}


def presets(binary):
    """The solver's presets in ladder order, from `list --presets --json`
    (search/presets.cpp is the one place they are written): name, label,
    what each adds, whether it runs on a +list variant, its options."""
    out = subprocess.run([binary, "list", "--presets", "--json"], stdout=subprocess.PIPE,
                         text=True, check=True, cwd=ROOT).stdout
    return json.loads(out)["presets"]


# The ladder runs every rung on this small suite, for each textbook board
# (`list --json`: the mailbox, the shift and the Kindergarten bitboards;
# minimax needs a small suite), and from alpha-beta on also on a deeper
# one, where the techniques built for deep searches (the shallow order, the
# pre-search, the selective pass) pay: FForum #20-#31 in the quick run, all
# of fforum-20-39 with --full, on the fastest variant (-v auto), each
# position within DEEP_TIME_LIMIT seconds (a rung over it is reported as
# not solved, its time a lower bound).
LADDER_SUITE = "e12"
# The calibration runs (Runner.calibrate): at the start, after the micro
# benchmarks, after the interleaved runs, after the claims, at the end.
CALIBRATIONS = 5
DEEP_SUITE, DEEP_QUICK = "fforum-20-39", range(1, 13)
DEEP_FIRST_RUNG = "alphabeta"
# Alpha-beta in board order takes minutes on these positions (389 s for
# #20-#31 with 60 s a position): the quick run gives each position 5 s (those
# two rungs were cut off on 7 of the 12 positions at 10 s: their times are
# lower bounds either way), the full one 30 s.
DEEP_TIME_LIMIT = {"quick": 5, "full": 30}
# The deep rungs run twice (a spread of two), but for the two that take
# minutes (board order and the plain list): once.
DEEP_REPEAT, DEEP_ONCE = 2, ("alphabeta", "list")
# The parallel scaling's runs: two each.
THREADS_REPEAT = 2


# The 18-empty claim, as its source states it: an exact solve of an
# 18-empty position within 30 s on a 1.8 GHz 2013 laptop, with plain
# alpha-beta (no NegaScout, no table) on a Kindergarten bitboard, ordering
# the moves by a shallow search with a classic evaluation (mobility, corners,
# disc difference) at the depth that is fastest; and NegaScout losing to
# alpha-beta when each has its own best ordering depth. Both algorithms are
# run at every ordering depth, so the report can pick each one's best.
E18_CLAIM_ALGOS = ["alphabeta", "pvs"]
E18_CLAIM_DEPTHS = list(range(0, 7))
# Seconds per position: the claim's own threshold. A position not solved in
# time counts as over 30 s for the verdict, and a depth whose positions blow
# up costs at most 30 s a position.
E18_CLAIM_TIME_LIMIT = 30
# Deeper depths of an algorithm are not run once a depth's total time is
# this many times the best total so far: each ply multiplies the ordering
# searches' nodes (the pilot's curve wobbles by 10-40% from one depth to the
# next, but never by 4x towards a new best), and the cut keeps the full run
# bounded if the deep orderings blow up.
E18_CLAIM_STOP_FACTOR = 4
# The quick run's subset: the first three positions of e18 (about as long
# as the static-order run it replaces). --full: all 30.
E18_CLAIM_QUICK = range(1, 4)
E18_CLAIM_ALL = range(1, 31)
# The quick run's depths: 0-4 (the best depth has been 0-2 on every machine
# here; 5 and 6 took a third of the curve's time). --full: all.
E18_CLAIM_QUICK_DEPTHS = list(range(0, 5))


def e18_claim_min_empties(depth):
    """The empties from which the shallow search orders (below: the board's
    a1..h8 order). From a node with e empties the ordering search of each
    child ends at e - 1 - depth empties; depth + 8 stops it at 7 or more,
    so nodes near the leaves are not ordered by a search nearly as deep as
    the subtree it orders. Pilot (alpha-beta, e18 #1 and #9, one core):
    depth 0: 6.0 / 6.4 / 9.6 s at 6 / 8 / 10 empties; depth 2: 10.6 / 7.5 /
    8.3 / 14.2 / 28.4 s at 6 / 8 / 10 / 12 / 14; depth 4: 41.6 / 21.8 /
    12.0 / 11.4 / 19.8 s at 6 / 8 / 10 / 12 / 14; depth 6: 27.8 / 26.9 s at
    12 / 14: depth + 8 is the best or within 10% of it at each depth."""
    return depth + 8


def e18_claim_options(algo, depth, time_limit):
    return ["-v", "kindergarten", "--algo", algo, "--tt", "0", "--order", "shallow", "--eval",
            "classic", "--shallow-depth", str(depth), "--shallow-min-empties",
            str(e18_claim_min_empties(depth)), "--shallow-below", "none", "--shallow-mobility",
            "0", "--time-limit", str(time_limit)]


def clock_mhz():
    """This machine's clock as the kernel reports it (the first "cpu MHz" of
    /proc/cpuinfo; under a hypervisor the nominal clock), or None."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("cpu MHz"):
                    return float(line.split(":")[1])
    except (OSError, ValueError, IndexError):
        pass
    return None


def run_e18_claim(r, positions, depths=E18_CLAIM_DEPTHS, time_limit=E18_CLAIM_TIME_LIMIT):
    """The depth curve of the 18-empty claim; returns its manifest entry."""
    skipped = {}
    curve = {}
    for algo in E18_CLAIM_ALGOS:
        best = last = None
        for depth in depths:
            if best is not None and last > E18_CLAIM_STOP_FACTOR * best:
                skipped[algo] = depths[depths.index(depth):]
                r.done += len(skipped[algo])
                print(f"  {algo}: depth {depth - 1} took {last:.1f} s, over "
                      f"{E18_CLAIM_STOP_FACTOR}x the best {best:.1f} s: deeper depths skipped",
                      flush=True)
                break
            run = r.run(f"e18-claim-{algo}-d{depth}",
                        ["solve"] + [f"{suite('e18')}:{i}" for i in positions]
                        + e18_claim_options(algo, depth, time_limit))
            curve.setdefault(algo, []).append((depth, run))
            last = run["summary"]["seconds"]
            best = last if best is None else min(best, last)
    return {"positions": list(positions), "algos": E18_CLAIM_ALGOS, "depths": depths,
            "min_empties": {str(d): e18_claim_min_empties(d) for d in depths},
            "time_limit": time_limit, "stop_factor": E18_CLAIM_STOP_FACTOR,
            "skipped": skipped, "clock_mhz": clock_mhz(), "curve": curve}


def only_e18_claim(args):
    """--only e18-claim: the curve alone, merged into OUT's manifest."""
    positions = args.positions or (E18_CLAIM_ALL if args.full else E18_CLAIM_QUICK)
    depths = [d for d in E18_CLAIM_DEPTHS if args.max_depth is None or d <= args.max_depth]
    r = Runner(args.build, args.out, len(E18_CLAIM_ALGOS) * len(depths))
    limit = args.time_limit or E18_CLAIM_TIME_LIMIT
    entry = run_e18_claim(r, positions, depths, limit)
    claims = claims_module.Claims(r, args.full, suite)
    claims.e18(claims_module.best_depths(entry.pop("curve")),
               lambda algo, depth: e18_claim_options(algo, depth, limit),
               positions if args.positions else E18_CLAIM_ALL, entry["clock_mhz"], limit)
    claims.write(os.path.join(args.out, "claims.json"))
    path = os.path.join(args.out, "manifest.json")
    manifest = {"full": args.full, "repeat": 1, "variants": [], "steps": [], "seconds": 0}
    if os.path.exists(path):
        with open(path) as f:
            manifest = json.load(f)
        manifest["steps"] = [s for s in manifest.get("steps", [])
                             if not s["name"].startswith("e18-claim-")]
    manifest["e18_claim"] = entry
    manifest["steps"] += r.manifest
    manifest["seconds"] = manifest.get("seconds", 0) + time.time() - r.start
    with open(path, "w") as f:
        json.dump(manifest, f, indent=2)
    print(f"reproduce: e18 claim done in {time.time() - r.start:.0f} s; results in {args.out}")


def position_list(text):
    """ "1-3,9" -> [1, 2, 3, 9], each within 1..30 (e18's positions)."""
    out = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        try:
            lo, hi = int(lo), int(hi or lo)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a position list: {text!r}")
        if not 1 <= lo <= hi <= len(E18_CLAIM_ALL):
            raise argparse.ArgumentTypeError(f"positions outside 1-{len(E18_CLAIM_ALL)}: {part!r}")
        out += range(lo, hi + 1)
    return out


# The whole engines' suite and each position's time limit (seconds).
ENGINE_SUITE = {"quick": "fforum-1-19", "full": "fforum-20-39"}
ENGINE_TIME_LIMIT = {"quick": 60, "full": 600}


def engine_args(engines, setups):
    """engine-test's options for the run.sh/reproduce.py engines: NAME=COMMAND
    (NBoard; gtp:COMMAND for GTP) and NAME=TEMPLATE set-up commands."""
    out, names = [], set()
    setup = {}
    for item in setups:
        name, _, templ = item.partition("=")
        setup[name] = templ
    for item in engines:
        name, _, command = item.partition("=")
        if not name or not command or name in names:
            sys.exit(f"reproduce: --engine {item!r}: expected NAME=COMMAND with a new NAME")
        names.add(name)
        protocol = "nboard"
        for prefix in ("gtp:", "nboard:"):
            if command.startswith(prefix):
                protocol, command = prefix[:-1], command[len(prefix):]
        out += ["--engine", command, "--name", name, "--protocol", protocol]
        if name in setup:
            if protocol != "gtp":
                sys.exit(f"reproduce: --gtp-setup {name}: {name} is not a GTP engine (gtp:COMMAND)")
            out += ["--gtp-setup", setup[name]]
    unknown = set(setup) - names
    if unknown:
        sys.exit(f"reproduce: --gtp-setup for an engine not given: {', '.join(sorted(unknown))}")
    return out, sorted(names)


def run_engines(r, engines, setups, full):
    """engine-test with the engines and the built-in solver; the manifest entry."""
    args, names = engine_args(engines, setups)
    mode = "full" if full else "quick"
    suite_name = ENGINE_SUITE[mode]
    run = r.run("engines", ["engine-test", suite(suite_name), "--time-limit",
                            str(ENGINE_TIME_LIMIT[mode])] + args, check=False, plugins=False)
    return {"suite": suite_name, "names": names, "time_limit": ENGINE_TIME_LIMIT[mode],
            "passed": run["summary"]["passed"]}


def only_engines(args):
    """--only engines: the engines' step alone, merged into OUT's manifest."""
    if not args.engine:
        sys.exit("reproduce: --only engines needs at least one --engine NAME=COMMAND")
    r = Runner(args.build, args.out, 1)
    entry = run_engines(r, args.engine, args.gtp_setup, args.full)
    path = os.path.join(args.out, "manifest.json")
    manifest = {"full": args.full, "repeat": 1, "variants": [], "steps": [], "seconds": 0}
    if os.path.exists(path):
        with open(path) as f:
            manifest = json.load(f)
        manifest["steps"] = [s for s in manifest.get("steps", []) if s["name"] != "engines"]
    manifest["engines"] = entry
    manifest["steps"] += r.manifest
    manifest["seconds"] = manifest.get("seconds", 0) + time.time() - r.start
    with open(path, "w") as f:
        json.dump(manifest, f, indent=2)
    print(f"reproduce: engines done in {time.time() - r.start:.0f} s; results in {args.out}")


def thread_counts():
    """1, 2, 4, ... up to the hardware threads, and the hardware threads."""
    hardware = os.cpu_count() or 1
    counts = [1]
    while counts[-1] * 2 <= hardware:
        counts.append(counts[-1] * 2)
    return counts + ([hardware] if counts[-1] != hardware else [])


def available_variants(binary, plugin_args=()):
    """What `list --json` says of the variants (the plug-ins' included):
    the names of those available, the reference excepted; the plug-ins'
    entries; each name's family; and the textbook boards (without their
    +list twins), on which the ladder runs."""
    out = subprocess.run([binary, "list", "--json"] + list(plugin_args), stdout=subprocess.PIPE,
                         text=True, check=True, cwd=ROOT).stdout
    variants = json.loads(out)["variants"]
    return ([v["name"] for v in variants if v["available"] and not v["reference"]],
            [v for v in variants if v["family"] == "plugin"],
            {v["name"]: v["family"] for v in variants},
            [v["name"] for v in variants if v["textbook"] and v["moves"] != "list"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build")
    parser.add_argument("out")
    parser.add_argument("--full", action="store_true")
    parser.add_argument("--repeat", type=int, default=5,
                        help="runs per timed measurement (the micro benchmarks' repetitions, "
                        "perft, the ladder on e12, fforum-1-19)")
    parser.add_argument("--plugin", action="append", default=[],
                        help="a plug-in board (shared object) measured beside the variants")
    parser.add_argument("--engine", action="append", default=[],
                        help="NAME=COMMAND: a whole engine (NBoard; gtp:COMMAND for GTP) "
                        "run by engine-test beside the built-in solver")
    parser.add_argument("--gtp-setup", action="append", default=[],
                        help="NAME=TEMPLATE: the set-up command of the GTP engine NAME")
    parser.add_argument("--only", choices=["e18-claim", "engines"],
                        help="run only this claim's measurement (see above)")
    parser.add_argument("--positions", type=position_list,
                        help="with --only e18-claim: these e18 positions (\"1-3\", \"1,9\")")
    parser.add_argument("--max-depth", type=int, choices=E18_CLAIM_DEPTHS,
                        help="with --only e18-claim: depths 0..D")
    parser.add_argument("--time-limit", type=float, help="with --only e18-claim: seconds per "
                        f"position (default {E18_CLAIM_TIME_LIMIT})")
    args = parser.parse_args()
    if args.time_limit is not None and args.time_limit <= 0:
        parser.error("--time-limit must be positive")
    if args.only is None and (args.positions or args.max_depth is not None or args.time_limit):
        parser.error("--positions, --max-depth and --time-limit need --only e18-claim")
    os.makedirs(os.path.join(args.out, "logs"), exist_ok=True)
    if args.only == "e18-claim":
        only_e18_claim(args)
        return
    if args.only == "engines":
        only_engines(args)
        return
    plugins = [os.path.abspath(p) for p in args.plugin]
    plugin_args = [arg for p in plugins for arg in ("--plugin", rel(p))]

    variants, plugin_entries, family, textbook = available_variants(
        os.path.join(args.build, "reversi-bench"), plugin_args)
    binary = os.path.join(args.build, "reversi-bench")
    ladder = [p for p in presets(binary) if p["name"] != "best"]
    deep_ladder = ladder[[p["name"] for p in ladder].index(DEEP_FIRST_RUNG):]
    deep_positions = ([suite(DEEP_SUITE)] if args.full else
                      [f"{suite(DEEP_SUITE)}:{i}" for i in DEEP_QUICK])
    deep_name = (DEEP_SUITE if args.full else
                 f"{DEEP_SUITE} positions {DEEP_QUICK.start}-{DEEP_QUICK.stop - 1}")
    claim_suite = "e14" if args.full else "e12"
    e18_positions = E18_CLAIM_ALL if args.full else E18_CLAIM_QUICK
    e18_depths = E18_CLAIM_DEPTHS if args.full else E18_CLAIM_QUICK_DEPTHS
    perft12 = [v for v in variants if family[v] == "bitboard" and not v.endswith("+list")]
    steps = (1 + args.repeat * (2 * len(variants) + len(textbook) * (len(ladder) - 1))
             + len(textbook) + DEEP_REPEAT * len(deep_ladder) - len(DEEP_ONCE)
             + 7 + len(E18_CLAIM_ALGOS) * len(e18_depths)  # 7 claim records (e18 gives two)
             + (2 + 2 * len(perft12) + 2 if args.full else 0)
             + THREADS_REPEAT * 2 * len(thread_counts()) + (1 if args.engine else 0)
             + CALIBRATIONS)
    r = Runner(args.build, args.out, steps, plugins)
    r.calibrate()

    # Whole engines first: one that cannot start stops the run before the
    # long steps.
    engines = run_engines(r, args.engine, args.gtp_setup, args.full) if args.engine else None

    r.run_micro(min_time=0.2 if args.full else 0.05, repetitions=args.repeat)
    r.calibrate()

    # Perft, the ladders and fforum-1-19: each job's repetitions interleaved
    # with the others' (Runner.run_interleaved).
    deep_limit = DEEP_TIME_LIMIT["full" if args.full else "quick"]
    jobs = []
    # Perft rate per variant, from the start, single thread, no cache.
    for v in variants:
        depth = "10" if family[v] == "mailbox" else "11"  # the mailbox is 10-30x slower
        jobs.append((f"perft-{v}", ["perft", "-v", v, "-d", depth], args.repeat))
    # The ladder, per textbook board (minimax once: it takes a minute).
    for board in textbook:
        for rung in ladder:
            jobs.append((f"ladder-{board}-{rung['name']}",
                         ["solve", suite(LADDER_SUITE), "-v",
                          board + ("+list" if rung["list"] else ""), "--preset", rung["name"]],
                         1 if rung["name"] == "minimax" else args.repeat))
    # The ladder on the deeper suite, from alpha-beta on, on the fastest
    # variant; the two rungs that take minutes once, the others twice.
    for rung in deep_ladder:
        jobs.append((f"deep-{rung['name']}",
                     ["solve"] + deep_positions
                     + ["--preset", rung["name"], "--time-limit", str(deep_limit)],
                     1 if rung["name"] in DEEP_ONCE else DEEP_REPEAT))
    # Every variant on fforum-1-19 with the best configuration.
    for v in variants:
        jobs.append((f"fforum-1-19-{v}", ["solve", suite("fforum-1-19"), "-v", v], args.repeat))
    done = r.run_interleaved(jobs)
    r.calibrate()

    minimax = {f: {name: run_summary(done[f"ladder-{f}-{name}"])
                   for name in ("minimax", "alphabeta") if f"ladder-{f}-{name}" in done}
               for f in textbook}
    deep_times = {}
    for rung in deep_ladder:
        run = done[f"deep-{rung['name']}"]
        if run["summary"]["wrong_scores"] == 0 and run["summary"]["not_solved"] == 0:
            deep_times[rung["name"]] = run["summary"]["seconds"]
    fastest_rung = min(deep_times, key=deep_times.get) if deep_times else None
    fforum_times = {v: done[f"fforum-1-19-{v}"]["summary"]["seconds"] for v in variants}
    fastest = min(fforum_times, key=fforum_times.get)

    # The 18-empty claim's depth curve (each algorithm's best ordering depth).
    e18_claim = run_e18_claim(r, e18_positions, e18_depths)

    # The claims, each decided by alternating rounds (or by exact counts).
    claims = claims_module.Claims(r, args.full, suite)
    claims.empty_list(LADDER_SUITE)
    claims.minimax({f: (m.get("minimax"), m.get("alphabeta")) for f, m in minimax.items()},
                   LADDER_SUITE)
    claims.micro_claims()
    claims.folding(claim_suite)
    claims.e18(claims_module.best_depths(e18_claim.pop("curve")),
               lambda algo, depth: e18_claim_options(algo, depth, E18_CLAIM_TIME_LIMIT),
               E18_CLAIM_ALL, e18_claim["clock_mhz"])
    claims.write(os.path.join(args.out, "claims.json"))
    r.calibrate()

    if args.full:
        # fforum-20-39 takes minutes per variant: the textbook list board and
        # the variant that was fastest on fforum-1-19 in this run.
        for v in dict.fromkeys(["kindergarten+list", fastest]):
            r.run(f"fforum-20-39-{v}", ["solve", suite("fforum-20-39"), "-v", v])
        p12 = r.run_interleaved(
            [(f"perft12-{v}{tail}", ["perft", "-v", v, "-d", "12"] + extra, args.repeat)
             for v in perft12 for tail, extra in (("", []), ("-play", ["--no-shortcut"]))])
        best_perft = max(perft12, key=lambda v: p12[f"perft12-{v}"]["rows"][-1]
                         ["leaves_per_second"])
        r.run_interleaved([(name, ["perft", "-v", best_perft, "-d", "13", "--hash", "1024"]
                            + extra, args.repeat)
                           for name, extra in (("perft-hash", []),
                                               ("perft-hash-plain", ["--no-symmetry"]))])

    # The parallel search of one position: wall time, speedup and the work
    # (total nodes, idle time per thread) with 1, 2, 4, ... threads.
    threads = thread_counts()
    scaling_positions = deep_positions
    builtin_bitboard = [v for v in sorted(fforum_times, key=fforum_times.get)
                        if family[v] == "bitboard"]
    scaling_variants = [(builtin_bitboard or ["kindergarten+list"])[0], "mailbox+list"]
    r.run_interleaved([(f"threads-{v}-{t}", ["solve"] + scaling_positions + ["-v", v]
                        + ["-t", str(t)], THREADS_REPEAT)
                       for v in scaling_variants for t in threads])

    r.calibrate()
    with open(os.path.join(args.out, "manifest.json"), "w") as f:
        json.dump({"full": args.full, "repeat": args.repeat, "variants": variants,
                   "plugins": [{"name": v["name"], "description": v["description"]}
                               for v in plugin_entries],
                   "ladder_suite": LADDER_SUITE, "claim_suite": claim_suite,
                   "ladder": ladder, "ladder_boards": textbook,
                   "deep_ladder": {"suite": deep_name, "rungs": [p["name"] for p in deep_ladder],
                                   "time_limit": deep_limit, "fastest": fastest_rung,
                                   "seconds": deep_times},
                   "best": {"preset": "best", "options": next(
                       p["options"] for p in presets(binary) if p["name"] == "best")},
                   "e18_claim": e18_claim,
                   "engines": engines,
                   "scaling": {"variants": scaling_variants, "threads": threads,
                               "positions": deep_name},
                   "steps": r.manifest,
                   "seconds": time.time() - r.start}, f, indent=2)
    print(f"reproduce: done in {time.time() - r.start:.0f} s; results in {args.out}")


if __name__ == "__main__":
    main()
