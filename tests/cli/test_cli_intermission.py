"""A G.Nome session pauses between games at the terminal (issue 12: "shows each game's final
reveal and waits before the next game"), through the generic ``intermission`` of the views."""

from __future__ import annotations

from tests.cli.table_harness import answers, make_table

from gamenight.bots.factory import make_agent
from gamenight.core import Match
from gamenight.core.registry import make_game


def test_a_session_shows_each_games_sheet_once_and_waits_before_the_next() -> None:
    game = make_game("gnome", variant="session")
    match = Match(game, 4, seed=2)
    bots = [make_agent("heuristic", game) for _ in range(3)]
    table, _person, out = make_table(match, [None, *bots], answers(*["a"] * 400))
    waits_before: list[int] = []
    original = table._prompt

    def prompt(text: str) -> str:
        if text.startswith("Press Enter to go on"):
            waits_before.append(match.view(None)["session"]["game"])
        return original(text)

    table._prompt = prompt  # type: ignore[method-assign]
    table.run()
    assert match.is_over()
    assert waits_before == [2, 3], "one pause after game 1 and one after game 2, none at the end"
    text = out.getvalue()
    assert "Game 1 of 3 is over" in text
    assert "Game 2 of 3 is over" in text
    assert "Game 3 of 3 is over" not in text, "the last game ends the match: the final sheet"


def test_the_intermission_is_in_every_view_until_the_next_games_first_action() -> None:
    game = make_game("gnome", variant="session")
    match = Match(game, 4, seed=2)
    seen_while_first_game_ended = False
    while not match.is_over():
        pause = match.view(None).get("intermission")
        if pause is not None:
            seen_while_first_game_ended = True
            assert all(match.view(seat)["intermission"] == pause for seat in range(4))
            assert pause["score_sheet"]["seats"]
        seat = match.to_act()[0]
        match.apply(seat, match.legal_actions(seat)[0])
    assert seen_while_first_game_ended
    assert "intermission" not in match.view(None)
