"""``mend`` (issue 17 item 3, RULES.md G12): where ``redraw_unseen`` gives a world up (a coin
it kept for the other seat is now seen elsewhere), an inferring bot mends it instead: the
coins that still fit keep their hidden sides, the rest are drawn. The general checks (the
view shown, components, the world left alone) are in tests/conformance/test_redraw_unseen.py."""

from __future__ import annotations

import json

from requirements_positions import GAME, names
from test_requirements_redraw import seat_0_bids_too
from watching import watch_random_play

from gamenight.bots.inference import ParticleFilter
from gamenight.bots.ismcts import opponent_model
from gamenight.core.rng import Rng


def test_issue17_g12_a_kept_coin_seen_elsewhere_is_drawn_anew() -> None:
    """The world believed seat 1 bid the Moxie/Cheek coin; seat 0 now draws that very coin
    from the Pool (G1). G11 gives the world up; the mended world shows seat 0 its view, with
    another coin under seat 1's Moxie."""
    real, world, view = seat_0_bids_too(
        ["Moxie/Cheek", "Moxie/Pluck"], ["Moxie/Pluck", "Moxie/Cheek"]
    )
    assert GAME.redraw_unseen(world, view, 0, Rng(6)) is None
    before = json.dumps(world.to_dict(), sort_keys=True)
    bids = set()
    for seed in range(8):
        mended = GAME.mend(world, view, 0, Rng(seed))
        assert GAME.view(mended, 0) == view
        [coin] = names(mended, mended.bid[1])
        assert coin.startswith("Moxie/")
        assert coin != "Moxie/Cheek"
        bids.add(coin)
    assert len(bids) > 1  # drawn among the coins that fit
    assert names(real, real.bid[1]) == ["Moxie/Pluck"]
    assert json.dumps(world.to_dict(), sort_keys=True) == before


def test_issue17_g12_g11_a_coin_that_still_fits_keeps_its_side() -> None:
    """Where G11 keeps the world, the mend keeps the same coin: seat 1's Moxie/Cheek (G1)."""
    _, world, view = seat_0_bids_too(["Moxie/Guts", "Moxie/Pluck"], ["Moxie/Focus", "Moxie/Cheek"])
    for seed in range(4):
        mended = GAME.mend(world, view, 0, Rng(seed))
        assert GAME.view(mended, 0) == view
        assert names(mended, mended.bid[1]) == ["Moxie/Cheek"]


def test_issue17_g12_a_watched_match_drops_no_world() -> None:
    """Seeded random play watched by seat 0: every world the table refutes is mended, none
    dropped for a fresh draw."""
    state = GAME.new_state(2, 5)
    particles = ParticleFilter(GAME, 0, opponent_model(GAME, "playout"), 8, 0.1, Rng(4))
    particles.reset(GAME.view(state, 0))
    watch_random_play(GAME, state, particles, Rng(9), 1000)
    assert particles.mended > 0
    assert particles.dropped == 0
