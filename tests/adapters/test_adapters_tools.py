"""The example script, the adapter benchmark and the layout printer run end to end."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="the adapters need the rl extra: pip install '.[rl]'")
pytest.importorskip("pyspiel", reason="the adapters need the rl extra: pip install '.[rl]'")

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, capture_output=True, text=True, check=False, env=env
    )


def test_the_example_trains_and_evaluates() -> None:
    result = run("examples/pettingzoo_reinforce.py", "--episodes", "5", "--eval", "4")
    assert result.returncode == 0, result.stderr
    assert "untrained (uniform over legal ids): win rate" in result.stdout
    assert "trained: win rate" in result.stdout


def test_the_benchmark_reports_every_path_next_to_the_engine() -> None:
    result = run("benchmarks/adapters.py", "--seconds", "0.05", "--json")
    assert result.returncode == 0, result.stderr
    results = json.loads(result.stdout)["results"]
    assert results
    for row in results:
        assert set(row["paths"]) == {
            "engine",
            "engine+view",
            "pettingzoo",
            "pettingzoo-wrapped",
            "openspiel",
            "openspiel+obs",
            "openspiel+observer",
        }
        assert row["paths"]["engine"]["x_engine"] == 1.0
        assert all(path["steps_per_s"] > 0 for path in row["paths"].values())
        assert row["engine_clone_us"] > 0
        assert row["openspiel_clone_us"] > 0


def test_the_layout_printer() -> None:
    listing = run("-m", "gamenight.adapters")
    assert listing.returncode == 0
    assert "requirements" in listing.stdout
    table = run("-m", "gamenight.adapters", "requirements", "2")
    assert table.returncode == 0
    assert "     0  pass" in table.stdout
    assert "total" in table.stdout
    wrong = run("-m", "gamenight.adapters", "requirements", "5")
    assert wrong.returncode == 2
    assert "error:" in wrong.stderr
