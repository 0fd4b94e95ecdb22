"""Every measure of one configuration, from its finished matches, with 95% intervals.

The definitions are in ``docs/playtesting.md``; the per-match ones (decisions, turns, the
course of a game) in :mod:`gamenight.sim.playtest.measure`. The result is JSON-safe data that
the terminal, ``--json``, the CSV files and the HTML report all read.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from gamenight.bots.factory import omniscient_spec
from gamenight.sim.playtest.configs import PlaytestSpec, ladder_key, main_key
from gamenight.sim.playtest.describe import distribution
from gamenight.sim.playtest.measure import SHARES, ComponentTally, MatchRow
from gamenight.sim.playtest.run import LabRun
from gamenight.sim.playtest.stats import (
    Estimate,
    holm,
    mean_interval,
    means_equal,
    paired_difference,
    rate_difference,
    rate_interval,
    seats_equal,
)

RowMeasure = Callable[[MatchRow], float]


def win_share(seat: int) -> RowMeasure:
    return lambda row: row.wins[seat] / SHARES


def score(seat: int) -> RowMeasure:
    return lambda row: row.scores[seat]


def _ratio(part: int, whole: int) -> float:
    return part / whole if whole else math.nan


def _rounds(row: MatchRow) -> float:
    return row.rounds if row.rounds >= 0 else math.nan


def _lead_changes(row: MatchRow) -> float:
    return row.lead_changes if row.lead_changes >= 0 else math.nan


class Measure(NamedTuple):
    """A per-match measure: its name in tables, its unit, its value in one match (nan: none),
    and the subject and verb that put a difference in words ("seat 1 wins")."""

    label: str
    unit: str
    value: RowMeasure
    phrase: str


PER_MATCH: dict[str, Measure] = {
    "actions": Measure("length in actions", "actions", lambda row: row.actions, "a game lasts"),
    "turns": Measure("length in turns", "turns", lambda row: row.turns, "a game lasts"),
    "rounds": Measure("length in rounds", "rounds", _rounds, "a game lasts"),
    "choice_share": Measure(
        "share of decisions with a choice", "rate",
        lambda row: _ratio(row.choices, row.decisions), "a decision offers a choice",
    ),
    "branching": Measure(
        "branching factor", "legal actions", lambda row: _ratio(row.branching, row.decisions),
        "a decision offers",
    ),
    "lead_changes": Measure("lead changes", "lead changes", _lead_changes, "a game has"),
    "drama": Measure(
        "drama", "points of standing", lambda row: row.drama, "the eventual winner trails by"
    ),
    "decisiveness": Measure(
        "decisiveness", "rate", lambda row: row.decisiveness,
        "the eventual winner stays alone in front to the end",
    ),
    "no_winner": Measure(
        "no-winner rate", "rate", lambda row: float(not any(row.wins)), "a game has no winner"
    ),
    "capped": Measure("capped rate", "rate", lambda row: float(row.capped), "a game is cut short"),
}


ZERO_OR_ONE = {"no_winner", "capped"}
"""Measures that are 0 or 1 in every match: rates with Wilson's interval (the others that
are shares, such as decisiveness, vary within a match's range and take Student's t)."""


def seat_measures(num_players: int) -> dict[str, Measure]:
    """Win share and score of every seat, as per-match measures."""
    found: dict[str, Measure] = {}
    for seat in range(num_players):
        found[f"seat{seat}_win"] = Measure(
            f"seat {seat} win rate", "rate", win_share(seat), f"seat {seat} wins"
        )
        found[f"seat{seat}_score"] = Measure(
            f"seat {seat} mean score", "score", score(seat), f"seat {seat} scores"
        )
    return found


def win_rate(shares: Sequence[float]) -> Estimate:
    """A rate from per-match shares (0, 1 or a split win): Wilson's interval, which stays
    within 0 and 1 for small runs and rates near the ends, where a t interval would not."""
    return rate_interval(sum(shares), len(shares))


def values(rows: Sequence[MatchRow], measure: RowMeasure) -> list[float]:
    """A measure over matches, leaving out those where it has no value."""
    return [value for value in map(measure, rows) if not math.isnan(value)]


def summarise_config(run: LabRun, config: int) -> dict[str, Any]:
    spec = run.spec
    rows = run.series_rows(main_key(config))
    n = spec.num_players
    decided = [row for row in rows if any(row.wins)]
    seat_shares = [sum(row.wins[seat] for row in decided) / SHARES for seat in range(n)]
    scores = [values(rows, score(seat)) for seat in range(n)]
    found = {key: values(rows, measure.value) for key, measure in PER_MATCH.items()}
    summary: dict[str, Any] = {
        **spec.configs[config].to_dict(),
        "games": len(rows),
        "seats": [
            {
                "seat": seat,
                "win_rate": win_rate(values(rows, win_share(seat))).to_dict(),
                "mean_score": mean_interval(scores[seat]).to_dict(),
            }
            for seat in range(n)
        ],
        "seats_equal": seats_equal(seat_shares, len(decided)).to_dict() if decided else None,
        "scores_equal": (
            means_equal(scores, paired=True).to_dict()
            if len(rows) > 1
            else None
        ),
        "bots": _by_bot(rows),
        "outcomes": _outcomes(rows),
        "length": {
            key: distribution([int(v) for v in found[key]])
            for key in ("actions", "turns", "rounds")
            if found[key]
        },
        "measures": {
            key: {
                "label": measure.label,
                "unit": measure.unit,
                **(win_rate if key in ZERO_OR_ONE else mean_interval)(found[key]).to_dict(),
            }
            for key, measure in PER_MATCH.items()
            if found[key]
        },
        "course": _course(run, config, rows),
        "components": _components(run.components[config]),
        "ladder": _ladder(run, config),
    }
    return summary


def _by_bot(rows: Sequence[MatchRow]) -> list[dict[str, Any]]:
    shares: dict[str, list[float]] = {}
    scores: dict[str, list[float]] = {}
    for row in rows:
        for seat, bot in enumerate(row.bots):
            shares.setdefault(bot, []).append(row.wins[seat] / SHARES)
            scores.setdefault(bot, []).append(row.scores[seat])
    return [
        {
            "bot": bot,
            "omniscient": omniscient_spec(bot),  # reads the true state: not a fair bot's result
            "seat_games": len(shares[bot]),
            "win_rate": win_rate(shares[bot]).to_dict(),
            "mean_score": mean_interval(scores[bot]).to_dict(),
        }
        for bot in shares
    ]


def _outcomes(rows: Sequence[MatchRow]) -> dict[str, Any]:
    games = len(rows)
    endings = Counter(row.reason for row in rows)
    capped = sum(row.capped for row in rows)
    no_winner = sum(not any(row.wins) for row in rows)
    shared = sum(sum(1 for w in row.wins if w) > 1 for row in rows)
    return {
        "completion": rate_interval(games - capped, games).to_dict(),
        "capped": rate_interval(capped, games).to_dict(),
        "no_winner": rate_interval(no_winner, games).to_dict(),
        "shared_win": rate_interval(shared, games).to_dict(),
        "endings": dict(endings.most_common()),
        "capped_endings": dict(Counter(row.reason for row in rows if row.capped).most_common()),
    }


def _course(run: LabRun, config: int, rows: Sequence[MatchRow]) -> dict[str, Any]:
    examples = run.courses[config]
    available = bool(examples) or any(not math.isnan(row.decisiveness) for row in rows)
    by_index = {row.index: row for row in rows}
    return {
        "available": available,
        "examples": [
            {
                "index": index,
                "bots": list(by_index[index].bots),
                "winners": [seat for seat, w in enumerate(by_index[index].wins) if w],
                "standings": [list(standing) for standing in examples[index]],
            }
            for index in sorted(examples)
            if index in by_index
        ],
    }


def _components(tally: ComponentTally) -> list[dict[str, Any]]:
    """Each component kind: how often used, and its users' win rate against everyone else's."""
    found: list[dict[str, Any]] = []
    for name in sorted(tally.uses):
        users = tally.users[name]
        others = tally.seat_games - users
        user_wins = tally.user_wins[name] / SHARES
        other_wins = (tally.win_shares - tally.user_wins[name]) / SHARES
        found.append(
            {
                "name": name,
                "uses": tally.uses[name],
                "users": users,
                "use_rate": users / tally.seat_games if tally.seat_games else None,
                "win_rate_users": rate_interval(user_wins, users).to_dict(),
                "win_rate_others": rate_interval(other_wins, others).to_dict(),
                "difference": (
                    rate_difference(other_wins, others, user_wins, users).to_dict()
                    if users and others
                    else None
                ),
            }
        )
    tested = [entry for entry in found if entry["difference"] is not None]
    adjusted = holm([entry["difference"]["p_value"] for entry in tested])
    for entry, p in zip(tested, adjusted, strict=True):
        entry["p_adjusted"] = p  # over this configuration's components: many kinds, many tests
    return found


def _ladder(run: LabRun, config: int) -> list[dict[str, Any]]:
    """Each rung against the one below: the higher seat's win rate against its fair share."""
    spec = run.spec
    fair = 1 / spec.num_players
    rungs: list[dict[str, Any]] = []
    for rung in range(1, len(spec.ladder)):
        rows = run.series_rows(ladder_key(config, rung))
        shares = [row.wins[row.index % spec.num_players] / SHARES for row in rows]
        difference = paired_difference([fair] * len(shares), shares) if len(shares) > 1 else None
        rungs.append(
            {
                "rung": rung,
                "higher": spec.ladder[rung],
                "lower": spec.ladder[rung - 1],
                "higher_omniscient": omniscient_spec(spec.ladder[rung]),
                "lower_omniscient": omniscient_spec(spec.ladder[rung - 1]),
                "games": len(rows),
                "fair_share": fair,
                "win_rate": win_rate(shares).to_dict(),
                "above_fair": difference.to_dict() if difference else None,
            }
        )
    tested = [entry for entry in rungs if entry["above_fair"] is not None]
    adjusted = holm([entry["above_fair"]["p_value"] for entry in tested])
    for entry, p in zip(tested, adjusted, strict=True):
        entry["p_adjusted"] = p  # Holm over the rungs of the ladder
    return rungs


def summarise(run: LabRun, detect: float = 0.05) -> dict[str, Any]:
    """The whole run: the spec, every configuration's measures, the comparisons.

    As in ``simulate`` and ``tournament``, a bot that reads the true state is listed in
    ``omniscient`` (the run's bots and ladder rungs) and its rows say so (``"omniscient":
    true`` by bot, ``higher_omniscient`` / ``lower_omniscient`` by rung; issue 17).
    """
    from gamenight.sim.playtest.compare import compare

    spec: PlaytestSpec = run.spec
    configs = [summarise_config(run, c) for c in range(len(spec.configs))]
    return {
        "spec": spec.to_dict(),
        "backend": run.backend,
        "matches": run.matches,
        "planned": run.planned,
        "interrupted": run.interrupted,
        "error": run.error,
        "configs": configs,
        "omniscient": [
            bot for bot in dict.fromkeys((*spec.bots, *spec.ladder)) if omniscient_spec(bot)
        ],
        **compare(run, detect),
    }
