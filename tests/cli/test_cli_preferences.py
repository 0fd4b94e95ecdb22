"""issue 12 item 7 (section 3, Game to Pick a Game): `play gtpag` asks the people at the table
for their preferences, as `gamenight night` asks for ratings (the same code), instead of
drawing them at random in silence. Enter at the first title draws them, and says so.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from gamenight.cli import app
from gamenight.core import MatchRecord

runner = CliRunner()
TITLES = ["A Game of Requirements", "G.Nome", "Pink Godzilla Dev Kit", "Game to Pick a Game"]


def play(tmp_path: Path, *args: str, input: str) -> tuple[str, MatchRecord]:
    path = tmp_path / "m.json"
    result = runner.invoke(
        app, ["play", "gtpag", "--seed", "3", "--record", str(path), *args], input=input
    )
    assert result.exit_code == 0, result.output
    return result.output, MatchRecord.from_json(path.read_text())


def test_issue12_item7_a_person_is_asked_their_preferences(tmp_path: Path) -> None:
    out, record = play(tmp_path, input="10\n0\n7.5\n2\n" + "a\n" * 400)
    assert "Seat 0: how much do you want to play each game?" in out
    for title in TITLES:
        assert f"  {title}: " in out
    preferences = record.params["preferences"]
    assert preferences[0] == [10.0, 0.0, 7.5, 2.0]
    assert sorted(preferences[1]) == [1.0, 2.0, 3.0, 4.0]  # the bot's: a random ranking (G6)
    assert "Game over (" in out


def test_issue12_item7_enter_draws_them_and_says_what_was_drawn(tmp_path: Path) -> None:
    out, record = play(tmp_path, input="\n" + "a\n" * 400)
    flat = " ".join(out.split())  # the line may wrap on the terminal
    said = re.search(r"Seat 0: your preferences were drawn at random: (.+?)\.(?:\s|$)", flat)
    assert said
    drawn = record.params["preferences"][0]
    assert said[1] == ", ".join(f"{t} {v:g}" for t, v in zip(TITLES, drawn, strict=True))
    assert sorted(drawn) == [1.0, 2.0, 3.0, 4.0]


def test_issue12_item7_nonsense_is_asked_again(tmp_path: Path) -> None:
    out, record = play(tmp_path, input="ten\n11\n3\n3\n3\n3\n" + "a\n" * 400)
    assert "'ten' is not a number" in out
    assert "11 is out of range" in out
    assert record.params["preferences"][0] == [3.0, 3.0, 3.0, 3.0]


def test_issue12_item7_nobody_is_asked_at_a_table_of_bots_or_given_preferences(
    tmp_path: Path,
) -> None:
    out, record = play(tmp_path, "--seats", "random,random", input="")
    assert "how much do you want" not in out
    assert "preferences" not in record.params
    given = json.dumps([[1, 2, 3, 4], [4, 3, 2, 1]])
    out, record = play(
        tmp_path, "--param", f"preferences={given}", "--overwrite", input="a\n" * 400
    )
    assert "how much do you want" not in out
    assert record.params["preferences"] == [[1, 2, 3, 4], [4, 3, 2, 1]]


def test_issue12_item7_hotseat_people_rate_behind_a_hand_over(tmp_path: Path) -> None:
    out, record = play(tmp_path, "--hotseat", input="\n1\n2\n3\n4\n\n4\n3\n2\n1\n" + "\na\n" * 300)
    assert "Pass the keyboard to seat 0 to rate the games" in out
    assert "Pass the keyboard to seat 1 to rate the games" in out
    assert record.params["preferences"] == [[1.0, 2.0, 3.0, 4.0], [4.0, 3.0, 2.0, 1.0]]


def test_issue12_item7_leaving_while_rating_writes_no_record(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    result = runner.invoke(app, ["play", "gtpag", "--record", str(path)], input="7\n")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-2:] == [
        "You left the table.",
        "The match never began: no record was written.",
    ]
    assert not path.exists()
