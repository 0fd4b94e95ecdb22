"""Configurations side by side: paired differences, Holm's correction, plain words, power.

Every configuration played the same matches (same deals, same seats), so each measure is
compared match by match (a paired t-test on the per-match differences), which removes the
luck of the deal from the comparison. The p-values of all comparisons of a run are adjusted
together with Holm's method, so "significant" holds for the whole report at the 5% level,
not for each line alone.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable
from typing import Any

from gamenight.sim.playtest.configs import main_key
from gamenight.sim.playtest.describe import plain_difference
from gamenight.sim.playtest.measure import MatchRow
from gamenight.sim.playtest.measures import PER_MATCH, seat_measures, win_share
from gamenight.sim.playtest.run import LabRun
from gamenight.sim.playtest.stats import (
    Difference,
    detectable_difference,
    games_needed,
    holm,
    paired_difference,
)

ALPHA = 0.05
DEFAULT_DETECT = 0.05  # the win-rate difference a designer would not want to miss: 5 points


def _pairs(
    a: list[MatchRow], b: list[MatchRow], measure: Callable[[MatchRow], float]
) -> tuple[list[float], list[float]]:
    """The measure in both configurations over the matches both finished with a value."""
    by_index = {row.index: row for row in b}
    left: list[float] = []
    right: list[float] = []
    for row in a:
        other = by_index.get(row.index)
        if other is None:
            continue
        x, y = measure(row), measure(other)
        if not (math.isnan(x) or math.isnan(y)):
            left.append(x)
            right.append(y)
    return left, right


def compare(run: LabRun, detect: float = DEFAULT_DETECT) -> dict[str, Any]:
    """Each configuration against the first: every measure's difference, Holm-adjusted."""
    spec = run.spec
    measures = {**seat_measures(spec.num_players), **PER_MATCH}
    base_label = spec.configs[0].label
    base = run.series_rows(main_key(0))
    found: list[dict[str, Any]] = []
    differences: list[Difference] = []
    for config in range(1, len(spec.configs)):
        rows = run.series_rows(main_key(config))
        for key, measure in measures.items():
            a, b = _pairs(base, rows, measure.value)
            if len(a) < 2:
                continue
            difference = paired_difference(a, b)
            differences.append(difference)
            found.append(
                {
                    "measure": key,
                    "label": measure.label,
                    "unit": measure.unit,
                    "phrase": measure.phrase,
                    "baseline": base_label,
                    "config": spec.configs[config].label,
                    "a": sum(a) / len(a),
                    "b": sum(b) / len(b),
                    "difference": difference.to_dict(),
                }
            )
    adjusted = holm([d.p_value for d in differences])
    for entry, difference, p in zip(found, differences, adjusted, strict=True):
        entry["p_adjusted"] = p
        entry["significant"] = p < ALPHA
        entry["sentence"] = (
            plain_difference(entry["phrase"], entry["baseline"], entry["config"], difference, p,
                             entry["unit"])
            if p < ALPHA
            else None
        )
    return {"comparisons": found, "power": _power(run, found, differences, detect)}


def _power(
    run: LabRun, found: list[dict[str, Any]], differences: list[Difference], detect: float
) -> dict[str, Any]:
    """Is the run big enough to see a ``detect``-sized change in a seat's win rate?

    With several configurations: the paired differences of the seats' win rates, at the
    number of comparisons the run made. With one: each seat's win rate against its fair share
    (the spread of one seat's result in one match), one test per seat.
    """
    spec = run.spec
    wins = [d for entry, d in zip(found, differences, strict=True) if entry["unit"] == "rate"
            and entry["measure"].endswith("_win")]
    comparisons = max(1, len(differences))
    if wins:
        sd = max(d.sd for d in wins)
        n = min(d.n for d in wins)
        what = "a difference between configurations in a seat's win rate"
    else:
        rows = run.series_rows(main_key(0))
        n = len(rows)
        comparisons = spec.num_players
        sd = (
            max(statistics.stdev(map(win_share(seat), rows)) for seat in range(spec.num_players))
            if n > 1
            else 0.0  # replaced by the safe plan below
        )
        what = "a seat's win rate away from its fair share"
    if n < 2 or not sd:
        sd = 0.5  # the most a win indicator can spread: a safe plan without data
    smallest = detectable_difference(sd, max(n, 2), alpha=ALPHA, comparisons=comparisons)
    needed = games_needed(sd, detect, alpha=ALPHA, comparisons=comparisons)
    enough = n >= needed
    sentence = (
        f"With {n:,} games per configuration, {what} smaller than "
        f"{smallest * 100:.1f} points could go unseen (80% power, {comparisons} comparisons); "
        + (
            f"the run is big enough to show {detect * 100:g} points."
            if enough
            else f"to show {detect * 100:g} points, play about {needed:,} games."
        )
    )
    return {
        "measure": what,
        "games": n,
        "sd": sd,
        "comparisons": comparisons,
        "detect": detect,
        "detectable": smallest,
        "games_needed": needed,
        "enough": enough,
        "sentence": sentence,
    }

