#!/usr/bin/python3
"""Writes REPORT.md and plots for one results folder made by reproduce.py.

Usage: scripts/report.py RESULTS_DIR

Everything in the report is read from the folder's JSON files; the verdicts
of the claims table follow the explicit rules written next to each claim.
"""
import collections
import os
import statistics
import sys

import matplotlib

import claims as claims_module
import raw_runs

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def load(folder, name):
    """The folder's document NAME (NAME.json, or packed in runs.jsonl.gz), or None."""
    try:
        return raw_runs.load(folder, name)
    except ValueError as e:
        sys.exit(f"report: {e}")


def fmt(x, digits=3):
    if x is None:
        return "-"
    if isinstance(x, int):
        return f"{x:,}"
    if x == 0:
        return "0"
    if abs(x) >= 1e6:
        return f"{x / 1e6:.{digits}g} M"
    return f"{x:.{digits}g}"


def table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


# --- spreads: "median (min-max)" of the repetitions ------------------------------

def seconds_text(x):
    return f"{x:.3f}"


def ns_text(x):
    return f"{x:.2f}"


def with_spread(median, samples, form):
    """The median, then the lowest and the highest of the repetitions' samples,
    each written by form: "11.41 (11.20-11.90)", "19.2 M (16.7-19.5 M)"; the
    median alone with fewer than two samples."""
    if len(samples) < 2:
        return form(median)
    low, high = form(min(samples)), form(max(samples))
    if low.endswith(" M") and high.endswith(" M"):
        low = low[:-2]
    return f"{form(median)} ({low}-{high})"


def error_bars(ax, xs, ys, samples, **style):
    """Error bars from the lowest to the highest sample at each point (x, y)
    that has two samples or more."""
    points = [(x, y, min(s), max(s)) for x, y, s in zip(xs, ys, samples) if len(s) > 1]
    if not points:
        return
    ax.errorbar([p[0] for p in points], [p[1] for p in points],
                yerr=[[max(0, y - low) for _, y, low, _ in points],
                      [max(0, high - y) for _, y, _, high in points]],
                fmt="none", capsize=3, **style)


# --- micro benchmarks -------------------------------------------------------

MICRO_KINDS = [
    ("flip/corpus", "flips/s", "ns per flip (corpus)"),
    ("flip/synthetic", "flips/s", "ns per flip (full board, one empty)"),
    ("legal_moves/corpus", "masks/s", "ns per legal-move mask"),
    ("play_undo/corpus", "plays/s", "ns per play+undo"),
    ("move_loop/corpus", "moves/s", "ns per move (move loop)"),
]
# What only plug-ins (and builtin:walk, the example plug-in compiled in) have:
# their own play/undo and the bulk move count.
PLUGIN_KINDS = [
    ("play_undo_own/corpus", "plays/s", "ns per play+undo (its own state)"),
    ("count_moves/corpus", "positions/s", "ns per position (bulk move count)"),
]


# A micro benchmark's figure: the median ns per operation, the coefficient of
# variation (None when unknown) and each repetition's ns (1e9 / its rate; []
# when the JSON holds only the aggregates, as the older runs' do).
MicroNs = collections.namedtuple("MicroNs", "ns cv samples")


def micro_ns(micro):
    """{(kind, variant): MicroNs}: the median and spread of the iteration
    runs (one per repetition) when there are several, else the "median" and
    "cv" aggregates (older runs keep only those), else the one run."""
    out = {}
    if not micro:
        return out
    samples, medians, cvs = {}, {}, {}
    for b in micro.get("benchmarks", []):
        if b.get("error_occurred"):
            continue
        kind, _, variant = b.get("run_name", b["name"]).rpartition("/")
        for k, counter, _ in MICRO_KINDS + PLUGIN_KINDS:
            if kind != k or counter not in b:
                continue
            key = (k, variant)
            if b.get("run_type") == "aggregate":
                if b["aggregate_name"] == "median":
                    medians[key] = b[counter]
                elif b["aggregate_name"] == "cv":
                    cvs[key] = b[counter]
            else:
                samples.setdefault(key, []).append(b[counter])
    for key in set(medians) | set(samples):
        rates = samples.get(key, [])
        # The repetitions' own median when there are some: the range shown is theirs.
        if len(rates) > 1:
            rate = statistics.median(rates)
        else:
            rate = medians.get(key) or (rates[0] if rates else 0)
        spread = cvs.get(key)
        if spread is None and len(rates) > 1:
            spread = statistics.stdev(rates) / statistics.mean(rates)
        if rate > 0:
            out[key] = MicroNs(1e9 / rate, spread, [1e9 / r for r in rates if r > 0])
    return out


