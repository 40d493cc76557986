#!/usr/bin/python3
"""scripts/compare.py and scripts/ab.py on input they cannot use (issue
#73): every malformed file ends in exit status 2 and one line on stderr
that names the file and the field (scripts/shapes.py), never a traceback.

- one case for each kind of bad input: a field missing, of the wrong type,
  nested wrong, NaN or a string for a number, an empty list, a wrong kind,
  a document of the wrong type, text that is not JSON or cut short, a
  directory or an unreadable file where a file is expected, and the same
  inside a runs.jsonl.gz pack, named by the pack's file and line;
- a seeded fuzzer: 200 mutations of valid documents of each kind the scripts
  read (micro benchmarks, perft, solve, bench, search, ab.json), loose or
  packed, run through `compare.py OLD NEW` and `ab.py table DIR`: each run
  exits 0 or 2, never with a traceback; exit 2 is one line naming the
  mutated file, and a mutation of a field the script reads (listed here,
  apart from the scripts' own shapes) into a bad number, or its removal,
  is always exit 2 naming that field;
- valid documents: the made-up folders below give the tables the scripts
  gave before the checks were written (GOLDEN, recorded from the scripts
  of commit 8e0a022), and every ab folder and a pair of reproduction runs
  under results/ still read with exit 0.

Most runs are in-process (runpy, the script as __main__, stdout and stderr
captured; an exception that escapes is the traceback a user would see); a
few run as the user runs them, /usr/bin/python3 in a subprocess.
Usage: script_inputs_test.py (about 20 s)."""
import contextlib
import copy
import glob
import gzip
import io
import json
import math
import os
import random
import re
import runpy
import subprocess
import sys
import tempfile
import traceback
import unittest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SCRIPTS = os.path.join(ROOT, "scripts")
sys.path.insert(0, SCRIPTS)
PYTHON = "/usr/bin/python3"
SEED = 7301
FUZZ_DOCUMENTS = 200


def run_script(name, *args, subprocess_=False):
    """(exit status, stdout, stderr) of scripts/NAME ARGS. In-process, an
    exception other than SystemExit fails the test with its traceback."""
    argv = [os.path.join(SCRIPTS, name), *map(str, args)]
    if subprocess_:
        done = subprocess.run([PYTHON, *argv], capture_output=True, text=True, timeout=120)
        return done.returncode, done.stdout, done.stderr
    out, err = io.StringIO(), io.StringIO()
    saved, sys.argv = sys.argv, argv
    code = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            runpy.run_path(argv[0], run_name="__main__")
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except Exception:  # what the user would see as a traceback
        raise AssertionError(f"{name} {' '.join(map(str, args))}: a traceback\n"
                             f"{traceback.format_exc()}")
    finally:
        sys.argv = saved
    return code, out.getvalue(), err.getvalue()


def write(path, doc):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        if isinstance(doc, str):
            f.write(doc)  # text that need not be JSON
        else:
            json.dump(doc, f)


def write_pack(folder, docs):
    """docs {name: document, or a str: the line's text as it is} into
    FOLDER/runs.jsonl.gz, sorted by name as raw_runs.py packs; returns
    {name: line}."""
    os.makedirs(folder, exist_ok=True)
    lines = {}
    with gzip.open(os.path.join(folder, "runs.jsonl.gz"), "wt", encoding="utf-8") as f:
        for number, name in enumerate(sorted(docs), 1):
            doc = docs[name]
            f.write((doc if isinstance(doc, str) else
                     json.dumps({"name": name, "doc": doc}, separators=(",", ":"))) + "\n")
            lines[name] = number
        f.write(json.dumps({"file": "runs.txt", "text": "the console\n"}) + "\n")
    return lines


# --- valid documents, in the formats the scripts read ----------------------

POSITIONS = ["positions/fforum-1-19.obf:1", "positions/fforum-1-19.obf:2",
             "positions/fforum-1-19.obf:3"]
REPS = [1.0, 1.013, 0.992, 1.021]  # the repetitions of a run, as factors
DRIFT = [1.0, 1.04, 0.97, 1.02]  # each ab round's machine, shared by its two sides
JITTER = {1.0: [1.0, 1.004, 0.997, 1.002], 1.08: [1.003, 0.998, 1.001, 0.996]}  # each run's own
RATES = {"flip/corpus/avx512": "flips/s", "count_moves/corpus/shift": "moves/s"}


