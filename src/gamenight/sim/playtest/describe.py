"""Words and shapes for the playtest report: distributions and plain-words differences.

The numbers come from :mod:`gamenight.sim.playtest.stats`; this module only lays them out
for people (a sentence) and for plots (a histogram), JSON-safe throughout.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np

from gamenight.sim.playtest.stats import Difference, StatsInputError, mean_interval

MOST_BINS = 40
PERCENTILES = {"p10": 10, "p25": 25, "median": 50, "p75": 75, "p90": 90}
LENGTH_UNITS = frozenset({"actions", "turns", "rounds"})  # "longer" and "shorter"


def _expanded(values: Sequence[int] | Counter[int]) -> np.ndarray[Any, np.dtype[np.int64]]:
    """The values one by one, from a list or from a Counter of value -> occurrences."""
    if isinstance(values, Counter):
        if any(count < 0 for count in values.values()):
            raise StatsInputError("a distribution cannot count a value a negative number of times")
        keys = sorted(values)
        return np.repeat(np.asarray(keys, dtype=np.int64),
                         np.asarray([values[key] for key in keys], dtype=np.int64))
    return np.asarray(list(values), dtype=np.int64)


def _histogram(array: np.ndarray[Any, np.dtype[np.int64]]) -> list[list[int]]:
    """[low, high, count] rows, both ends included: one row per distinct value when there
    are at most 40 of them, else at most 40 bins of equal integer width (empty ones kept, so
    the shape is honest; the last one ends at the largest value)."""
    distinct, counts = np.unique(array, return_counts=True)
    if len(distinct) <= MOST_BINS:
        return [[int(v), int(v), int(c)] for v, c in zip(distinct, counts, strict=True)]
    smallest, span = int(distinct[0]), int(distinct[-1] - distinct[0]) + 1
    width = math.ceil(span / MOST_BINS)
    per_bin = np.bincount((array - smallest) // width)
    largest = int(distinct[-1])  # the last bin stops at the largest value, not past it
    return [[smallest + i * width, min(smallest + (i + 1) * width - 1, largest), int(count)]
            for i, count in enumerate(per_bin)]


def distribution(values: Sequence[int] | Counter[int]) -> dict[str, Any]:
    """Count, mean with its 95% interval, sd, min, p10, p25, median, p75, p90, max, histogram.

    For whole-number measures (actions, turns, rounds, a score). Percentiles interpolate
    linearly between neighbouring values (numpy's default), so a median may be a half. The
    sd is the sample standard deviation (0 for one value). No values: count 0, the other
    figures ``None``, an empty histogram.
    """
    array = _expanded(values)
    summary: dict[str, Any] = {"count": len(array), "mean": mean_interval(array.tolist()).to_dict()}
    if len(array) == 0:
        empty = dict.fromkeys(["sd", "min", *PERCENTILES, "max"])
        return {**summary, **empty, "histogram": []}
    cuts = np.percentile(array, list(PERCENTILES.values()))
    return {
        **summary,
        "sd": float(array.std(ddof=1)) if len(array) > 1 else 0.0,
        "min": int(array.min()),
        **{name: float(cut) for name, cut in zip(PERCENTILES, cuts, strict=True)},
        "max": int(array.max()),
        "histogram": _histogram(array),
    }


def percent(value: float | None) -> str:
    return "n/a" if value is None else f"{value * 100:.1f}%"


def number(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2f}"


def with_interval(estimate: dict[str, Any] | None, rate: bool) -> str:
    """'38.5% [31.7%, 45.3%]' for a rate, '6.66 [5.81, 7.51]' for anything else."""
    if estimate is None or estimate["value"] is None:
        return "n/a"
    show = percent if rate else number
    return f"{show(estimate['value'])} [{show(estimate['low'])}, {show(estimate['high'])}]"


def format_p(p_value: float) -> str:
    """'p = 0.003', or 'p < 0.001' below that."""
    return "p < 0.001" if p_value < 0.001 else f"p = {p_value:.3f}"


def _amount(size: float) -> str:
    """One decimal, or two significant digits for amounts below 0.1."""
    return f"{size:.1f}" if size >= 0.095 else f"{size:.2g}"


def _comparison(size: float, up: bool, unit: str) -> str:
    """'6.1 points more often', '12 actions shorter', '2.5 more', '3.0 fewer cards'."""
    if unit == "rate":
        return f"{_amount(size * 100)} points {'more' if up else 'less'} often"
    if unit in LENGTH_UNITS:
        return f"{_amount(size)} {unit} {'longer' if up else 'shorter'}"
    if unit == "score":
        return f"{_amount(size)} {'more' if up else 'less'}"
    return f"{_amount(size)} {'more' if up else 'fewer'} {unit}"


def _same(unit: str) -> str:
    if unit == "rate":
        return "as often"
    if unit in LENGTH_UNITS:
        return "as long"
    return "as much" if unit == "score" else f"as many {unit}"


def plain_difference(label: str, config_a: str, config_b: str, diff: Difference | float,
                     p_adjusted: float, unit: str) -> str:
    """One sentence on ``config_b`` against ``config_a``, for a significant difference.

    ``label`` is the subject and verb ("seat 1 wins", "games last", "seat 2 scores"), ``diff``
    the difference b - a and ``p_adjusted`` its p-value after Holm. ``unit`` says how to word
    the amount: "rate" (a proportion, said in percentage points "more/less often"),
    "actions", "turns" or "rounds" (lengths: "longer/shorter"), "score" ("more/less"), or
    any plural noun for counted things ("more/fewer cards"). For example: "in `long`, seat 1
    wins 6.1 points more often than in `base` (p = 0.003)".
    """
    value = diff.value if isinstance(diff, Difference) else diff
    if not math.isfinite(value):
        raise StatsInputError(f"a difference to put in words must be a number, got {value}")
    if value == 0:
        middle = f"{_same(unit)} as"
    else:
        middle = f"{_comparison(abs(value), value > 0, unit)} than"
    return f"in `{config_b}`, {label} {middle} in `{config_a}` ({format_p(p_adjusted)})"