def micro_cell(m):
    """ns per operation: "median (min-max)" of the repetitions; from a run
    with only the aggregates "median ±cv%", or the median alone."""
    if not m:
        return "-"
    if len(m.samples) > 1:
        return with_spread(m.ns, m.samples, ns_text)
    if m.cv is not None:
        return f"{m.ns:.2f} ±{m.cv * 100:.1f}%"
    return f"{m.ns:.2f}"


# --- solve runs ---------------------------------------------------------------

def repetition_totals(rows):
    """Each repetition's total seconds over a solve run's positions (repetition
    k: the sum of every row's k-th time); [] with a single repetition, or when
    a repetition was cut off by the time limit (the rows' times then do not
    line up)."""
    counts = {len(r.get("times", [])) for r in rows}
    if len(counts) != 1 or any(r.get("timed_out_runs", 0) for r in rows):
        return []
    n = counts.pop()
    return [sum(r["times"][k] for r in rows) for k in range(n)] if n > 1 else []


def solve_summary(run):
    """A solve run's figures; "seconds" is the sum of the positions' medians,
    "totals" each repetition's total (repetition_totals)."""
    if not run:
        return None
    s = run["summary"]
    rows = run["rows"]
    return {
        "variant": run["config"]["variant"],
        "moves": run["config"]["moves"],
        "nodes": s["nodes"],
        "seconds": s["seconds"],
        "wrong": s["wrong_scores"],
        "unsolved": s["not_solved"],
        "positions": s["positions"],
        "scores": [r.get("score") for r in rows],
        "times": [r["seconds"] for r in rows],
        "totals": repetition_totals(rows),
    }


def run_seconds(s):
    """A solve run's seconds as the tables show them: the median of its
    repetitions' totals, or the sum of the positions' medians when there are
    no totals (one run)."""
    return statistics.median(s["totals"]) if s["totals"] else s["seconds"]


def seconds_cell(s):
    """A solve run's seconds, "median (min-max)" of its repetitions' totals."""
    return with_spread(run_seconds(s), s["totals"], seconds_text)


def ratio(a, b):
    return a / b if a and b else None


# The ladder of runs made before the manifest named its rungs.
LEGACY_LADDER = [{"name": n, "label": label} for n, label in [
    ("minimax", "minimax"), ("alphabeta", "alpha-beta"), ("list", "+ move list"),
    ("fastest", "+ fastest-first"), ("table", "+ table"), ("pvs", "PVS"),
    ("last-empty", "+ last-empty shortcut"), ("few-empties", "+ few-empties path"),
    ("cutoffs", "+ ETC, stability"), ("mobility", "+ mobility order")]]


# --- the 18-empty claim -------------------------------------------------------

