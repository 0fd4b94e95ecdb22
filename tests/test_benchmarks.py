"""The throughput and ISMCTS speed benchmarks run end to end and report what they promise."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, capture_output=True, text=True, check=False, env=env
    )


def test_throughput_reports_every_count_and_the_reference_ratio() -> None:
    result = run("benchmarks/throughput.py", "--seconds", "0.05", "--games", "gtpag", "--json")
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)["rows"]
    ours = [row for row in rows if row["game"] == "gtpag"]
    assert [row["players"] for row in ours] == [2]
    for row in ours:
        for figure in ("actions_per_s", "games_per_s", "clone_us", "determinize_us"):
            assert row[figure] > 0, figure
    try:
        import pyspiel  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        return
    names = [row["game"] for row in rows]
    assert "openspiel:python_liars_poker" in names
    assert all(row["x_liars_poker"] > 0 for row in ours)


def test_ismcts_speed_times_decisions_at_the_chosen_counts() -> None:
    result = run(
        "benchmarks/ismcts_speed.py",
        "--games",
        "gtpag",
        "--matches",
        "1",
        "--bot",
        "ismcts:iters=10",
    )
    assert result.returncode == 0, result.stderr
    lines = [line.split() for line in result.stdout.splitlines()[1:]]
    assert [int(line[1]) for line in lines] == [2, 4, 8]
    assert all(int(line[2]) > 0 for line in lines)  # decisions timed


def test_playtest_speed_reports_the_overhead_and_the_big_run() -> None:
    result = run("benchmarks/playtest_speed.py", "--games", "requirements", "--batch", "5",
                 "--rounds", "1", "--big", "40", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    [row] = report["rows"]
    assert (row["game"], row["players"], row["games"]) == ("requirements", 2, 5)
    for figure in ("simulate_games_per_s", "lab_games_per_s"):
        assert row[figure] > 0, figure
    assert row["overhead"] > -1
    assert row["loop_overhead"] > -1
    assert report["big"]["games"] == 40
    assert report["big"]["total_seconds"] >= report["big"]["play_seconds"] > 0
