"""issue 15 items 2 and 3: the playtest lab's statistics, checked against hand-worked figures,
textbook closed forms, scipy and a simulation; the laws they must obey checked by hypothesis."""

from __future__ import annotations

import json
import math
from collections import Counter

import pytest

pytest.importorskip("scipy")  # the `lab` extra

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from scipy import stats as scipy_stats

from gamenight.core.errors import GamenightError
from gamenight.sim.playtest.describe import distribution, format_p, plain_difference
from gamenight.sim.playtest.stats import (
    Difference,
    Estimate,
    StatsInputError,
    detectable_difference,
    games_needed,
    holm,
    mean_interval,
    means_equal,
    paired_difference,
    rate_difference,
    rate_interval,
    seats_equal,
    unpaired_difference,
)

T_975_DF3 = 3.182446305284263  # Student t table: 97.5th percentile, 3 degrees of freedom
finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False)
probability = st.floats(min_value=0.0, max_value=1.0)


# item 2: a 95% interval for every measure ---------------------------------------------------

def test_issue15_item2_mean_interval_is_the_t_interval_worked_by_hand() -> None:
    estimate = mean_interval([1, 2, 3, 4])
    half = T_975_DF3 * math.sqrt(5 / 3) / 2  # sd = sqrt(5/3), se = sd / sqrt(4)
    assert estimate.value == 2.5
    assert estimate.n == 4
    assert estimate.low == pytest.approx(2.5 - half, rel=1e-12)
    assert estimate.high == pytest.approx(2.5 + half, rel=1e-12)


def test_issue15_item2_mean_interval_of_no_value_is_unknown_and_of_one_is_degenerate() -> None:
    empty = mean_interval([])
    assert empty.n == 0
    assert all(math.isnan(x) for x in (empty.value, empty.low, empty.high))
    assert empty.to_dict() == {"value": None, "low": None, "high": None, "n": 0}  # JSON-safe
    assert mean_interval([7.0]) == Estimate(7.0, 7.0, 7.0, 1)


@given(st.lists(finite, min_size=1, max_size=60))
def test_issue15_item2_interval_contains_the_mean(values: list[float]) -> None:
    estimate = mean_interval(values)
    assert estimate.low <= estimate.value <= estimate.high
    assert estimate.value == pytest.approx(sum(values) / len(values), abs=1e-6)


def test_issue15_item2_rate_interval_is_wilson_with_fractional_wins() -> None:
    estimate = rate_interval(3.5, 10)  # three wins and a win shared by two
    assert estimate.value == 0.35
    assert estimate.n == 10
    # Wilson by hand, z = 1.96: centre (p + z²/2n) / (1 + z²/n), half-width
    # z·sqrt(p(1-p)/n + z²/4n²) / (1 + z²/n)
    assert estimate.low == pytest.approx(0.13693056347, abs=1e-9)
    assert estimate.high == pytest.approx(0.64632927649, abs=1e-9)
    nothing = rate_interval(0, 0)
    assert math.isnan(nothing.value)
    assert (nothing.low, nothing.high) == (0.0, 1.0)


@pytest.mark.parametrize(("successes", "trials"), [(-1, 5), (6, 5), (1, -1)])
def test_issue15_item2_impossible_rates_are_refused_in_one_line(
        successes: float, trials: int) -> None:
    with pytest.raises(GamenightError, match="successes <= trials") as caught:
        rate_interval(successes, trials)
    assert "\n" not in str(caught.value)


def test_issue15_item2_non_finite_values_are_refused() -> None:
    with pytest.raises(StatsInputError, match="finite"):
        mean_interval([1.0, math.nan])


# item 2: seat advantage -------------------------------------------------------------------

