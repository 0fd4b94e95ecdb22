"""issue 12 item 6 (section 3, "Also"): the command line's smaller traps.

--seats sets the player count, flags are shown as flags, --version, q asks first, replay
explains bad step input and stays at the end, Ctrl-D leaves play and night alike, intervals
read [low, high], and night shows its library before asking for ratings.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

import gamenight
from gamenight.bots.factory import make_agent
from gamenight.cli import app
from gamenight.cli.app import reflowed
from gamenight.core import registry
from gamenight.sim.runner import play_match

runner = CliRunner()


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def test_issue12_item6_seats_set_the_player_count() -> None:
    code, out = run("play", "pgdk", "--seats", "random,random,random", "--seed", "1")
    assert code == 0, out
    assert "Pink Godzilla Dev Kit, 3 players: seat 0 random, seat 1 random, seat 2 random" in out
    code, out = run("night", "--seats", "random,random,random", "--seed", "1")
    assert code == 0, out
    assert "Game night, 3 players." in out


@pytest.mark.parametrize("command", ["play pgdk", "night"])
def test_issue12_item6_seats_against_players_is_one_line(command: str) -> None:
    code, out = run(*command.split(), "--players", "2", "--seats", "random,random,random")
    assert code == 2
    assert out == "error: --seats names 3 seats but --players is 2\n"


@pytest.mark.parametrize(
    ("command", "flags"),
    [
        ("play", ["--hotseat", "--overwrite", "--step", "--help"]),
        ("night", ["--step"]),
        ("replay", ["--all", "--final"]),
        ("simulate", ["--json", "--overwrite"]),
        ("tournament", ["--json"]),
    ],
)
def test_issue12_item6_flags_are_shown_as_flags(command: str, flags: list[str]) -> None:
    """issue 12 item 6: --hotseat and its kind take no value, and --help does not say one."""
    code, out = run(command, "--help")
    assert code == 0
    for flag in flags:
        line = next(line for line in out.splitlines() if re.search(rf"{flag}\b", line))
        assert "<bool>" not in line, line
    assert "<int>" in out or "<path>" in out or "<str>" in out  # options with values still say


def test_help_paragraphs_are_not_broken_where_the_source_wraps() -> None:
    """Each paragraph of a command's help is one line, which the terminal wraps: typer would
    keep the docstring's own breaks (``play --help`` printed "End" alone at a line's end)."""
    commands = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    assert {"play", "playtest", "tournament"} <= set(commands)
    for name, command in commands.items():
        for paragraph in (command.help or "").split("\n\n"):
            assert "\n" not in paragraph, (name, paragraph)
            assert "  " not in paragraph, (name, paragraph)
    source = """One line,
        then more.

        A second
        paragraph."""
    assert reflowed(source) == "One line, then more.\n\nA second paragraph."


def test_issue12_item6_version() -> None:
    code, out = run("--version")
    assert code == 0
    assert out == f"gamenight {gamenight.__version__} ({gamenight.build().describe()})\n"
    assert "--version" in run("--help")[1]


def test_issue12_item6_q_asks_before_leaving() -> None:
    code, out = run("play", "requirements", "--seed", "3", input="q\nn\nq\ny\n")
    assert code == 0
    assert out.count("Leave the table? [y/N]") == 2
    assert out.count("your move") == 2  # asked again after 'n'
    assert out.rstrip().endswith("You left the table.")


@pytest.mark.parametrize(
    ("command", "script"),
    [
        (["play", "requirements", "--seed", "3"], ""),  # at the first move
        (["play", "gtpag", "--seed", "3"], "5\n"),  # while rating the games
        (["night", "--seed", "3"], ""),  # while rating the games
        (["night", "--seed", "3"], "5\n5\n"),  # at the first move
    ],
)
def test_issue12_item6_end_of_input_leaves_play_and_night_alike(
    command: list[str], script: str
) -> None:
    """issue 12 item 6: Ctrl-D is one line and exit status 0 everywhere (q confirmed)."""
    code, out = run(*command, input=script)
    assert code == 0
    assert out.rstrip().endswith("You left the table.")
    assert "Aborted" not in out
    assert out.count("You left the table.") == 1


def recorded(tmp_path: Path) -> tuple[Path, int]:
    game = registry.make_game("requirements")
    bot = make_agent("random", game)
    record = play_match(game, 2, 0, [bot, bot], keep_record=True).record
    assert record is not None
    path = tmp_path / "m.json"
    path.write_text(record.to_json())
    return path, len(record.actions)


def test_issue12_item6_replay_explains_bad_steps(tmp_path: Path) -> None:
    path, steps = recorded(tmp_path)
    code, out = run("replay", str(path), input="abc\n-3\n²\n99999\n2\nq\n")
    assert code == 0
    assert "'abc' is not a step" in out
    assert "'-3' is not a step" in out
    assert "'²' is not a step" in out
    assert f"there is no step 99999; steps are 0 to {steps}" in out
    assert f"step 2/{steps}" in out  # and it goes on


def test_issue12_item6_replay_stays_at_the_end(tmp_path: Path) -> None:
    path, steps = recorded(tmp_path)
    code, out = run("replay", str(path), input=f"{steps}\n\n\n3\nq\n")
    assert code == 0
    assert out.count("end of the match") == 2
    assert f"step 3/{steps}" in out.split("end of the match")[-1]  # still there to go back


def test_issue12_item6_intervals_read_low_comma_high() -> None:
    code, out = run("simulate", "requirements", "-n", "10", "--bots", "heuristic,random")
    assert code == 0
    assert re.search(r"\[-?\d+\.\d+%?, -?\d+\.\d+%?\]", out)
    assert not re.search(r"\(-?\d+\.\d+%?-", out)
    code, out = run(
        *("tournament", "requirements", "--bots", "heuristic,random", "-n", "2", "-j", "1")
    )
    assert code == 0
    assert re.search(r"\[-?\d+%?, -?\d+%?\]", out)
    assert not re.search(r"\[-?\d+(\.\d+)?%?-", out)


def test_issue12_item6_night_shows_its_library_before_the_ratings() -> None:
    code, out = run("night", "--seed", "2", input="9\n0\n")
    assert code == 0
    assert out.index("The library: ") < out.index("how much do you want to play")
