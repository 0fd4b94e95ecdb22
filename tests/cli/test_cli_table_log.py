"""issue 12 items 1-3 (the terminal's part): the table renders the games' public log, the
itemised score sheet and each game's guide, and falls back gracefully for games that have
none yet. Driven through the terminal table (scripted answers) and the command line, with
Face Down (tests/cli/narrated_game.py), a small game that narrates with private texts.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from narrated_game import GUIDE, NAME, registered
from table_harness import answers, make_table
from typer.testing import CliRunner

from gamenight.bots.factory import make_agent
from gamenight.cli import app
from gamenight.cli.logview import PANEL_MOST, grouped
from gamenight.cli.play import watching_delay
from gamenight.cli.terminal import LeftTable
from gamenight.core import Match, registry
from gamenight.sim.runner import play_match

runner = CliRunner()


@pytest.fixture(autouse=True)
def face_down(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    with registered(monkeypatch):
        yield


def face_down_match(players: int, **params: object) -> Match:
    return Match(registry.make_game(NAME, dict(params)), players, seed=3)


def bots(match: Match, count: int) -> list[object]:
    return [make_agent("random", match.game) for _ in range(count)]


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


# -- item 1: the log ---------------------------------------------------------------------------


def test_issue12_item1_the_panel_shows_the_log_as_the_seat_read_it() -> None:
    """issue 12 item 1: what happened since the seat's last turn, in the game's own words."""
    match = face_down_match(3)
    table, person, _ = make_table(match, [None, *bots(match, 2)], answers("a"))
    with pytest.raises(LeftTable):
        table.run()
    second_turn = person.screens[1]
    for line in [
        "You (seat 0) played card 1 face down",
        "Seat 1 played a card face down",
        "Seat 2 played a card face down",
        "The cards turned over:",
        "Round 2",
    ]:
        assert line in second_turn
    assert "(seat 1)" not in second_turn
    assert "(seat 2)" not in second_turn
    assert "play (face down)" not in second_turn  # the old one-line account is gone


def test_issue12_item1_a_windows_passes_share_a_line_and_rivals_turns_stay_in_view() -> None:
    """issue 12 item 1: a window's passes (one seat after another) are one line in the panel."""
    match = face_down_match(4)
    table, person, _ = make_table(match, [None, *bots(match, 3)], answers("a"))
    with pytest.raises(LeftTable):
        table.run()
    second_turn = person.screens[1]
    assert "Seat 2 passed · Seat 3 passed · You passed" in second_turn
    for rival in (1, 2, 3):
        assert f"Seat {rival} played a card face down" in second_turn
    entries = match.log(0)
    assert len(grouped(entries)) < len(entries)


def test_issue12_item1_grouping_keeps_every_words_and_never_joins_one_seats_two_moves() -> None:
    """issue 12 item 1: only the same deed by different seats in a row is joined."""
    entries = [
        {"index": 0, "kind": "auto", "round": 1, "actor": 1, "text": "Seat 1 passed"},
        {"index": 1, "kind": "auto", "round": 1, "actor": 2, "text": "Seat 2 passed"},
        {"index": 2, "kind": "auto", "round": 1, "actor": 2, "text": "Seat 2 passed"},
        {"index": 3, "kind": "header", "round": 2, "actor": None, "text": "Round 2"},
        {"index": 4, "kind": "action", "round": 2, "actor": 0, "text": "You bid"},
    ]
    assert [line.plain for line in grouped(entries)] == [
        "Seat 1 passed · Seat 2 passed",
        "Seat 2 passed",
        "Round 2",
        "You bid",
    ]


def test_issue12_item1_l_pages_through_the_whole_log() -> None:
    """issue 12 item 1: nothing scrolls out of reach: 'l' shows every entry, a page at a time."""
    match = face_down_match(4)
    replies = answers("a", "l", *[""] * 20)
    table, person, out = make_table(match, [None, *bots(match, 3)], replies, height=8)
    with pytest.raises(LeftTable):
        table.run()
    assert any(prompt.startswith("-- more") for prompt in person.prompts)
    after_l = out.getvalue()[out.getvalue().index("Round 1", len(person.screens[0])) :]
    position = 0
    for entry in match.log(0):
        position = after_l.index(entry["text"], position)  # every entry, in order
    assert "(end of the log)" in after_l


def test_issue12_item1_q_in_the_pager_goes_back_to_the_table() -> None:
    """issue 12 item 1: the log pager is left with q, and the turn goes on."""
    match = face_down_match(4, rounds=3)
    table, _person, out = make_table(
        match, [None, *bots(match, 3)], answers("a", "l", "q", "b"), height=8
    )
    with pytest.raises(LeftTable):
        table.run()
    assert "(end of the log)" not in out.getvalue()
    assert (0, "play 3") in match.record.actions  # 'b' (card 1 is gone) answered at the table


