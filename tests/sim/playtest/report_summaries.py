"""Summaries for the report's tests: real small runs, with the parts games do not give yet.

The component and course figures come from game hooks (``component_uses``, ``standings``);
where a game has none, these fill the run's tallies by hand, in the shapes the lab itself
fills them, so :func:`summarise` builds every part of the summary as in a real run.
"""

from __future__ import annotations

from typing import Any

from gamenight.sim.playtest.backends import LocalBackend
from gamenight.sim.playtest.configs import Configuration, PlaytestSpec
from gamenight.sim.playtest.measure import SHARES, ComponentTally
from gamenight.sim.playtest.measures import summarise
from gamenight.sim.playtest.run import LabRun, run_playtest

HOSTILE = "</script><script>alert(1)</script>"
BOLD = "<b>bold</b>"


def spec(labels: tuple[str, str] = ("base", "no-doubles"), games: int = 12,
         ladder_games: int = 4) -> PlaytestSpec:
    return PlaytestSpec(
        game="requirements", num_players=2, games=games, bots=("random",),
        configs=(Configuration(labels[0], None, {}), Configuration(labels[1], "no-doubles", {})),
        ladder=("random", "heuristic"), ladder_games=ladder_games,
    )


def components(names: tuple[str, ...], matches: int) -> ComponentTally:
    """Two seats a match; component ``i`` used by ``matches - 2 i`` seats winning ``i``."""
    tally = ComponentTally(seat_games=2 * matches, win_shares=matches * SHARES)
    for i, name in enumerate(names):
        users = matches - 2 * i
        tally.uses[name] = 2 * users
        tally.users[name] = users
        tally.user_wins[name] = min(i + 1, users) * SHARES
    return tally


COURSES = {0: [(0.0, 0.0), (1.0, 0.0), (1.0, 2.0), (3.0, 2.0), (3.0, 4.0)],
           1: [(0.0, 1.0), (2.0, 1.0), (2.0, 1.0), (5.0, 1.0)]}


def filled_run(labels: tuple[str, str] = ("base", "no-doubles"),
               component_names: tuple[str, ...] = ("Accomplishment", "Double", "Chip")) -> LabRun:
    run = run_playtest(spec(labels), LocalBackend(1))
    for config in range(2):
        run.components[config] = components(component_names, 12)
        run.courses[config] = {index: list(course) for index, course in COURSES.items()}
    return run


def filled_summary(labels: tuple[str, str] = ("base", "no-doubles"),
                   component_names: tuple[str, ...] = ("Accomplishment", "Double", "Chip"),
                   ) -> dict[str, Any]:
    return summarise(filled_run(labels, component_names))


def empty_summary() -> dict[str, Any]:
    """A run interrupted before any match finished."""
    run = LabRun.empty(spec())
    run.interrupted = True
    return summarise(run)


def expected_figures(summary: dict[str, Any]) -> int:
    """What the report should plot, read off the summary: seats and ladder once if any
    match finished, one figure per length unit, one per configuration with components, one
    per configuration with a game's course."""
    configs = summary["configs"]
    seats = any(c["games"] for c in configs)
    lengths = {key for c in configs for key, d in c["length"].items() if d["histogram"]}
    ladder = any(r["games"] for c in configs for r in c["ladder"])
    components = sum(bool(c["components"]) for c in configs)
    courses = sum(any(e["standings"] for e in c["course"]["examples"]) for c in configs)
    return seats + len(lengths) + ladder + components + courses
