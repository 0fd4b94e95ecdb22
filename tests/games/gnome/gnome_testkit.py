"""Helpers that build explicit G.Nome positions for the rule tests."""

from __future__ import annotations

from typing import Any

from gamenight.core import Match
from gamenight.games.gnome.params import GnomeParams
from gamenight.games.gnome.rules import GnomeGame
from gamenight.games.gnome.state import GnomeState

# Card kinds with the default params: the five colours, then White, then Multicolour.
RED, YELLOW, GREEN, BLUE, PURPLE, WHITE, MULTI = range(7)
NAMES = ("Red", "Yellow", "Green", "Blue", "Purple", "White", "Multicolour")


def make_game(**overrides: Any) -> GnomeGame:
    return GnomeGame(GnomeParams().with_overrides(overrides))


def new_match(players: int, seed: int = 0, **overrides: Any) -> Match:
    return Match(make_game(**overrides), players, seed)


def set_offer(match: Match, *cards: int) -> None:
    """Replace the Research cards on offer this round (the round has not been revealed)."""
    state: GnomeState = match.state
    state.offer = list(cards)


def play_round(match: Match, cards: list[int]) -> None:
    """Every seat commits its card, in seat order, through the checked Match."""
    for seat, value in enumerate(cards):
        match.apply(seat, f"play {value}")


def steps(match: Match) -> list[tuple[int, int, int]]:
    """The round's steps still to come, next step first."""
    return list(reversed(match.state.queue))


def finish_randomly(match: Match, seed: int = 0) -> None:
    from gamenight.core.rng import Rng

    rng = Rng(seed)
    while not match.is_over():
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        match.apply(seat, legal[rng.randbelow(len(legal))])
