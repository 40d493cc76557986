#!/usr/bin/python3
"""scripts/stats.py against independent computations: textbook values,
SciPy's own routines, brute force; and the sequential rule on seeded
synthetic rounds whose true ratio lies inside, outside and on the edge of a
band (issue #43: decided correctly, or undecided on the edge, in at least 95%
of the trials; decided the wrong way in at most 5%)."""
import itertools
import math
import os
import sys
import unittest

import numpy as np
from scipy import stats as sps

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
import claims  # noqa: E402
import stats  # noqa: E402


class LogRatioInterval(unittest.TestCase):
    def test_textbook_t_interval(self):
        # logs 1, 2, 3: mean 2, sd 1, n 3; t(0.975, 2) = 4.303 (any t table),
        # so the half-width is 4.303 / sqrt(3) = 2.4842.
        iv = stats.log_ratio_interval(np.exp([1.0, 2.0, 3.0]))
        self.assertAlmostEqual(math.log(iv.estimate), 2.0, places=12)
        self.assertAlmostEqual(math.log(iv.low), 2.0 - 4.302653 / math.sqrt(3), places=5)
        self.assertAlmostEqual(math.log(iv.high), 2.0 + 4.302653 / math.sqrt(3), places=5)
        self.assertEqual(iv.n, 3)

    def test_against_scipy_t_interval(self):
        rng = np.random.default_rng(1)
        for n in (2, 5, 17):
            ratios = np.exp(rng.normal(0.1, 0.05, n))
            logs = np.log(ratios)
            lo, hi = sps.t.interval(0.9, n - 1, loc=logs.mean(), scale=sps.sem(logs))
            iv = stats.log_ratio_interval(ratios, 0.9)
            self.assertAlmostEqual(math.log(iv.low), lo, places=10)
            self.assertAlmostEqual(math.log(iv.high), hi, places=10)

    def test_symmetric_in_the_inverse(self):
        ratios = [1.2, 1.1, 1.3, 1.25]
        a = stats.log_ratio_interval(ratios)
        b = stats.log_ratio_interval([1 / r for r in ratios])
        self.assertAlmostEqual(a.estimate, 1 / b.estimate)
        self.assertAlmostEqual(a.low, 1 / b.high)

    def test_too_few(self):
        self.assertTrue(math.isnan(stats.log_ratio_interval([1.5]).low))
        self.assertEqual(stats.log_ratio_interval([1.5]).estimate, 1.5)
        self.assertTrue(math.isnan(stats.log_ratio_interval([]).estimate))


def brute_force_u_p(a, b):
    """The exact two-sided p of the U statistic by enumerating every split of
    the pooled sample (no ties): P(|U - mean| >= |u - mean|)."""
    pooled = list(a) + list(b)
    n, m = len(a), len(b)

    def u_of(xs, ys):
        return sum(1 for x in xs for y in ys if x > y)

    u = u_of(a, b)
    mean = n * m / 2
    count = total = 0
    for chosen in itertools.combinations(range(n + m), n):
        xs = [pooled[i] for i in chosen]
        ys = [pooled[i] for i in range(n + m) if i not in chosen]
        total += 1
        count += abs(u_of(xs, ys) - mean) >= abs(u - mean) - 1e-12
    return count / total


class RankTest(unittest.TestCase):
    def test_textbook(self):
        # Two small samples without ties; U = 17 for the first, the exact
        # two-sided p is 2 * P(U >= 17) = 2 * 7/126 = 0.1111.
        a, b = [19, 22, 16, 29, 24], [20, 11, 17, 12]
        self.assertAlmostEqual(stats.rank_test(a, b), 14 / 126, places=10)

    def test_against_brute_force(self):
        rng = np.random.default_rng(3)
        for n, m in ((3, 3), (4, 5), (6, 4)):
            a, b = rng.normal(0, 1, n), rng.normal(0.8, 1, m)
            self.assertAlmostEqual(stats.rank_test(a, b), brute_force_u_p(a, b), places=10)

    def test_smallest_p(self):
        for n, m in ((3, 3), (4, 4), (5, 5), (3, 6)):
            separated = stats.rank_test(list(range(n)), list(range(100, 100 + m)))
            self.assertAlmostEqual(separated, stats.smallest_rank_p(n, m), places=12)
        self.assertGreater(stats.smallest_rank_p(3, 3), 0.05)  # 3 a side never reaches 5%
        self.assertLess(stats.smallest_rank_p(4, 4), 0.05)

    def test_identical(self):
        self.assertEqual(stats.rank_test([1.0, 1.0, 1.0], [1.0, 1.0]), 1.0)


