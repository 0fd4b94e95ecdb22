"""issue 13 item 1: `gamenight serve` and the load benchmark, end to end."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from gamenight.cli import app
from gamenight.cli.serve import default_db

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


def test_serve_is_a_command_with_its_options() -> None:
    result = runner.invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--db", "--bot-pause", "--rate-limit"):
        assert option in result.output


def test_the_default_database_lives_in_the_user_data_directory() -> None:
    path = default_db()
    assert path.name == "server.sqlite3"
    assert "gamenight" in str(path.parent)


def test_an_unusable_database_path_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = runner.invoke(app, ["serve", "--db", str(blocker / "db.sqlite3")])
    assert result.exit_code == 2
    assert "cannot open the database" in result.output
    assert "Traceback" not in result.output
    bad_port = runner.invoke(app, ["serve", "--port", "70000", "--db", str(tmp_path / "x.db")])
    assert bad_port.exit_code == 2
    assert "port" in bad_port.output


def test_the_load_benchmark_runs_tiny() -> None:
    """issue 13, benchmark: server_load.py starts the server and reports its figures."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    result = subprocess.run(
        [
            sys.executable,
            "benchmarks/server_load.py",
            "--tables",
            "3",
            "--seconds",
            "5",
            "--think",
            "0.05",
            "--ramp",
            "0.2",
            "--json",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["most_held"] == 3
    assert report["actions"] > 0
    assert report["actions_per_s"] > 0
    assert report["broadcasts_timed"] > 0
    assert 0 < report["latency_ms"]["p50"] <= report["latency_ms"]["p95"]
    assert report["latency_ms"]["p95"] <= report["latency_ms"]["p99"]
