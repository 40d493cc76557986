"""The statistics behind every timed verdict of the harness, written once.

Times on a shared virtual machine are samples, not facts: two runs of the
same binary differ by a few percent, single micro benchmarks by more. So no
figure is compared with a threshold as one number. This module gives

- paired ratios: A and B run alternately (A B, B A, A B, ...), one ratio per
  round; the figure is their geometric mean and its interval the Student t
  interval of the mean log ratio (`log_ratio_interval`). Alternation cancels
  a slow drift of the machine; the log makes a ratio and its inverse
  symmetric.
- unpaired samples (two runs made at other times, as `compare.py` sees
  them): the ratio of the medians, a percentile bootstrap interval for it
  (`median_ratio_interval`), and the Mann-Whitney U rank test
  (`rank_test`), which assumes no distribution of the noise.
- errors measured on the same samples by two evaluations: the ratio of
  their root-mean-square errors with a bootstrap interval over the groups
  the samples come in (`rms_ratio_interval`: the games of a corpus).
- changes flagged only when real (`flag_paired`, `flag_unpaired`):
  significant at the level and larger than a noise floor.
- bands and the sequential rule (`Band`, `SequentialRule`): a claim states
  its verdicts as regions of the ratio line; rounds go on until the interval
  lies inside one region (that verdict) or the budget is spent
  (**undecided**, with the interval and what would decide it). The rule
  looks at the data at a few planned numbers of rounds and splits the error
  rate between those looks (Bonferroni), so that looking again after every
  few rounds does not make a wrong decision more likely than 5% in all.

tests/test_stats.py checks each function against SciPy's own routines,
textbook values and brute force, and the rule on seeded synthetic data.
"""
import math
from collections import namedtuple

import numpy as np
from scipy import stats as _stats

LEVEL = 0.95

# estimate: the figure; low, high: its interval (nan when there are too few
# samples for one); n: the samples it rests on; level: the interval's level.
Interval = namedtuple("Interval", "estimate low high n level")


def log_ratio_interval(ratios, level=LEVEL):
    """The geometric mean of paired ratios and the t interval of their mean
    log: exp(mean ± t(1 - (1-level)/2, n-1) · sd / √n)."""
    logs = np.log(np.asarray(ratios, dtype=float))
    n = len(logs)
    if n == 0:
        return Interval(math.nan, math.nan, math.nan, 0, level)
    mean = float(logs.mean())
    if n < 2:
        return Interval(math.exp(mean), math.nan, math.nan, n, level)
    half = _stats.t.ppf(0.5 + level / 2, n - 1) * float(logs.std(ddof=1)) / math.sqrt(n)
    return Interval(math.exp(mean), math.exp(mean - half), math.exp(mean + half), n, level)