def e18_curve(folder, manifest):
    """The depth curve of the 18-empty claim (runs e18-claim-ALGO-dD): a
    table and a plot ({"lines": ...}); None when the run has none."""
    spec = manifest.get("e18_claim")
    if not spec:
        return None
    limit = spec["time_limit"]
    rows, points, runs = [], {}, {}
    for algo in spec["algos"]:
        for depth in spec["depths"]:
            run = load(folder, f"e18-claim-{algo}-d{depth}")
            if not run:
                if depth in spec.get("skipped", {}).get(algo, []):
                    rows.append([depth, algo, spec["min_empties"][str(depth)],
                                 "not run (a shallower depth took over "
                                 f"{spec['stop_factor']}× the best)", "-", "-", "-", "-"])
                continue
            s = run["summary"]
            times = [r["seconds"] for r in run["rows"]]
            solved = [r for r in run["rows"] if r["solved"]]
            wrong = s["wrong_scores"]
            # A position cut off at the limit took at least the limit: the
            # total and the worst are then lower bounds.
            cut = s["not_solved"] > 0
            over = "≥ " if cut else ""
            point = {"depth": depth, "seconds": s["seconds"], "worst": max(times),
                     "median": statistics.median(times), "cut": cut, "wrong": wrong,
                     "positions": len(times)}
            points.setdefault(algo, []).append(point)
            runs.setdefault(algo, []).append((depth, run))
            rows.append([depth, algo, run["config"]["shallow_min_empties"],
                         f"{len(solved)}/{len(times)}" + (f", {wrong} WRONG" if wrong else ""),
                         f"{over}{s['seconds']:.2f}", f"{over}{point['median']:.2f}",
                         f"{over}{point['worst']:.2f}",
                         f"{s['nodes']:,} + {s.get('shallow_nodes', 0):,}"])
    if not rows:
        return None
    best = claims_module.best_depths(runs)
    n = len(spec["positions"])
    which = (f"all {n} positions" if n == 30 else
             f"{n} of its 30 positions (" + ", ".join(f"#{i}" for i in spec["positions"]) + ")")
    lines = ["## 18 empties: alpha-beta and NegaScout with shallow-search ordering", "",
             f"`positions/e18.obf`, {which}; `kindergarten` (the Kindergarten bitboard, legal "
             "mask, no empty list), no table, one thread. The moves are ordered by a search of "
             "each child D plies deep with the classic evaluation (mobility, corners, disc "
             "difference) at its leaves, at nodes with at least E empties (column E, chosen in "
             "`scripts/reproduce.py` so that no ordering search reaches the last few empties), "
             "and in the board's a1..h8 order below "
             f"(`--order shallow --eval classic --shallow-mobility 0 --shallow-below none`). "
             f"A position not solved in {limit:g} s is cut off (≥: a lower bound). Nodes: the "
             "search's + the ordering searches'.", "",
             table(["depth D", "algorithm", "E", "solved", "total s", "median s", "worst s",
                    "nodes + ordering nodes"], rows), ""]
    if best:
        lines += ["Best depth: " + "; ".join(
            f"{algo} D = {b['depth']} ({'≥ ' if b['cut'] else ''}{b['seconds']:.2f} s)"
            for algo, b in best.items()) + ".", "", "![e18 by ordering depth](e18-depth.png)", ""]
        fig, ax = plt.subplots(figsize=(6, 4))
        for algo, pts in points.items():
            ax.plot([p["depth"] for p in pts], [p["seconds"] for p in pts], "o-",
                    label="NegaScout (pvs)" if algo == "pvs" else algo)
            cut = [p for p in pts if p["cut"]]
            if cut:
                ax.plot([p["depth"] for p in cut], [p["seconds"] for p in cut], "x",
                        color="red", markersize=9)
        ax.set_xlabel("ordering search depth D")
        ax.set_ylabel(f"seconds, {n} positions")
        ax.set_yscale("log")
        ax.set_title("e18: time by ordering depth" + (" (red x: positions cut off)" if any(
            p["cut"] for pts in points.values() for p in pts) else ""))
        ax.legend()
        fig.tight_layout()
        fig.savefig(os.path.join(folder, "e18-depth.png"), dpi=110)
        plt.close(fig)

    return {"lines": lines}


def engines_section(folder, manifest):
    """Whole engines (engine-test, run.sh --engine): a table of each engine's
    answers and times, and a plot of the time of each position; [] when the
    run has none."""
    spec = manifest.get("engines")
    run = load(folder, "engines")
    if not spec or not run:
        return []
    rows = []
    for e in run["engines"]:
        s = e["summary"]
        rows.append([f"`{e['name']}`", e["protocol"], s["positions"], s["right"], s["wrong_moves"],
                     s["wrong_scores"], s["faults"], f"{s['seconds']:.3f}",
                     f"{s['seconds_per_position']:.4f}",
                     "-" if s["engine_seconds"] is None else f"{s['engine_seconds']:.3f}",
                     "-" if s["engine_nodes"] is None else f"{s['engine_nodes']:,}"])
    described = []
    for e in run["engines"]:
        if e["protocol"] == "builtin":
            sv = e["solver"]
            described.append(f"`builtin`: the project's solver, preset `{sv['preset']}` on "
                             f"`{sv['variant']}`, {sv['tt_mb']} MiB table, "
                             f"{sv['threads']} thread(s)")
        else:
            setup = f", set-up `{e['gtp_setup']}`" if e["gtp_setup"] else ""
            described.append(f"`{e['name']}`: `{e['command']}` ({e['protocol']}{setup})")
    lines = ["## Whole engines", "",
             f"`reversi-bench engine-test` on `positions/{spec['suite']}.obf`, each engine in "
             f"turn over every position (a time limit of {spec['time_limit']} s a position; "
             "docs/engines.md). Right: the move has the best listed score (an unlisted move "
             "scored by the project's solver) and the score, when the protocol gives one, is the "
             "published one. Seconds: wall time from the request for a move to the answer, "
             "summed; engine s and nodes: what the engine itself reported (NBoard).", "",
             "; ".join(described) + ".", "",
             table(["engine", "protocol", "positions", "right", "wrong moves", "wrong scores",
                    "faults", "seconds", "s/position", "engine s", "engine nodes"], rows), ""]
    faults = [(e["name"], r) for e in run["engines"] for r in e["rows"] if r["fault"]]
    if faults:
        lines += ["Faults:", ""] + [f"- `{name}` {r['position']}: {r['fault']['kind']}: "
                                    f"{r['fault']['reason']}" for name, r in faults] + [""]
    fig, ax = plt.subplots(figsize=(7, 4))
    for e in run["engines"]:
        xs = [r["index"] for r in e["rows"]]
        ax.plot(xs, [max(r["seconds"], 1e-4) for r in e["rows"]], "o-", markersize=3,
                label=e["name"])
        bad = [r for r in e["rows"] if r["fault"] or not r["right"]]
        if bad:
            ax.plot([r["index"] for r in bad], [max(r["seconds"], 1e-4) for r in bad], "x",
                    color="red", markersize=9)
    ax.set_xlabel(f"position of {spec['suite']}")
    ax.set_ylabel("seconds (log)")
    ax.set_yscale("log")
    ax.set_title("Time per position" + (" (red x: wrong or fault)" if any(
        r["fault"] or not r["right"] for e in run["engines"] for r in e["rows"]) else ""))
    ax.legend()
    fig.tight_layout()
    fig.savefig(os.path.join(folder, "engines.png"), dpi=110)
    plt.close(fig)
    return lines + ["![time per position](engines.png)", ""]