def test_issue15_item2_seats_equal_is_the_chi_square_worked_by_hand() -> None:
    test = seats_equal([20, 5, 5], 30)  # expected 10 each: (100 + 25 + 25) / 10 = 15
    assert test.statistic == pytest.approx(15.0)
    assert test.df == (2.0,)
    assert test.p_value == pytest.approx(math.exp(-15 / 2), rel=1e-9)  # chi² with 2 df
    shared = seats_equal([12.5, 7.5], 20)  # a shared win counts half to each seat
    assert shared.statistic == pytest.approx(1.25)
    assert shared.p_value == pytest.approx(math.erfc(math.sqrt(1.25 / 2)), rel=1e-9)  # 1 df
    chisquare = scipy_stats.chisquare([20, 5, 5])
    assert test.p_value == pytest.approx(chisquare.pvalue, rel=1e-9)


@given(st.integers(1, 6), st.integers(0, 500))
def test_issue15_item2_seats_equal_of_equal_shares_gives_p_one(seats: int, wins: int) -> None:
    test = seats_equal([wins] * seats, wins * seats)
    assert test.p_value == 1.0
    assert test.statistic == 0.0


def test_issue15_item2_seat_shares_must_add_up_to_the_games() -> None:
    with pytest.raises(StatsInputError, match="sum to 9, not to 10 games"):
        seats_equal([4, 5], 10)
    with pytest.raises(StatsInputError, match="negative"):
        seats_equal([-1, 11], 10)


GROUPS = [[1, 2, 3], [2, 3, 4], [5, 6, 9]]


def test_issue15_item2_means_equal_is_the_one_way_anova_worked_by_hand() -> None:
    # grand mean 35/9; between = 326/9 on 2 df; within = 2 + 2 + 26/3 = 38/3 on 6 df
    test = means_equal(GROUPS)
    expected_f = (326 / 9 / 2) / (38 / 3 / 6)
    assert test.statistic == pytest.approx(expected_f, rel=1e-12)
    assert test.df == (2.0, 6.0)
    assert test.p_value == pytest.approx((1 + 2 * expected_f / 6) ** -3, rel=1e-9)  # F(2, d)
    assert test.p_value == pytest.approx(scipy_stats.f_oneway(*GROUPS).pvalue, rel=1e-9)


def test_issue15_item2_paired_means_remove_the_game_to_game_swing() -> None:
    # Games are rows (1, 2, 5), (2, 3, 6), (3, 4, 9): seats 326/9 on 2 df, games 98/9,
    # total 440/9, error 16/9 on 4 df; F = (326/18) / (16/36) = 40.75.
    test = means_equal(GROUPS, paired=True)
    assert test.statistic == pytest.approx(40.75, rel=1e-12)
    assert test.df == (2.0, 4.0)
    assert test.p_value == pytest.approx((1 + 2 * 40.75 / 4) ** -2, rel=1e-9)
    assert test.p_value < means_equal(GROUPS).p_value  # blocking on games adds power
    flat = means_equal([[3, 3], [3, 3]], paired=True)
    assert (flat.statistic, flat.p_value) == (0.0, 1.0)
    exact = means_equal([[1, 1], [2, 2]])  # no noise: certainly different
    assert (exact.statistic, exact.p_value) == (math.inf, 0.0)
    assert exact.to_dict()["statistic"] is None  # JSON has no infinity
    with pytest.raises(StatsInputError, match="same games"):
        means_equal([[1, 2, 3], [1, 2]], paired=True)
    with pytest.raises(StatsInputError, match="two seats"):
        means_equal([[1, 2, 3]])


# item 3: differences between configurations ----------------------------------------------

def test_issue15_item3_paired_difference_worked_by_hand_and_against_scipy() -> None:
    a, b = [1, 2, 3, 5], [2, 2, 5, 6]  # differences 1, 0, 2, 1: mean 1, sd sqrt(2/3)
    diff = paired_difference(a, b)
    se = math.sqrt(2 / 3) / 2
    assert (diff.value, diff.n, diff.paired) == (1.0, 4, True)
    assert diff.sd == pytest.approx(math.sqrt(2 / 3))
    assert diff.low == pytest.approx(1 - T_975_DF3 * se)
    assert diff.high == pytest.approx(1 + T_975_DF3 * se)
    assert diff.p_value == pytest.approx(scipy_stats.ttest_rel(b, a).pvalue, rel=1e-9)
    assert json.loads(json.dumps(diff.to_dict()))["p_value"] == diff.p_value