def median(xs):
    xs = sorted(xs)
    return (xs[(len(xs) - 1) // 2] + xs[len(xs) // 2]) / 2


def micro_doc(ns):
    """Google Benchmark's JSON: ns {name: [ns per operation of each
    repetition]}, iteration rows then the median aggregate, and one
    benchmark that failed (no rate: skipped)."""
    benchmarks = []
    for family, (name, reps) in enumerate(ns.items()):
        common = {"name": name, "family_index": family, "per_family_instance_index": 0,
                  "run_name": name, "repetitions": len(reps), "threads": 1,
                  "time_unit": "ns"}
        for i, x in enumerate(reps):
            benchmarks.append(dict(common, run_type="iteration", repetition_index=i,
                                   iterations=1000, real_time=x, cpu_time=x,
                                   **{RATES[name]: 1e9 / x}))
        benchmarks.append(dict(common, name=name + "_median", run_type="aggregate",
                               aggregate_name="median", aggregate_unit="time",
                               iterations=len(reps), **{RATES[name]: 1e9 / median(reps)}))
    benchmarks.append({"name": "flip/corpus/broken", "run_name": "flip/corpus/broken",
                       "run_type": "iteration", "error_occurred": True,
                       "error_message": "no such variant"})
    return {"context": {"executable": "build/release/bench/micro", "num_cpus": 2},
            "benchmarks": benchmarks}


def perft_doc(seconds):
    """perft --json: seconds {depth: [seconds of each repetition]}."""
    leaves = {8: 390216, 9: 3005288}
    return {"schema": "reversi-bench/2", "kind": "perft",
            "config": {"position": "start", "threads": 1, "repeat": 4},
            "rows": [{"variant": "avx512", "depth": d, "leaves": str(leaves[d]),
                      "seconds": s, "median_seconds": median(s),
                      "leaves_per_second": leaves[d] / median(s), "check": "ok",
                      "leaf_shortcut": True} for d, s in seconds.items()]}


def solve_doc(times):
    """solve --json: times {position: [seconds of each repetition]}."""
    rows = [{"index": i + 1, "position": p, "empties": 20, "solved": True, "score": 2 * i,
             "score_ok": True, "nodes": 100000 * (i + 1), "selective_nodes": 5000 * (i + 1),
             "shallow_nodes": 700 * (i + 1), "seconds": median(t), "times": t}
            for i, (p, t) in enumerate(times.items())]
    return {"schema": "reversi-bench/2", "kind": "solve", "config": {"threads": 1},
            "rows": rows,
            "summary": {"positions": len(rows), "seconds": sum(r["seconds"] for r in rows),
                        **{k: sum(r[k] for r in rows)
                           for k in ("nodes", "selective_nodes", "shallow_nodes")}}}


def bench_doc(seconds):
    rows = [{"position": p, "empties": 20, "score": 0, "score_ok": True, "seconds": s,
             "nodes": 40000 + i, "other_nodes": 300 + i}
            for i, (p, s) in enumerate(seconds.items())]
    return {"schema": "reversi-bench/2", "kind": "bench", "rows": rows,
            "summary": {"seconds": sum(seconds.values()),
                        "nodes": sum(r["nodes"] for r in rows), "wrong_scores": 0}}


def search_doc(seconds):
    return {"schema": "reversi-bench/2", "kind": "search",
            "rows": [{"index": i + 1, "position": p, "empties": 30, "complete": True,
                      "seconds": s, "nodes": 20000 * (i + 1), "iterations": []}
                     for i, (p, s) in enumerate(seconds.items())]}


def compare_docs(slow):
    """The documents of a reproduction folder (a run's repetitions); slow:
    the factor of the slowed rows (1 for the old run)."""
    return {
        "micro": micro_doc({"flip/corpus/avx512": [3.2 * r for r in REPS],
                            "count_moves/corpus/shift": [8.5 * slow * r for r in REPS]}),
        "perft-avx512": perft_doc({8: [0.004 * r for r in REPS],
                                   9: [0.031 * slow * r for r in REPS]}),
        "fforum-1-19": solve_doc({p: [0.01 * (i + 1) * r * (slow if i == 0 else 1)
                                      for r in REPS] for i, p in enumerate(POSITIONS)}),
        "bench-avx512": bench_doc(dict(zip(POSITIONS, (0.1, 0.2, 0.3)))),  # not compared
        "manifest": {"full": False, "variants": ["avx512"]},
    }


def ab_round(kind, drift, slow):
    """One side's document of a round of an ab folder of this kind: drift,
    the round's machine and the run's own; slow, the side's slowdown of
    one row."""
    seconds = {p: 0.1 * (i + 1) * drift * (slow if i == 1 else 1)
               for i, p in enumerate(POSITIONS)}
    if kind == "micro":
        return micro_doc({n: [x * drift * (slow if i == 0 else 1) * r for r in REPS[:3]]
                          for i, (n, x) in enumerate((("flip/corpus/avx512", 3.2),
                                                      ("count_moves/corpus/shift", 8.5)))})
    if kind == "perft":
        return perft_doc({8: [0.004 * drift * r for r in REPS[:3]],
                          9: [0.031 * drift * slow * r for r in REPS[:3]]})
    if kind == "solve":
        return solve_doc({p: [s] for p, s in seconds.items()})
    return {"bench": bench_doc, "search": search_doc}[kind](seconds)


AB_KINDS = ("solve", "perft", "bench", "search", "micro")


def ab_docs(kind, rounds=4):
    docs = {"ab": {"a": "old", "b": "new", "rounds": rounds, "cpu": "1",
                   "commands": {"old": f"old/reversi-bench {kind}",
                                "new": f"new/reversi-bench {kind}"},
                   "wall_seconds": {}}}
    for rnd in range(1, rounds + 1):
        for side, slow in (("old", 1.0), ("new", 1.08)):
            docs[f"{side}-{rnd}"] = ab_round(kind, DRIFT[rnd - 1] * JITTER[slow][rnd - 1], slow)
    return docs


def make_folder(folder, docs, packed=False):
    """The documents as loose NAME.json files, or packed; returns {name:
    where an error names it}."""
    if packed:
        lines = write_pack(folder, docs)
        return {n: f"runs.jsonl.gz:{line}" for n, line in lines.items()}
    for name, doc in docs.items():
        write(os.path.join(folder, name + ".json"), doc)
    return {n: os.path.join(folder, n + ".json") for n in docs}


# The output of the scripts of commit 8e0a022 (before the checks) on the
# folders above: `compare.py OLD NEW` (old: compare_docs(1), new:
# compare_docs(1.1)) and `ab.py table DIR` of ab_docs(kind).
GOLDEN = {}
GOLDEN['compare'] = """\
Mann-Whitney U, two-sided, alpha 0.05, floor 5%: a row is flagged when p < alpha and new/old (the ratio of the medians, 95% bootstrap interval) is beyond the floor

micro benchmarks (ns per operation)
benchmark                                                     old          new  new/old    95% interval        p  flag
count_moves/corpus/shift                                    8.555        9.411    1.100     1.077-1.123    0.029  slower
flip/corpus/avx512                                          3.221        3.221    1.000     0.979-1.021        1
2 rows compared, 1 flagged (1 slower, 0 faster)

perft and solve runs (seconds)
benchmark                                                     old          new  new/old    95% interval        p  flag
fforum-1-19                                               0.06039       0.0614    1.017     0.996-1.038      0.2
perft-avx512 (depth 9)                                     0.0312      0.03432    1.100     1.077-1.123    0.029  slower
2 rows compared, 1 flagged (1 slower, 0 faster)

all: 4 rows compared, 2 flagged (2 slower, 0 faster)
"""

GOLDEN['ab solve'] = """\
old: old/reversi-bench solve
new: new/reversi-bench solve

| round | old s (nodes) | new s (nodes) | new/old |
|---|---|---|---|
| 1 | 0.600 (634,200) | 0.618 (634,200) | 1.030 |
| 2 | 0.626 (634,200) | 0.639 (634,200) | 1.021 |
| 3 | 0.580 (634,200) | 0.598 (634,200) | 1.031 |
| 4 | 0.613 (634,200) | 0.626 (634,200) | 1.021 |
| median | | | 1.025 |
| geometric mean (95% t interval) | | | **1.025** (1.016-1.034) |

nodes: the same in every run; new/old 1.025 (95% t interval 1.016-1.034, geometric mean), median 1.025 over 4 rounds; slower

| position | old nodes | new nodes | old s | new s | new/old | new/old geo. mean (95% interval) | flag |
|---|---|---|---|---|---|---|---|
| positions/fforum-1-19.obf:1 | 105,700 | 105,700 | 0.101 | 0.101 | 0.998 | 0.999 (0.990-1.008) |  |
| positions/fforum-1-19.obf:2 | 211,400 | 211,400 | 0.202 | 0.218 | 1.078 | 1.079 (1.069-1.088) | slower |
| positions/fforum-1-19.obf:3 | 317,100 | 317,100 | 0.303 | 0.303 | 0.998 | 0.999 (0.990-1.008) |  |

3 rows compared, 1 flagged (paired t on log ratios over 4 rounds, alpha 0.05, floor 2%)
"""

GOLDEN['ab perft'] = """\
old: old/reversi-bench perft
new: new/reversi-bench perft

| round | old s (nodes) | new s (nodes) | new/old |
|---|---|---|---|
| 1 | 0.031 (3,005,288) | 0.034 (3,005,288) | 1.083 |
| 2 | 0.032 (3,005,288) | 0.035 (3,005,288) | 1.074 |
| 3 | 0.030 (3,005,288) | 0.033 (3,005,288) | 1.084 |
| 4 | 0.032 (3,005,288) | 0.034 (3,005,288) | 1.074 |
| median | | | 1.078 |
| geometric mean (95% t interval) | | | **1.079** (1.069-1.088) |

nodes: the same in every run; new/old 1.079 (95% t interval 1.069-1.088, geometric mean), median 1.078 over 4 rounds; slower

| position | old nodes | new nodes | old s | new s | new/old | new/old geo. mean (95% interval) | flag |
|---|---|---|---|---|---|---|---|
| avx512 d8 | 390,216 | 390,216 | 0.004 | 0.004 | 0.998 | 0.999 (0.990-1.008) |  |
| avx512 d9 | 3,005,288 | 3,005,288 | 0.031 | 0.034 | 1.078 | 1.079 (1.069-1.088) | slower |

2 rows compared, 1 flagged (paired t on log ratios over 4 rounds, alpha 0.05, floor 2%)
"""

GOLDEN['ab bench'] = """\
old: old/reversi-bench bench
new: new/reversi-bench bench

| round | old s (nodes) | new s (nodes) | new/old |
|---|---|---|---|
| 1 | 0.600 (120,003) | 0.618 (120,003) | 1.030 |
| 2 | 0.626 (120,003) | 0.639 (120,003) | 1.021 |
| 3 | 0.580 (120,003) | 0.598 (120,003) | 1.031 |
| 4 | 0.613 (120,003) | 0.626 (120,003) | 1.021 |
| median | | | 1.025 |
| geometric mean (95% t interval) | | | **1.025** (1.016-1.034) |

nodes: the same in every run; new/old 1.025 (95% t interval 1.016-1.034, geometric mean), median 1.025 over 4 rounds; slower

| position | old nodes | new nodes | old s | new s | new/old | new/old geo. mean (95% interval) | flag |
|---|---|---|---|---|---|---|---|
| positions/fforum-1-19.obf:1 | 40,300 | 40,300 | 0.101 | 0.101 | 0.998 | 0.999 (0.990-1.008) |  |
| positions/fforum-1-19.obf:2 | 40,302 | 40,302 | 0.202 | 0.218 | 1.078 | 1.079 (1.069-1.088) | slower |
| positions/fforum-1-19.obf:3 | 40,304 | 40,304 | 0.303 | 0.303 | 0.998 | 0.999 (0.990-1.008) |  |

3 rows compared, 1 flagged (paired t on log ratios over 4 rounds, alpha 0.05, floor 2%)
"""

GOLDEN['ab search'] = """\
old: old/reversi-bench search
new: new/reversi-bench search

| round | old s (nodes) | new s (nodes) | new/old |
|---|---|---|---|
| 1 | 0.600 (120,000) | 0.618 (120,000) | 1.030 |
| 2 | 0.626 (120,000) | 0.639 (120,000) | 1.021 |
| 3 | 0.580 (120,000) | 0.598 (120,000) | 1.031 |
| 4 | 0.613 (120,000) | 0.626 (120,000) | 1.021 |
| median | | | 1.025 |
| geometric mean (95% t interval) | | | **1.025** (1.016-1.034) |

nodes: the same in every run; new/old 1.025 (95% t interval 1.016-1.034, geometric mean), median 1.025 over 4 rounds; slower

| position | old nodes | new nodes | old s | new s | new/old | new/old geo. mean (95% interval) | flag |
|---|---|---|---|---|---|---|---|
| positions/fforum-1-19.obf:1 | 20,000 | 20,000 | 0.101 | 0.101 | 0.998 | 0.999 (0.990-1.008) |  |
| positions/fforum-1-19.obf:2 | 40,000 | 40,000 | 0.202 | 0.218 | 1.078 | 1.079 (1.069-1.088) | slower |
| positions/fforum-1-19.obf:3 | 60,000 | 60,000 | 0.303 | 0.303 | 0.998 | 0.999 (0.990-1.008) |  |

3 rows compared, 1 flagged (paired t on log ratios over 4 rounds, alpha 0.05, floor 2%)
"""

GOLDEN['ab micro'] = """\
old: old/reversi-bench micro
new: new/reversi-bench micro

| round | old ns (sum of the benchmarks) | new ns (sum) | new/old |
|---|---|---|---|
| 1 | 11.7 | 12.0 | 1.025 |
| 2 | 12.2 | 12.4 | 1.016 |
| 3 | 11.3 | 11.6 | 1.026 |
| 4 | 12.0 | 12.1 | 1.016 |
| median | | | 1.020 |
| geometric mean (95% t interval) | | | **1.021** (1.012-1.030) |

nodes: none (micro benchmarks); new/old 1.021 (95% t interval 1.012-1.030, geometric mean), median 1.020 over 4 rounds; slower

| benchmark | old ns | new ns | new/old | new/old geo. mean (95% interval) | flag |
|---|---|---|---|---|---|
| flip/corpus/avx512 | 3.235 | 3.489 | 1.078 | 1.079 (1.069-1.088) | slower |
| count_moves/corpus/shift | 8.594 | 8.58 | 0.998 | 0.999 (0.990-1.008) |  |

2 rows compared, 1 flagged (paired t on log ratios over 4 rounds, alpha 0.05, floor 2%)
"""

# --- what the scripts read, written out apart from their shapes -------------
# (script, kind): the fields each reads, as patterns of a field's path; a
# number there made NaN, infinite, negative or a string, or the field
# removed, must be exit 2 naming it.
RATE_FIELDS = r"benchmarks\[\d+\]\.(flips/s|moves/s)"
READ = {
    ("compare", "micro"): RATE_FIELDS,
    ("compare", "perft"): r"rows\[\d+\]\.(depth|median_seconds|seconds\[\d+\])",
    ("compare", "solve"): r"rows\[\d+\]\.times\[\d+\]|summary\.seconds",
    ("ab", "micro"): RATE_FIELDS,
    ("ab", "perft"): r"rows\[\d+\]\.(depth|median_seconds|leaves)",
    ("ab", "bench"): r"rows\[\d+\]\.(seconds|nodes|other_nodes)|summary\.(seconds|nodes)",
    ("ab", "solve"): r"(rows\[\d+\]\.|summary\.)(seconds|nodes|selective_nodes|shallow_nodes)",
    ("ab", "search"): r"rows\[\d+\]\.(seconds|nodes)",
    ("ab", "meta"): r"rounds",
}
REQUIRED = {  # of those, the ones that must be there
    ("compare", "perft"): r"rows\[\d+\]\.(depth|median_seconds)",
    ("compare", "solve"): r"summary\.seconds",
    ("ab", "perft"): r"rows\[\d+\]\.(depth|median_seconds|leaves)",
    ("ab", "bench"): READ[("ab", "bench")],
    ("ab", "solve"): r"(rows\[\d+\]|summary)\.seconds",
    ("ab", "search"): READ[("ab", "search")],
    ("ab", "meta"): r"rounds",
}


class Cases(unittest.TestCase):
    """One malformed input at a time; each is exit 2, one line, the file
    and the field named."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def assert_refused(self, result, script, named):
        code, out, err = result
        self.assertEqual(code, 2, f"{script}: {err}{out}")
        self.assertNotIn("Traceback", err)
        lines = err.strip().splitlines()
        self.assertEqual(len(lines), 1, err)
        self.assertTrue(lines[0].startswith(script + ": "), lines[0])
        for text in named:  # runs.jsonl.gz:1 is not runs.jsonl.gz:12
            self.assertRegex(lines[0], re.escape(text) + r"(?![0-9])")
        return lines[0]

    def compare_case(self, name, bad, *named, packed=False, subprocess_=False):
        """compare.py OLD NEW with NEW's document NAME replaced by bad (a
        document, text, or a function of the path that makes the file)."""
        here = tempfile.mkdtemp(dir=self.dir)
        old, new = os.path.join(here, "old"), os.path.join(here, "new")
        make_folder(old, compare_docs(1.0))
        docs = compare_docs(1.1)
        if callable(bad):
            where = make_folder(new, docs, packed)
            path = os.path.join(new, name + ".json")
            if os.path.exists(path):
                os.remove(path)
            bad(path)
        else:
            docs[name] = bad
            where = make_folder(new, docs, packed)
        return self.assert_refused(run_script("compare.py", old, new, subprocess_=subprocess_),
                                   "compare.py", [where[name], *named])

    def ab_case(self, kind, name, bad, *named, packed=False, subprocess_=False):
        folder = os.path.join(tempfile.mkdtemp(dir=self.dir), "ab")
        docs = ab_docs(kind)
        if callable(bad):
            where = make_folder(folder, docs, packed)
            path = os.path.join(folder, name + ".json")
            os.remove(path)
            bad(path)
        else:
            docs[name] = bad
            where = make_folder(folder, docs, packed)
        return self.assert_refused(run_script("ab.py", "table", folder, subprocess_=subprocess_),
                                   "ab.py", [where[name], *named])

    # compare.py

    def test_compare_perft_row_without_median(self):
        doc = compare_docs(1.1)["perft-avx512"]
        del doc["rows"][1]["median_seconds"]
        line = self.compare_case("perft-avx512", doc, "rows[1].median_seconds: missing",
                                 subprocess_=True)
        self.assertTrue(line.endswith("perft-avx512.json: rows[1].median_seconds: missing"))

    def test_compare_solve_without_rows(self):
        self.compare_case("fforum-1-19", {"kind": "solve"}, ": rows: missing")

    def test_compare_wrong_types(self):
        doc = compare_docs(1.1)["fforum-1-19"]
        doc["rows"][0]["times"] = "0.01 0.0101"
        self.compare_case("fforum-1-19", doc, "rows[0].times: expected a list, got the string")
        doc = compare_docs(1.1)["micro"]
        doc["benchmarks"][2]["flips/s"] = "fast"
        self.compare_case("micro", doc, 'benchmarks[2].flips/s: expected a number >= 0, '
                                        'got the string "fast"')
        doc = compare_docs(1.1)["perft-avx512"]
        doc["rows"][0]["depth"] = 8.5
        self.compare_case("perft-avx512", doc, "rows[0].depth: expected an integer >= 0, got 8.5")

    def test_compare_nan_and_bad_numbers(self):
        for value, shown in ((math.nan, "NaN"), (math.inf, "Infinity"), (-0.01, "-0.01"),
                             (0, "0"), ("0.01", 'the string "0.01"'), (None, "null"),
                             (True, "true")):
            doc = compare_docs(1.1)["fforum-1-19"]
            doc["rows"][2]["times"][1] = value
            self.compare_case("fforum-1-19", doc,
                              f"rows[2].times[1]: expected a number > 0, got {shown}")
        doc = compare_docs(1.1)["fforum-1-19"]
        doc["summary"]["seconds"] = math.nan
        self.compare_case("fforum-1-19", doc, "summary.seconds: expected a number >= 0, got NaN")

    def test_compare_nested_wrong_and_empty(self):
        doc = compare_docs(1.1)["fforum-1-19"]
        doc["summary"] = [doc["summary"]]
        self.compare_case("fforum-1-19", doc, "summary: expected an object, got a list")
        doc = compare_docs(1.1)["perft-avx512"]
        doc["rows"] = []
        self.compare_case("perft-avx512", doc,
                          "rows: expected a non-empty list, got an empty list")
        doc = compare_docs(1.1)["micro"]
        doc["benchmarks"] = {"flip": doc["benchmarks"]}
        self.compare_case("micro", doc, "benchmarks: expected a list, got an object")
        doc = compare_docs(1.1)["micro"]
        doc["benchmarks"][0] = [doc["benchmarks"][0]]
        self.compare_case("micro", doc, "benchmarks[0]: expected an object, got a list")

    def test_compare_document_of_the_wrong_type(self):
        self.compare_case("perft-avx512", [], "expected an object, got an empty list")
        self.compare_case("manifest", "null", "expected an object, got null")
        self.compare_case("micro", [compare_docs(1.1)["micro"]], "expected an object, got a list")
        self.compare_case("bench-avx512", {"kind": 5}, "kind: expected a string, got 5")

    def test_compare_not_json(self):
        self.compare_case("micro", "not json", "not JSON")
        text = json.dumps(compare_docs(1.1)["perft-avx512"])
        self.compare_case("perft-avx512", text[:len(text) // 2], "not JSON")  # cut short
        self.compare_case("fforum-1-19", "", "not JSON")
        def not_utf8(path):
            with open(path, "wb") as f:
                f.write(b'{"kind": "\xff"}')
        self.compare_case("fforum-1-19", not_utf8, "not JSON")

    def test_compare_not_a_file(self):
        self.compare_case("perft-avx512", os.makedirs, "cannot be read: Is a directory")
        self.compare_case("fforum-1-19", lambda p: os.symlink(p, p),  # a loop
                          "cannot be read: Too many levels of symbolic links")
        self.compare_case("fforum-1-19", lambda p: os.symlink(p + ".gone", p),
                          "cannot be read: No such file or directory")
        if os.geteuid() != 0:  # root reads any file
            def unreadable(path):
                write(path, compare_docs(1.1)["fforum-1-19"])
                os.chmod(path, 0)
            self.compare_case("fforum-1-19", unreadable, "cannot be read: Permission denied")

    def test_compare_packed(self):
        doc = compare_docs(1.1)["perft-avx512"]
        del doc["rows"][1]["median_seconds"]
        line = self.compare_case("perft-avx512", doc,
                                 "(perft-avx512): rows[1].median_seconds: missing",
                                 packed=True, subprocess_=True)
        self.assertRegex(line, f"^compare.py: {re.escape(self.dir)}/\\w+/new/runs\\.jsonl\\.gz:")
        text = json.dumps({"name": "perft-avx512", "doc": compare_docs(1.1)["perft-avx512"]})
        self.compare_case("perft-avx512", text[:40], "not JSON", packed=True)  # the line cut
        self.compare_case("perft-avx512", '{"name": 5, "doc": {}}',
                          "name: expected a string, got 5", packed=True)
        self.compare_case("perft-avx512", '{"name": "perft-avx512"}', "doc: missing",
                          packed=True)
        self.compare_case("perft-avx512", '["perft-avx512", {}]', "expected an object",
                          packed=True)

    def test_compare_damaged_pack(self):
        old, new = os.path.join(self.dir, "old"), os.path.join(self.dir, "new")
        make_folder(old, compare_docs(1.0))
        make_folder(new, compare_docs(1.1), packed=True)
        pack = os.path.join(new, "runs.jsonl.gz")
        with open(pack, "rb") as f:
            data = f.read()
        for damaged in (data[:len(data) // 2], data[:10] + bytes(40) + data[50:],
                        b"not gzip"):
            with open(pack, "wb") as f:
                f.write(damaged)
            self.assert_refused(run_script("compare.py", old, new), "compare.py",
                                [pack, "not a readable pack"])
        with gzip.open(pack, "wb") as f:  # gzip, but not UTF-8
            f.write(b'{"name": "x", "doc": {}}\n\xff\xfe\n')
        self.assert_refused(run_script("compare.py", old, new), "compare.py",
                            [pack + ":2: not JSON: 'utf-8' codec can't decode"])

    # ab.py table

    def test_ab_meta(self):
        self.ab_case("solve", "ab", {}, "ab.json: a: missing", subprocess_=True)
        self.ab_case("solve", "ab", [], "ab.json: expected an object, got an empty list")
        for rounds, shown in (("4", 'the string "4"'), (0, "0"), (2.5, "2.5"), (None, "null"),
                              ([1, 2], "a list")):
            doc = ab_docs("solve")["ab"]
            doc["rounds"] = rounds
            self.ab_case("solve", "ab", doc,
                         f"ab.json: rounds: expected an integer >= 1, got {shown}")
        doc = ab_docs("solve")["ab"]
        doc["commands"]["new"] = ["new/reversi-bench", "solve"]
        self.ab_case("solve", "ab", doc, "commands.new: expected a string, got a list")
        doc = ab_docs("solve")["ab"]
        doc["b"] = {"name": "new"}
        self.ab_case("solve", "ab", doc, "ab.json: b: expected a string, got an object")

    def test_ab_rounds(self):
        doc = ab_docs("perft")["old-2"]
        del doc["rows"][0]["median_seconds"]
        self.ab_case("perft", "old-2", doc, "old-2.json: rows[0].median_seconds: missing")
        self.ab_case("solve", "new-3", {"kind": "solve"}, "new-3.json: rows: missing")
        doc = ab_docs("solve")["new-1"]
        doc["kind"] = "solves"
        self.ab_case("solve", "new-1", doc, 'kind: expected one of "perft", "bench", "solve", '
                                            '"search"', 'got the string "solves"')
        doc = ab_docs("perft")["new-4"]
        doc["rows"][1]["leaves"] = "3,005,288"
        self.ab_case("perft", "new-4", doc, "rows[1].leaves: expected a count")
        doc = ab_docs("bench")["old-1"]
        doc["rows"][2]["nodes"] = math.nan
        self.ab_case("bench", "old-1", doc, "rows[2].nodes: expected an integer >= 0, got NaN")
        doc = ab_docs("bench")["old-1"]
        doc["summary"]["seconds"] = "1.2"
        self.ab_case("bench", "old-1", doc, "summary.seconds: expected a number >= 0")
        doc = ab_docs("search")["new-2"]
        doc["rows"] = []
        self.ab_case("search", "new-2", doc, "rows: expected a non-empty list")
        doc = ab_docs("search")["new-2"]
        doc["rows"][0]["seconds"] = -1
        self.ab_case("search", "new-2", doc, "rows[0].seconds: expected a number >= 0, got -1")
        doc = ab_docs("micro")["new-2"]
        doc["benchmarks"][1] = 5
        self.ab_case("micro", "new-2", doc, "benchmarks[1]: expected an object, got 5")
        doc = ab_docs("micro")["new-2"]
        doc["benchmarks"] = [b for b in doc["benchmarks"] if "error_occurred" in b]
        self.ab_case("micro", "new-2", doc, "benchmarks: no benchmark with a rate counter")
        self.ab_case("solve", "old-3", [], "old-3.json: expected an object")

    def test_ab_files(self):
        self.ab_case("solve", "ab", os.makedirs, "ab.json: cannot be read: Is a directory")
        self.ab_case("solve", "old-2", os.makedirs, "old-2.json: cannot be read")
        self.ab_case("solve", "new-2", "{'a': 1}", "new-2.json: not JSON")
        text = json.dumps(ab_docs("bench")["new-1"])
        self.ab_case("bench", "new-1", text[:-1], "new-1.json: not JSON")
        self.ab_case("solve", "ab", lambda p: os.symlink(p, p), "ab.json: cannot be read")

    def test_ab_packed(self):
        doc = ab_docs("solve")["new-2"]
        doc["rows"][1]["seconds"] = "0.2"
        line = self.ab_case("solve", "new-2", doc, "(new-2): rows[1].seconds: expected a number",
                            packed=True)
        self.assertRegex(line, r"runs\.jsonl\.gz:\d+ \(new-2\)")
        self.ab_case("solve", "ab", '{"name": "ab", "doc": {"a": "old"', "not JSON",
                     packed=True)
        self.ab_case("solve", "ab", {"a": "old", "b": "new", "rounds": "4"}, "(ab): rounds",
                     packed=True)


# --- the fuzzer --------------------------------------------------------------

def paths(doc, here=()):
    """Every node of a JSON document: (path, value), the document itself first."""
    yield here, doc
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from paths(v, here + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from paths(v, here + (i,))


def field(path):
    """A path as the scripts name it: rows[3].median_seconds."""
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else p)
    return out


def replace(doc, path, value):
    if not path:
        return value
    parent = doc
    for p in path[:-1]:
        parent = parent[p]
    parent[path[-1]] = value
    return doc


def is_number(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool)


OTHER_VALUES = [None, True, "x", "", 7, 1.5, [], {}, [1], {"a": 1}]
BAD_NUMBERS = [math.nan, math.inf, -math.inf, -1, None]


def mutate(rng, doc):
    """(the mutated document or text, the mutation, the path changed or None)."""
    doc = copy.deepcopy(doc)
    nodes = list(paths(doc))
    how = rng.choice(["drop", "type", "nest", "truncate", "empty", "kind", "number",
                      "number", "drop"])
    if how == "drop":
        keyed = [p for p, _ in nodes if p and isinstance(p[-1], str)]
        path = rng.choice(keyed)
        parent = doc
        for p in path[:-1]:
            parent = parent[p]
        del parent[path[-1]]
        return doc, how, path
    if how == "type":
        path, value = rng.choice(nodes)
        other = rng.choice([v for v in OTHER_VALUES if type(v) is not type(value)])
        return replace(doc, path, copy.deepcopy(other)), how, path
    if how == "nest":
        path, value = rng.choice(nodes)
        if isinstance(value, (list, dict)) and value and rng.random() < 0.5:
            inner = value[0] if isinstance(value, list) else next(iter(value.values()))
            return replace(doc, path, inner), "unnest", path
        return replace(doc, path, rng.choice([[value], {"value": value}])), how, path
    if how == "truncate":
        text = json.dumps(doc)
        return text[:rng.randrange(len(text))], how, None
    if how == "empty":
        containers = [(p, v) for p, v in nodes if isinstance(v, (list, dict)) and v]
        path, value = rng.choice(containers)
        return replace(doc, path, type(value)()), how, path
    if how == "kind":
        kind = rng.choice(["perfx", "", "Solve", "bench", "search", "solve", "perft",
                           "micro", 5, None])
        doc["kind"] = kind
        return doc, how, ("kind",)
    numbers = [(p, v) for p, v in nodes if is_number(v)]
    path, value = rng.choice(numbers)
    bad = rng.choice(BAD_NUMBERS + [str(value)])
    return replace(doc, path, bad), "number", path


class Fuzz(unittest.TestCase):
    """FUZZ_DOCUMENTS mutated documents (seed SEED), each in a fresh folder."""

    def test_fuzz(self):
        rng = random.Random(SEED)
        bases = [("compare+ab", "micro"), ("compare+ab", "perft"), ("compare+ab", "solve"),
                 ("ab", "bench"), ("ab", "search"), ("ab", "meta")]
        exits = {0: 0, 2: 0}
        refused_fields = 0
        with tempfile.TemporaryDirectory() as tmp:
            for n in range(FUZZ_DOCUMENTS):
                scripts, kind = bases[n % len(bases)]
                packed = rng.random() < 0.3
                case = os.path.join(tmp, str(n))
                runs = []
                if "compare" in scripts:
                    name = {"micro": "micro", "perft": "perft-avx512",
                            "solve": "fforum-1-19"}[kind]
                    mutant, how, path = mutate(rng, compare_docs(1.1)[name])
                    make_folder(os.path.join(case, "old"), compare_docs(1.0))
                    docs = compare_docs(1.1)
                    docs[name] = mutant
                    where = make_folder(os.path.join(case, "new"), docs, packed)[name]
                    runs.append(("compare", ("compare.py", os.path.join(case, "old"),
                                             os.path.join(case, "new")), where))
                folder_kind = rng.choice(AB_KINDS) if kind == "meta" else kind
                docs = ab_docs(folder_kind, rounds=3)
                name = "ab" if kind == "meta" else rng.choice(sorted(set(docs) - {"ab"}))
                if "compare" not in scripts:
                    mutant, how, path = mutate(rng, docs[name])
                docs[name] = mutant
                where = make_folder(os.path.join(case, "ab"), docs, packed)[name]
                runs.append(("ab", ("ab.py", "table", os.path.join(case, "ab")), where))
                for script, args, where in runs:
                    code, out, err = run_script(*args)
                    what = f"case {n}: {script} on {kind}, {how} at {path}: {err}{out[-500:]}"
                    self.assertIn(code, (0, 2), what)
                    exits[code] += 1
                    if code == 2:
                        lines = err.strip().splitlines()
                        self.assertEqual(len(lines), 1, what)
                        self.assertRegex(lines[0], re.escape(where) + r"(?![0-9])", what)
                    if how in ("number", "drop") and path is not None:
                        read = READ.get((script, kind))
                        must = REQUIRED.get((script, kind)) if how == "drop" else read
                        if must and re.fullmatch(must, field(path)):
                            self.assertEqual(code, 2, what)
                            self.assertIn(f": {field(path)}: ", err, what)
                            refused_fields += 1
        # the fuzzer reaches both ends, and the fields the scripts read
        self.assertGreater(exits[2], FUZZ_DOCUMENTS // 3, exits)
        self.assertGreater(exits[0], 10, exits)
        self.assertGreater(refused_fields, 20)


# --- valid input ---------------------------------------------------------------

class Valid(unittest.TestCase):
    def test_made_up_folders_give_the_tables_of_before(self):
        with tempfile.TemporaryDirectory() as tmp:
            for packed in (False, True):
                old, new = os.path.join(tmp, f"old-{packed}"), os.path.join(tmp, f"new-{packed}")
                make_folder(old, compare_docs(1.0), packed)
                make_folder(new, compare_docs(1.1), packed)
                code, out, err = run_script("compare.py", old, new, subprocess_=not packed)
                self.assertEqual((code, err), (0, ""))
                # The tables of before, and since, a line on the machine's
                # drift (these folders have no calibration runs).
                lines = out.split("\n")
                self.assertTrue(lines[1].startswith("drift of the machine: unknown"), lines[1])
                self.assertEqual("\n".join(lines[:1] + lines[2:]), GOLDEN["compare"])
                for kind in AB_KINDS:
                    folder = os.path.join(tmp, f"ab-{kind}-{packed}")
                    make_folder(folder, ab_docs(kind), packed)
                    code, out, err = run_script("ab.py", "table", folder)
                    self.assertEqual((code, err), (0, ""))
                    self.assertEqual(out, GOLDEN[f"ab {kind}"], kind)

    def test_results_folders_still_read(self):
        # every ab folder under results/ (packed: `table` writes nothing there)
        # and the first two reproduction runs of each folder that has some
        packs = sorted(glob.glob(os.path.join(ROOT, "results", "*", "runs.jsonl.gz")))
        ab_folders, runs = [], {}
        for pack in packs:
            top = os.path.dirname(pack)
            with gzip.open(pack, "rt", encoding="utf-8") as f:
                for line in f:
                    name = json.loads(line).get("name", "")
                    base = name.rsplit("/", 1)[-1]
                    here = os.path.join(top, name[:-len(base)]).rstrip("/")
                    if base == "ab":
                        ab_folders.append(here)
                    elif base == "manifest":
                        runs.setdefault(top, []).append(here)
        for manifest in glob.glob(os.path.join(ROOT, "results", "*", "**", "manifest.json"),
                                  recursive=True):
            top = os.path.join(ROOT, "results",
                               os.path.relpath(manifest, os.path.join(ROOT, "results"))
                               .split(os.sep)[0])
            runs.setdefault(top, []).append(os.path.dirname(manifest))
        self.assertGreater(len(ab_folders), 0)
        for folder in ab_folders:
            if os.path.exists(os.path.join(folder, "ab.json")):
                continue  # a loose run: `table` would write its ab-summary.json
            code, out, err = run_script("ab.py", "table", folder)
            self.assertEqual(code, 0, f"{folder}: {err}")
            self.assertIn("geometric mean", out)
        pairs = [sorted(set(r))[:2] for r in runs.values() if len(set(r)) >= 2]
        self.assertGreater(len(pairs), 0)
        for old, new in pairs:
            code, out, err = run_script("compare.py", old, new)
            self.assertEqual(code, 0, f"{old} {new}: {err}")
            self.assertIn("rows compared", out)


if __name__ == "__main__":
    unittest.main()
