"""issue 16 item 3: faster hot paths, and not one rule changed by them.

The digests below were recorded from the code as it was before the speed work of issue 16
(commit 4b2212e). They cover, for a few hundred seeded random matches, every legal-action list
in order, every action and what the other seats saw of it, the outcomes, the final public view,
and along the way seats' views, determinized states (``to_dict``: secrets and generator state
included) and whole playouts of the game's playout policy from them. Any change of a rule, of
the order of legal actions, of a view or of a random draw changes a digest.
"""

from __future__ import annotations

from typing import Any

import pytest
from replay_digests import play_digest

from gamenight.core.registry import make_game
from gamenight.core.rng import Rng
from gamenight.games.pgdk.cards import EGG
from gamenight.games.pgdk.rules import PgdkGame


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


@pytest.mark.parametrize("players", [2, 3, 4])
def test_issue16_item3_the_play_tables_agree_with_the_fit_rule_in_random_play(
    players: int,
) -> None:
    """``_develop_options`` skips a player's games when no (type, colour) pair of the card kind
    is taken by any (``Project.pairs``), and ``add_card`` reads what a card adds from a table.
    Along seeded random matches, the pairs agree with the fit rule (D1, R21, R28: the type
    still open and a colour shared) for every kind and game on the table, and every game
    in development equals a fresh build of its cards."""
    game = make_game("pgdk")
    assert isinstance(game, PgdkGame)
    checked = 0
    for seed in range(3):
        state = game.new_state(players, seed)
        chooser = Rng(seed + 50)
        while actors := game.to_act(state):
            for games in state.projects:
                for project in games:
                    takes = project.pairs
                    for kind, (ktype, _name, allow, pairs) in enumerate(game._fits):
                        fits = (
                            ktype <= EGG
                            and bool(project.open >> ktype & 1)
                            and bool(project.colours & allow)
                        )
                        assert bool(takes & pairs) == fits, (kind, project.to_dict())
                    fresh = game.build(project.cards)
                    assert fresh is not None
                    assert fresh.to_dict() == project.to_dict()
                    assert (fresh.open, fresh.ready, fresh.progress) == (
                        project.open,
                        project.ready,
                        project.progress,
                    )
                    checked += 1
            seat = actors[0]
            legal = game.legal_actions(state, seat)
            game.apply(state, seat, legal[chooser.randbelow(len(legal))])
    assert checked > 100