@given(st.lists(finite, max_size=40))
def test_issue15_item3_identical_paired_sequences_differ_by_zero_with_p_one(
        values: list[float]) -> None:
    diff = paired_difference(values, values)
    assert diff.p_value == 1.0
    if values:
        assert diff.value == diff.low == diff.high == 0.0


def test_issue15_item3_constant_nonzero_differences_are_certain() -> None:
    diff = paired_difference([1, 2, 3], [2, 3, 4])
    assert (diff.value, diff.low, diff.high, diff.p_value, diff.sd) == (1, 1, 1, 0.0, 0.0)


def test_issue15_item3_paired_samples_must_match() -> None:
    with pytest.raises(StatsInputError, match="differ in length: 2 and 3"):
        paired_difference([1, 2], [1, 2, 3])


def test_issue15_item3_unpaired_difference_is_welch() -> None:
    a, b = [1, 2, 3, 5, 9], [2, 2, 5, 6]
    diff = unpaired_difference(a, b)
    reference = scipy_stats.ttest_ind(b, a, equal_var=False)
    interval = reference.confidence_interval(0.95)
    assert diff.value == pytest.approx(3.75 - 4.0)
    assert diff.p_value == pytest.approx(reference.pvalue, rel=1e-9)
    assert (diff.low, diff.high) == pytest.approx((interval.low, interval.high), rel=1e-9)
    assert diff.sd == pytest.approx(math.sqrt(40 / 4 + 12.75 / 3))  # sample variances of a and b
    assert (diff.n, diff.paired) == (4, False)
    assert unpaired_difference([1], [2, 3]).p_value == 1.0  # too few to test
    single = paired_difference([1.0], [3.0])
    assert (single.value, single.p_value, single.n) == (2.0, 1.0, 1)
    assert single.to_dict()["sd"] is None


# item 3: Holm ------------------------------------------------------------------------------

def test_issue15_item3_holm_worked_by_hand() -> None:
    # sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1: 0.02, 0.03, 0.06, 0.04 -> max so far
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.6, 0.9, 0.01]) == pytest.approx([1.0, 1.0, 0.03])  # capped at 1
    assert holm([]) == []
    with pytest.raises(StatsInputError, match="between 0 and 1"):
        holm([0.5, 1.5])


