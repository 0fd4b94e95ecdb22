"""issue 16: what keeps every game fast in the interpreted build (docs/speed.md, "Caveats for
the interpreted build").

CPython 3.11 keeps an object's attributes inline only while it has fewer than 30; past that
they move to a plain dict, and no method call on the object gets its specialised look-up
any more (every ``game.apply(...)`` of a playout, every ``self._rule(...)`` of the rules).
"""

from __future__ import annotations

import pytest

from gamenight.core.registry import entries, make_game
from gamenight.core.rng import Rng

GAMES = [entry.name for entry in entries()]
INLINE_LIMIT = 30  # CPython 3.11's largest shared-key dictionary (SHARED_KEYS_MAX_SIZE)


@pytest.mark.parametrize("name", GAMES)
def test_a_game_object_keeps_fewer_than_30_attributes_after_a_match(name: str) -> None:
    """Every registered game, after a whole random match at its fewest and most players (any
    table or cache it adds lazily counts too)."""
    game = make_game(name)
    for players in (game.spec.min_players, game.spec.max_players):
        state = game.new_state(players, 3)
        rng = Rng(3)
        while actors := game.to_act(state):
            legal = game.legal_actions(state, actors[0])
            game.apply(state, actors[0], legal[rng.randbelow(len(legal))])
        game.view(state, 0)
    attributes = vars(game) if hasattr(game, "__dict__") else {}
    assert len(attributes) < INLINE_LIMIT, sorted(attributes)