def median_ratio_interval(a, b, level=LEVEL, resamples=2000, seed=0):
    """median(b) / median(a) for two unpaired samples, with a percentile
    bootstrap interval (each sample resampled on its own, seeded)."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    estimate = float(np.median(b) / np.median(a))
    if len(a) < 2 or len(b) < 2:
        return Interval(estimate, math.nan, math.nan, min(len(a), len(b)), level)
    if np.ptp(a) == 0 and np.ptp(b) == 0:  # no spread at all: the interval is the point
        return Interval(estimate, estimate, estimate, min(len(a), len(b)), level)
    result = _stats.bootstrap(
        (a, b), lambda x, y, axis: np.median(y, axis=axis) / np.median(x, axis=axis),
        vectorized=True, paired=False, confidence_level=level, n_resamples=resamples,
        method="percentile", random_state=np.random.default_rng(seed))
    ci = result.confidence_interval
    return Interval(estimate, float(ci.low), float(ci.high), min(len(a), len(b)), level)


def rms_ratio_interval(sq_a, sq_b, level=LEVEL, resamples=2000, seed=0):
    """sqrt(Σ sq_b / Σ sq_a): the ratio of two root-mean-square errors
    measured on the same samples, given by group (sq_a[i], sq_b[i]: the sums
    of squared errors of group i's samples under A and B), with a paired
    percentile bootstrap interval that resamples whole groups (seeded). The
    groups are the independent units (the games of a corpus: the positions
    of one game share its errors), so the interval is theirs, not the
    samples'."""
    a, b = np.asarray(sq_a, dtype=float), np.asarray(sq_b, dtype=float)
    if len(a) != len(b):
        raise ValueError("rms_ratio_interval: one sum of each for every group")
    if len(a) == 0 or a.sum() == 0:
        return Interval(math.nan, math.nan, math.nan, len(a), level)
    estimate = math.sqrt(float(b.sum() / a.sum()))
    if len(a) < 2:
        return Interval(estimate, math.nan, math.nan, len(a), level)
    if np.allclose(b, a * (b.sum() / a.sum()), rtol=1e-12, atol=0):  # one ratio in all groups
        return Interval(estimate, estimate, estimate, len(a), level)
    result = _stats.bootstrap(
        (a, b), lambda x, y, axis: np.sqrt(y.sum(axis=axis) / x.sum(axis=axis)),
        vectorized=True, paired=True, confidence_level=level, n_resamples=resamples,
        method="percentile", random_state=np.random.default_rng(seed))
    ci = result.confidence_interval
    return Interval(estimate, float(ci.low), float(ci.high), len(a), level)


def rank_test(a, b):
    """The two-sided p-value of the Mann-Whitney U test of a against b
    (exact for small samples without ties, else the normal approximation
    with tie and continuity corrections). 1.0 when either is empty."""
    if len(a) == 0 or len(b) == 0:
        return 1.0
    if len(set(a)) == 1 and set(a) == set(b):  # identical constant samples
        return 1.0
    return float(_stats.mannwhitneyu(a, b, alternative="two-sided").pvalue)


def smallest_rank_p(n_a, n_b):
    """The smallest two-sided p the U test can give for samples of these
    sizes: 2 / C(n_a + n_b, n_a). Below the level, a row can be flagged."""
    return min(1.0, 2 / math.comb(n_a + n_b, n_a))


# A change: the ratio (B over A: above 1, B is slower), whether it is
# significant, and the flag: "slower", "faster" or "" (not flagged).
Change = namedtuple("Change", "ratio low high p flag why")


def _flag(ratio, significant, floor):
    if not significant:
        return "", "not significant"
    if abs(math.log(ratio)) < math.log1p(floor):
        return "", f"significant, within the {floor:.0%} noise floor"
    return ("slower" if ratio > 1 else "faster"), "significant, beyond the floor"


def flag_paired(ratios, alpha=0.05, floor=0.02):
    """Paired rounds (each ratio B/A of one round): flagged when the
    (1 - alpha) interval of the ratio excludes 1 and the ratio is beyond the
    floor (a fraction: 0.02 is 2%)."""
    if not all(math.isfinite(r) and r > 0 for r in ratios):
        return Change(math.nan, math.nan, math.nan, math.nan, "", "a ratio is not a number")
    iv = log_ratio_interval(ratios, 1 - alpha)
    if iv.n < 2:
        return Change(iv.estimate, math.nan, math.nan, math.nan, "", "one round: no interval")
    logs = np.log(np.asarray(ratios, dtype=float))
    if np.ptp(logs) == 0:
        p = 1.0 if logs[0] == 0 else 0.0
    else:
        p = float(_stats.ttest_1samp(logs, 0.0).pvalue)
    flag, why = _flag(iv.estimate, not (iv.low <= 1 <= iv.high), floor)
    return Change(iv.estimate, iv.low, iv.high, p, flag, why)


def flag_unpaired(a, b, alpha=0.05, floor=0.05):
    """Two unpaired samples of times (A, B): flagged when the U test rejects
    at alpha and median(B)/median(A) is beyond the floor."""
    iv = median_ratio_interval(a, b, 1 - alpha)
    if min(len(a), len(b)) < 2:
        return Change(iv.estimate, math.nan, math.nan, math.nan, "", "one sample: no test")
    p = rank_test(a, b)
    if smallest_rank_p(len(a), len(b)) > alpha:
        return Change(iv.estimate, iv.low, iv.high, p, "",
                      f"{len(a)} and {len(b)} samples: the U test cannot reach {alpha:g}")
    flag, why = _flag(iv.estimate, p < alpha, floor)
    return Change(iv.estimate, iv.low, iv.high, p, flag, why)


class Band:
    """A claim's verdicts as regions of the ratio line: `edges` ascending,
    `verdicts` one more than the edges (the region below the first edge,
    between each two, above the last). A value on an edge belongs to the
    region above it, unless `closed_above` names the edge as the upper end
    of the region below (for "3 <= r <= 4.5", edges (3, 4.5), 4.5 closed
    above)."""

    def __init__(self, edges, verdicts, closed_above=()):
        if list(edges) != sorted(edges) or len(verdicts) != len(edges) + 1:
            raise ValueError("Band: edges ascending, one verdict more than edges")
        self.edges = list(edges)
        self.verdicts = list(verdicts)
        self.closed_above = set(closed_above)

    def region(self, x):
        i = 0
        for edge in self.edges:
            if x > edge or (x == edge and edge not in self.closed_above):
                i += 1
        return i

    def decide(self, low, high):
        """The verdict of an interval inside one region, else None."""
        if math.isnan(low) or math.isnan(high):
            return None
        a, b = self.region(low), self.region(high)
        return self.verdicts[a] if a == b else None

    def straddled(self, low, high):
        """The edges an interval crosses."""
        return [e for e in self.edges if low <= e <= high]

    def describe(self, what="ratio"):
        """The rule in words: 'holds if 3 ≤ ratio ≤ 4.5; ...'."""
        parts = []
        lows = [None] + self.edges
        highs = self.edges + [None]
        for verdict, lo, hi in zip(self.verdicts, lows, highs):
            if lo is None and hi is None:
                cond = "always"
            elif lo is None:
                cond = f"{what} {'≤' if hi in self.closed_above else '<'} {hi:g}"
            elif hi is None:
                cond = f"{what} {'>' if lo in self.closed_above else '≥'} {lo:g}"
            else:
                cond = (f"{lo:g} {'<' if lo in self.closed_above else '≤'} {what} "
                        f"{'≤' if hi in self.closed_above else '<'} {hi:g}")
            parts.append(f"{verdict} if {cond}")
        return "; ".join(parts)


# The planned looks: the numbers of rounds after which the rule decides if
# it can. Geometric, so that few looks cover both a quick claim (decided in
# 4-6 rounds) and a hard one (20-40).
LOOKS = (4, 6, 9, 13, 20, 30, 45, 70, 100)
# No verdict from fewer rounds, however narrow their interval.
MIN_ROUNDS = 4

Decision = namedtuple("Decision", "verdict interval looks level straddles more")


class SequentialRule:
    """Decides a band from paired ratios that arrive one round at a time.

    The rule looks at the rounds only at the planned numbers in `looks` that
    are below `max_rounds`, and once more at the end (max_rounds reached or
    the caller's time budget spent): K looks in all. Each look uses the
    interval at level 1 - alpha/K, so the chance that any of the K intervals
    misses the true ratio is at most alpha (Bonferroni): a decided verdict
    is wrong with probability at most alpha, and the interval printed is a
    simultaneous (1 - alpha) interval. With the true ratio on an edge, the
    rule stays undecided with probability at least 1 - alpha."""

    def __init__(self, band, max_rounds, alpha=1 - LEVEL, looks=LOOKS):
        if max_rounds < 2:
            raise ValueError("SequentialRule: at least 2 rounds")
        self.band = band
        self.max_rounds = max_rounds
        self.alpha = alpha
        self.planned = [n for n in looks if n < max_rounds] + [max_rounds]
        self.level = 1 - alpha / len(self.planned)

    def is_look(self, n):
        return n in self.planned

    def decide(self, ratios, final=False):
        """The decision after these rounds. A call that is not at a planned
        look and not final returns None (the rule does not look)."""
        n = len(ratios)
        if not (self.is_look(n) or final) or n < MIN_ROUNDS:
            if final:
                iv = log_ratio_interval(ratios, self.level)
                return Decision("undecided", iv, len(self.planned), self.level, [],
                                f"at least {MIN_ROUNDS} rounds (a t interval of fewer "
                                "rests on their noise being normal)")
            return None
        iv = log_ratio_interval(ratios, self.level)
        verdict = self.band.decide(iv.low, iv.high)
        if verdict is not None:
            return Decision(verdict, iv, len(self.planned), self.level, [], "")
        if not final and n < self.max_rounds:
            return None
        return Decision("undecided", iv, len(self.planned), self.level,
                        self.band.straddled(iv.low, iv.high), self.more(iv))

    def more(self, iv):
        """What would decide an undecided interval: the rounds at which its
        half-width (it shrinks as 1/√n) would no longer reach the nearest
        edge it straddles, at the same estimate."""
        edges = self.band.straddled(iv.low, iv.high)
        if not edges or math.isnan(iv.low):
            return "more rounds"
        gap = min(abs(math.log(iv.estimate) - math.log(e)) for e in edges)
        half = (math.log(iv.high) - math.log(iv.low)) / 2
        if gap < 0.005:
            return (f"the estimate {iv.estimate:.3g} sits on the edge {edges[0]:g}: "
                    "no number of rounds decides a true ratio on the edge")
        need = math.ceil(iv.n * (half / gap) ** 2)
        return f"about {need} rounds at this spread"


class Part:
    """One ratio decided by its own rule: `ratio_of(measurement)` reads the
    ratio of a round from what the round measured."""

    def __init__(self, name, rule, ratio_of):
        self.name = name
        self.rule = rule
        self.ratio_of = ratio_of
        self.ratios = []
        self.decision = None


def round_order(rnd, sides):
    """The order in which round `rnd` (from 1) runs the sides it compares:
    as given in odd rounds, reversed in even ones (A B, B A, A B, ...), so
    that no side always runs first, after the machine has rested, or second,
    in the heat of the first: the one alternation of ab.py, the claims and
    reproduce.py's interleaved runs."""
    return list(sides) if rnd % 2 == 1 else list(sides)[::-1]


def run_rounds(parts, measure_round, budget_seconds, clock):
    """Rounds until every part is decided, the budget (seconds of
    `clock()`) is spent or a part's rounds are: `measure_round(i)` (i from
    1) measures round i for all the parts. A round that would start with
    less than one round's mean time left is not run. A part decided early
    is not looked at again (its interval is the one of its deciding look).
    Returns the measurements of the rounds."""
    start = clock()
    raw = []
    while any(p.decision is None for p in parts):
        raw.append(measure_round(len(raw) + 1))
        n = len(raw)
        spent = clock() - start
        out_of_time = spent + spent / n > budget_seconds
        for p in parts:
            if p.decision is None:
                p.ratios.append(p.ratio_of(raw[-1]))
                final = n >= p.rule.max_rounds or out_of_time
                p.decision = p.rule.decide(p.ratios, final=final)
    return raw


def run_sequential(rule, measure_round, budget_seconds, clock):
    """One ratio a round (`measure_round(i)` returns it) under one rule:
    (decision, ratios)."""
    part = Part("", rule, lambda ratio: ratio)
    run_rounds([part], measure_round, budget_seconds, clock)
    return part.decision, part.ratios
