"""issue 11 item 8: text from users and files is printed as it is, never read as rich markup.

``[/x]`` closes a tag that was never opened: rich raises on it. Every place that echoes a game
name, a parameter, a bot spec, an answer, a title, a record's contents or a path must print
it literally, the friendly error handler included. Digits of other scripts (``²``, ``١``) are
not numbers at a prompt.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from gamenight.bots.factory import make_agent
from gamenight.cli import app
from gamenight.core import Match, registry
from gamenight.sim.runner import play_match

runner = CliRunner()
TITLES = ["[/x]", "[bold]Catan", "Hanabi \\"]  # the last ends in a backslash, before a tag
LIBRARY = "library=" + json.dumps(TITLES)


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    return result.exit_code, result.output


def flat(text: str) -> str:
    """The output with the terminal's line wrapping undone."""
    return " ".join(text.split())


def markup_path(tmp_path: Path, name: str) -> Path:
    """A path whose text holds ``[/x]``: a folder ``[`` and a file ``x]...``."""
    folder = tmp_path / "["
    folder.mkdir(exist_ok=True)
    return folder / f"x]{name}"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "[/x]"], "unknown game '[/x]'"),
        (["list", "[/x]"], "unknown game '[/x]'"),
        (["play", "requirements", "--param", "[/]=1"], "unknown parameter '[/]'"),
        (["play", "requirements", "--bots", "[/x]"], "unknown bot '[/x]'"),
        (["play", "requirements", "--seats", "human,[/x]"], "unknown bot '[/x]'"),
        (["play", "requirements", "--bots", "heuristic:bluff=[/x]"], "[/x]"),
        (["simulate", "requirements", "--bots", "random:[/]=1"], "no option '[/]'"),
        (["tournament", "requirements", "--bots", "[/x],random"], "unknown bot '[/x]'"),
        (["night", "--add", "[/x]", "--add", "[/X]"], "'[/X]' is already in the library"),
        (["replay", "/nonexistent/[/x].json"], "cannot read /nonexistent/[/x].json"),
    ],
)
def test_issue11_item8_errors_quoting_user_text_are_one_plain_line(
    args: list[str], message: str
) -> None:
    """issue 11 item 8: the friendly error handler prints user text as it is."""
    code, out = run(*args)
    assert code == 2
    assert out.startswith("error: ")
    assert message in out
    assert out.count("\n") == 1


def test_issue11_item8_answers_that_look_like_markup_are_explained() -> None:
    """issue 11 item 8: a prompt answer is quoted back literally."""
    code, out = run("play", "requirements", "--seed", "3", input="[/x]\n[bold]\nq\n")
    assert code == 0
    assert "'[/x]' is not an action of A Game of Requirements" in out
    assert "'[bold]' is not an action of A Game of Requirements" in out


@pytest.mark.parametrize("answer", ["²", "١", "٣", "1²", "9" * 5000])
def test_issue11_item8_digits_of_other_scripts_are_not_a_choice(answer: str) -> None:
    """issue 11 item 8: str.isdigit() is true for these; they are refused, nothing is played."""
    code, out = run("play", "requirements", "--seed", "3", input=f"{answer}\nq\n")
    assert code == 0
    assert (
        "is not a choice; type a letter from a to b, or an action written with the digits 0-9"
        in flat(out)
    )
    assert out.count("your move") == 2  # asked again, then left
    assert "You:" not in out  # nothing was played for the person


def test_issue11_item8_night_ratings_and_titles_are_plain_text() -> None:
    """issue 11 item 8: a rating answer and an added title are echoed literally."""
    # 3 players: the library is G.Nome, Pink Godzilla Dev Kit and the three added titles
    nonsense = ["[/x]", "²", "١", "1_0", "nan", "inf"]
    ratings = "\n".join([*nonsense, "7", "3", "[/]", "5", "10", "", "1"])
    code, out = run(
        *("night", "-p", "3", "--seed", "4", "--seats", "human,random,random"),
        *(arg for title in TITLES for arg in ("--add", title)),
        input=ratings + "\n" + "a\n" * 3000,
    )
    assert code == 0, out
    for answer in [*nonsense, "[/]"]:
        assert f"{answer!r} is not a number" in out
    assert "Pink Godzilla Dev Kit, [/x], [bold]Catan, Hanabi \\." in flat(out)
    assert "The table picked" in out