def test_issue12_item1_the_panel_caps_the_news_and_points_to_the_log() -> None:
    """issue 12 item 1: news past the panel's size is one key away, and said so."""
    match = face_down_match(4, rounds=5)
    while len(grouped(match.log(0))) <= PANEL_MOST or match.legal_actions(0) == ["pass"]:
        seat = match.to_act()[0]
        match.apply(seat, match.legal_actions(seat)[0])  # seat 0 has not looked yet
    assert match.to_act() == (0,)
    table, person, _ = make_table(match, [None, *bots(match, 3)], answers())
    with pytest.raises(LeftTable):
        table.run()
    assert "earlier lines: l shows the whole log" in person.screens[0]


def test_issue12_item1_watching_bots_tells_the_spectators_log_paced() -> None:
    """issue 12 item 1: a table of bots prints log(None) as it grows, pausing after actions."""
    match = face_down_match(3)
    pauses: list[float] = []
    table, _, out = make_table(match, bots(match, 3), answers(), delay=0.25, sleep=pauses.append)
    table.run()
    text = out.getvalue()
    position = 0
    for entry in match.log(None):
        position = text.index(entry["text"], position)
    assert "You " not in text  # the spectator's words, nobody's private ones
    assert pauses == [0.25] * (len(match.record.actions) - 1)


def test_issue12_item1_watching_bots_step_by_step_asks_enter_for_each_action() -> None:
    """issue 12 item 1: --step waits for Enter after each action; q (confirmed) leaves."""
    match = face_down_match(2)
    table, person, _ = make_table(match, bots(match, 2), lambda prompt: "", step=True)
    table.run()
    assert len(person.prompts) == len(match.record.actions) - 1
    assert set(person.prompts) == {"Enter: next action, q: leave "}
    match = face_down_match(2)
    table, person, _ = make_table(match, bots(match, 2), answers("", "q", "y"), step=True)
    with pytest.raises(LeftTable):
        table.run()
    assert len(match.record.actions) == 2


def test_issue12_item1_watch_delay_is_half_a_second_on_a_terminal_and_none_when_piped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """issue 12 item 1: the default pace depends on where the output goes."""
    from gamenight.cli import play as play_command

    assert watching_delay(None, False, ["random", "random"]) == 0.0  # CliRunner: piped
    monkeypatch.setattr(play_command.console, "_force_terminal", True)
    assert watching_delay(None, False, ["random", "random"]) == 0.5
    assert watching_delay(None, True, ["random", "random"]) == 0.0
    assert watching_delay(2.0, False, ["random", "random"]) == 2.0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seats", "human,random", "--delay", "1"], "pace a table of bots only"),
        (["--seats", "random,random", "--delay", "-1"], "--delay must be between 0 and 60"),
        (["--seats", "random,random", "--delay", "nan"], "--delay must be between 0 and 60"),
    ],
)
def test_issue12_item1_bad_pacing_is_one_line(args: list[str], message: str) -> None:
    code, out = run("play", NAME, *args)
    assert code == 2
    assert message in out
    assert out.count("\n") == 1


def test_issue12_item1_play_watches_bots_from_the_log() -> None:
    """issue 12 item 1: `play --seats random,random` narrates the spectator's log."""
    code, out = run("play", NAME, "--seats", "random,random", "--seed", "4")
    assert code == 0, out
    assert "Round 1" in out
    assert "Seat 0 played a card face down" in out
    assert "The cards turned over:" in out
    assert "Seat 0: play" not in out  # no second, home-made narration


def test_issue12_item1_a_game_without_narration_falls_back_to_public_action() -> None:
    """issue 12 item 1: a game whose log is empty gets the one-line account, nothing breaks."""
    match = face_down_match(2, narrate=False)
    assert match.log(0) == []
    table, person, _ = make_table(match, [None, *bots(match, 1)], answers("a"))
    with pytest.raises(LeftTable):
        table.run()
    assert "You: play 1" in person.screens[1]
    assert "Seat 1: play (face down)" in person.screens[1]
    code, out = run(
        "play", NAME, "--seats", "random,random", "--param", "narrate=false", "--seed", "1"
    )
    assert code == 0, out
    assert "Seat 0: play (face down)" in out
    assert "Game over (" in out


def test_issue12_item1_replay_shows_each_steps_entries_as_the_seat_read_them(
    tmp_path: Path,
) -> None:
    """issue 12 item 1: replay renders the log: a step's entries, as the chosen seat read them."""
    game = registry.make_game(NAME)
    record = play_match(game, 2, 5, bots_for(game, 2), keep_record=True).record
    assert record is not None
    path = tmp_path / "m.json"
    path.write_text(record.to_json())
    code, out = run("replay", str(path), "--seat", "0", "--all")
    assert code == 0, out
    assert "You (seat 0) played card" in out
    assert "Seat 1 played a card face down" in out
    assert "(seat 1)" not in out
    step_one = out[out.index("step 1/") : out.index("step 2/")]
    assert "You (seat 0) played card" in step_one  # the entry of its own step
    assert "The cards turned over" not in step_one  # nothing from later steps


