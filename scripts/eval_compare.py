#!/usr/bin/python3
"""Two evaluations' errors on one corpus, compared with their interval.

A and B are --json files of `reversi-bench eval-error` made on the same
corpus with the same games (the same samples, in the same order), one with
each evaluation's weights:

  reversi-bench eval-error --corpus C --every-game --eval-weights OLD --json a.json
  reversi-bench eval-error --corpus C --every-game --eval-weights NEW --json b.json
  scripts/eval_compare.py a.json b.json [--empties LO-HI ...] [--json OUT]

Prints, per empties count, for every range of --empties (a stage, say
16-23) and for all samples: the samples, A's and B's root-mean-square error
(discs), B/A and its 95% interval, and the verdict: "closer" when the
interval lies below 1 (B is closer to the exact scores), "farther" above 1,
"undecided" when it holds 1. The interval is a paired percentile bootstrap
that resamples whole games (scripts/stats.py: rms_ratio_interval): the
positions of one game share its errors, so the games are the independent
units. With --json, the same rows as JSON.

Exit status 2, with the file at fault, when a file cannot be read, is not
eval-error's, or measured other samples than A; 2 on a usage error."""
import argparse
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stats  # noqa: E402


def fail(message):
    print(f"eval_compare.py: {message}", file=sys.stderr)
    sys.exit(2)


def load(path):
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        fail(f"{path}: cannot read JSON: {e}")
    if not isinstance(doc, dict) or doc.get("kind") != "eval-error":
        fail(f"{path}: not a --json file of reversi-bench eval-error")
    try:
        samples = [(int(s["game"]), int(s["empties"]), float(s["label"]), float(s["evaluation"]))
                   for s in doc["samples"]]
    except (KeyError, TypeError, ValueError) as e:
        fail(f"{path}: a sample without its game, empties, label and evaluation ({e!r})")
    if not samples:
        fail(f"{path}: no sample")
    return doc, samples


def parse_range(text):
    try:
        lo, hi = (int(x) for x in text.split("-"))
    except ValueError:
        fail(f"--empties '{text}': LO-HI, two whole numbers (16-23)")
    if not 0 <= lo <= hi <= 60:
        fail(f"--empties '{text}': LO-HI with 0 <= LO <= HI <= 60")
    return lo, hi


def compare(a, b, name, keep, level):
    """The row of the samples whose empties `keep` accepts."""
    sq_a, sq_b = {}, {}
    n = 0
    for (game, empties, label, ea), (_, _, _, eb) in zip(a, b):
        if not keep(empties):
            continue
        n += 1
        sq_a[game] = sq_a.get(game, 0.0) + (ea - label) ** 2
        sq_b[game] = sq_b.get(game, 0.0) + (eb - label) ** 2
    if n == 0:
        return None
    games = sorted(sq_a)
    iv = stats.rms_ratio_interval([sq_a[g] for g in games], [sq_b[g] for g in games], level)
    if math.isnan(iv.low):
        verdict = "undecided"
    elif iv.high < 1:
        verdict = "closer"
    elif iv.low > 1:
        verdict = "farther"
    else:
        verdict = "undecided"
    return {"row": name, "samples": n, "games": len(games),
            "rms_a": math.sqrt(sum(sq_a.values()) / n), "rms_b": math.sqrt(sum(sq_b.values()) / n),
            "ratio": iv.estimate, "low": iv.low, "high": iv.high, "verdict": verdict}


def main():
    parser = argparse.ArgumentParser(
        description="Two evaluations' errors on one corpus (eval-error --json), compared game by "
        "game: B/A of the rms errors with a bootstrap interval over the games.")
    parser.add_argument("a", help="eval-error --json of the first evaluation (A)")
    parser.add_argument("b", help="eval-error --json of the second (B), on the same corpus")
    parser.add_argument("--empties", action="append", default=[], metavar="LO-HI",
                        help="also a row for the samples of LO to HI empties (repeatable)")
    parser.add_argument("--level", type=float, default=stats.LEVEL,
                        help="the intervals' level (default 0.95)")
    parser.add_argument("--json", metavar="OUT", help="also write the rows as JSON")
    args = parser.parse_args()
    if not 0 < args.level < 1:
        fail(f"--level {args.level}: a number between 0 and 1")
    ranges = [parse_range(t) for t in args.empties]
    doc_a, a = load(args.a)
    doc_b, b = load(args.b)
    if [s[:3] for s in a] != [s[:3] for s in b]:
        fail(f"{args.b}: other samples than {args.a} (not the same corpus and games: "
             "eval-error with the same --corpus and --every-game for both)")
    rows = [compare(a, b, str(e), lambda x, e=e: x == e, args.level)
            for e in sorted({s[1] for s in a})]
    rows += [compare(a, b, f"{lo}-{hi}", lambda x, lo=lo, hi=hi: lo <= x <= hi, args.level)
             for lo, hi in ranges]
    rows.append(compare(a, b, "all", lambda x: True, args.level))
    rows = [r for r in rows if r is not None]
    weights = lambda d: d["config"].get("eval_weights") or "the shipped weights"  # noqa: E731
    print(f"A: {weights(doc_a)}  B: {weights(doc_b)}")
    print(f"corpus: {doc_a['config'].get('corpus_identity', '?')}")
    print(f"{'empties':>7} {'samples':>7} {'games':>6} {'rms A':>7} {'rms B':>7} {'B/A':>6} "
          f"{f'{args.level:.0%} interval':>15}  verdict")
    for r in rows:
        interval = ("-" if math.isnan(r["low"]) else f"{r['low']:.3f}-{r['high']:.3f}")
        print(f"{r['row']:>7} {r['samples']:>7} {r['games']:>6} {r['rms_a']:>7.2f} "
              f"{r['rms_b']:>7.2f} {r['ratio']:>6.3f} {interval:>15}  {r['verdict']}")
    if args.json:
        out = {"a": args.a, "b": args.b, "level": args.level,
               "rows": [{k: (None if isinstance(v, float) and math.isnan(v) else v)
                         for k, v in r.items()} for r in rows]}
        try:
            with open(args.json, "w") as f:
                json.dump(out, f, indent=1)
        except OSError as e:
            fail(f"--json {args.json}: {e}")


if __name__ == "__main__":
    main()
