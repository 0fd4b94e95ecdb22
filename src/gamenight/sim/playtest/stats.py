"""The playtest lab's statistics: intervals, differences, tests, corrections and power.

Every interval is a two-sided 95% interval; every test is two-sided. The functions are pure
and take plain sequences of numbers, so the lab can call them on any measure. Caveats that a
reader of a report should know are stated in each docstring. Plain-words sentences and
distributions for the report are in :mod:`gamenight.sim.playtest.describe`.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Any

import numpy as np
from scipy import optimize
from scipy import stats as scipy_stats

from gamenight.core.errors import GamenightError
from gamenight.sim.stats import wilson_interval

CONFIDENCE = 0.95


class StatsInputError(GamenightError, ValueError):
    """Numbers a statistic cannot be computed from (a negative count, lengths that differ)."""


def _json_number(value: float) -> float | None:
    """``nan`` and infinities are not JSON: they are written as ``None`` (``null``)."""
    return value if math.isfinite(value) else None


@dataclasses.dataclass(frozen=True)
class Estimate:
    """A figure with its 95% interval ``[low, high]`` and the number of observations ``n``."""

    value: float
    low: float
    high: float
    n: int

    def to_dict(self) -> dict[str, Any]:
        return {"value": _json_number(self.value), "low": _json_number(self.low),
                "high": _json_number(self.high), "n": self.n}


@dataclasses.dataclass(frozen=True)
class Difference:
    """``b`` minus ``a``: the mean difference, its 95% interval, and a two-sided p-value.

    ``sd`` is the standard deviation of one game's difference (for unpaired samples that of
    one game of ``b`` minus an independent game of ``a``, sqrt(var_a + var_b)), the figure
    :func:`games_needed` and :func:`detectable_difference` take. ``n`` is the number of games
    per configuration: the pairs, or the smaller of the two samples when unpaired.
    """

    value: float
    low: float
    high: float
    p_value: float
    sd: float
    n: int
    paired: bool

    def to_dict(self) -> dict[str, Any]:
        fields = dataclasses.asdict(self)
        return {key: _json_number(value) if isinstance(value, float) else value
                for key, value in fields.items()}


@dataclasses.dataclass(frozen=True)
class Test:
    """A hypothesis test: its statistic, degrees of freedom, p-value and which test it was."""

    statistic: float
    df: tuple[float, ...]
    p_value: float
    method: str

    def to_dict(self) -> dict[str, Any]:
        return {"statistic": _json_number(self.statistic), "df": list(self.df),
                "p_value": self.p_value, "method": self.method}


def _checked(values: Sequence[float], what: str) -> np.ndarray[Any, np.dtype[np.float64]]:
    array = np.asarray(values, dtype=np.float64)
    if array.ndim != 1 or not np.all(np.isfinite(array)):
        raise StatsInputError(f"{what} must be a flat list of finite numbers")
    return array


def _t_quantile(df: float) -> float:
    return float(scipy_stats.t.ppf((1 + CONFIDENCE) / 2, df))


def mean_interval(values: Sequence[float]) -> Estimate:
    """The mean with a 95% Student-t interval: mean ± t(0.975, n-1) · sd / sqrt(n).

    No values give ``nan`` throughout; one value gives the degenerate interval [v, v] (a
    single game says nothing about spread: read its interval as unknown, not as exact). The
    t interval assumes the mean is near normal, which holds for game measures from a few
    dozen games on.
    """
    array = _checked(values, "values")
    n = len(array)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = float(array.mean())
    if n == 1:
        return Estimate(mean, mean, mean, 1)
    half = _t_quantile(n - 1) * float(array.std(ddof=1)) / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half, n)


def rate_interval(successes: float, trials: int) -> Estimate:
    """A rate ``successes / trials`` with its 95% Wilson score interval.

    ``successes`` may be fractional (a win shared by k seats counts 1/k for each); the Wilson
    interval then treats the total as if it were a count, a fair approximation. No trials
    give a ``nan`` rate and the interval [0, 1]: anything is possible.
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise StatsInputError(f"a rate needs 0 <= successes <= trials, got {successes}/{trials}")
    low, high = wilson_interval(successes, trials)
    return Estimate(successes / trials if trials else math.nan, low, high, trials)


