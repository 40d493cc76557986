#!/usr/bin/python3
"""scripts/compare.py, scripts/ab.py and scripts/eval_compare.py on
made-up folders: seeded synthetic JSON in the formats they read (Google
Benchmark's JSON, perft, solve and eval-error --json), run as the user runs
them (/usr/bin/python3, a subprocess). Checks that two runs drawn from one
distribution are (almost) never flagged, that a 10% slowdown is, that
ab.py's per-position flags find the one slowed position of a folder of
rounds, solve or micro, that eval_compare.py's ratios are the samples' and
its verdicts follow their intervals, and that a missing folder or a broken
JSON file is an error (exit 2) that names it."""
import json
import os
import re
import stat
import subprocess
import sys
import tempfile
import unittest

import numpy as np

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SCRIPTS = os.path.join(ROOT, "scripts")
sys.path.insert(0, SCRIPTS)
import stats  # noqa: E402

PYTHON = "/usr/bin/python3"
COUNTS = re.compile(r"^(?:all: )?(\d+) rows compared, (\d+) flagged \((\d+) slower, "
                    r"(\d+) faster\)", re.M)


def script(name, *args):
    """Runs scripts/NAME ARGS; returns the completed process (text)."""
    return subprocess.run([PYTHON, os.path.join(SCRIPTS, name), *map(str, args)],
                          capture_output=True, text=True, timeout=120)


def write(path, doc):
    with open(path, "w") as f:
        json.dump(doc, f)


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def micro_doc(rows, aggregates=True):
    """Google Benchmark JSON: rows {name: [ns per operation of each
    repetition]}, as `micro --benchmark_repetitions=N` writes it (iteration
    rows, then the aggregates), or only the aggregates (an older folder's
    report_aggregates_only) when given aggregates="only"."""
    benchmarks = []
    for family, (name, reps) in enumerate(rows.items()):
        rates = [1e9 / ns for ns in reps]
        common = {"family_index": family, "per_family_instance_index": 0, "run_name": name,
                  "repetitions": len(reps), "threads": 1, "time_unit": "ns"}
        if aggregates != "only":
            for i, rate in enumerate(rates):
                benchmarks.append(dict(common, name=name, run_type="iteration",
                                       repetition_index=i, iterations=1000,
                                       real_time=1e6 / rate, cpu_time=1e6 / rate,
                                       **{"flips/s": rate}))
        if aggregates:
            mean, sd = float(np.mean(rates)), float(np.std(rates, ddof=1))
            for agg, value in (("mean", mean), ("median", float(np.median(rates))),
                               ("stddev", sd), ("cv", sd / mean)):
                benchmarks.append(dict(common, name=f"{name}_{agg}", run_type="aggregate",
                                       aggregate_name=agg, iterations=len(reps),
                                       **{"flips/s": value}))
    return {"context": {"executable": "build/release/bench/micro", "num_cpus": 2},
            "benchmarks": benchmarks}


def perft_doc(seconds, depth=11):
    return {"schema": "reversi-bench/2", "kind": "perft",
            "rows": [{"variant": "avx512", "depth": depth, "leaves": "212258216",
                      "seconds": list(seconds), "median_seconds": float(np.median(seconds))}]}


def solve_doc(times, nodes=None):
    """A solve --json document: times {position: [seconds of each
    repetition]} (compare.py), or {position: seconds} (one run, ab.py)."""
    rows = []
    for i, (position, t) in enumerate(times.items()):
        reps = list(t) if isinstance(t, (list, tuple, np.ndarray)) else [t]
        rows.append({"position": position, "nodes": (nodes or {}).get(position, 1000 + i),
                     "seconds": float(np.median(reps)), "times": reps})
    return {"schema": "reversi-bench/2", "kind": "solve",
            "summary": {"seconds": sum(r["seconds"] for r in rows),
                        "nodes": sum(r["nodes"] for r in rows)},
            "rows": rows}


def counts(out):
    """The (compared, flagged, slower, faster) lines of compare.py's output."""
    return [tuple(map(int, m)) for m in COUNTS.findall(out)]


def flags(out, names):
    """{row name: its last column} of compare.py's table rows named."""
    found = {}
    for line in out.splitlines():
        name = line.split(" ", 1)[0]
        if name in names:
            last = line.split()[-1]
            found[name] = last if last in ("slower", "faster") else ""
    return found