def holm_by_definition(p_values: list[float]) -> list[float]:
    """The smallest alpha at which Holm's step-down procedure rejects each hypothesis."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    candidates = sorted({min(1.0, (m - k) * p_values[i]) for k, i in enumerate(order)} | {1.0})

    def rejected(alpha: float) -> set[int]:
        out: set[int] = set()
        for k, i in enumerate(order):  # step down: stop at the first that fails
            if (m - k) * p_values[i] > alpha:
                break
            out.add(i)
        return out

    return [min(alpha for alpha in candidates if i in rejected(alpha) or alpha == 1.0)
            for i in range(m)]


@given(st.lists(probability, max_size=12))
def test_issue15_item3_holm_matches_its_definition_is_monotone_and_above_raw(
        p_values: list[float]) -> None:
    adjusted = holm(p_values)
    assert adjusted == holm_by_definition(p_values)
    for raw, fixed in zip(p_values, adjusted, strict=True):
        assert raw <= fixed <= 1.0


@given(st.lists(probability, min_size=2, max_size=12))
def test_issue15_item3_holm_keeps_the_order_of_p_values(p_values: list[float]) -> None:
    adjusted = holm(p_values)
    for i, p in enumerate(p_values):
        for j, q in enumerate(p_values):
            if p <= q:
                assert adjusted[i] <= adjusted[j]


# item 3: how many games, and what a run can show -------------------------------------------

@pytest.mark.parametrize(("effect", "pairs"), [(0.2, 199), (0.5, 34), (0.8, 15)])
def test_issue15_item3_games_needed_matches_the_standard_tables(effect: float, pairs: int) -> None:
    # Cohen's d for a paired two-sided t-test at alpha 0.05 and power 0.8 (G*Power's figures)
    assert games_needed(1.0, effect) == pairs
    assert games_needed(2.0, -2 * effect) == pairs  # only |delta| / sd matters


def test_issue15_item3_comparisons_split_alpha() -> None:
    assert games_needed(1.0, 0.5, comparisons=3) == games_needed(1.0, 0.5, alpha=0.05 / 3)
    assert games_needed(1.0, 0.5, comparisons=3) > games_needed(1.0, 0.5)
    assert games_needed(0.0, 0.1) == 2
    with pytest.raises(StatsInputError, match="non-zero"):
        games_needed(1.0, 0.0)
    with pytest.raises(StatsInputError, match="alpha < power"):
        games_needed(1.0, 0.5, power=1.0)


def test_issue15_item3_power_plan_holds_in_simulation() -> None:
    """34 pairs at d = 0.5 reject about 80% of the time (paired t-test, 4000 simulated runs)."""
    rng = np.random.default_rng(15)
    differences = rng.normal(0.5, 1.0, size=(4000, 34))
    p_values = scipy_stats.ttest_1samp(differences, 0.0, axis=1).pvalue
    assert 0.78 < float(np.mean(p_values < 0.05)) < 0.84


@given(st.floats(0.1, 3.0), st.floats(0.05, 2.0))
def test_issue15_item3_detectable_difference_inverts_games_needed(sd: float, delta: float) -> None:
    n = games_needed(sd, delta)
    assert detectable_difference(sd, n) <= delta * (1 + 1e-9)
    if n > 2:
        assert detectable_difference(sd, n - 1) > delta


def test_issue15_item3_detectable_difference_edges() -> None:
    assert detectable_difference(1.0, 1) == math.inf
    assert detectable_difference(0.0, 10) == 0.0
    assert math.isfinite(detectable_difference(1.0, 2))  # df 1: scipy's tail must not break it
    big = detectable_difference(1.0, 10_000)
    assert big == pytest.approx((1.959964 + 0.841621) / 100, rel=1e-3)  # normal limit


# item 2: distributions -------------------------------------------------------------------

def test_issue15_item2_distribution_worked_by_hand() -> None:
    summary = distribution(Counter({3: 2, 5: 1, 10: 4}))  # 3 3 5 10 10 10 10
    assert summary == distribution([10, 3, 10, 5, 10, 3, 10])
    assert summary["count"] == 7
    assert summary["mean"]["value"] == pytest.approx(51 / 7)
    assert (summary["min"], summary["max"], summary["median"]) == (3, 10, 10.0)
    assert summary["p25"] == 4.0  # rank 1.5 of 0..6: halfway between 3 and 5
    assert (summary["p10"], summary["p75"], summary["p90"]) == (3.0, 10.0, 10.0)
    assert summary["sd"] == pytest.approx(math.sqrt(sum((x - 51 / 7) ** 2 for x in
                                                        [3, 3, 5, 10, 10, 10, 10]) / 6))
    assert summary["histogram"] == [[3, 3, 2], [5, 5, 1], [10, 10, 4]]
    json.dumps(summary)  # ready for --json


def test_issue15_item2_many_distinct_values_are_binned_into_at_most_40() -> None:
    bins = distribution(list(range(100)))["histogram"]
    assert len(bins) == 34  # width ceil(100 / 40) = 3
    assert bins[0] == [0, 2, 3]
    assert bins[-1] == [99, 99, 1]  # the last bin stops at the largest value
    wide = distribution([0, 1000, *range(50)])["histogram"]
    assert len(wide) <= 40
    assert sum(row[2] for row in wide) == 52
    assert [row[0] for row in wide] == sorted(row[0] for row in wide)


def test_issue15_item2_empty_distribution() -> None:
    summary = distribution([])
    assert summary["count"] == 0
    assert summary["median"] is None
    assert summary["histogram"] == []
    assert distribution([4])["sd"] == 0.0


# item 3: plain words ----------------------------------------------------------------------

@pytest.mark.parametrize(("label", "diff", "p", "unit", "sentence"), [
    ("seat 1 wins", 0.061, 0.003, "rate",
     "in `long`, seat 1 wins 6.1 points more often than in `base` (p = 0.003)"),
    ("seat 0 wins", -0.1234, 0.0004, "rate",
     "in `long`, seat 0 wins 12.3 points less often than in `base` (p < 0.001)"),
    ("games last", 12.34, 0.02, "actions",
     "in `long`, games last 12.3 actions longer than in `base` (p = 0.020)"),
    ("games last", -1.5, 0.041, "rounds",
     "in `long`, games last 1.5 rounds shorter than in `base` (p = 0.041)"),
    ("seat 2 scores", -2.0, 0.01, "score",
     "in `long`, seat 2 scores 2.0 less than in `base` (p = 0.010)"),
    ("seat 2 scores", 0.04, 0.01, "score",
     "in `long`, seat 2 scores 0.04 more than in `base` (p = 0.010)"),
    ("a decision offers", -0.5, 0.001, "legal actions",
     "in `long`, a decision offers 0.5 fewer legal actions than in `base` (p = 0.001)"),
    ("seat 1 wins", 0.0, 1.0, "rate",
     "in `long`, seat 1 wins as often as in `base` (p = 1.000)"),
])
def test_issue15_item3_plain_difference_words(
        label: str, diff: float, p: float, unit: str, sentence: str) -> None:
    assert plain_difference(label, "base", "long", diff, p, unit) == sentence


def test_issue15_item3_plain_difference_takes_a_difference() -> None:
    diff = Difference(3.0, 1.0, 5.0, 0.0001, 2.0, 50, True)
    assert plain_difference("games last", "a", "b", diff, 0.0002, "turns") == (
        "in `b`, games last 3.0 turns longer than in `a` (p < 0.001)")
    assert format_p(0.001) == "p = 0.001"
    with pytest.raises(StatsInputError, match="must be a number"):
        plain_difference("x", "a", "b", math.nan, 0.5, "rate")


def test_issue15_item2_rate_difference_worked_by_hand() -> None:
    """Components: users 30 wins of 50 seats against others 20 of 50."""
    difference = rate_difference(20, 50, 30, 50)
    assert difference.value == pytest.approx(0.2)
    # pooled z-test: p = 0.5, se = sqrt(0.25 * (2 / 50)) = 0.1, z = 2
    assert difference.p_value == pytest.approx(2 * (1 - 0.9772498680518208))
    # Newcombe: Wilson 30/50 = [0.46181, 0.72392], 20/50 = [0.27608, 0.53819]
    low = 0.2 - math.hypot(0.6 - 0.46181, 0.53819 - 0.4)
    high = 0.2 + math.hypot(0.72392 - 0.6, 0.4 - 0.27608)
    assert difference.low == pytest.approx(low, abs=1e-4)
    assert difference.high == pytest.approx(high, abs=1e-4)


def test_issue15_item2_two_losses_in_two_games_are_not_significant() -> None:
    """A component used twice, both times by a loser: no evidence against a 1/3 win rate."""
    difference = rate_difference(100, 298, 0, 2)
    assert difference.value == pytest.approx(-100 / 298)
    assert difference.p_value > 0.3
    # the users' rate cannot go below 0: the interval stops at 0 minus the others' upper
    # Wilson bound for 100/298 (0.3907); upward it reaches the users' Wilson bound for 0/2
    assert difference.low == pytest.approx(-0.3907, abs=1e-3)
    assert difference.high > 0.3


def test_issue15_item2_rate_difference_of_certain_rates_has_p_one() -> None:
    assert rate_difference(0, 10, 0, 10).p_value == 1.0
    assert rate_difference(10, 10, 10, 10).p_value == 1.0
