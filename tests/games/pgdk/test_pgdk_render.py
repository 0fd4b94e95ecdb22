"""The terminal view: hand, Resource Row, every player's games, Special Abilities, scores."""

from __future__ import annotations

from pgdk_helpers import Table
from rich.console import Console

from gamenight.core.registry import entry
from gamenight.core.rng import Rng
from gamenight.games.pgdk import state as phases


def text_of(view: dict) -> str:
    console = Console(width=200, record=True, color_system=None)
    console.print(entry("pgdk").render(view))
    return console.export_text()


def test_render_shows_hand_row_games_specials_and_scores() -> None:
    table = Table(players=3)
    table.hand(0, "Potion B2", "Auction House")
    table.row("Pinky Gear Solid", "Easter Egg O7")
    table.project(0, "Pixel Quest", "Vehicle B2", "Potion B3", "Pixel B3")
    table.completed(1, "Pinktroid Prime", "Weapon G2", "Vehicle G3", "Jumpman G4")
    table.special(2, "Orange Clone")
    text = text_of(table.match().view(0))
    for part in (
        "Resource Row: Pinky Gear Solid [Title, G, 5], Easter Egg O7 [Easter Egg, O, 7]",
        "Your hand: Potion B2 [Required Gear, B, 2]",
        "Auction House",
        "[B] Pixel Quest†, Vehicle B2, Potion B3, Pixel B3  = 11  READY",
        "[G] Pinktroid Prime, Weapon G2, Vehicle G3, Jumpman G4  = 13",
        "Orange Clone",
        "Seat 1 · 13 pts",
        "Seat 2 · 4 pts",
        "house design",
        "Seat 0 (you) develops: plays cards. Plays left: 2.",
    ):
        assert part in text
    assert "Auction House†" in text  # a house-design card is marked


def test_render_works_for_every_seat_and_the_spectator_through_a_game() -> None:
    table = Table(players=2, phase=phases.PURCHASE)
    game = table.game
    state = game.new_state(2, 3)
    rng = Rng(1)
    step = 0
    while game.to_act(state):
        if step % 10 == 0:
            for seat in (0, 1, None):
                assert text_of(game.view(state, seat))
        step += 1
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        game.apply(state, seat, legal[rng.randbelow(len(legal))])
    text = text_of(game.view(state, None))
    assert "Game over" in text
    assert "Final scores" in text
