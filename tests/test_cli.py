"""The gamenight command line, driven as a user would (scripted input, files on disk)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gamenight.cli import app
from gamenight.core import Match, MatchRecord, read_records

runner = CliRunner()


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_list_shows_games_players_variants_and_bots() -> None:
    code, out = run("list")
    assert code == 0
    assert "requirements" in out
    assert "A Game of" in out
    assert "no-doubles" in out
    assert "heuristic" in out


def test_list_one_game_shows_its_parameters() -> None:
    code, out = run("list", "requirements")
    assert code == 0
    assert "failure_limit" in out
    assert "matching_substitute" in out


def test_unknown_game_suggests_the_nearest_in_one_line() -> None:
    code, out = run("play", "requirments")
    assert code == 2
    assert "unknown game 'requirments'; did you mean 'requirements'?" in out
    assert out.count("\n") == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "requirements", "--players", "3"], "for 2 players, not 3"),
        (["play", "requirements", "--param", "failure_limit=0"], "failure_limit must be"),
        (["play", "requirements", "--param", "colour=red"], "unknown parameter 'colour'"),
        (["play", "requirements", "--variant", "short"], "no variant 'short'"),
        (["play", "requirements", "--bots", "genius"], "unknown bot 'genius'"),
        (["play", "requirements", "--bots", "heuristic:bluff=2"], "bluff must be between"),
        (["play", "requirements", "--seats", "human"], "is for 2 players, not 1"),
        (["simulate", "requirements", "-n", "0"], "at least 1"),
        (["simulate", "requirements", "--bots", "random,random,random"], "3 bots named for 2"),
    ],
)
def test_bad_options_get_one_clear_line(args: list[str], message: str) -> None:
    code, out = run(*args)
    assert code == 2
    assert message in out


def test_play_shows_only_the_own_view_and_numbers_legal_actions() -> None:
    code, out = run("play", "requirements", "--seed", "3", input="q\n")
    assert code == 0
    assert "Seat 0 (you)" in out
    assert re.search(r"^\s+a  \w", out, re.MULTILINE)  # lettered legal actions
    assert "You left the table." in out


def test_garbage_at_the_prompt_is_explained_and_asked_again() -> None:
    code, out = run("play", "requirements", "--seed", "3", input="banana\n99\nq\n")
    assert code == 0
    assert "'banana' is not an action of A Game of Requirements" in out
    assert "no action here has the number 99" in out
    assert out.count("your move") >= 3


def test_a_whole_game_against_the_bot_to_the_end(tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    code, out = run(
        "play", "requirements", "--seed", "5", "--record", str(record), input="a\n" * 400
    )
    assert code == 0
    assert "Game over" in out
    saved = MatchRecord.from_json(record.read_text())
    assert Match.from_record(saved).is_over()


def test_hotseat_hides_each_view_behind_a_hand_over_prompt() -> None:
    code, out = run("play", "requirements", "--hotseat", "--seed", "8", input="\na\n" * 60 + "q\n")
    assert code == 0
    assert "Pass the keyboard to seat 0" in out
    assert "Pass the keyboard to seat 1" in out


def test_bots_only_table_narrates_the_match() -> None:
    code, out = run("play", "requirements", "--seats", "heuristic,random", "--seed", "2")
    assert code == 0
    assert re.search(r"^Seat 0\b", out, re.MULTILINE)  # the log, or the one-line account
    assert "Game over" in out


def test_simulate_reports_per_bot_and_per_seat() -> None:
    code, out = run("simulate", "requirements", "-n", "20", "--bots", "heuristic,random")
    assert code == 0
    assert "by bot" in out
    assert "by seat" in out
    assert "heuristic" in out
    assert "Length in actions" in out


def test_simulate_is_the_same_on_one_or_two_processes(tmp_path: Path) -> None:
    def summary(jobs: str) -> dict:
        code, out = run(
            "simulate",
            "requirements",
            "-n",
            "30",
            "--bots",
            "heuristic,random",
            "-j",
            jobs,
            "--seed",
            "9",
            "--json",
        )
        assert code == 0
        return json.loads(out)

    one, two = summary("1"), summary("2")
    assert one == two
    assert one["games"] == 30
    assert one["by_bot"][0]["label"] == "heuristic"


def test_simulate_writes_records_that_replay(tmp_path: Path) -> None:
    path = tmp_path / "runs.jsonl"
    code, out = run("simulate", "requirements", "-n", "5", "--records", str(path))
    assert code == 0
    records = list(read_records(path))
    assert len(records) == 5
    for record in records:
        assert Match.from_record(record).outcome is not None
    code, out = run("replay", str(path), "--index", "3", "--final")
    assert code == 0
    assert "Game over (" in out


def test_replay_steps_through_a_record(tmp_path: Path) -> None:
    path = tmp_path / "one.json"
    run("play", "requirements", "--seats", "random,random", "--seed", "1", "--record", str(path))
    code, out = run("replay", str(path), "--seat", "0", input="\n\n5\nq\n")
    assert code == 0
    assert "setup" in out
    assert "step 1/" in out
    assert "step 5/" in out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json at all", "not valid JSON"),
        ('{"game": "requirements"}', "'version' is missing"),
        (
            '{"game": "chess", "version": "1", "players": 2, "seed": 1, "actions": []}',
            "unknown game 'chess'",
        ),
        (
            '{"game": "requirements", "version": "0", "players": 2, "seed": 1, "actions": []}',
            "rules version 0",
        ),
        (
            '{"game": "requirements", "version": "1", "players": 2, "seed": 1,'
            ' "actions": [[0, "claim"]]}',
            "step 1",
        ),
    ],
)
def test_replay_refuses_corrupt_or_mismatched_records(
    tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, out = run("replay", str(path), "--final")
    assert code == 2
    assert message in out


def test_replay_of_a_missing_file_is_one_line() -> None:
    code, out = run("replay", "/nonexistent/match.json")
    assert code == 2
    assert "cannot read" in out


def test_python_dash_m_gamenight_runs_the_command_line() -> None:
    import os
    import subprocess
    import sys

    import gamenight

    src = str(Path(gamenight.__file__).resolve().parent.parent)
    env = {**os.environ, "PYTHONPATH": src + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run(
        [sys.executable, "-m", "gamenight", "list"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "requirements" in done.stdout
