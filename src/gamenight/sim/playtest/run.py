"""A playtest run: batches played on a backend, their results filed by match index."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable

from gamenight.sim.playtest.backends import Backend, StopRun
from gamenight.sim.playtest.batches import BatchResult
from gamenight.sim.playtest.configs import PlaytestSpec, Series, validate
from gamenight.sim.playtest.measure import ComponentTally, MatchRow


@dataclasses.dataclass
class LabRun:
    """Every finished match of a run, by series and index; what stopped it, if anything."""

    spec: PlaytestSpec
    rows: dict[str, dict[int, MatchRow]]
    components: dict[int, ComponentTally]  # per configuration, its main matches only
    courses: dict[int, dict[int, list[tuple[float, ...]]]]  # per configuration: index -> course
    backend: str = "local"
    error: str | None = None  # a bot's error that stopped the run
    interrupted: bool = False  # stopped by Ctrl-C: the figures cover what finished

    @classmethod
    def empty(cls, spec: PlaytestSpec, backend: str = "local") -> LabRun:
        return cls(
            spec,
            rows={series.key: {} for series in spec.series()},
            components={c: ComponentTally() for c in range(len(spec.configs))},
            courses={c: {} for c in range(len(spec.configs))},
            backend=backend,
        )

    def add(self, result: BatchResult) -> None:
        rows = self.rows[result.series]
        for row in result.rows:
            rows[row.index] = row
        series = self.series[result.series]
        if series.kind == "main":
            self.components[series.config].merge(result.components)
            self.courses[series.config].update(result.courses)

    @functools.cached_property
    def series(self) -> dict[str, Series]:
        return {series.key: series for series in self.spec.series()}

    def series_rows(self, key: str) -> list[MatchRow]:
        """The finished matches of a series, in index order."""
        rows = self.rows[key]
        return [rows[index] for index in sorted(rows)]

    @property
    def matches(self) -> int:
        return sum(len(rows) for rows in self.rows.values())

    @property
    def planned(self) -> int:
        return sum(series.games for series in self.spec.series())


def run_playtest(
    spec: PlaytestSpec,
    backend: Backend,
    on_progress: Callable[[int], None] | None = None,
) -> LabRun:
    """Play every series of ``spec`` on ``backend``.

    A bot's error stops the run (its message kept); Ctrl-C stops it too, keeping every batch
    that had finished. Either way the figures cover exactly the matches that finished.
    """
    validate(spec)
    run = LabRun.empty(spec, backend.name)

    def take(result: BatchResult) -> None:
        run.add(result)
        if on_progress is not None:
            on_progress(len(result.rows))
        if result.error is not None:
            run.error = result.error
            raise StopRun

    try:
        backend.run(spec, take)
    except KeyboardInterrupt:
        run.interrupted = True
    return run
