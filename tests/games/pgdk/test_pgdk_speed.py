"""issue 16 item 3: faster hot paths, and not one rule changed by them.

The digests below were recorded from the code as it was before the speed work of issue 16
(commit 4b2212e). They cover, for a few hundred seeded random matches, every legal-action list
in order, every action and what the other seats saw of it, the outcomes, the final public view,
and along the way seats' views, determinized states (``to_dict``: secrets and generator state
included) and whole playouts of the game's playout policy from them. Any change of a rule, of
the order of legal actions, of a view or of a random draw changes a digest.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from gamenight.core.registry import entry, make_game
from gamenight.core.rng import Rng


def play_digest(name: str, players: int, matches: int, overrides: dict[str, Any]) -> str:
    """A digest of seeded random matches of ``name`` (the same function in every game's tests)."""
    game = make_game(name, overrides)
    playout = entry(name).playout
    digest = hashlib.sha256()
    for seed in range(matches):
        state = game.new_state(players, seed)
        chooser = Rng(seed * 7919 + 1)
        step = 0
        while actors := game.to_act(state):
            seat = actors[step % len(actors)]  # simultaneous commitments in varied orders
            legal = game.legal_actions(state, seat)
            digest.update(repr([str(a) for a in legal]).encode())
            if step % 17 == 0:
                view = game.view(state, seat)
                digest.update(json.dumps(view, sort_keys=True).encode())
                sampled = game.determinize(view, seat, Rng(step + 1000 * seed))
                digest.update(json.dumps(sampled.to_dict(), sort_keys=True).encode())
                if playout is not None and step % 51 == 0:
                    digest.update(_playout_trail(game, playout(game), sampled.clone(), seed + step))
            action = legal[chooser.randbelow(len(legal))]
            digest.update(game.public_action(state, seat, action).encode())
            digest.update(str(action).encode())
            game.apply(state, seat, action)
            step += 1
        digest.update(repr(game.outcome(state)).encode())
        digest.update(json.dumps(game.view(state, None), sort_keys=True).encode())
    return digest.hexdigest()[:16]


def _playout_trail(game: Any, policy: Any, state: Any, seed: int) -> bytes:
    """The playout policy's moves from ``state`` to the end, and the outcome."""
    if hasattr(policy, "new_decision"):
        policy.new_decision()
    rng = Rng(seed)
    trail = []
    while actors := game.to_act(state):
        seat = actors[0]
        action = policy.choose(state, seat, game.legal_actions(state, seat), rng)
        trail.append(str(action))
        game.apply(state, seat, action)
    return repr((trail, game.outcome(state))).encode()


@pytest.mark.parametrize(
    ("players", "matches", "overrides", "expected"),
    [
        (2, 40, {}, "1c933612c1f7d7b8"),
        (3, 40, {}, "94d65c019a8c6abc"),
        (4, 40, {}, "b0c0619cb68fc80f"),
        (3, 15, {"auctions": False}, "0d3b5873ab1e65c6"),
        (4, 15, {"games_to_end": 3}, "98cc90a7a9674406"),
    ],
)
def test_issue16_item3_seeded_matches_play_as_recorded_before_the_speed_work(
    players: int, matches: int, overrides: dict[str, Any], expected: str
) -> None:
    assert play_digest("pgdk", players, matches, overrides) == expected


def test_issue16_item3_determinize_shares_the_games_in_development_it_rebuilds() -> None:
    """A search determinizes one view thousands of times: each game in development on the
    table is built once and shared (a Project is never changed in place), and it is the game
    a fresh build of its cards gives."""
    game = make_game("pgdk")
    state = game.new_state(3, 5)
    chooser = Rng(3)
    while not any(state.projects) and game.to_act(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        game.apply(state, seat, legal[chooser.randbelow(len(legal))])
    seat = next(s for s, projects in enumerate(state.projects) if projects)
    view = game.view(state, seat)
    first = game.determinize(view, seat, Rng(1))
    second = game.determinize(view, seat, Rng(2))
    assert first.projects[seat], "the seat's game in development is rebuilt"
    for a, b in zip(first.projects[seat], second.projects[seat], strict=True):
        assert a is b
        fresh = game.build(a.cards)
        assert fresh is not None
        assert fresh.to_dict() == a.to_dict()
        assert (fresh.open, fresh.ready) == (a.open, a.ready)
