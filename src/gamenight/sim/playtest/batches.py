"""Units of work: a batch of consecutive matches of one series, and what it gives back.

A batch is named by its series and its first match, plays its matches in order and returns
compact results (a row per match, integer tallies), never match records. Its numbers depend
only on the matches it holds, so a run gives the same figures whatever the batches' sizes,
the backend and the number of workers.
"""

from __future__ import annotations

import dataclasses
import time

from gamenight.bots.factory import make_agent
from gamenight.core import registry
from gamenight.core.errors import BotError
from gamenight.sim.playtest.configs import PlaytestSpec, Series
from gamenight.sim.playtest.measure import ComponentTally, MatchRow, play_measured


@dataclasses.dataclass(frozen=True)
class Task:
    series: Series
    start: int
    stop: int

    @property
    def size(self) -> int:
        return self.stop - self.start


@dataclasses.dataclass
class BatchResult:
    series: str
    start: int
    rows: list[MatchRow]
    components: ComponentTally
    courses: dict[int, list[tuple[float, ...]]]  # match index -> standings after each action
    seconds: float  # the worker's time, to size later batches
    error: str | None = None  # a bot's error that stopped the batch (rows before it are kept)


def play_batch(spec: PlaytestSpec, task: Task) -> BatchResult:
    """Play the matches of ``task``; bots are built afresh for every batch, anywhere alike."""
    began = time.perf_counter()
    series = task.series
    config = spec.configs[series.config]
    game = registry.make_game(spec.game, config.params, config.variant)
    agents = {bot: make_agent(bot, game) for bot in set(series.lineup.bots)}
    components = ComponentTally()
    courses: dict[int, list[tuple[float, ...]]] = {}
    rows: list[MatchRow] = []
    error = None
    try:
        for index in range(task.start, task.stop):
            keep = series.kind == "main" and index < spec.course_examples
            course: list[tuple[float, ...]] | None = [] if keep else None
            seat_bots = series.lineup.seat_bots(index)
            rows.append(
                play_measured(
                    game,
                    spec.num_players,
                    spec.seed_for(index),
                    index,
                    [agents[bot] for bot in seat_bots],
                    components,
                    course,
                )
            )
            if course is not None:
                courses[index] = course
    except BotError as problem:
        error = str(problem)
    return BatchResult(
        series.key, task.start, rows, components, courses, time.perf_counter() - began, error
    )