def test_issue11_item8_a_game_whose_titles_look_like_markup_plays_to_the_end() -> None:
    """issue 11 item 8 (gtpag): actions, narration and outcome carry the titles literally."""
    code, out = run(
        *("play", "gtpag", "--param", LIBRARY, "--seats", "human,random", "--seed", "1"),
        input="\n" + "b\n" + "a\n" * 300,  # preferences drawn at random, then menu choices
    )
    assert code == 0, out
    assert "nominate [/x]" in out
    assert "Game over" in out
    code, out = run("play", "gtpag", "--param", LIBRARY, "--seats", "random,random", "--seed", "2")
    assert code == 0, out
    assert "Game over" in out


def test_issue11_item8_gtpag_render_prints_titles_literally() -> None:
    """issue 11 item 8: the game's own render puts user titles into plain Text."""
    game = registry.make_game("gtpag", {"library": TITLES})
    match = Match(game, 3, 5)
    for title in TITLES:
        match.apply(match.to_act()[0], f"nominate {title}")
    console = Console(file=io.StringIO(), width=200, color_system=None, record=True)
    for seat in (0, None):
        console.print(registry.entry("gtpag").render(match.view(seat)))
    text = console.export_text()
    for title in TITLES:
        assert title in text


def _record(tmp_path: Path, name: str, **changes: Any) -> Path:
    game = registry.make_game("gtpag", {"library": TITLES})
    bot = make_agent("random", game)
    record = play_match(game, 2, 2, [bot, bot], keep_record=True).record
    assert record is not None
    assert (0, "nominate [/x]") in record.actions  # an action text that is bad markup
    data = record.to_dict()
    data.update(changes)
    path = markup_path(tmp_path, name)
    path.write_text(json.dumps(data))
    return path


def test_issue11_item8_replay_shows_a_record_with_markup_everywhere(tmp_path: Path) -> None:
    """issue 11 item 8: titles in params and action texts, meta and the file's own name."""
    path = _record(tmp_path, " night.json", meta={"[/x]": "[/]", "seats": ["[/x]"]})
    for seat in ([], ["--seat", "1"]):
        code, out = run("replay", str(path), "--all", *seat)
        assert code == 0, out
        assert "Game over (" in out
    code, out = run("replay", str(path), input="\n\n2\nq\n")
    assert code == 0, out


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"game": "[/x]"}, "registered name (lower-case letters, digits, '-' or '_'), not '[/x]'"),
        ({"params": {"[/x]": 1}}, "unknown parameter '[/x]'"),
        ({"actions": [[0, "[/x]"]]}, "'[/x]'"),
        ({"version": "[/x]"}, "rules version [/x]"),
    ],
)
def test_issue11_item8_bad_records_quoting_markup_are_one_line(
    tmp_path: Path, changes: dict[str, Any], message: str
) -> None:
    """issue 11 item 8: what a record says is quoted literally in the error."""
    path = _record(tmp_path, "bad.json", **changes)
    code, out = run("replay", str(path), "--final")
    assert code == 2
    assert message in out
    assert out.count("\n") == 1


def test_issue11_item8_output_paths_and_endings_are_plain(tmp_path: Path) -> None:
    """issue 11 item 8: a records path and game endings that quote titles."""
    path = markup_path(tmp_path, ".jsonl")
    code, out = run("simulate", "gtpag", "-n", "4", "--param", LIBRARY, "--records", str(path))
    assert code == 0, out
    assert "Endings: " in out
    assert f"written to {path}" in out.replace("\n", "")
    record = markup_path(tmp_path, "one.json")
    code, out = run(
        *("play", "gtpag", "--param", LIBRARY, "--seats", "random,random"),
        *("--record", str(record)),
    )
    assert code == 0, out
    assert f"written to {record}" in out.replace("\n", "")