def _t_test_p(estimate: float, standard_error: float, df: float) -> float:
    """Two-sided p of ``estimate / standard_error`` under t(df); a zero error is decided."""
    if standard_error == 0:
        return 1.0 if estimate == 0 else 0.0
    return float(2 * scipy_stats.t.sf(abs(estimate) / standard_error, df))


def paired_difference(a: Sequence[float], b: Sequence[float]) -> Difference:
    """``b - a`` game by game, for configurations that played the same seeds and seats.

    Pairing (common random numbers) removes the luck of the deal from the comparison: the
    paired t-test runs on the differences d_i = b_i - a_i, mean(d) / (sd(d) / sqrt(n)) with
    n - 1 degrees of freedom. When every difference is equal (for instance all zero) the
    interval has zero width and p is 1 for a zero difference, 0 otherwise. Fewer than two
    pairs allow no test: p = 1 (no evidence of a difference) and an unknown ``sd``.
    """
    first, second = _checked(a, "a"), _checked(b, "b")
    if len(first) != len(second):
        raise StatsInputError(f"paired samples differ in length: {len(first)} and {len(second)}")
    differences = second - first
    n = len(differences)
    mean = mean_interval(differences.tolist())
    if n < 2:
        return Difference(mean.value, mean.low, mean.high, 1.0, math.nan, n, True)
    sd = float(differences.std(ddof=1))
    p_value = _t_test_p(mean.value, sd / math.sqrt(n), n - 1)
    return Difference(mean.value, mean.low, mean.high, p_value, sd, n, True)


def unpaired_difference(a: Sequence[float], b: Sequence[float]) -> Difference:
    """``mean(b) - mean(a)`` for independent samples: Welch's t-test and interval.

    Welch's test does not assume equal variances; its degrees of freedom come from the
    Welch-Satterthwaite formula. It needs two values in each sample; otherwise the interval
    is ``nan`` and p is 1. Prefer :func:`paired_difference` whenever the games were paired:
    it is far more sensitive.
    """
    first, second = _checked(a, "a"), _checked(b, "b")
    n = min(len(first), len(second))
    if n < 2:
        value = float(second.mean() - first.mean()) if n else math.nan
        return Difference(value, math.nan, math.nan, 1.0, math.nan, n, False)
    value = float(second.mean() - first.mean())
    var_a, var_b = float(first.var(ddof=1)), float(second.var(ddof=1))
    share_a, share_b = var_a / len(first), var_b / len(second)
    standard_error = math.sqrt(share_a + share_b)
    if standard_error == 0:
        df = float(len(first) + len(second) - 2)
    else:
        df = (share_a + share_b) ** 2 / (
            share_a**2 / (len(first) - 1) + share_b**2 / (len(second) - 1))
    half = _t_quantile(df) * standard_error
    p_value = _t_test_p(value, standard_error, df)
    sd = math.sqrt(var_a + var_b)
    return Difference(value, value - half, value + half, p_value, sd, n, False)


def rate_difference(wins_a: float, seats_a: int, wins_b: float, seats_b: int) -> Difference:
    """``rate_b - rate_a`` for two independent proportions (wins may be fractional shares).

    The interval is Newcombe's hybrid score interval (from the two Wilson intervals), the
    p-value the pooled two-proportion z-test. Both stay sound when a rate is 0 or 1 or a
    sample is tiny, where Welch's test on 0/1 values would call two losses in two games
    significant. ``sd`` is sqrt(p_a(1 - p_a) + p_b(1 - p_b)), one seat of each.
    """
    if min(seats_a, seats_b) < 1:
        return Difference(math.nan, math.nan, math.nan, 1.0, math.nan, 0, False)
    if not (0 <= wins_a <= seats_a and 0 <= wins_b <= seats_b):
        raise StatsInputError("wins must lie between 0 and the number of seats")
    rate_a, rate_b = wins_a / seats_a, wins_b / seats_b
    low_a, high_a = wilson_interval(wins_a, seats_a)
    low_b, high_b = wilson_interval(wins_b, seats_b)
    value = rate_b - rate_a
    low = value - math.sqrt((rate_b - low_b) ** 2 + (high_a - rate_a) ** 2)
    high = value + math.sqrt((high_b - rate_b) ** 2 + (rate_a - low_a) ** 2)
    pooled = (wins_a + wins_b) / (seats_a + seats_b)
    standard_error = math.sqrt(pooled * (1 - pooled) * (1 / seats_a + 1 / seats_b))
    if standard_error == 0:
        p_value = 1.0
    else:
        p_value = float(2 * scipy_stats.norm.sf(abs(value) / standard_error))
    sd = math.sqrt(rate_a * (1 - rate_a) + rate_b * (1 - rate_b))
    return Difference(value, low, high, p_value, sd, min(seats_a, seats_b), False)