class Compare(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.old = os.path.join(self.tmp.name, "old")
        self.new = os.path.join(self.tmp.name, "new")
        os.makedirs(self.old)
        os.makedirs(self.new)

    def tearDown(self):
        self.tmp.cleanup()

    def test_same_distribution_flags_at_most_five_percent(self):
        # A/A: 200 micro rows, 10 repetitions a side, lognormal noise of 5%.
        rng = np.random.default_rng(20261126)
        base = {f"flip/synthetic/v{i:03d}": float(rng.uniform(1, 1000)) for i in range(200)}
        old = {n: b * rng.lognormal(0, 0.05, 10) for n, b in base.items()}
        new = {n: b * rng.lognormal(0, 0.05, 10) for n, b in base.items()}
        write(os.path.join(self.old, "micro.json"), micro_doc(old))
        write(os.path.join(self.new, "micro.json"), micro_doc(new))
        done = script("compare.py", self.old, self.new)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("Mann-Whitney U, two-sided, alpha 0.05, floor 5%", done.stdout)
        # the same verdicts as the statistics module's on the same samples
        expected = {n: stats.flag_unpaired(old[n], new[n], 0.05, 0.05).flag for n in base}
        flagged = sum(bool(f) for f in expected.values())
        self.assertLessEqual(flagged, 10)  # at most 5% of 200
        self.assertEqual(flags(done.stdout, base), expected)
        table, total = counts(done.stdout)
        slower = sum(f == "slower" for f in expected.values())
        self.assertEqual(table, (200, flagged, slower, flagged - slower))
        self.assertEqual(total, table)

    def test_a_slowdown_is_flagged(self):
        # 40 micro rows with 3% noise; X 10% slower. A perft run and a solve
        # run, each 8 repetitions: the solve run 10% faster, perft unchanged.
        rng = np.random.default_rng(7)
        names = [f"flip/corpus/v{i:02d}" for i in range(40)]
        old = {n: 10 * rng.lognormal(0, 0.03, 10) for n in names}
        new = {n: 10 * rng.lognormal(0, 0.03, 10) for n in names}
        new["flip/corpus/v17"] = new["flip/corpus/v17"] * 1.10
        write(os.path.join(self.old, "micro.json"), micro_doc(old))
        write(os.path.join(self.new, "micro.json"), micro_doc(new))
        write(os.path.join(self.old, "perft-avx512.json"), perft_doc(rng.lognormal(0, 0.02, 8)))
        write(os.path.join(self.new, "perft-avx512.json"), perft_doc(rng.lognormal(0, 0.02, 8)))
        positions = ["positions/a.obf:1", "positions/a.obf:2"]
        write(os.path.join(self.old, "fforum-1-19-avx512.json"),
              solve_doc({p: rng.lognormal(0, 0.02, 8) for p in positions}))
        write(os.path.join(self.new, "fforum-1-19-avx512.json"),
              solve_doc({p: 0.9 * rng.lognormal(0, 0.02, 8) for p in positions}))
        write(os.path.join(self.new, "perft-shift.json"), perft_doc([1.0, 1.1, 1.2]))
        done = script("compare.py", self.old, self.new)
        self.assertEqual(done.returncode, 0, done.stderr)
        got = flags(done.stdout, names + ["perft-avx512", "fforum-1-19-avx512"])
        self.assertEqual(got["flip/corpus/v17"], "slower")
        self.assertLessEqual(sum(bool(got[n]) for n in names if n != "flip/corpus/v17"), 2)
        self.assertEqual(got["fforum-1-19-avx512"], "faster")
        self.assertEqual(got["perft-avx512"], "")
        micro, macro, total = counts(done.stdout)
        self.assertEqual(micro[:1], (40,))
        self.assertEqual(macro[:3], (2, 1, 0))
        self.assertEqual(total[0], 42)
        self.assertEqual(total[1], micro[1] + macro[1])
        self.assertIn("(in one run only: perft-shift (depth 11))", done.stdout)

    def test_aggregates_only_and_too_few_repetitions_are_not_flagged(self):
        # an older folder: only the aggregates (no samples); a solve run with
        # 3 repetitions a side (the U test cannot reach 0.05); a 2x change.
        write(os.path.join(self.old, "micro.json"),
              micro_doc({"flip/corpus/a": [10, 10.1, 9.9]}, aggregates="only"))
        write(os.path.join(self.new, "micro.json"),
              micro_doc({"flip/corpus/a": [20, 20.1, 19.9]}, aggregates="only"))
        write(os.path.join(self.old, "e12.json"), solve_doc({"p:1": [1.0, 1.01, 0.99]}))
        write(os.path.join(self.new, "e12.json"), solve_doc({"p:1": [2.0, 2.01, 1.99]}))
        done = script("compare.py", self.old, self.new)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertRegex(done.stdout, r"flip/corpus/a .* 2\.000 .*no repetitions recorded")
        self.assertRegex(done.stdout, r"e12 .* 2\.000 .*n<4")
        self.assertEqual(counts(done.stdout), [(1, 0, 0, 0), (1, 0, 0, 0), (2, 0, 0, 0)])

    def test_options(self):
        rng = np.random.default_rng(3)
        old = {"x": 10 * rng.lognormal(0, 0.01, 10)}
        new = {"x": 10.3 * rng.lognormal(0, 0.01, 10)}  # 3%: within the default floor
        write(os.path.join(self.old, "micro.json"), micro_doc(old))
        write(os.path.join(self.new, "micro.json"), micro_doc(new))
        done = script("compare.py", self.old, self.new)
        self.assertEqual(counts(done.stdout)[-1], (1, 0, 0, 0))
        self.assertIn("within floor", done.stdout)
        done = script("compare.py", "--floor", "0.01", "--alpha", "0.01", self.old, self.new)
        self.assertIn("alpha 0.01, floor 1%", done.stdout)
        self.assertEqual(counts(done.stdout)[-1], (1, 1, 1, 0))

    def calibrations(self, old, new):
        for folder, times in ((self.old, old), (self.new, new)):
            for i, t in enumerate(times, start=1):
                write(os.path.join(folder, f"calibration-{i}.json"),
                      {"schema": "reversi-bench/2", "kind": "bench",
                       "summary": {"nodes": 28085774, "seconds": float(t)}})

    def test_a_slower_machine_is_not_blamed_on_the_rows(self):
        # The second run on a machine 30% slower (its calibration runs too),
        # 100 micro rows and a solve run changed by the machine alone, one
        # row 25% slower beyond it: the drift is named, at most 5% of the
        # rows flagged, the row that changed among them.
        rng = np.random.default_rng(11)
        names = [f"flip/drift/v{i:03d}" for i in range(100)]
        old = {n: 10 * rng.lognormal(0, 0.03, 10) for n in names}
        new = {n: 13 * rng.lognormal(0, 0.03, 10) for n in names}
        new["flip/drift/v042"] = new["flip/drift/v042"] * 1.25
        write(os.path.join(self.old, "micro.json"), micro_doc(old))
        write(os.path.join(self.new, "micro.json"), micro_doc(new))
        write(os.path.join(self.old, "e12.json"), solve_doc({"p:1": rng.lognormal(0, 0.02, 8)}))
        write(os.path.join(self.new, "e12.json"),
              solve_doc({"p:1": 1.3 * rng.lognormal(0, 0.02, 8)}))
        self.calibrations(rng.lognormal(0, 0.01, 5), 1.3 * rng.lognormal(0, 0.01, 5))
        done = script("compare.py", self.old, self.new)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertRegex(done.stdout, r"drift of the machine: new/old 1\.[23]\d\d \(")
        got = flags(done.stdout, names + ["e12"])
        self.assertEqual(got["flip/drift/v042"], "slower")
        self.assertLessEqual(sum(bool(f) for f in got.values()), 6)  # 5% of 101, and v042
        self.assertEqual(got["e12"], "")
        # Without the calibration runs the same rows are nearly all flagged,
        # and the drift is said to be unknown.
        for folder in (self.old, self.new):
            for i in range(1, 6):
                os.remove(os.path.join(folder, f"calibration-{i}.json"))
        done = script("compare.py", self.old, self.new)
        self.assertIn("drift of the machine: unknown (no calibration runs in", done.stdout)
        self.assertGreater(sum(bool(f) for f in flags(done.stdout, names).values()), 90)

    def test_a_change_inside_the_drift_interval_is_not_flagged(self):
        # The calibration runs spread widely (1.2-1.6 new against 1 old):
        # a row 8% slower than the drift's estimate, its interval inside the
        # drift's, is "within drift", not flagged.
        rng = np.random.default_rng(5)
        write(os.path.join(self.old, "micro.json"), micro_doc({"x": 10 * rng.lognormal(0, 0.005, 10)}))
        write(os.path.join(self.new, "micro.json"),
              micro_doc({"x": 10 * 1.4 * 1.08 * rng.lognormal(0, 0.005, 10)}))
        self.calibrations([1.0, 1.0, 1.0, 1.0, 1.0], [1.2, 1.3, 1.4, 1.5, 1.6])
        done = script("compare.py", self.old, self.new)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertRegex(done.stdout, r"\nx .* within drift\n")
        self.assertEqual(counts(done.stdout)[-1], (1, 0, 0, 0))

    def test_a_calibration_run_of_another_kind_is_refused(self):
        write(os.path.join(self.old, "micro.json"), micro_doc({"x": [1.0, 1.1, 0.9]}))
        write(os.path.join(self.new, "micro.json"), micro_doc({"x": [1.0, 1.1, 0.9]}))
        write(os.path.join(self.new, "calibration-1.json"),
              {"kind": "solve", "summary": {"seconds": 1.0}})
        done = script("compare.py", self.old, self.new)
        self.assertEqual(done.returncode, 2)
        self.assertIn("calibration-1.json", done.stderr)
        self.assertEqual(len(done.stderr.strip().splitlines()), 1)

    def test_errors_exit_2_and_name_the_file(self):
        missing = os.path.join(self.tmp.name, "nowhere")
        done = script("compare.py", missing, self.new)
        self.assertEqual(done.returncode, 2)
        self.assertIn(missing, done.stderr)
        self.assertEqual(len(done.stderr.strip().splitlines()), 1)
        broken = os.path.join(self.new, "perft-avx512.json")
        with open(broken, "w") as f:
            f.write('{"kind": "perft", "rows": [')
        done = script("compare.py", self.old, self.new)
        self.assertEqual(done.returncode, 2)
        self.assertIn(broken, done.stderr)
        self.assertEqual(len(done.stderr.strip().splitlines()), 1)
        os.remove(broken)
        with open(os.path.join(self.old, "micro.json"), "w") as f:
            f.write("not json")
        done = script("compare.py", self.old, self.new)
        self.assertEqual(done.returncode, 2)
        self.assertIn(os.path.join(self.old, "micro.json"), done.stderr)
        self.assertEqual(script("compare.py", self.old).returncode, 2)  # usage


def position_lines(out):
    """{label: (geometric-mean cell, flag)} of ab.py's per-position table."""
    found = {}
    for line in out.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 6 and re.match(r"[\d.]+ \([\d.]+-[\d.]+\)$", cells[-2]):
            found[cells[0]] = (cells[-2], cells[-1])
    return found


class AbTable(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def rounds(self, make, n=8, seed=11):
        """Writes n rounds of sides old and new, make(rng, drift, slow)
        returning one document (slow: 1.0 for old, the slowdown for new);
        each round's machine drift is shared by its two runs."""
        rng = np.random.default_rng(seed)
        for rnd in range(1, n + 1):
            drift = rng.lognormal(0, 0.05)
            write(os.path.join(self.dir, f"old-{rnd}.json"), make(rng, drift, 1.0))
            write(os.path.join(self.dir, f"new-{rnd}.json"), make(rng, drift, 1.10))
        write(os.path.join(self.dir, "ab.json"),
              {"a": "old", "b": "new", "rounds": n, "cpu": "1",
               "commands": {"old": "old/reversi-bench solve p.obf",
                            "new": "new/reversi-bench solve p.obf"}})

    def test_solve_rounds(self):
        def make(rng, drift, slow):
            return solve_doc({"positions/p.obf:1": 0.5 * slow * drift * rng.lognormal(0, 0.01),
                              "positions/p.obf:2": 0.3 * drift * rng.lognormal(0, 0.01),
                              "positions/p.obf:3": 0.2 * drift * rng.lognormal(0, 0.01)})
        self.rounds(make)
        done = script("ab.py", "table", self.dir)
        self.assertEqual(done.returncode, 0, done.stderr)
        lines = position_lines(done.stdout)
        self.assertEqual(lines["positions/p.obf:1"][1], "slower")
        self.assertEqual(lines["positions/p.obf:2"][1], "")
        self.assertEqual(lines["positions/p.obf:3"][1], "")
        self.assertIn("3 rows compared, 1 flagged (paired t on log ratios over 8 rounds, "
                      "alpha 0.05, floor 2%)", done.stdout)
        self.assertRegex(done.stdout, r"\| median \| \| \| [\d.]+ \|")
        self.assertRegex(done.stdout, r"\| geometric mean \(95% t interval\) \| \| "
                                      r"\| \*\*[\d.]+\*\* \([\d.]+-[\d.]+\) \|")
        self.assertIn("nodes: the same in every run", done.stdout)
        with open(os.path.join(self.dir, "ab-summary.json")) as f:
            summary = json.load(f)
        for key in ("a", "b", "ratio_median", "ratios", "same_nodes",  # the keys of before
                    "ratio_geomean", "interval", "flag", "positions"):
            self.assertIn(key, summary)
        self.assertEqual(len(summary["ratios"]), 8)
        low, high = summary["interval"]
        self.assertLess(low, summary["ratio_geomean"])
        self.assertLess(summary["ratio_geomean"], high)
        self.assertEqual(summary["positions"]["positions/p.obf:1"]["flag"], "slower")
        self.assertEqual(summary["positions"]["positions/p.obf:2"]["flag"], "")
        self.assertEqual(summary["positions"]["positions/p.obf:1"]["rounds"], 8)
        # a stricter floor than the slowdown: nothing flagged
        done = script("ab.py", "table", "--floor", "0.2", self.dir)
        self.assertIn("3 rows compared, 0 flagged", done.stdout)
        self.assertIn("within floor", done.stdout)

    def test_search_rounds(self):
        # `search --json` rows: each position's playing search, nodes fixed
        def make(rng, drift, slow):
            rows = [{"position": f"p.obf:{i}", "seconds": t * drift * rng.lognormal(0, 0.01)
                     * (slow if i == 1 else 1), "nodes": 1000 * i}
                    for i, t in ((1, 0.4), (2, 0.2))]
            return {"schema": "reversi-bench/2", "kind": "search", "rows": rows}
        self.rounds(make)
        done = script("ab.py", "table", self.dir)
        self.assertEqual(done.returncode, 0, done.stderr)
        lines = position_lines(done.stdout)
        self.assertEqual(lines["p.obf:1"][1], "slower")
        self.assertEqual(lines["p.obf:2"][1], "")
        self.assertIn("nodes: the same in every run", done.stdout)

    def test_micro_rounds(self):
        names = ["flip/corpus/avx512", "flip/corpus/shift", "count_moves/corpus/shift"]

        def make(rng, drift, slow):
            return micro_doc({n: [(5 + 10 * i) * drift * (slow if i == 1 else 1)
                                  * rng.lognormal(0, 0.01) for _ in range(3)]
                              for i, n in enumerate(names)})
        self.rounds(make)
        done = script("ab.py", "table", self.dir, "old", "new")  # named sides
        self.assertEqual(done.returncode, 0, done.stderr)
        lines = position_lines(done.stdout)
        self.assertEqual({n: lines[n][1] for n in names},
                         {names[0]: "", names[1]: "slower", names[2]: ""})
        self.assertIn("3 rows compared, 1 flagged", done.stdout)
        self.assertIn("nodes: none (micro benchmarks)", done.stdout)
        self.assertIn("| round | old ns", done.stdout)

    def test_suite_by_position(self):
        # ab.py suite: the sums, then the positions' B/A counts as a
        # geometric mean with the t interval of their mean log, computed
        # here by hand: ratios 1, 2, 4 have logs 0, ln 2, 2 ln 2 (mean ln 2,
        # sd ln 2), t(0.975, 2) = 4.302653.
        positions = [f"positions/p.obf:{i}" for i in (1, 2, 3)]
        a = solve_doc(dict.fromkeys(positions, 0.1), dict(zip(positions, (100, 100, 100))))
        b = solve_doc(dict.fromkeys(positions, 0.1), dict(zip(positions, (100, 200, 400))))
        for row in a["rows"] + b["rows"]:
            row.update({"empties": 20, "score": 0})
        write(os.path.join(self.dir, "a.json"), a)
        write(os.path.join(self.dir, "b.json"), b)
        done = script("ab.py", "suite", os.path.join(self.dir, "a.json"),
                      os.path.join(self.dir, "b.json"))
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("| all | | | 300 | 700 | 2.33 |", done.stdout)
        half = 4.302653 * np.log(2) / np.sqrt(3)
        low, high = 2 * np.exp(-half), 2 * np.exp(half)
        self.assertIn(f"geometric mean 2.000 (95% t interval {low:.3f}-{high:.3f}) over 3 "
                      "positions", done.stdout)

    def test_errors_exit_2_and_name_the_file(self):
        missing = os.path.join(self.dir, "nowhere")
        done = script("ab.py", "table", missing)
        self.assertEqual(done.returncode, 2)
        self.assertIn(missing, done.stderr)
        self.rounds(lambda rng, drift, slow: solve_doc({"p:1": drift * slow, "p:2": drift}), 3)
        broken = os.path.join(self.dir, "new-2.json")
        with open(broken, "w") as f:
            f.write('{"kind": "solve", ')
        done = script("ab.py", "table", self.dir)
        self.assertEqual(done.returncode, 2)
        self.assertIn(broken, done.stderr)
        self.assertEqual(len(done.stderr.strip().splitlines()), 1)
        self.assertEqual(script("ab.py", "table", self.dir, "old").returncode, 2)  # usage


FAKE = """#!/usr/bin/python3
# A stand-in for a benchmark binary (no NumPy: it starts quickly): writes a
# made-up JSON where it is told (micro: --benchmark_out=PATH
# --benchmark_out_format=json; else --json PATH)
import json, random, sys
args = sys.argv[1:]
slow = 1.1 if "--slow" in args else 1.0
if {micro!r}:
    out = [a.split("=", 1)[1] for a in args if a.startswith("--benchmark_out=")]
    assert "--benchmark_out_format=json" in args and "--json" not in args, args
    assert "--benchmark_repetitions=3" in args, args
    rows = [{{"name": name, "run_name": name, "run_type": "iteration", "repetition_index": i,
              "flips/s": 1e9 / (ns * random.gauss(1, 0.005))}}
            for name, ns in (("flip/a", 10 * slow), ("flip/b", 20)) for i in range(3)]
    doc = {{"context": {{}}, "benchmarks": rows}}
else:
    out = [args[args.index("--json") + 1]]
    rows = [{{"position": p, "nodes": 100, "seconds": s * random.gauss(1, 0.005)}}
            for p, s in (("p:1", slow), ("p:2", 1.0))]
    doc = {{"kind": "solve", "rows": rows,
            "summary": {{"seconds": sum(r["seconds"] for r in rows), "nodes": 200}}}}
with open(out[0], "w") as f:
    json.dump(doc, f)
"""


class AbRun(unittest.TestCase):
    """`ab.py run` with stand-ins for the binaries (nothing is timed)."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        for name, micro in (("micro", True), ("fake-solve", False), ("fake-micro", True)):
            path = os.path.join(self.tmp.name, name)
            with open(path, "w") as f:
                f.write(FAKE.format(micro=micro))
            os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)

    def tearDown(self):
        self.tmp.cleanup()

    def run_ab(self, binary, *extra, args=()):
        out = os.path.join(self.tmp.name, f"out-{binary}")
        path = os.path.join(self.tmp.name, binary)
        done = script("ab.py", "run", "--out", out, "--cpu", "-", "--rounds", "4", *extra,
                      "--a", f"old={path} --filter=x", "--b", f"new={path} --slow", "--", *args)
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        self.assertTrue(os.path.exists(os.path.join(out, "new-4.json")))
        self.assertTrue(os.path.exists(os.path.join(out, "ab-summary.json")))
        return done.stdout

    def test_micro_detected_by_name(self):
        out = self.run_ab("micro", args=["--benchmark_repetitions=3"])
        self.assertEqual(position_lines(out)["flip/a"][1], "slower")

    def test_micro_by_option(self):
        out = self.run_ab("fake-micro", "--micro", args=["--benchmark_repetitions=3"])
        self.assertIn("2 rows compared", out)

    def test_solve_gets_json(self):
        out = self.run_ab("fake-solve")
        self.assertIn("| 4 |", out)
        self.assertIn("2 rows compared", out)


class RawRuns(unittest.TestCase):
    """scripts/raw_runs.py: a folder's runs packed into runs.jsonl.gz read as
    the loose files were, by compare.py too, its other files (text, bytes)
    given back byte for byte; a damaged pack is named."""

    # The other files of a folder: text with its own newlines, a plot, games.
    FILES = {"overhead.txt": "round 1\r\n0.36 ms \u00b1 0.01\n\n",
             "run/micro.png": bytes(range(256)) * 3,
             "games/d6.ggf.gz": b"\x1f\x8b\x08\x00" + bytes(range(255, -1, -1))}

    def test_pack_round_trip(self):
        rng = np.random.default_rng(31)
        with tempfile.TemporaryDirectory() as tmp:
            old, new = os.path.join(tmp, "old"), os.path.join(tmp, "new")
            for folder in (old, new):
                os.makedirs(folder)
                write(os.path.join(folder, "perft-x.json"),
                      perft_doc(list(np.exp(rng.normal(0, 0.02, 5)))))
                write(os.path.join(folder, "manifest.json"), {"variants": []})
            for name, content in self.FILES.items():
                path = os.path.join(new, *name.split("/"))
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "wb") as f:
                    f.write(content.encode() if isinstance(content, str) else content)
            with open(os.path.join(new, "REPORT.md"), "w") as f:
                f.write("# a report\n")
            loose = script("compare.py", old, new).stdout
            before = json.load(open(os.path.join(new, "perft-x.json")))
            done = script("raw_runs.py", "pack", new)
            self.assertEqual(done.returncode, 0, done.stderr)
            self.assertEqual(sorted(os.listdir(new)), ["REPORT.md", "runs.jsonl.gz"])
            import raw_runs
            self.assertEqual(raw_runs.load(new, "perft-x"), before)
            self.assertEqual(raw_runs.load(new, "manifest"), {"variants": []})
            self.assertEqual(raw_runs.names(new), ["manifest", "perft-x"])
            self.assertEqual(script("compare.py", old, new).stdout, loose)
            packed = read_bytes(os.path.join(new, "runs.jsonl.gz"))
            self.assertEqual(script("raw_runs.py", "unpack", new).returncode, 0)
            self.assertEqual(json.load(open(os.path.join(new, "perft-x.json"))), before)
            for name, content in self.FILES.items():
                self.assertEqual(read_bytes(os.path.join(new, *name.split("/"))),
                                 content.encode() if isinstance(content, str) else content, name)
            self.assertEqual(script("raw_runs.py", "pack", new).returncode, 0)
            self.assertEqual(read_bytes(os.path.join(new, "runs.jsonl.gz")), packed)

    def test_damaged_pack(self):
        with tempfile.TemporaryDirectory() as tmp:
            with open(os.path.join(tmp, "runs.jsonl.gz"), "wb") as f:
                f.write(b"not gzip")
            done = script("compare.py", tmp, tmp)
            self.assertEqual(done.returncode, 2)
            self.assertIn("runs.jsonl.gz", done.stderr)
            self.assertEqual(len(done.stderr.strip().splitlines()), 1)


def eval_error_doc(samples, weights):
    """An eval-error --json document of (game, empties, label, evaluation)."""
    return {"schema": "reversi-bench/2", "kind": "eval-error",
            "config": {"corpus": "c.txt", "corpus_identity": "make-corpus --seed 9",
                       "games": 1 + max(g for g, _, _, _ in samples), "exact_empties": 24,
                       "every_game": True, "eval_weights": weights,
                       "weights_checksum": "0" * 16},
            "samples": [{"game": g, "empties": e, "label": lab, "evaluation": ev}
                        for g, e, lab, ev in samples]}


class EvalCompare(unittest.TestCase):
    """scripts/eval_compare.py on made-up eval-error documents: 80 games of
    samples at 18-22 empties, B's errors 0.7 of A's plus noise at 20-22,
    the same at 18-19."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        rng = np.random.default_rng(21)
        self.a, self.b = [], []
        for g in range(80):
            for e in range(18, 23):
                label = float(2 * rng.integers(-20, 21))
                err = rng.normal(0, 9)
                scale = 0.7 if e >= 20 else 1.0
                self.a.append((g, e, label, label + err))
                self.b.append((g, e, label, label + scale * err + rng.normal(0, 1)))
        self.path_a = os.path.join(self.tmp.name, "a.json")
        self.path_b = os.path.join(self.tmp.name, "b.json")
        write(self.path_a, eval_error_doc(self.a, "old.txt"))
        write(self.path_b, eval_error_doc(self.b, "new.txt"))

    def tearDown(self):
        self.tmp.cleanup()

    def rms(self, samples, keep):
        errs = [(ev - lab) ** 2 for _, e, lab, ev in samples if keep(e)]
        return (sum(errs) / len(errs)) ** 0.5

    def test_rows_and_verdicts(self):
        out = os.path.join(self.tmp.name, "out.json")
        done = script("eval_compare.py", self.path_a, self.path_b, "--empties", "20-22",
                      "--json", out)
        self.assertEqual(done.returncode, 0, done.stderr)
        rows = {r["row"]: r for r in json.load(open(out))["rows"]}
        self.assertEqual(list(rows), ["18", "19", "20", "21", "22", "20-22", "all"])
        for name, keep in (("20-22", lambda e: e >= 20), ("all", lambda e: True),
                           ("18", lambda e: e == 18)):
            r = rows[name]
            self.assertAlmostEqual(r["rms_a"], self.rms(self.a, keep), places=9)
            self.assertAlmostEqual(r["rms_b"], self.rms(self.b, keep), places=9)
            self.assertAlmostEqual(r["ratio"], self.rms(self.b, keep) / self.rms(self.a, keep),
                                   places=9)
            self.assertEqual(r["games"], 80)
        self.assertEqual(rows["20-22"]["verdict"], "closer")
        self.assertLess(rows["20-22"]["high"], 0.8)
        self.assertGreater(rows["20-22"]["low"], 0.6)
        # At 18 and 19 B is A plus noise: its error is no smaller.
        self.assertNotEqual(rows["18"]["verdict"], "closer")
        self.assertIn("20-22", done.stdout)

    def test_the_same_file_is_undecided(self):
        done = script("eval_compare.py", self.path_a, self.path_a)
        self.assertEqual(done.returncode, 0, done.stderr)
        last = done.stdout.strip().splitlines()[-1].split()
        self.assertEqual(last[0], "all")
        self.assertEqual(last[-1], "undecided")
        self.assertEqual(last[-2], "1.000-1.000")

    def test_other_samples_are_refused(self):
        other = os.path.join(self.tmp.name, "other.json")
        write(other, eval_error_doc([(g, e, lab + 2, ev) for g, e, lab, ev in self.b], "x"))
        done = script("eval_compare.py", self.path_a, other)
        self.assertEqual(done.returncode, 2)
        self.assertIn(other, done.stderr)
        self.assertEqual(len(done.stderr.strip().splitlines()), 1)

    def test_bad_files_and_options(self):
        broken = os.path.join(self.tmp.name, "broken.json")
        with open(broken, "w") as f:
            f.write("{")
        solve = os.path.join(self.tmp.name, "solve.json")
        write(solve, solve_doc({"e10.obf:1": 1.0}))
        for args, named in (((self.path_a, broken), broken), ((solve, self.path_b), solve),
                            ((self.path_a, self.path_b, "--empties", "22-20"), "--empties"),
                            ((self.path_a, os.path.join(self.tmp.name, "none.json")),
                             "none.json")):
            done = script("eval_compare.py", *args)
            self.assertEqual(done.returncode, 2, args)
            self.assertIn(named, done.stderr)



class MergeRuns(unittest.TestCase):
    """reproduce.py's merge_runs (the interleaved runs of a job made one
    document) against what C++ writes for the same work in one run: three
    `solve --repeat 1` runs merged against `solve --repeat 3`. Every field
    of the summary that does not measure time is C++'s own (one thread: the
    counts are the same on every run); the times are the three runs',
    each row's median and their sum as C++ defines them."""

    @unittest.skipUnless(os.environ.get("RB_BIN"), "RB_BIN (the reversi-bench binary) not set")
    def test_three_runs_merge_to_what_repeat_three_writes(self):
        import reproduce
        binary = os.environ["RB_BIN"]
        args = [binary, "solve", os.path.join(ROOT, "positions", "e10.obf"), "-v", "shift+list"]
        with tempfile.TemporaryDirectory() as tmp:
            def run(name, repeat):
                out = os.path.join(tmp, name + ".json")
                subprocess.run(args + ["--repeat", str(repeat), "--json", out], check=True,
                               capture_output=True, timeout=300)
                with open(out) as f:
                    return json.load(f)
            singles = [run(f"one-{k}", 1) for k in range(3)]
            whole = run("three", 3)
        merged = reproduce.merge_runs(singles)
        timed = {"seconds", "wall_seconds", "nodes_per_second", "idle_seconds",
                 "presearch_seconds", "selective_seconds"}
        self.assertEqual(set(merged["summary"]), set(whole["summary"]))
        for key, value in whole["summary"].items():
            if key not in timed:
                self.assertEqual(merged["summary"][key], value, key)
        self.assertEqual(len(merged["rows"]), len(whole["rows"]))
        for m, w in zip(merged["rows"], whole["rows"]):
            self.assertEqual((m["position"], m["nodes"], m.get("score")),
                             (w["position"], w["nodes"], w.get("score")))
            self.assertEqual(len(m["times"]), 3)
            self.assertAlmostEqual(m["seconds"], float(np.median(m["times"])))
        # C++'s definitions, checked on its own document, then on the merge.
        for doc in (whole, merged):
            s = doc["summary"]
            self.assertAlmostEqual(s["seconds"], sum(r["seconds"] for r in doc["rows"]), places=9)
            self.assertAlmostEqual(s["nodes_per_second"], s["nodes"] / s["seconds"], delta=1e-6 * s["nodes_per_second"])
        self.assertEqual(merged["config"]["repeat"], 3)

if __name__ == "__main__":
    unittest.main()
