"""``redraw_unseen`` (issue 17 item 3): a world an inferring bot follows keeps the hidden sides
of the coins the other seat has looked at when the table turns up another Requirement (R9) or
a bid shows another hidden side (G1) than the world had; only the stack's order and the
hidden sides nobody has looked at (the Pool's, D1) are drawn again (G11). The general checks
(the view shown, components, the world left alone) are in
tests/conformance/test_redraw_unseen.py."""

from __future__ import annotations

import json
from collections.abc import Sequence

from requirements_positions import GAME, act, build, names, pair_id

from gamenight.core.game import View
from gamenight.core.rng import Rng
from gamenight.games.requirements.state import RequirementsState


def seat_1_bids_from_the_pool(pool_top: Sequence[str]) -> RequirementsState:
    """Seat 0 declines; seat 1 bids the top coin of the Pool's Moxie stack (it looks at its
    hidden side, G1; seat 0 does not) and does not claim."""
    state = build(requirement="Moxie/Spunk", pool_top=pool_top)
    act(state, "decline", "bid pool Moxie", "no-claim")
    return state


def pool_sides(state: RequirementsState) -> tuple[str, ...]:
    return tuple(name for stack in state.pool for name in names(state, stack))


def test_issue17_g11_r9_a_new_requirement_keeps_the_coin_the_world_believed() -> None:
    real = seat_1_bids_from_the_pool(["Moxie/Pluck"])
    world = seat_1_bids_from_the_pool(["Moxie/Cheek"])  # the world's guess of that coin
    assert GAME.view(world, 0) == GAME.view(real, 0)
    world.stack.reverse()  # and its own order of the face-down stack
    for state in (real, world):
        act(state, "decline", "decline")  # R13: the tile fails; R9: the next one turned up
    view = GAME.view(real, 0)
    assert world.requirement != real.requirement
    before = json.dumps(world.to_dict(), sort_keys=True)

    again = GAME.redraw_unseen(world, view, 0, Rng(4))
    assert again is not None
    assert GAME.view(again, 0) == view
    assert names(again, again.bid[1]) == ["Moxie/Cheek"]  # D7: seat 1 looked at it: kept
    assert again.requirement == real.requirement
    assert sorted(again.stack) == sorted(real.stack)  # R1: the same tiles, order drawn anew
    assert json.dumps(world.to_dict(), sort_keys=True) == before  # the world is left alone


def test_issue17_g11_d1_the_pools_hidden_sides_are_drawn_anew() -> None:
    """Nobody has looked at a Pool coin (D1): its hidden side is drawn again, never the kept
    coin's."""
    real = seat_1_bids_from_the_pool(["Moxie/Pluck"])
    world = seat_1_bids_from_the_pool(["Moxie/Cheek"])
    for state in (real, world):
        act(state, "decline", "decline")
    world.stack.reverse()
    view = GAME.view(real, 0)
    drawn = set()
    for seed in range(8):
        again = GAME.redraw_unseen(world, view, 0, Rng(seed))
        assert again is not None
        assert all(pair_id("Moxie/Cheek") not in stack for stack in again.pool)
        drawn.add(pool_sides(again))
    assert len(drawn) > 1


def seat_0_bids_too(
    real_pool: list[str], world_pool: list[str]
) -> tuple[RequirementsState, RequirementsState, View]:
    """The table and a world seat 0 cannot tell from it (Pool coins ``real_pool`` and
    ``world_pool``), after seat 0 too bids from the Pool (G1); and seat 0's real view then."""
    real = seat_1_bids_from_the_pool(real_pool)
    world = seat_1_bids_from_the_pool(world_pool)
    assert GAME.view(world, 0) == GAME.view(real, 0)
    for state in (real, world):
        act(state, "bid pool Moxie")
    return real, world, GAME.view(real, 0)


def test_issue17_g11_g1_a_bid_showing_another_side_keeps_the_other_seats_coin() -> None:
    """Seat 0 bids from the Pool and sees another hidden side than the world had there (G1);
    the coin seat 1 looked at keeps the side the world gave it."""
    real, world, view = seat_0_bids_too(
        ["Moxie/Guts", "Moxie/Pluck"], ["Moxie/Focus", "Moxie/Cheek"]
    )
    assert names(real, real.bid[0]) == ["Moxie/Guts"]
    assert GAME.view(world, 0) != view  # seat 0 saw Focus under it in the world

    again = GAME.redraw_unseen(world, view, 0, Rng(6))
    assert again is not None
    assert GAME.view(again, 0) == view
    assert names(again, again.bid[0]) == ["Moxie/Guts"]  # what the view shows is the table's
    assert names(again, again.bid[1]) == ["Moxie/Cheek"]


def test_issue17_g11_a_kept_coin_now_seen_elsewhere_gives_the_world_up() -> None:
    """The world believed seat 1 bid the Moxie/Cheek coin; seat 0 now draws that very coin
    from the Pool (G1): no world keeps both."""
    real, world, view = seat_0_bids_too(
        ["Moxie/Cheek", "Moxie/Pluck"], ["Moxie/Pluck", "Moxie/Cheek"]
    )
    assert names(real, real.bid[0]) == ["Moxie/Cheek"]
    assert names(world, world.bid[1]) == ["Moxie/Cheek"]
    assert GAME.redraw_unseen(world, view, 0, Rng(6)) is None
