"""Where batches run: local processes (the default) or a Ray cluster (``ray_backend``).

Both take batches from a :class:`Planner`, keep a bounded number in flight, and hand each
result on as it finishes, in whatever order: the lab files results by match index, so the
order of arrival never changes a figure.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Protocol

from gamenight.sim.playtest.batches import BatchResult, Task, play_batch
from gamenight.sim.playtest.configs import PlaytestSpec

TARGET_SECONDS = 1.0  # a batch should take about this long: short enough to spread, long
# enough that shipping it costs little
FIRST_BATCH = 2  # matches in a series' first batches, before its speed is known
MOST_PER_BATCH = 2000

OnResult = Callable[[BatchResult], None]


class Backend(Protocol):
    name: str

    def run(self, spec: PlaytestSpec, on_result: OnResult) -> None:
        """Play every batch of ``spec``, calling ``on_result`` as each finishes.

        Returns early (without error) when ``on_result`` raises :class:`StopRun`.
        """
        ...


class StopRun(Exception):
    """Raised by a result handler to stop a run (a bot's error)."""


class Planner:
    """Cuts every series into batches, sized from the seconds its finished batches took."""

    def __init__(self, spec: PlaytestSpec) -> None:
        self._next = {series.key: 0 for series in spec.series()}
        self._series = {series.key: series for series in spec.series()}
        self._pace: dict[str, float] = {}  # seconds per match, per series

    def learn(self, result: BatchResult) -> None:
        if result.rows:
            self._pace[result.series] = result.seconds / len(result.rows)

    def tasks(self) -> Iterator[Task]:
        """Batches in series order; later ones sized from what was learnt meanwhile."""
        for key, series in self._series.items():
            while self._next[key] < series.games:
                start = self._next[key]
                pace = self._pace.get(key)
                size = FIRST_BATCH if pace is None else math.floor(TARGET_SECONDS / max(pace, 1e-6))
                size = max(1, min(size, MOST_PER_BATCH))
                stop = min(series.games, start + size)
                self._next[key] = stop
                yield Task(series, start, stop)


class LocalBackend:
    """Processes on this machine; ``jobs=1`` plays in this process (no pool at all)."""

    name = "local"

    def __init__(self, jobs: int = 0) -> None:
        self.jobs = jobs if jobs > 0 else (os.cpu_count() or 1)

    def run(self, spec: PlaytestSpec, on_result: OnResult) -> None:
        planner = Planner(spec)
        if self.jobs == 1:
            for batch in planner.tasks():
                result = play_batch(spec, batch)
                planner.learn(result)
                try:
                    on_result(result)
                except StopRun:
                    return
            return
        with ProcessPoolExecutor(max_workers=self.jobs) as pool:
            tasks = planner.tasks()
            in_flight: set[Future[BatchResult]] = set()
            try:
                while True:
                    while len(in_flight) < 2 * self.jobs:
                        following = next(tasks, None)
                        if following is None:
                            break
                        in_flight.add(pool.submit(play_batch, spec, following))
                    if not in_flight:
                        return
                    done, in_flight = wait(in_flight, return_when=FIRST_COMPLETED)
                    for future in done:
                        result = future.result()
                        planner.learn(result)
                        on_result(result)
            except StopRun:
                return
            finally:
                for future in in_flight:
                    future.cancel()
                pool.shutdown(wait=False, cancel_futures=True)
