#!/usr/bin/python3
"""`reversi-bench sprt` (run/match_stats.hpp) against computations written
here with NumPy and SciPy, on given pentanomial counts:

- the score, its normal interval (scipy.stats.norm.ppf) and the logistic
  Elo of the score and of the interval's ends;
- the SPRT's log-likelihood ratio, computed as the model defines it, a
  maximum-likelihood fit of the pentanomial under each hypothesis's mean
  score, but found by a general constrained optimiser
  (scipy.optimize.minimize, SLSQP) rather than the closed form of the
  harness, and Wald's bounds;
- the verdict those give.

Usage: test_match_stats.py PATH/TO/reversi-bench"""
import json
import math
import os
import subprocess
import sys
import tempfile
import warnings

import numpy as np
from scipy import optimize, stats

X = np.array([0.0, 0.25, 0.5, 0.75, 1.0])
failures = 0


def fail(message):
    global failures
    failures += 1
    print("FAIL: " + message)


def close(a, b, tol, what):
    if a is None or b is None:
        if a is not b:
            fail("%s: %r against %r" % (what, a, b))
        return
    if abs(a - b) > tol * max(1.0, abs(b)):
        fail("%s: %.9g against %.9g" % (what, a, b))


def elo(score):
    return None if not 0 < score < 1 else -400 * math.log10(1 / score - 1)


def mle_loglik(f, s):
    """max sum f_i ln p_i subject to sum p_i = 1, sum p_i x_i = s, p >= 0."""
    cons = [{"type": "eq", "fun": lambda p: p.sum() - 1},
            {"type": "eq", "fun": lambda p: p @ X - s}]
    start = np.full(5, 0.2)
    res = optimize.minimize(lambda p: -(f * np.log(np.maximum(p, 1e-300))).sum(), start,
                            constraints=cons, bounds=[(1e-12, 1)] * 5, method="SLSQP",
                            options={"ftol": 1e-15, "maxiter": 1000})
    if not res.success:
        raise RuntimeError(res.message)
    return (f * np.log(res.x)).sum()


def expected(counts, elo0, elo1, alpha, beta, confidence):
    n = np.array(counts, dtype=float)
    pairs = n.sum()
    mean = (n * X).sum() / pairs
    var = (n * (X - mean) ** 2).sum() / pairs
    half = stats.norm.ppf(0.5 + confidence / 2) * math.sqrt(var / pairs)
    reg = np.where(n > 0, n, 1e-3)  # the model's zero count
    total = reg.sum()
    f = reg / total
    s0, s1 = (1 / (1 + 10 ** (-e / 400)) for e in (elo0, elo1))
    llr = total * (mle_loglik(f, s1) - mle_loglik(f, s0))
    lower, upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
    verdict = "H1" if llr >= upper else "H0" if llr <= lower else "undecided"
    return {"score": mean, "score_interval": [mean - half, mean + half], "elo": elo(mean),
            "elo_interval": [elo(mean - half), elo(mean + half)], "llr": llr,
            "llr_bounds": [lower, upper], "verdict": verdict}


CASES = [
    # counts, elo0, elo1, alpha, beta, confidence
    ([10, 20, 30, 25, 15], 0, 5, 0.05, 0.05, 0.95),
    ([5, 48, 77, 50, 20], 0, 10, 0.05, 0.05, 0.95),
    ([0, 12, 300, 40, 0], 0, 5, 0.05, 0.05, 0.95),      # draw-heavy, zero counts
    ([40, 80, 200, 60, 20], -5, 0, 0.05, 0.1, 0.99),    # a weaker A
    ([10, 20, 30, 25, 15], 0, 5, 0.01, 0.2, 0.95),      # alpha and beta apart
    ([5, 10, 30, 40, 25], 0, 50, 0.2, 0.01, 0.95),      # ... and the other way
    ([1, 3, 6, 20, 70], 0, 20, 0.01, 0.01, 0.95),       # one-sided: H1 decided
    ([200, 900, 2500, 1000, 300], 0, 3, 0.05, 0.05, 0.9),
    ([3, 0, 0, 0, 0], 0, 5, 0.05, 0.05, 0.95),          # no finite Elo
]


def main():
    # SLSQP clips its trial points to the bounds, and says so.
    warnings.filterwarnings("ignore", message="Values in x were outside bounds")
    binary = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        for i, (counts, elo0, elo1, alpha, beta, confidence) in enumerate(CASES):
            out = os.path.join(tmp, "%d.json" % i)
            args = [binary, "sprt", "--penta", ",".join(map(str, counts)), "--elo0", str(elo0),
                    "--elo1", str(elo1), "--alpha", str(alpha), "--beta", str(beta),
                    "--confidence", str(confidence), "--json", out]
            done = subprocess.run(args, capture_output=True, text=True)
            if done.returncode != 0:
                fail("%s: exit %d: %s" % (" ".join(args), done.returncode, done.stderr))
                continue
            got = json.load(open(out))["result"]
            want = expected(counts, elo0, elo1, alpha, beta, confidence)
            name = "penta %s" % counts
            close(got["score"], want["score"], 1e-12, name + " score")
            for k in range(2):
                close(got["score_interval"][k], want["score_interval"][k], 1e-9,
                      name + " score interval")
                close(got["elo_interval"][k], want["elo_interval"][k], 1e-7, name + " Elo interval")
                close(got["llr_bounds"][k], want["llr_bounds"][k], 1e-12, name + " LLR bounds")
            close(got["elo"], want["elo"], 1e-9, name + " Elo")
            close(got["llr"], want["llr"], 1e-5, name + " LLR")
            if got["verdict"] != want["verdict"]:
                fail("%s verdict %s, expected %s" % (name, got["verdict"], want["verdict"]))
            print("%s: LLR %.4f (SciPy %.4f), Elo %s, %s" % (
                name, got["llr"], want["llr"], got["elo"], got["verdict"]))
    # Bad input: exit 2, naming the option.
    for args, pattern in ((["--penta", "1,2,3"], "--penta '1,2,3': five counts"),
                          (["--penta", "1,2,x,4,5"], "count 3 ('x')"),
                          (["--penta", "0,0,0,0,0"], "no pair played"),
                          (["--penta", "1,2,3,4,5", "--elo0", "5", "--elo1", "0"], "--elo0")):
        done = subprocess.run([binary, "sprt"] + args, capture_output=True, text=True)
        if done.returncode != 2 or pattern not in done.stderr:
            fail("sprt %s: exit %d, %r" % (" ".join(args), done.returncode, done.stderr))
    print("%d failures" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
