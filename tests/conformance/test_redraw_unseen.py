"""The optional ``redraw_unseen`` and ``mend`` of the game contract (issue 17 item 3:
inference), each checked on every game that offers it, with worlds followed alongside random
matches as a watching bot follows them: what they return shows the seat its real view, holds
the same components, and leaves the world it was given as it was. Games that do not offer
them return None everywhere.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from gamenight.core import Rng, derive_seed
from gamenight.core.game import AnyGame
from gamenight.core.registry import entries, make_game

CASES = [
    (entry.name, players) for entry in entries() for players in entry.game_class.spec.player_counts
]
# the games that redraw what no seat has seen (the others return None)
OFFERED = {"gnome", "pgdk", "requirements"}
# the games that mend a world the table refuted, keeping what still fits (the others: None)
MENDED = {"gtpag", "pgdk", "requirements"}


def advance(game: AnyGame, world: Any, actor: int, public: str, action: Any) -> bool:
    """Take in ``world`` an action of ``actor`` showing ``public`` (the real one if legal)."""
    if actor not in game.to_act(world):
        return False
    legal = game.legal_actions(world, actor)
    if action in legal:
        game.apply(world, actor, action)
        return True
    matching = [a for a in legal if game.public_action(world, actor, a) == public]
    if not matching:
        return False
    game.apply(world, actor, matching[0])
    return True


def followed_worlds(game: AnyGame, players: int, seed: int, seat: int) -> list[tuple[Any, Any]]:
    """(world, real view) pairs where a world followed since the start stopped showing ``seat``
    its view, along a random match; a world that cannot follow is drawn afresh."""
    rng = Rng(derive_seed(seed, 17))
    state = game.new_state(players, seed)
    world = game.determinize(game.view(state, seat), seat, rng)
    lost: list[tuple[Any, Any]] = []
    while actors := game.to_act(state):
        actor = actors[0]
        legal = game.legal_actions(state, actor)
        action = legal[rng.randbelow(len(legal))]
        public = game.public_action(state, actor, action)
        game.apply(state, actor, action)
        view = game.view(state, seat)
        if not advance(game, world, actor, public, action) or game.view(world, seat) != view:
            lost.append((world, view))
            world = game.determinize(view, seat, rng)
    return lost


@pytest.mark.parametrize(("name", "players"), CASES, ids=[f"{n}-{p}p" for n, p in CASES])
@pytest.mark.parametrize("seed", range(3))
def test_issue17_item3_redrawn_and_mended_worlds_show_the_view_and_leave_the_world_alone(
    name: str, players: int, seed: int
) -> None:
    """``redraw_unseen`` and ``mend`` alike, on the same lost worlds."""
    game = make_game(name)
    rng = Rng(seed)
    made = Counter[str]()
    for seat in range(players):
        for world, view in followed_worlds(game, players, seed, seat):
            for way in ("redraw_unseen", "mend"):
                before = json.dumps(world.to_dict(), sort_keys=True)
                again = getattr(game, way)(world, view, seat, rng)
                assert json.dumps(world.to_dict(), sort_keys=True) == before
                if again is None:
                    continue
                made[way] += 1
                assert again is not world
                assert game.view(again, seat) == view
                assert Counter(game.components(again)) == Counter(game.components(world))
    assert (made["redraw_unseen"] > 0) == (name in OFFERED)
    assert (made["mend"] > 0) == (name in MENDED)
