"""What the backends' tests share: a small spec, figures to compare, and a bot that breaks.

Not a test module: ``test_backends.py`` and ``test_ray_backend.py`` import it, and Ray's
workers import it too (their set-up hook, :func:`install`, registers the broken bot there).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from gamenight.bots.base import check_options
from gamenight.bots.factory import GENERIC_BOTS
from gamenight.core.agent import Agent
from gamenight.core.game import AnyGame
from gamenight.core.rng import Rng
from gamenight.sim.playtest.backends import LocalBackend
from gamenight.sim.playtest.configs import PlaytestSpec, configurations
from gamenight.sim.playtest.measures import summarise
from gamenight.sim.playtest.run import LabRun, run_playtest


def two_variants_and_a_ladder(games: int = 150, bots: tuple[str, ...] = ("random",),
                              ladder_games: int = 20) -> PlaytestSpec:
    """Requirements, rules as published against ``no-doubles``, and a 2-rung skill ladder."""
    return PlaytestSpec(
        game="requirements",
        num_players=2,
        games=games,
        bots=bots,
        configs=configurations("requirements", ["base", "no-doubles"], []),
        seed=15,
        ladder=("random", "heuristic") if ladder_games else (),
        ladder_games=ladder_games,
    )


def figures(run: LabRun) -> str:
    """Every figure of the run as canonical JSON, without the backend's name."""
    summary = summarise(run)
    assert summary.pop("backend") == run.backend
    return json.dumps(summary, sort_keys=True)


def rows(run: LabRun) -> dict[str, list[str]]:
    """Every finished match, as text: a row's NaN (no drama) never equals another NaN."""
    return {key: [repr(row) for row in run.series_rows(key)] for key in run.rows}


def kept_as_played(run: LabRun) -> bool:
    """Whether every match a run kept is the one random bots play from its seed: the broken
    bot plays as ``random`` does until it breaks, so a kept match is a finished one."""
    clean = run_playtest(dataclasses.replace(run.spec, bots=("random",)), LocalBackend(1))
    for key, found in run.rows.items():
        for index, row in found.items():
            expected = clean.rows[key][index]
            if repr(dataclasses.replace(row, bots=expected.bots)) != repr(expected):
                return False
    return True


class BlunderAgent:
    """Plays at random, then (after ``after`` moves in its life) something never legal."""

    name = "blunder"
    needs_view: ClassVar[bool] = False

    def __init__(self, after: int) -> None:
        self.after = after
        self.moves = 0

    def act(self, view: Any, legal_actions: Sequence[Any], rng: Rng) -> Any:
        self.moves += 1
        if self.moves > self.after:
            return "not an action"
        return legal_actions[rng.randbelow(len(legal_actions))]


def make_blunder(game: AnyGame, options: Mapping[str, str]) -> Agent:
    check_options(options, {"after"}, "blunder")
    agent: Agent = BlunderAgent(int(options.get("after", "0")))
    return agent


def install() -> None:
    """Ray's worker set-up hook: the broken bot, known in every worker."""
    GENERIC_BOTS["blunder"] = make_blunder
