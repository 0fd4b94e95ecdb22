"""issue 15 item 5: the local backend: the same figures on any number of processes and any
batch size, a bot's error stops the run keeping what finished, Ctrl-C keeps what finished,
and a bad or missing backend is one line."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from backend_checks import figures, kept_as_played, make_blunder, rows, two_variants_and_a_ladder
from typer.testing import CliRunner

from ctrl_c import as_at_a_terminal
from gamenight.bots.factory import GENERIC_BOTS
from gamenight.cli import app
from gamenight.sim.playtest import backends
from gamenight.sim.playtest.backends import LocalBackend
from gamenight.sim.playtest.batches import BatchResult, Task
from gamenight.sim.playtest.configs import PlaytestSpec
from gamenight.sim.playtest.run import LabRun, run_playtest

SOURCES = Path(__file__).resolve().parents[3] / "src"


def counted_run(spec: PlaytestSpec, backend: LocalBackend) -> tuple[LabRun, list[int]]:
    """The run, and the size of every batch it was played in."""
    sizes: list[int] = []
    run = run_playtest(spec, backend, sizes.append)
    return run, sizes


def test_issue15_item5_one_or_two_processes_give_the_same_figures() -> None:
    spec = two_variants_and_a_ladder()
    alone, together = run_playtest(spec, LocalBackend(1)), run_playtest(spec, LocalBackend(2))
    assert alone.matches == together.matches == alone.planned == 2 * (150 + 20)
    assert rows(alone) == rows(together)
    assert figures(alone) == figures(together)


@pytest.mark.parametrize("jobs", [1, 2])
def test_issue15_item5_batch_sizes_do_not_change_the_figures(monkeypatch: Any, jobs: int) -> None:
    spec = two_variants_and_a_ladder(games=60, ladder_games=10)
    usual, _ = counted_run(spec, LocalBackend(jobs))
    monkeypatch.setattr(backends, "FIRST_BATCH", 1)
    monkeypatch.setattr(backends, "TARGET_SECONDS", 1e-9)  # every batch a single match
    tiny, tiny_sizes = counted_run(spec, LocalBackend(jobs))
    monkeypatch.setattr(backends, "FIRST_BATCH", 1000)  # every series in one batch
    big, big_sizes = counted_run(spec, LocalBackend(jobs))
    assert set(tiny_sizes) == {1}
    assert sorted(big_sizes) == sorted(series.games for series in spec.series())
    assert rows(usual) == rows(tiny) == rows(big)
    assert figures(usual) == figures(tiny) == figures(big)


@pytest.mark.parametrize("jobs", [1, 2])
def test_issue15_item5_a_bot_error_stops_the_run_keeping_what_finished(
    monkeypatch: Any, jobs: int
) -> None:
    """The bot plays ~47 moves a match: its first 2-match batches finish, a bigger one breaks."""
    monkeypatch.setitem(GENERIC_BOTS, "blunder", make_blunder)
    spec = two_variants_and_a_ladder(games=400, bots=("blunder:after=300", "random"),
                                     ladder_games=0)
    run = run_playtest(spec, LocalBackend(jobs))
    assert run.error is not None
    assert re.search(r"bot 'blunder:after=300' in seat \d chose 'not an action', which is "
                     r"not legal", run.error)
    assert 0 < run.matches < run.planned
    assert kept_as_played(run)


def test_issue15_item5_a_stop_from_the_handler_ends_the_run_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spec = two_variants_and_a_ladder(games=2000, ladder_games=0)
    played: list[int] = []
    real = backends.play_batch

    def counting(spec: PlaytestSpec, task: Task) -> BatchResult:
        played.append(task.size)
        return real(spec, task)

    monkeypatch.setattr(backends, "play_batch", counting)
    seen: list[BatchResult] = []

    def stop_after_three(result: BatchResult) -> None:
        seen.append(result)
        if len(seen) == 3:
            raise backends.StopRun

    LocalBackend(1).run(spec, stop_after_three)
    assert len(seen) == 3
    assert len(played) == 3  # no batch is played after the stop
    monkeypatch.setattr(backends, "play_batch", real)  # the pool's workers pickle it by name
    seen.clear()
    LocalBackend(2).run(spec, stop_after_three)  # the pool: returns, with what came in
    assert len(seen) == 3


def cli(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["playtest", "requirements", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def test_issue15_item5_an_unknown_backend_is_one_line() -> None:
    code, out = cli("-n", "5", "--backend", "nope")
    assert code == 2
    assert out.strip() == "error: unknown backend 'nope' (backends: local, ray)"


def test_issue15_item5_an_address_without_ray_is_one_line() -> None:
    code, out = cli("-n", "5", "--address", "127.0.0.1:6379")
    assert code == 2
    assert out.strip() == "error: --address is for the ray backend (--backend ray)"


def test_issue15_item5_the_ray_backend_without_the_extra_says_what_to_install(
    monkeypatch: Any,
) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *rest: None if name == "ray" else real(name, *rest))
    code, out = cli("-n", "5", "--backend", "ray")
    assert code == 2
    assert len(out.strip().splitlines()) == 1
    assert "pip install 'gamenight[ray]'" in out


def _wait_for_workers(pid: int, most_seconds: float = 60) -> None:
    """Until the command has started its worker processes (imports done, the run under way),
    however busy the machine: a fixed sleep would fire too early on a loaded one."""
    deadline = time.monotonic() + most_seconds
    while time.monotonic() < deadline:
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                if fields[1] == str(pid):  # its parent: the command
                    return
        time.sleep(0.1)
    raise AssertionError("the playtest command started no worker process")


def test_issue15_item5_ctrl_c_keeps_and_reports_the_finished_matches() -> None:
    """Ctrl-C reaches the whole process group (the command and its worker processes), as a
    terminal sends it: the figures of the finished matches are printed, then one line."""
    command = [sys.executable, "-c", "from gamenight.cli import main; main()",
               "playtest", "requirements", "-n", "100000", "--jobs", "2"]
    path = os.pathsep.join(filter(None, [str(SOURCES), os.environ.get("PYTHONPATH")]))
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env={**os.environ, "PYTHONPATH": path, "COLUMNS": "120"},
                               start_new_session=True, preexec_fn=as_at_a_terminal)
    _wait_for_workers(process.pid)
    time.sleep(1.5)  # the workers are up: give them time to finish a few batches
    os.killpg(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 2, err
    found = re.fullmatch(r"error: interrupted after (\d+) of 100000 matches; the figures above "
                         r"cover those\n", err)
    assert found, err
    finished = int(found.group(1))
    assert 0 < finished < 100000
    assert "Traceback" not in out + err
    assert re.search(rf"length in actions .* {finished} ", out), out  # the summary, above