def seats_equal(win_shares_per_seat: Sequence[float], games: int) -> Test:
    """Chi-square goodness of fit of "every seat wins equally often".

    Observed: each seat's wins (a win shared by k seats counts 1/k), expected: games / seats
    each; statistic = sum (observed - expected)^2 / expected with seats - 1 degrees of
    freedom. The caller must leave out games that nobody won, so the shares sum to
    ``games``. Caveats: the chi-square approximation wants at least 5 expected wins per seat,
    and fractional shares make it approximate. Over whole seat rotations a bot's strength is
    spread evenly over the seats, so it does not show up as a seat advantage. One seat (or
    no games): p = 1.
    """
    observed = _checked(win_shares_per_seat, "win shares")
    if games < 0 or np.any(observed < 0):
        raise StatsInputError("win shares and games cannot be negative")
    if not math.isclose(float(observed.sum()), games, rel_tol=1e-9, abs_tol=1e-9):
        raise StatsInputError(f"win shares sum to {observed.sum():g}, not to {games} games")
    seats = len(observed)
    if seats < 2 or games == 0:
        return Test(0.0, (float(max(seats - 1, 0)),), 1.0, "chi-square goodness of fit")
    expected = games / seats
    statistic = float(((observed - expected) ** 2).sum() / expected)
    p_value = float(scipy_stats.chi2.sf(statistic, seats - 1))
    return Test(statistic, (float(seats - 1),), p_value, "chi-square goodness of fit")


def _f_test(ss_effect: float, df1: float, ss_error: float, df2: float, method: str) -> Test:
    if ss_error <= 1e-12 * (ss_effect + ss_error):  # no noise at all: the answer is exact
        return Test(0.0 if ss_effect == 0 else math.inf, (df1, df2),
                    1.0 if ss_effect == 0 else 0.0, method)
    statistic = (ss_effect / df1) / (ss_error / df2)
    return Test(statistic, (df1, df2), float(scipy_stats.f.sf(statistic, df1, df2)), method)


