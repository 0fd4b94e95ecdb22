"""Terminal rendering (render.py): built from a view only, shows what the seat may see."""

from __future__ import annotations

from gtpag_helpers import AGOR, GNOME, new, play, two_nominations
from rich.console import Console

from gamenight.core import Rng
from gamenight.core.game import View
from gamenight.core.registry import entry, make_game
from gamenight.games.gtpag.render import render


def text(view: View) -> str:
    console = Console(width=160, record=True, color_system=None)
    console.print(render(view))
    return console.export_text()


def test_render_is_registered() -> None:
    assert entry("gtpag").render is render


def test_render_shows_nominations_chips_hand_preferences_and_turn() -> None:
    game, state = two_nominations(4)
    play(game, state, "bid +2 n2", "spotlight n2.1", "bid invert n1")
    shown = text(game.view(state, 1))
    assert "Bidding round 1" in shown
    assert f"n1  {AGOR}" in shown
    assert "n2.1 Green [+2]" in shown  # face up for all, and whose it is
    assert "n1.1 Orange (invert)" in shown  # seat 1's own face-down chip
    assert "Your chips: +2, -1, Switcheroo" in shown
    assert f"Your preferences: {'Game to Pick a Game'} 4 ★" in shown
    assert "Yellow's turn (seat 2): play one chip." in shown


def test_render_never_shows_a_chip_the_viewer_has_not_seen() -> None:
    game, state = two_nominations(4)
    play(game, state, "bid +2 n2")
    other = text(game.view(state, 0))
    assert "n2.1 Green (?)" in other
    assert "+2" not in other.split("Nominations")[1].split("Characters")[0]
    spectator = text(game.view(state, None))
    assert "spectator" in spectator
    assert "Your chips" not in spectator
    assert "Your preferences" not in spectator


def test_render_draws_every_phase_and_the_pick() -> None:
    game = make_game("gtpag")
    rng = Rng(5)
    drawn = set()
    for seed in range(12):
        state = game.new_state(5, seed)
        while game.to_act(state):
            seat = game.to_act(state)[0]
            view = game.view(state, seat)
            if (view["phase"], view["tie_round"] > 0) not in drawn:
                drawn.add((view["phase"], view["tie_round"] > 0))
                assert text(view)
            legal = game.legal_actions(state, seat)
            game.apply(state, seat, legal[rng.randbelow(len(legal))])
        final = text(game.view(state, None))
        assert f"Picked: {game.view(state, None)['picked']}" in final
        assert "★ picked" in final or "only Nomination" in final
    assert {phase for phase, _ in drawn} == {"nomination", "bidding", "trait", "boosting", "tie"}


def test_render_says_when_a_game_is_picked_at_once() -> None:
    game, state = new(4)
    play(game, state, "pass", "pass", "pass", f"nominate {GNOME}")
    assert f"Picked: {GNOME} ({GNOME} picked: the only Nomination)" in text(game.view(state, 2))