class MedianRatio(unittest.TestCase):
    def test_estimate_and_coverage(self):
        rng = np.random.default_rng(5)
        covered = 0
        trials = 200
        for _ in range(trials):
            a = 10 * np.exp(rng.normal(0, 0.05, 12))
            b = 11 * np.exp(rng.normal(0, 0.05, 12))
            iv = stats.median_ratio_interval(a, b, resamples=500, seed=1)
            self.assertAlmostEqual(iv.estimate, np.median(b) / np.median(a))
            self.assertLessEqual(iv.low, iv.high)
            covered += iv.low <= 1.1 <= iv.high
        # A percentile bootstrap of a median is rough with 12 samples; its
        # coverage must still be near its level.
        self.assertGreater(covered / trials, 0.85)

    def test_seeded(self):
        a, b = [1.0, 1.1, 0.9, 1.05], [1.2, 1.3, 1.25, 1.1]
        self.assertEqual(stats.median_ratio_interval(a, b, seed=4),
                         stats.median_ratio_interval(a, b, seed=4))


class RmsRatio(unittest.TestCase):
    @staticmethod
    def games(rng, n, scale_b):
        """n games of 5 to 12 samples: per game, the sums of squared errors
        under A (errors N(g, 8), g a game's shared offset) and under B (the
        same errors times scale_b plus noise of their own)."""
        sq_a, sq_b = [], []
        for _ in range(n):
            k = int(rng.integers(5, 13))
            shared = rng.normal(0, 4)
            ea = shared + rng.normal(0, 8, k)
            eb = scale_b * ea + rng.normal(0, 2, k)
            sq_a.append(float((ea ** 2).sum()))
            sq_b.append(float((eb ** 2).sum()))
        return sq_a, sq_b

    def test_estimate_is_the_ratio_of_the_rms(self):
        sq_a, sq_b = self.games(np.random.default_rng(7), 50, 0.8)
        iv = stats.rms_ratio_interval(sq_a, sq_b)
        self.assertAlmostEqual(iv.estimate, math.sqrt(sum(sq_b) / sum(sq_a)), places=12)
        self.assertLess(iv.low, iv.estimate)
        self.assertLess(iv.estimate, iv.high)
        self.assertEqual(iv.n, 50)

    def test_one_ratio_in_every_group_is_the_point(self):
        sq_a = [3.0, 7.5, 1.25, 9.0]
        iv = stats.rms_ratio_interval(sq_a, [4 * x for x in sq_a])
        self.assertEqual((iv.estimate, iv.low, iv.high), (2.0, 2.0, 2.0))
        same = stats.rms_ratio_interval(sq_a, sq_a)
        self.assertEqual((same.estimate, same.low, same.high), (1.0, 1.0, 1.0))

    def test_too_few(self):
        self.assertTrue(math.isnan(stats.rms_ratio_interval([], []).estimate))
        one = stats.rms_ratio_interval([4.0], [1.0])
        self.assertEqual(one.estimate, 0.5)
        self.assertTrue(math.isnan(one.low))
        with self.assertRaises(ValueError):
            stats.rms_ratio_interval([1.0, 2.0], [1.0])

    def test_coverage(self):
        # The true ratio of the model above: sqrt(E[(s ea + n)^2] / E[ea^2])
        # with E[ea^2] = 16 + 64, E[n^2] = 4.
        scale = 0.8
        truth = math.sqrt((scale ** 2 * 80 + 4) / 80)
        rng = np.random.default_rng(11)
        trials, covered = 200, 0
        for t in range(trials):
            sq_a, sq_b = self.games(rng, 60, scale)
            iv = stats.rms_ratio_interval(sq_a, sq_b, resamples=500, seed=t)
            covered += iv.low <= truth <= iv.high
        # A percentile bootstrap over 60 groups: near its 95% level.
        self.assertGreater(covered / trials, 0.88)

    def test_seeded(self):
        sq_a, sq_b = self.games(np.random.default_rng(2), 20, 1.1)
        self.assertEqual(stats.rms_ratio_interval(sq_a, sq_b, seed=3),
                         stats.rms_ratio_interval(sq_a, sq_b, seed=3))