def means_equal(values_per_seat: Sequence[Sequence[float]], *, paired: bool = False) -> Test:
    """Test of "the mean score is the same in every seat" (an F test).

    By default a one-way ANOVA (as ``scipy.stats.f_oneway``): it ignores that the seats of
    one game were scored together, which is valid but loses power. With ``paired=True`` the
    i-th value of every seat must come from game i (equal lengths), and a repeated-measures
    ANOVA (seats x games, no interaction) removes the game-to-game swing (long games give
    every seat more points) from the error first; it assumes sphericity. Both assume roughly
    normal scores, which means of many games tolerate well.
    """
    groups = [_checked(values, "scores") for values in values_per_seat]
    seats, total = len(groups), sum(len(group) for group in groups)
    if paired:
        if seats < 2 or len({len(group) for group in groups}) != 1 or len(groups[0]) < 2:
            raise StatsInputError("paired means need two seats or more, scored in the same games")
        table = np.stack(groups, axis=1)  # one row per game, one column per seat
        games, grand = table.shape[0], float(table.mean())
        ss_seats = games * float(((table.mean(axis=0) - grand) ** 2).sum())
        ss_games = seats * float(((table.mean(axis=1) - grand) ** 2).sum())
        ss_error = max(0.0, float(((table - grand) ** 2).sum()) - ss_seats - ss_games)
        return _f_test(ss_seats, seats - 1.0, ss_error, (seats - 1.0) * (games - 1),
                       "repeated-measures ANOVA")
    if seats < 2 or any(len(group) == 0 for group in groups) or total <= seats:
        raise StatsInputError("comparing means needs two seats or more, each with a score")
    grand = float(np.concatenate(groups).mean())
    ss_between = sum(len(group) * (float(group.mean()) - grand) ** 2 for group in groups)
    ss_within = sum(float(((group - group.mean()) ** 2).sum()) for group in groups)
    return _f_test(ss_between, seats - 1.0, ss_within, float(total - seats), "one-way ANOVA")


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm-Bonferroni adjusted p-values, in the input order.

    Sorted ascending, p_(j) becomes max over i <= j of min(1, (m - i + 1) · p_(i)) (1-based):
    rejecting where the adjusted value is below alpha keeps the chance of any false finding
    among the m comparisons below alpha, without assuming the tests are independent.
    """
    checked = _checked(p_values, "p-values")
    if np.any((checked < 0) | (checked > 1)):
        raise StatsInputError("p-values must lie between 0 and 1")
    m = len(checked)
    adjusted = [0.0] * m
    running = 0.0
    for rank, index in enumerate(sorted(range(m), key=lambda i: checked[i])):
        running = max(running, min(1.0, (m - rank) * float(checked[index])))
        adjusted[index] = running
    return adjusted


def _plan_checked(sd: float, alpha: float, power: float, comparisons: int) -> float:
    if not (sd >= 0 and math.isfinite(sd)):
        raise StatsInputError(f"a standard deviation must be a finite number >= 0, got {sd}")
    if not (0 < alpha < 1 and alpha < power < 1) or comparisons < 1:
        raise StatsInputError("need 0 < alpha < power < 1 and at least one comparison")
    return alpha / comparisons


def _paired_power(effect: float, n: int, alpha: float) -> float:
    """Chance that a two-sided paired t-test at ``alpha`` on n pairs rejects, for a true
    difference of ``effect`` standard deviations (noncentral t, no normal approximation)."""
    df, shift = n - 1, effect * math.sqrt(n)
    critical = scipy_stats.t.ppf(1 - alpha / 2, df)
    nct = scipy_stats.nct
    upper = float(nct.sf(critical, df, shift))
    wrong_way = float(nct.cdf(-critical, df, shift))  # rejecting on the wrong side: tiny
    return upper + (0.0 if math.isnan(wrong_way) else wrong_way)  # scipy may underflow to nan


def games_needed(sd: float, delta: float, *, alpha: float = 0.05, power: float = 0.8,
                 comparisons: int = 1) -> int:
    """Games per configuration for a paired two-sided t-test to detect a true ``delta``.

    ``sd`` is that of one game's difference (:attr:`Difference.sd`, from a pilot run). Alpha
    is split evenly over the ``comparisons`` (Bonferroni): a conservative plan, since Holm
    rejects at least as much. For an unpaired comparison pass sqrt(var_a + var_b) as ``sd``.
    Without a pilot, a win indicator has sd sqrt(p(1 - p)) <= 0.5 per game, so 0.5 (or
    sqrt(0.5) for two unpaired rates) is a safe fallback. At least 2 games.
    """
    level = _plan_checked(sd, alpha, power, comparisons)
    if not (delta != 0 and math.isfinite(delta)):
        raise StatsInputError(f"the difference to detect must be a finite non-zero number, "
                              f"got {delta}")
    if sd == 0:
        return 2
    effect = abs(delta) / sd
    z_sum = float(scipy_stats.norm.ppf(1 - level / 2) + scipy_stats.norm.ppf(power))
    n = max(2, math.ceil((z_sum / effect) ** 2))  # the normal approximation, then exact steps
    while _paired_power(effect, n, level) < power:
        n += 1
    while n > 2 and _paired_power(effect, n - 1, level) >= power:
        n -= 1
    return n


def detectable_difference(sd: float, n: int, *, alpha: float = 0.05, power: float = 0.8,
                          comparisons: int = 1) -> float:
    """The smallest true difference a paired run of n games would detect with that power.

    The inverse of :func:`games_needed`, with the same assumptions; ``inf`` below 2 games.
    """
    level = _plan_checked(sd, alpha, power, comparisons)
    if n < 2:
        return math.inf
    if sd == 0:
        return 0.0
    high = 1.0
    while _paired_power(high, n, level) < power:
        high *= 2
    effect = optimize.brentq(lambda e: _paired_power(e, n, level) - power, 0.0, high,
                             xtol=1e-10)
    return float(effect) * sd