def speedup_range(base, cur):
    """The lowest and highest speedup of solve run cur over base their
    repetitions allow (base's fastest total over cur's slowest, and the
    slowest over the fastest); [] when either has no totals."""
    if not base["totals"] or not cur["totals"] or min(cur["totals"]) <= 0:
        return []
    return [min(base["totals"]) / max(cur["totals"]), max(base["totals"]) / min(cur["totals"])]


def perft_row(label, run):
    """A perft run's last depth: label, depth, leaves, median seconds, leaves/s,
    whether every depth's count matched, and each repetition's seconds."""
    last = run["rows"][-1]
    times = last["seconds"] if isinstance(last["seconds"], list) else [last["seconds"]]
    return (label, last["depth"], int(last["leaves"]), last["median_seconds"],
            last["leaves_per_second"], all(r["check"] in ("ok", "-") for r in run["rows"]), times)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: report.py RESULTS_DIR")
    folder = sys.argv[1]
    manifest = load(folder, "manifest")
    if manifest is None:
        sys.exit(f"report: {folder}/manifest.json is missing (run reproduce.py first)")
    variants = manifest["variants"]
    micro = micro_ns(load(folder, "micro"))
    any_run = None
    for name in raw_runs.names(folder):
        data = load(folder, name)
        if isinstance(data, dict) and "machine" in data:
            any_run = data
            break
    lines = ["# reversi-bench results", ""]
    if any_run:
        m, b = any_run["machine"], any_run["build"]
        lines += [f"- machine: {m['cpu_model']} ({m['cpu_features']}), "
                  f"{m['hardware_threads']} hardware threads, host `{m['host']}`",
                  f"- build: {b['compiler']}, {b['build_type']}, flags `{b['flags'].strip()}`, "
                  f"commit `{b['commit']}`",
                  f"- date: {m['date_utc']}; run: {'full' if manifest['full'] else 'quick'}, "
                  f"{manifest['repeat']} repetitions per timed measurement (medians), "
                  f"{manifest['seconds']:.0f} s in all", ""]
    if manifest.get("note"):
        lines += [f"Note: {manifest['note']}", ""]
    lines += ["All times are medians of the repetitions, single thread. The machine may be "
              "shared: compare variants within this run rather than against other runs "
              "(`scripts/compare.py` compares two runs with a rank test). A figure written "
              "\"median (min-max)\" is the median of the repetitions and, in parentheses, the "
              "fastest and the slowest repetition (the lower figure first; for a suite of "
              "positions, each repetition's total over the suite); a figure with no spread is "
              "one run (or a suite with a repetition cut off by the time limit); the plots' "
              "error bars span the same range. These tables describe the runs; the verdicts "
              "come from the intervals of the claims section, not from them.", ""]

    # Micro table and plot.
    if micro:
        aggregates_only = any(m.cv is not None and len(m.samples) < 2 for m in micro.values())
        lines += ["## Flip and move generation (micro benchmarks)", "",
                  "Nanoseconds per operation (lower is better), from `bench/micro` over "
                  "`positions/corpus.obf` (1,200 positions from seeded random games, every stage) "
                  "and the full board with one square emptied in turn. Every benchmark checked its "
                  "results against the reference board before timing."
                  + (" This run's JSON holds only the aggregates of the repetitions: \"median "
                     "±cv\" gives their coefficient of variation, not their range."
                     if aggregates_only else ""), ""]
        header = ["variant"] + [label for _, _, label in MICRO_KINDS]
        rows = [[f"`{v}`"] + [micro_cell(micro.get((k, v))) for k, _, _ in MICRO_KINDS]
                for v in variants]
        lines += [table(header, rows), "", "![ns per operation](micro.png)", ""]
        fig, ax = plt.subplots(figsize=(10, 4.5))
        kinds = MICRO_KINDS[:3]
        width = 0.8 / len(kinds)
        for i, (k, _, label) in enumerate(kinds):
            xs = [j + i * width for j in range(len(variants))]
            figures = [micro.get((k, v), MicroNs(0, None, [])) for v in variants]
            ys = [m.ns for m in figures]
            ax.bar(xs, ys, width, label=label)
            error_bars(ax, xs, ys, [m.samples for m in figures], color="black", linewidth=1)
        ax.set_xticks([j + width for j in range(len(variants))])
        ax.set_xticklabels(variants, rotation=30, ha="right")
        ax.set_ylabel("ns per operation")
        ax.set_yscale("log")
        ax.legend()
        ax.set_title("Flip and legal-move generation by variant")
        fig.tight_layout()
        fig.savefig(os.path.join(folder, "micro.png"), dpi=110)
        plt.close(fig)

    # Plug-ins: what was loaded, and the call overhead of the plug-in ABI.
    plugins = manifest.get("plugins") or []
    if plugins:
        lines += ["## Plug-ins", "",
                  "Loaded with `--plugin` and checked against the reference board before any "
                  "timing; their rows are in every table of this report beside the built-in "
                  "variants.", ""]
        lines += [f"- `{p['name']}`: {p['description']}" for p in plugins] + [""]
        own = [(p["name"], k, label) for p in plugins for k, _, label in PLUGIN_KINDS
               if micro.get((k, p["name"]))]
        if own:
            lines += ["Their optional entry points, timed as they run them:", "",
                      table(["plug-in", "operation", "ns"],
                            [[f"`{n}`", label, micro_cell(micro[(k, n)])]
                             for n, k, label in own]),
                      ""]
    if micro.get(("flip/corpus", "builtin:walk")) and micro.get(("flip/corpus", "plugin:walk")):
        rows = []
        for k, _, label in MICRO_KINDS + PLUGIN_KINDS:
            b, p = micro.get((k, "builtin:walk")), micro.get((k, "plugin:walk"))
            if b and p:
                rows.append([label, f"{b[0]:.2f}", f"{p[0]:.2f}", f"{p[0] - b[0]:+.2f}",
                             f"{p[0] / b[0]:.2f}"])
        lines += ["### The plug-in call overhead", "",
                  "The example plug-in `examples/plugins/walk.c` timed twice in the same run: "
                  "compiled into the benchmark (`builtin:walk`, direct calls) and loaded as a "
                  "plug-in (`plugin:walk`, calls through the pointers resolved at load). A "
                  "plug-in's figures include this difference.", "",
                  table(["operation", "built in (ns)", "plug-in (ns)", "difference (ns)",
                         "ratio"], rows), ""]

    # Perft table and plot.
    perft_rows = [perft_row(v, run) for v, run in
                  [(v, load(folder, f"perft-{v}")) for v in variants] if run]

    def perft_label(run):
        cfg = run["config"]
        notes = []
        if cfg.get("hash_mb"):
            keys = "symmetric keys" if cfg.get("hash_symmetry") else "plain keys"
            notes.append(f"cache {cfg['hash_mb']} MB, {keys}")
        if run["rows"][-1].get("leaf_shortcut") is False:
            notes.append("play/undo")
        return run["rows"][0]["variant"] + (f" ({', '.join(notes)})" if notes else "")

    extra = [f"perft12-{v}" for v in variants] + [f"perft12-{v}-play" for v in variants] + \
        ["perft-hash", "perft-hash-plain"]
    for name in extra:
        run = load(folder, name)
        if run:
            perft_rows.append(perft_row(perft_label(run), run))
    if perft_rows:
        lines += ["## Perft", "",
                  "From the start position, single thread, no cache unless said, convention "
                  "a124004; every count checked against `positions/perft-start.csv`. The bitboard "
                  "variants walk the tree on their two bitboards and count the last two plies "
                  "at once unless the row says play/undo (`--no-shortcut`); a cache with "
                  "symmetric keys counts mirror-image subtrees once (`--no-symmetry`: plain "
                  "keys).", "",
                  table(["variant", "depth", "leaves", "seconds", "leaves/s", "counts"],
                        [[f"`{v}`", d, f"{n:,}", with_spread(s, ts, seconds_text),
                          with_spread(r, [n / t for t in ts if t > 0], fmt),
                          "ok" if ok else "MISMATCH"]
                         for v, d, n, s, r, ok, ts in perft_rows]),
                  "", "![perft leaves per second](perft.png)", ""]
        fig, ax = plt.subplots(figsize=(9, 4))
        xs = range(len(perft_rows))
        ys = [r[4] / 1e6 for r in perft_rows]
        ax.bar(xs, ys, color="tab:green")
        error_bars(ax, xs, ys, [[r[2] / t / 1e6 for t in r[6] if t > 0] for r in perft_rows],
                   color="black", linewidth=1)
        ax.set_xticks(xs)
        ax.set_xticklabels([r[0] for r in perft_rows], rotation=30, ha="right")
        ax.set_ylabel("million leaves per second")
        ax.set_title("Perft from the start, single thread")
        fig.tight_layout()
        fig.savefig(os.path.join(folder, "perft.png"), dpi=110)
        plt.close(fig)

    # The ladder: every rung on the small suite for each board family, and
    # from alpha-beta on a deeper suite, where the techniques built for deep
    # searches are measured where they pay.
    ladder = {}
    # The rungs as reproduce.py ran them (older runs: the rungs they had).
    rungs_run = manifest.get("ladder") or LEGACY_LADDER
    rung_names = [r["name"] for r in rungs_run]
    rung_labels = [r["label"] for r in rungs_run]
    rung_adds = {r["name"]: r.get("adds", "") for r in rungs_run}
    # The boards it ran on (`list --json`'s textbook boards; older runs: the
    # three they all had).
    for family in manifest.get("ladder_boards") or ["mailbox", "shift", "kindergarten"]:
        ladder[family] = [solve_summary(load(folder, f"ladder-{family}-{r}")) for r in rung_names]
    deep_spec = manifest.get("deep_ladder")
    deep = ([solve_summary(load(folder, f"deep-{r}")) for r in deep_spec["rungs"]]
            if deep_spec else [])

    def ladder_rows(labels, rungs):
        rows = []
        first = next((r for r in rungs if r), None)
        for label, cur, prev in zip(labels, rungs, [None] + rungs[:-1]):
            if not cur:
                continue
            solved = cur["wrong"] == 0 and cur["unsolved"] == 0
            verdict = ("ok" if solved else
                       f"{cur['unsolved']} not solved" if cur["wrong"] == 0 else "WRONG")
            rows.append([label, f"`{cur['variant']}`", f"{cur['nodes']:,}",
                         seconds_cell(cur) + ("" if solved else " (at least)"),
                         fmt(ratio(run_seconds(prev), run_seconds(cur))) if prev else "-",
                         fmt(ratio(run_seconds(first), run_seconds(cur))) if first else "-",
                         verdict])
        return rows

    def ladder_plot(name, title, labels, series):
        fig, axes = plt.subplots(1, 2, figsize=(12, 4.5))
        for series_name, rungs in series.items():
            xs = [i for i, r in enumerate(rungs) if r]
            axes[0].plot(xs, [rungs[i]["nodes"] for i in xs], marker="o", label=series_name)
            ys = [run_seconds(rungs[i]) for i in xs]
            line, = axes[1].plot(xs, ys, marker="o", label=series_name)
            error_bars(axes[1], xs, ys, [rungs[i]["totals"] for i in xs],
                       color=line.get_color())
        for ax, what in zip(axes, ["nodes", "seconds"]):
            ax.set_yscale("log")
            ax.set_xticks(range(len(labels)))
            ax.set_xticklabels(labels, rotation=40, ha="right", fontsize=8)
            ax.set_title(f"{what} per rung ({title})")
            ax.legend()
        fig.tight_layout()
        fig.savefig(os.path.join(folder, name), dpi=110)
        plt.close(fig)

    if any(any(x) for x in ladder.values()):
        lines += ["## The endgame ladder", "",
                  "Each rung is a preset (`reversi-bench list --presets`) that adds one technique "
                  "to the rung before; the last, `best`, is the default of `solve`. Speedups are "
                  "ratios of times measured in this run. What each rung adds:", ""]
        lines += [f"- **{label}** (`{name}`): {rung_adds[name]}"
                  for name, label in zip(rung_names, rung_labels) if rung_adds.get(name)]
        lines += ["", f"### Every rung on `positions/{manifest['ladder_suite']}.obf`", "",
                  "Small enough for minimax. Its positions have 12 empties: the techniques that "
                  "act only at deeper nodes (the shallow order at 14-16+ empties, the pre-search, "
                  "the selective pass) add their set-up and little else here, so they show as a "
                  "loss on this suite; the deeper suite below measures them where they pay.", ""]
        for family, rungs in ladder.items():
            lines += [f"#### {family}", "",
                      table(["rung", "variant", "nodes", "seconds", "× previous", "× first",
                             "scores"], ladder_rows(rung_labels, rungs)), ""]
        ladder_plot("ladder.png", manifest["ladder_suite"], rung_labels, ladder)
        lines += ["![the ladder](ladder.png)", ""]
    if any(deep):
        deep_labels = [rung_labels[rung_names.index(r)] if r in rung_names else r
                       for r in deep_spec["rungs"]]
        fastest = deep_spec.get("fastest")
        lines += [f"### From alpha-beta on: `{deep_spec['suite']}`", "",
                  "Deeper positions, where the move order near the root decides the node count. "
                  f"One run per rung on the fastest variant (`-v auto`), each position within "
                  f"{deep_spec['time_limit']} s (a rung with positions over it shows its time as "
                  "a lower bound)."
                  + (f" The fastest rung here: `{fastest}`." if fastest else ""), "",
                  table(["rung", "variant", "nodes", "seconds", "× previous", "× first",
                         "scores"], ladder_rows(deep_labels, deep)), ""]
        ladder_plot("ladder-deep.png", deep_spec["suite"], deep_labels, {"-v auto": deep})
        lines += ["![the ladder on the deeper suite](ladder-deep.png)", ""]

    # FForum suites with the best configuration.
    def describe_solve(run):
        c = run["config"]
        if "preset" in c:  # runs since the presets: the preset and what differs from it
            differs = ", ".join(f"{k} {v}" for k, v in c.get("overrides", {}).items())
            return f"preset `{c['preset']}`" + (f" with {differs}" if differs else "")
        parts = [c["algo"], f"order {c['order']}",
                 f"{c['tt_mb']} MB table" if c["tt_mb"] else "no table"]
        if c.get("last_empty"):
            parts.append("last-empty shortcut")
        if c.get("few_empties"):
            parts.append(f"few-empties path at <= {c['few_empties']} empties")
        parts += [name for name in ("etc", "stability") if c.get(name)]
        return ", ".join(parts)

    for name in ["fforum-1-19", "fforum-20-39"]:
        rows = []
        config = None
        for v in variants:
            run = load(folder, f"{name}-{v}")
            config = config or (describe_solve(run) if run else None)
            s = solve_summary(run)
            if s:
                rows.append([f"`{v}`", seconds_cell(s), f"{s['nodes']:,}",
                             fmt(s["nodes"] / run_seconds(s) if run_seconds(s) else None),
                             s["wrong"], s["unsolved"]])
        if rows:
            best = manifest.get("best")
            chosen = (f" It is the ladder's rung `{best['rung']}`, the fastest of "
                      + ", ".join(f"`{k}` {v:.3f} s" for k, v in best["seconds"].items())
                      + f" on `{best['suite']}` with `{best['variant']}` in this run."
                      if best and "rung" in best else
                      " The preset `best` is the default of `solve`; the deep ladder above "
                      "measures it against the other rungs." if best else "")
            lines += [f"## {name} with the best configuration", "",
                      f"{config}; single thread.{chosen}", "",
                      table(["variant", "seconds", "nodes", "nodes/s", "wrong scores",
                             "not solved"], rows), ""]

    lines += engines_section(folder, manifest)

    # The e18 depth curve (its claims are decided with the others).
    curve = e18_curve(folder, manifest)
    if curve:
        lines += curve["lines"]

    # The claims, decided by reproduce.py with alternating rounds
    # (scripts/claims.py, docs/statistics.md) and recorded in claims.json.
    decided = load(folder, "claims")
    if decided:
        lines += claims_module.render(decided)
    else:
        lines += ["## Claims", "",
                  "This run has no `claims.json`: it was made before the claims were decided "
                  "by alternating rounds with intervals, when each verdict compared one figure "
                  "with a threshold. Those verdicts are in the folder's committed REPORT.md; "
                  "this report gives none.", ""]

    # The speed targets of the faster-variants issue, where this run measured them.
    targets = []
    p12 = [load(folder, f"perft12-{v}") for v in variants]
    p12 = [r for r in p12 if r]
    if p12:
        best = max(p12, key=lambda r: r["rows"][-1]["leaves_per_second"])
        rate = best["rows"][-1]["leaves_per_second"]
        targets.append(["perft(12) from the start, no cache, single thread", ">= 330 M leaves/s",
                        f"{rate / 1e6:.0f} M/s (`{best['rows'][-1]['variant']}`)",
                        "met" if rate >= 330e6 else "not met"])
    for name, keys in [("perft-hash", "symmetric keys"), ("perft-hash-plain", "plain keys")]:
        run = load(folder, name)
        if run:
            rate = run["rows"][-1]["leaves_per_second"]
            targets.append([f"perft(13) with a {run['config']['hash_mb']} MB cache ({keys})",
                            ">= 2.0 G leaves/s",
                            f"{rate / 1e9:.2f} G/s (`{run['rows'][-1]['variant']}`)",
                            "met" if rate >= 2.0e9 else "not met"])
    ff = [(v, solve_summary(load(folder, f"fforum-20-39-{v}"))) for v in variants]
    ff = [(v, s) for v, s in ff if s]
    if ff:
        v, best = min(ff, key=lambda x: x[1]["seconds"])
        ok = best["wrong"] == 0 and best["unsolved"] == 0
        targets.append(["fforum-20-39 exact, best configuration", "< 30 s",
                        f"{best['seconds']:.1f} s (`{v}`)" + ("" if ok else ", NOT ALL SOLVED"),
                        "met" if ok and best["seconds"] < 30 else "not met"])
    # The parallel search's scaling.
    scaling = manifest.get("scaling")
    if scaling:
        rows = []
        fig, ax = plt.subplots(figsize=(6, 4))
        for v in scaling["variants"]:
            runs = [(t, load(folder, f"threads-{v}-{t}")) for t in scaling["threads"]]
            runs = [(t, run) for t, run in runs if run]
            if not runs or runs[0][0] != 1:
                continue
            one = solve_summary(runs[0][1])
            points = []
            for t, run in runs:
                s = run["summary"]
                cur = solve_summary(run)
                speedup = ratio(run_seconds(one), run_seconds(cur))
                # The baseline's own spread is in its seconds; its speedup is 1.
                spread = speedup_range(one, cur) if t != 1 else []
                busy = [sum(r["idle_seconds"][i] for r in run["rows"])
                        for i in range(len(run["rows"][0]["idle_seconds"]))]
                presearch = s.get("presearch_seconds")
                rows.append([f"`{v}`", t, seconds_cell(cur), with_spread(speedup, spread, fmt),
                             f"{s['nodes']:,}", fmt(ratio(s["nodes"], one["nodes"])),
                             " ".join(f"{x:.2f}" for x in busy),
                             "-" if presearch is None else f"{presearch:.3f}",
                             s["wrong_scores"], s["not_solved"]])
                points.append((t, speedup, spread))
            line, = ax.plot([p[0] for p in points], [p[1] for p in points], "o-", label=v)
            error_bars(ax, [p[0] for p in points], [p[1] for p in points],
                       [p[2] for p in points], color=line.get_color())
        if rows:
            top = max(scaling["threads"])
            ax.plot([1, top], [1, top], ":", color="grey", label="ideal")
            ax.set_xlabel("threads per position")
            ax.set_ylabel("speedup over one thread")
            ax.set_title(f"Parallel search, {scaling['positions']}")
            ax.legend()
            fig.tight_layout()
            fig.savefig(os.path.join(folder, "scaling.png"), dpi=110)
            lines += ["## Parallel search of one position", "",
                      f"`{scaling['positions']}`, best configuration, `-t N` threads per "
                      "position (YBWC, one shared table). Seconds: the positions' times "
                      "summed, median (min-max) over the repetitions; speedup against one "
                      "thread in this run (in parentheses: the fastest one-thread total over "
                      "the slowest at N threads, and the slowest over the fastest); nodes: the sum "
                      "over all threads (the parallel search's extra work is the node ratio); "
                      "idle: seconds each thread waited for work, summed over the positions. "
                      "pre-search: its seconds, summed; with 2 threads it splits like the "
                      "exact search, with more (above --presearch-split-threads) it runs on the "
                      "first thread while the others wait, so that no thread count makes a "
                      "solve shorter than it. "
                      "On a machine with N cores, the time at N threads is then about the "
                      "pre-search's plus the rest's one-thread time times the node ratio over "
                      "N, when the idle times outside the pre-search stay small.", "",
                      table(["variant", "threads", "seconds", "speedup", "nodes",
                             "nodes / 1 thread", "idle s per thread", "pre-search s",
                             "wrong scores", "not solved"], rows), "",
                      "![scaling](scaling.png)", ""]
        plt.close(fig)

    if targets:
        lines += ["## Speed targets", "",
                  "The targets of the faster-variants issue, on this machine, single thread.", "",
                  table(["measure", "target", "this run", "verdict"], targets), ""]

    with open(os.path.join(folder, "REPORT.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"report: {os.path.join(folder, 'REPORT.md')}")


if __name__ == "__main__":
    main()
