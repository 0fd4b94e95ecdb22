"""Issue 16 item 3 (fifth speed pass): a new match's draws, taken at once, are the generator's.

From 3 players on, ``new_state`` draws every seat's ranking (G6) and the first seat (D4) with
``Rng.randbelow_each`` (at once, interpreted), not one ``Rng.randbelow`` after another. The
numbers, their order and the generator's stream after them must be exactly those of one draw
after another: checked here against ``Rng`` itself (``randbelow_each`` on its own:
tests/core/test_rng.py).
"""

from __future__ import annotations

from typing import Any

import pytest

from gamenight.core import Rng
from gamenight.games.gtpag.params import GtpagParams
from gamenight.games.gtpag.rules import GtpagGame
from gamenight.games.gtpag.state import BOOSTING

COUNTS = range(2, 9)


def _reference_setup(
    game: GtpagGame, players: int, seed: int, params: GtpagParams
) -> tuple[tuple[tuple[float, ...], ...], int, Rng]:
    """G6, D4 as the code before the pass drew them: each seat's ranking (by index into every
    ranking of the library, or a shuffle for a big library), then the first seat."""
    rng = Rng(seed)
    if params.preferences is not None:
        prefs = tuple(tuple(float(v) for v in seat) for seat in params.preferences)
    else:
        prefs = tuple(game.random_preferences(rng) for _ in range(players))
    first = rng.randbelow(players) if params.first_player is None else params.first_player
    return prefs, first, rng


SETTINGS: dict[str, dict[str, Any]] = {
    "default": {},
    "first player set": {"first_player": 1},
    "preferences set": {"preferences": ((4, 3, 2, 1),)},  # one per seat, below
    "big library (no ranking table)": {"added_titles": ("Chess", "Go", "Hanabi", "Azul")},
    "five titles": {"added_titles": ("Chess",)},
}


@pytest.mark.parametrize("setting", SETTINGS)
@pytest.mark.parametrize("players", COUNTS)
def test_issue16_new_state_draws_what_the_generator_draws(setting: str, players: int) -> None:
    """G6, D4: a new match's preferences, its first seat and the generator after them are
    those of ``Rng(seed)`` drawing one number at a time, at every player count."""
    overrides = dict(SETTINGS[setting])
    if "preferences" in overrides:
        overrides["preferences"] = tuple((4 - s % 4, 3, 2, 1 + s % 4) for s in range(players))
    params = GtpagParams().with_overrides(overrides)
    game = GtpagGame(params)
    for seed in range(60):
        state = game.new_state(players, seed)
        prefs, first, reference = _reference_setup(game, players, seed, params)
        assert state.prefs == prefs
        assert state.start == state.actor == first
        assert state.turns_left == players
        assert state.hand == [game.full_hand] * players
        assert [state.rng.next_u64() for _ in range(2)] == [reference.next_u64() for _ in range(2)]


@pytest.mark.parametrize("players", range(3, 9))  # at 2, a pass leaves one Nomination (D4)
def test_issue16_boost_options_read_from_a_table_match_a_recount(players: int) -> None:
    """R12, D6: a passer may Boost any Nomination in play, or decline; the options are read
    from a table by the mask of Nominations in play, in the order of the Nominations."""
    game = GtpagGame()
    book = game.book
    rng = Rng(players)
    checked = 0
    for seed in range(80):
        state = game.new_state(players, seed)
        while actors := game.to_act(state):
            seat = actors[0]
            legal = game.legal_actions(state, seat)
            if state.phase == BOOSTING:
                in_play = [j for j in range(len(state.piles)) if state.active >> j & 1]
                assert legal == [*(book.boost[j] for j in in_play), book.decline]
                checked += 1
            game.apply(state, seat, legal[rng.randbelow(len(legal))])
    assert checked > 10