class Flags(unittest.TestCase):
    def test_paired(self):
        self.assertEqual(stats.flag_paired([1.10, 1.11, 1.09, 1.10, 1.12]).flag, "slower")
        self.assertEqual(stats.flag_paired([0.90, 0.91, 0.89, 0.92]).flag, "faster")
        # significant but within the floor
        small = stats.flag_paired([1.01, 1.011, 1.009, 1.01])
        self.assertEqual(small.flag, "")
        self.assertIn("floor", small.why)
        self.assertEqual(stats.flag_paired([1.0, 1.0, 1.0]).flag, "")
        self.assertEqual(stats.flag_paired([1.3]).flag, "")
        self.assertEqual(stats.flag_paired([1.0, math.nan, 1.0]).flag, "")
        noisy = stats.flag_paired([1.2, 0.85, 1.1, 0.9])
        self.assertEqual(noisy.flag, "")
        p = sps.ttest_1samp(np.log([1.2, 0.85, 1.1, 0.9]), 0).pvalue
        self.assertAlmostEqual(noisy.p, p)

    def test_unpaired(self):
        rng = np.random.default_rng(7)
        a = 100 * np.exp(rng.normal(0, 0.02, 8))
        self.assertEqual(stats.flag_unpaired(a, a * 1.10).flag, "slower")
        self.assertEqual(stats.flag_unpaired(a, a / 1.10).flag, "faster")
        self.assertEqual(stats.flag_unpaired(a, a * 1.01).flag, "")  # within the floor
        few = stats.flag_unpaired([1, 2, 3], [10, 11, 12])  # 3 a side: cannot reach 5%
        self.assertEqual(few.flag, "")
        self.assertIn("cannot reach", few.why)

    def test_aa_false_flags(self):
        """Same distribution on both sides: at most about alpha of the rows
        are significant, and fewer are flagged past the floor."""
        rng = np.random.default_rng(11)
        rows = 400
        flagged = sum(stats.flag_unpaired(np.exp(rng.normal(0, 0.05, 8)),
                                          np.exp(rng.normal(0, 0.05, 8)),
                                          floor=0.0).flag != "" for _ in range(rows))
        self.assertLessEqual(flagged / rows, 0.07)
        flagged = sum(stats.flag_paired(np.exp(rng.normal(0, 0.03, 5)), floor=0.0).flag != ""
                      for _ in range(rows))
        self.assertLessEqual(flagged / rows, 0.07)


class BandTest(unittest.TestCase):
    def setUp(self):
        # the list claim: holds if 3 <= r <= 4.5; partly if r >= 1.5
        self.band = stats.Band([1.5, 3, 4.5], ["does not hold", "partly", "holds", "partly"],
                               closed_above=[4.5])

    def test_regions(self):
        v = self.band.verdicts
        self.assertEqual(v[self.band.region(1.0)], "does not hold")
        self.assertEqual(v[self.band.region(1.5)], "partly")
        self.assertEqual(v[self.band.region(3.0)], "holds")
        self.assertEqual(v[self.band.region(4.5)], "holds")
        self.assertEqual(v[self.band.region(4.51)], "partly")

    def test_decide(self):
        self.assertEqual(self.band.decide(3.5, 4.4), "holds")
        self.assertIsNone(self.band.decide(4.0, 4.7))
        self.assertEqual(self.band.straddled(4.0, 4.7), [4.5])
        self.assertEqual(self.band.decide(5, 9), "partly")
        self.assertIsNone(self.band.decide(math.nan, 2))

    def test_describe(self):
        self.assertEqual(self.band.describe(),
                         "does not hold if ratio < 1.5; partly if 1.5 ≤ ratio < 3; "
                         "holds if 3 ≤ ratio ≤ 4.5; partly if ratio > 4.5")

    def test_bad(self):
        with self.assertRaises(ValueError):
            stats.Band([2, 1], ["a", "b", "c"])
        with self.assertRaises(ValueError):
            stats.Band([1], ["a"])


def trials(true_ratio, band, sigma, max_rounds, count, seed, noise="normal"):
    """Runs the rule on `count` seeded synthetic claims; the verdicts' counts."""
    rng = np.random.default_rng(seed)
    out = {}
    rule = stats.SequentialRule(band, max_rounds)
    for _ in range(count):
        def round_ratio(_i):
            e = rng.normal() if noise == "normal" else rng.standard_t(4) / math.sqrt(2)
            return true_ratio * math.exp(sigma * e)
        decision, _ = stats.run_sequential(rule, round_ratio, budget_seconds=math.inf,
                                           clock=lambda: 0.0)
        out[decision.verdict] = out.get(decision.verdict, 0) + 1
    return out


