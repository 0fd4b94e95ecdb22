"""issue 11 item 12: a simulation of any length runs in constant memory, the same on any -j."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import textwrap
import tracemalloc
from pathlib import Path

import pytest

import gamenight
from gamenight.sim.simulate import GameSummary, SimulationSpec, run_simulation, summarise

SRC = str(Path(gamenight.__file__).resolve().parent.parent)
MEMORY_CAP = 2 << 30  # address space for the child: far above a run's needs, far below a list
# of 20 million chunks


def spec(games: int, **changes: object) -> SimulationSpec:
    fields: dict[str, object] = {
        "game": "requirements",
        "num_players": 2,
        "games": games,
        "bots": ("heuristic", "random"),
        "seed": 5,
    }
    fields.update(changes)
    return SimulationSpec(**fields)  # type: ignore[arg-type]


def test_issue11_item12_one_or_two_processes_give_the_same_figures_in_match_order() -> None:
    """issue 11 item 12: streamed results reach the tally and on_game in index order."""
    runs = []
    for jobs in (1, 2):
        games: list[GameSummary] = []
        run = run_simulation(spec(45), jobs, on_game=games.append)
        runs.append((run.summary(), games))
    (one, one_games), (two, two_games) = runs
    assert one == two
    assert one_games == two_games
    assert [game.index for game in one_games] == list(range(45))
    assert one == summarise(spec(45), one_games)  # the streamed figures are the whole run's
    assert one["games"] == 45


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs resource limits (POSIX)")
@pytest.mark.parametrize("jobs", [1, 2])
def test_issue11_item12_a_billion_matches_start_at_once_in_bounded_memory(jobs: int) -> None:
    """issue 11 item 12: -n 1000000000 plays its first matches instead of a MemoryError."""
    script = textwrap.dedent(
        f"""
        import resource
        resource.setrlimit(resource.RLIMIT_AS, ({MEMORY_CAP}, {MEMORY_CAP}))
        from gamenight.sim.simulate import SimulationSpec, run_simulation

        class Enough(Exception):
            pass

        done = 0

        def progress(n):
            global done
            done += n
            if done >= 20:
                raise Enough

        spec = SimulationSpec(game="gtpag", num_players=2, games=10**9, bots=("random",))
        try:
            run_simulation(spec, {jobs}, on_progress=progress)
        except Enough:
            print("started", done)
        """
    )
    env = {**os.environ, "PYTHONPATH": SRC}
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("started")


def test_issue11_item12_memory_does_not_grow_with_the_number_of_matches() -> None:
    """issue 11 item 12: what a run holds after 900 matches is what it held after 100."""
    run_simulation(spec(5, game="gtpag", bots=("random",)))  # warm the caches up
    held: dict[int, int] = {}
    done = 0

    def progress(n: int) -> None:
        nonlocal done
        done += n
        for mark in (100, 900):
            if mark not in held and done >= mark:
                gc.collect()  # count what is kept, not garbage waiting for the collector
                held[mark] = tracemalloc.get_traced_memory()[0]

    tracemalloc.start()
    try:
        run_simulation(spec(1000, game="gtpag", bots=("random",)), 1, progress)
    finally:
        tracemalloc.stop()
    growth = held[900] - held[100]
    assert growth < 40_000, f"{growth} bytes more after 800 more matches"
