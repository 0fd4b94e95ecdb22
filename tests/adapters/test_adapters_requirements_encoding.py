"""The Requirements encoding, segment by segment, against the views it comes from."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy", reason="the adapters need the rl extra: pip install '.[rl]'")

import numpy as np
from adapter_helpers import walk

from gamenight.adapters.codec import make_codec

CODEC = make_codec("requirements", 2)
GAME = CODEC.game
TRAITS = list(GAME.params.traits)
T = len(TRAITS)


def parts(view: dict) -> dict:
    return CODEC.layout.split(CODEC.encode(view))


def test_default_sizes() -> None:
    """C = 28 tiles and coins: positions 1..28 for each positional kind, 7 pool bids."""
    assert CODEC.num_actions == 1 + 5 * 28 + 7 + 7 + 1
    assert CODEC.notations[:2] == ("pass", "pay r1")
    assert "bid pool Pluck" in CODEC.notations
    assert CODEC.notations[-1] == "done"
    assert CODEC.size == 3131


def test_variant_without_doubles_shrinks_the_tables() -> None:
    small = make_codec("requirements", 2, variant="no-doubles")
    assert small.num_actions == 1 + 5 * 21 + 7 + 7 + 1
    assert small is not CODEC


def test_coins_are_encoded_by_position_as_the_view_shows_them() -> None:
    """Own reserve slot i is the coin 'pay r(i+1)' and 'bid r(i+1)' name; hidden sides only
    where the viewer knows them (RULES D7, G1)."""
    checked = 0
    for state, seat in walk(CODEC, 3):
        if seat < 0:
            break
        for viewer in (0, 1):
            view = GAME.view(state, viewer)
            got = parts(view)
            for k, seat_index in ((0, viewer), (1, 1 - viewer)):
                for zone in ("reserve", "bid"):
                    coins = view["seats"][seat_index][zone]
                    block = got[f"s{k}_{zone}"]
                    assert block[: len(coins), 0].all()
                    assert not block[len(coins) :, 0].any()
                    for i, coin in enumerate(coins):
                        assert block[i, 1 + TRAITS.index(coin["up"])] == 1.0
                        hidden = block[i, 1 + T : 1 + 2 * T]
                        if coin["down"] is None:
                            assert not hidden.any()
                            assert block[i, 1 + 2 * T] == 0.0
                        else:
                            assert hidden[TRAITS.index(coin["down"])] == 1.0
                        checked += 1
            actor = view["actor"]
            assert got["actor"][(actor - viewer) % 2] == 1.0
            assert got["seat"][viewer] == 1.0
    assert checked > 100


def test_payment_routes_mark_the_payers_reserve_slots() -> None:
    """R11: coins picked so far toward each trait are flagged in the payer's reserve."""
    width = CODEC.encoding.coin_width
    for seed in range(40):
        for state, seat in walk(CODEC, seed):
            view = GAME.view(state, seat) if seat >= 0 else None
            if view is None or view["phase"] != "paying":
                continue
            got = parts(view)
            routes = view["paying"]["routes"]
            flags = got["s0_reserve"][:, width - 2 :]
            for need in (0, 1):
                assert sorted(np.flatnonzero(flags[:, need])) == sorted(routes[need])
            assert got["paying"][0] == 1.0
            assert got["paying"][1 + view["paying"]["need"]] == 1.0
            return
    pytest.fail("no paying position reached in 40 seeded matches")


def test_the_other_seats_unseen_hidden_sides_are_zero() -> None:
    """Hidden information stays hidden: the vector of seat 0 never shows a hidden side that
    seat 0's view does not show, whatever seat 1 knows."""
    for state, seat in walk(CODEC, 5):
        if seat < 0:
            break
        view = GAME.view(state, 0)
        got = parts(view)
        for zone in ("reserve", "bid"):
            for i, coin in enumerate(view["seats"][1][zone]):
                if coin["down"] is None:
                    assert not got[f"s1_{zone}"][i, 1 + T : 2 + 2 * T].any()