def test_issue12_item1_replay_l_pages_the_log_up_to_the_step(tmp_path: Path) -> None:
    """issue 12 item 1: 'l' in replay shows the whole log so far, never what comes later."""
    game = registry.make_game(NAME)
    record = play_match(game, 2, 5, bots_for(game, 2), keep_record=True).record
    assert record is not None
    path = tmp_path / "m.json"
    path.write_text(record.to_json())
    code, out = run("replay", str(path), input="3\nl\nq\n")
    assert code == 0, out
    log = out[out.rindex("step 3/") :]
    assert "Seat 0 played a card face down" in log
    assert "(end of the log)" in log
    assert "Round 2" not in log


def test_issue12_item1_a_replay_jump_shows_the_entries_before_the_step(tmp_path: Path) -> None:
    """issue 12 item 1: jumping to a step shows the log up to it (with context), never after."""
    game = registry.make_game(NAME)
    record = play_match(game, 2, 5, bots_for(game, 2), keep_record=True).record
    assert record is not None
    path = tmp_path / "m.json"
    path.write_text(record.to_json())
    code, out = run("replay", str(path), "--seat", "1", input="5\nq\n")
    assert code == 0, out
    jumped = out[out.index("step 5/") :]
    assert "the log" in jumped
    assert "The cards turned over" in jumped  # the end of round 1, before step 5
    assert "Seat 0 played a card face down" in jumped  # step 5 itself, as seat 1 read it
    assert jumped.count("The cards turned over") == 1  # round 2's turn-over comes later


def bots_for(game: object, count: int) -> list[object]:
    return [make_agent("random", game) for _ in range(count)]  # type: ignore[arg-type]


# -- item 2: the score sheet ----------------------------------------------------------------------


def _sheet_shown(out: str) -> None:
    assert re.search(r"Seat 0\b", out)
    assert re.search(r"Seat 1\b", out)
    assert "round 1 card" in out
    assert "round 2 card" in out
    assert "total" in out
    assert "How cards score" in out
    assert "each card scores its value" in out
    assert "Ties share the win." in out


def test_issue12_item2_the_end_lays_out_the_games_score_sheet() -> None:
    """issue 12 item 2: a table per seat (items, points, detail, total), details, notes."""
    code, out = run("play", NAME, "--seats", "random,random", "--seed", "4")
    assert code == 0, out
    end = out[out.rindex("The end") :]
    _sheet_shown(end)
    match = face_down_match(2)
    table, _, text = make_table(match, [None, *bots(match, 1)], lambda prompt: "a")
    table.run()
    assert "Seat 0 (you)" in text.getvalue()
    sheet = match.view(0)["score_sheet"]
    for row in sheet["seats"]:  # every total as the game gave it
        assert f"{row['total']:g}" in text.getvalue()


def test_issue12_item2_replay_final_shows_the_score_sheet(tmp_path: Path) -> None:
    game = registry.make_game(NAME)
    record = play_match(game, 2, 6, bots_for(game, 2), keep_record=True).record
    assert record is not None
    path = tmp_path / "m.json"
    path.write_text(record.to_json())
    code, out = run("replay", str(path), "--final")
    assert code == 0, out
    _sheet_shown(out)
    assert "Game over (" in out


def test_issue12_item2_without_a_sheet_the_scores_are_one_line() -> None:
    """issue 12 item 2: a game whose final view has no score_sheet yet: the old line."""
    code, out = run(
        "play", NAME, "--seats", "random,random", "--param", "sheet=false", "--seed", "4"
    )
    assert code == 0, out
    assert re.search(r"Game over \(all played\): .*Scores: seat 0: \d+, seat 1: \d+\.", out)
    assert "round 1 card" not in out


# -- item 3: the guide -------------------------------------------------------------------------


def test_issue12_item3_help_shows_the_guide_and_an_example_from_the_legal_actions() -> None:
    """issue 12 item 3: '?' shows GameEntry.guide, and quotes an action that is legal now."""
    match = face_down_match(2)
    table, _person, out = make_table(match, [None, *bots(match, 1)], answers("?"))
    with contextlib.suppress(LeftTable):
        table.run()
    shown = " ".join(out.getvalue().split())
    assert " ".join(GUIDE.split()) in shown
    assert "e.g. 'play 1'" in shown
    assert "'pass'" not in shown
    assert "'l' shows the whole log" in shown


def test_issue12_item3_gnome_help_has_no_pass() -> None:
    """issue 12 item 3: G.Nome has no 'pass'; its help quotes one of its own actions."""
    code, out = run("play", "gnome", "--seed", "4", input="?\n")
    assert code == 0, out
    assert "'pass'" not in out
    assert "e.g. 'play 1'" in out
