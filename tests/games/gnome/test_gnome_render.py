"""Terminal rendering: every phase of every player count renders from a view."""

from __future__ import annotations

import pytest
from gnome_testkit import BLUE, GREEN, RED, new_match
from rich.console import Console

from gamenight.core.registry import entry


def text_of(match, seat: int | None) -> str:  # type: ignore[no-untyped-def]
    console = Console(width=140, record=True, color_system=None)
    console.print(entry("gnome").render(match.view(seat)))
    return console.export_text()


def test_render_shows_round_teams_offer_cards_left_and_commitments() -> None:
    match = new_match(4, seed=1)
    match.state.offer = [RED, BLUE, GREEN]
    match.apply(2, "play 6")
    match.apply(0, "play 8")
    text = text_of(match, 0)
    assert "round 1 of 8" in text
    assert "Teams: you & seat 2" in text
    assert "Research cards on offer: Red Blue Green" in text
    assert "1 2 3 4 5 6 7 9" in text  # your Teamwork cards left, 8 face down
    assert "played 8" in text
    assert "committed" in text  # seat 2
    assert "Waiting for: seat 1, seat 3" in text
    names = match.game.params.card_names
    assert f"{names[match.state.secret[0]]} (only you)" in text
    assert text.count("hidden") == 3


def test_render_shows_collections_and_whose_pick_it_is() -> None:
    match = new_match(4, seed=1)
    match.state.offer = [RED, BLUE, GREEN]
    for seat, value in enumerate([9, 3, 5, 4]):
        match.apply(seat, f"play {value}")
    match.apply(0, "take red")
    text = text_of(match, 1)
    assert "This round the Teamwork cards were: seat 0 9 + seat 2 5 (total 14)" in text
    assert "You take a Shared card (with seat 3). Then: seat 2 takes an Individual card." in text
    match.apply(1, "take blue")
    text = text_of(match, 3)
    assert "Blue(with 1)" in text  # seat 3 shares the Blue with seat 1
    assert "Red" in text


@pytest.mark.parametrize("players", [3, 4, 6])
def test_render_every_phase_to_the_end(players: int) -> None:
    match = new_match(players, seed=players)
    step = 0
    while not match.is_over():
        if step % 4 == 0:
            for seat in (match.to_act()[0], None):
                assert text_of(match, seat)
        step += 1
        seat = match.to_act()[0]
        match.apply(seat, match.legal_actions(seat)[-1])
    text = text_of(match, 0)
    assert "Game over" in text
    assert "Winner" in text or "No one wins" in text
    assert "hidden" not in text  # R15: every Secret card is shown at the end


def test_render_session_history() -> None:
    match = new_match(4, seed=2, session_games=3)
    while not match.state.history:
        seat = match.to_act()[0]
        match.apply(seat, match.legal_actions(seat)[0])
    text = text_of(match, 0)
    assert "session game 2 of 3" in text
    assert "Session so far: game 1:" in text
