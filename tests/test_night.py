"""Game night: Game to Pick a Game picks over the library, then the table plays the pick."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from gamenight.cli import app
from gamenight.cli.night import night_library, runnable
from gamenight.core import InvalidParamsError

runner = CliRunner()


def test_the_library_holds_the_games_for_this_many_players_and_added_titles() -> None:
    assert set(night_library(2, [])) == {"A Game of Requirements", "Pink Godzilla Dev Kit"}
    four = night_library(4, ["Catan"])
    assert set(four) == {"G.Nome", "Pink Godzilla Dev Kit", "Catan"}
    assert four[-1] == "Catan"
    assert "Game to Pick a Game" not in night_library(4, [])  # the picker is not a candidate
    assert night_library(8, ["Werewolf"]) == ["Werewolf"]


def test_bad_titles_are_refused() -> None:
    with pytest.raises(InvalidParamsError, match="already in the library"):
        night_library(4, ["g.nome"])
    with pytest.raises(InvalidParamsError, match="no game in the library suits 8 players"):
        night_library(8, [])


def test_runnable_titles_map_to_games() -> None:
    assert runnable("G.Nome", 4) == "gnome"
    assert runnable("Pink Godzilla Dev Kit", 5) is None
    assert runnable("Catan", 4) is None


def test_a_night_of_bots_picks_and_plays_the_winner() -> None:
    result = runner.invoke(app, ["night", "--humans", "0", "--seed", "4"])
    assert result.exit_code == 0, result.output
    assert "The table picked" in result.output
    assert "Starting" in result.output
    assert result.output.count("Game over (") == 2  # the table's verdict, once per game


def test_a_title_gamenight_cannot_run_ends_the_night_with_the_pick() -> None:
    result = runner.invoke(
        app, ["night", "--humans", "0", "--seed", "1", "-p", "3", "--add", "Catan"]
    )
    assert result.exit_code == 0, result.output
    assert "The table picked Catan." in result.output
    assert "gamenight cannot run Catan" in result.output


def test_a_person_rates_privately_and_nonsense_is_asked_again() -> None:
    # 4 players: G.Nome and Pink Godzilla Dev Kit; then the picking game (answer 1 always)
    script = "ten\n11\n9\n0\n" + "a\n" * 400
    result = runner.invoke(app, ["night", "--seed", "2"], input=script)
    assert result.exit_code == 0, result.output
    assert "'ten' is not a number" in result.output
    assert "11 is out of range" in result.output
    assert "The table picked" in result.output


def test_unsupported_player_count_is_one_line() -> None:
    result = runner.invoke(app, ["night", "-p", "9"])
    assert result.exit_code == 2
    assert "9" in result.output
    assert "Traceback" not in result.output