class SequentialRuleTest(unittest.TestCase):
    # A band like the flip claims': holds above 1.1, partly 0.95-1.1,
    # does not hold below 0.95.
    band = stats.Band([0.95, 1.1], ["does not hold", "partly", "holds"])
    count = 400

    def check(self, true_ratio, right, sigma=0.06, max_rounds=30, noise="normal", seed=0):
        got = trials(true_ratio, self.band, sigma, max_rounds, self.count, seed, noise)
        wrong = sum(n for v, n in got.items() if v not in (right, "undecided"))
        self.assertLessEqual(wrong / self.count, 0.05, got)
        self.assertGreaterEqual(got.get(right, 0) / self.count, 0.95, got)

    def test_inside(self):
        self.check(1.25, "holds")
        self.check(1.02, "partly", sigma=0.03, seed=1)

    def test_outside(self):
        self.check(0.85, "does not hold", seed=2)

    def test_on_the_edge(self):
        # True ratio on an edge: undecided in at least 95%, either verdict
        # in at most 5% together.
        for edge, seed in ((1.1, 3), (0.95, 4)):
            self.check(edge, "undecided", seed=seed)

    def test_heavy_tails(self):
        # Student t noise with 4 degrees of freedom: still no more than 5%
        # wrong on the edge.
        self.check(1.1, "undecided", noise="t", seed=5)
        self.check(1.3, "holds", noise="t", seed=6)

    def test_looks_and_level(self):
        rule = stats.SequentialRule(self.band, 12)
        self.assertEqual(rule.planned, [4, 6, 9, 12])
        self.assertAlmostEqual(rule.level, 1 - 0.05 / 4)
        self.assertIsNone(rule.decide([1.3] * 5))  # not a planned look
        self.assertEqual(rule.decide([1.3, 1.31, 1.29, 1.3]).verdict, "holds")

    def test_too_few_rounds(self):
        rule = stats.SequentialRule(self.band, 3)
        d = rule.decide([1.5, 1.5001, 1.4999], final=True)
        self.assertEqual(d.verdict, "undecided")
        self.assertIn("at least 4 rounds", d.more)

    def test_budget_ends_rounds(self):
        rule = stats.SequentialRule(self.band, 100)
        now = [0.0]

        def round_ratio(i):
            now[0] += 1.0  # each round takes one second
            return 1.1 * (1.05 if i % 2 else 1 / 1.05)

        decision, ratios = stats.run_sequential(rule, round_ratio, budget_seconds=10.5,
                                                clock=lambda: now[0])
        self.assertEqual(decision.verdict, "undecided")
        self.assertEqual(len(ratios), 10)
        self.assertEqual(decision.straddles, [1.1])
        self.assertIn("edge", decision.more)

    def test_more_rounds_estimate(self):
        rule = stats.SequentialRule(self.band, 6)
        ratios = [1.2, 1.0, 1.25, 1.05, 1.3, 1.0]
        d = rule.decide(ratios, final=True)
        self.assertEqual(d.verdict, "undecided")
        self.assertRegex(d.more, r"about \d+ rounds")


class ClaimRounds(unittest.TestCase):
    """scripts/claims.py's multi-part rounds, on synthetic measurements."""

    def test_combine(self):
        c = claims.combine
        self.assertEqual(c(["holds", "holds"]), "holds")
        self.assertEqual(c(["does not hold", "does not hold"]), "does not hold")
        self.assertEqual(c(["holds", "does not hold"]), "partly")
        self.assertEqual(c(["holds", "undecided"]), "undecided")
        self.assertEqual(c(["holds", "does not hold", "undecided"]), "partly")
        self.assertEqual(c(["partly"]), "partly")
        self.assertEqual(c(["undecided"]), "undecided")

    def test_parts_decide_on_their_own(self):
        rng = np.random.default_rng(21)
        over = stats.Band([1.0], ["does not hold", "holds"])
        parts = [claims.Part("far", over, 30, 0.025, lambda m: m["far"]),
                 claims.Part("edge", over, 30, 0.025, lambda m: m["edge"])]
        now = [0.0]

        def measure(_i):
            now[0] += 1
            return {"far": 3.0 * math.exp(rng.normal(0, 0.05)),
                    "edge": math.exp(rng.normal(0, 0.05))}

        raw = claims.run_rounds(parts, measure, budget_seconds=1000, clock=lambda: now[0])
        far, edge = (p.record() for p in parts)
        self.assertEqual(far["verdict"], "holds")
        self.assertEqual(far["rounds"], 4)  # decided at the first look, not looked at again
        self.assertEqual(edge["verdict"], "undecided")
        self.assertEqual(len(raw), 30)
        self.assertEqual(edge["straddles"], [1.0])
        self.assertLess(edge["low"], 1.0)
        self.assertGreater(edge["high"], 1.0)

    def test_render(self):
        doc = {"claims": [{
            "id": "x", "claim": "X is faster", "source": "s", "kind": "timed: suite rounds",
            "figure": "1.5 [1.2, 1.9]", "rule": "holds if ratio ≥ 1", "verdict": "undecided",
            "seconds": 12.0,
            "parts": [{"name": "p", "verdict": "undecided", "estimate": 1.02, "low": 0.9,
                       "high": 1.1, "rounds": 9, "straddles": [1.0],
                       "more": "about 40 rounds at this spread"}]}]}
        text = "\n".join(claims.render(doc))
        self.assertIn("*undecided*", text)
        self.assertIn("9 rounds (12 s)", text)
        self.assertIn("x, p: undecided after 9 rounds, 1.02 [0.9, 1.1] crosses 1; about 40 "
                      "rounds at this spread.", text)


if __name__ == "__main__":
    unittest.main()
