"""``mend`` (issue 17 item 3, RULES.md G25): a world an inferring bot follows that the flip
refutes (its face-down chips lay otherwise) is mended, keeping the other characters'
preferences it believed, instead of being dropped for a fresh world that forgets them. The
general checks (the view shown, components, the world left alone) are in
tests/conformance/test_redraw_unseen.py."""

from __future__ import annotations

import json

from gtpag_helpers import chip, play, two_nominations

from gamenight.bots.inference import ParticleFilter
from gamenight.bots.ismcts import opponent_model
from gamenight.core.rng import Rng
from gamenight.games.gtpag.rules import GtpagGame
from gamenight.games.gtpag.state import BIDDING, BOOSTING, GtpagState

BELIEVED = ((1.0, 2.0, 3.0, 4.0), (3.0, 4.0, 1.0, 2.0))  # a world's guess for seats 1 and 2


# the Bidding of before_the_last_chip, seat by seat (R3, R7, R8 set the order): seats 2, 0, 1,
# 0, 1, 2, 2, 0, then seat 1's last chip
BIDS = (
    *("bid +2 n1", "bid +2 n1", "bid +2 n2", "bid -1 n2", "bid -1 n1"),
    *("bid -1 n2", "bid invert n2", "bid invert n1"),
)
LAST = "bid invert n2"


def before_the_last_chip() -> tuple[GtpagGame, GtpagState, GtpagState]:
    """Three characters, no Traits: seat 0 nominates A Game of Requirements (n1), seat 2
    G.Nome (n2), seat 1 passes (R2); then ``BIDS``, up to seat 1's last chip of the Bidding
    (R10). Returns the game, the table, and a world seat 0 cannot tell from it, in which seat
    2's +2 (on n1) and -1 (on n2) lie the other way round and seats 1 and 2 prefer other
    games."""
    game, state = two_nominations(3, use_traits=False, preferences=((4, 3, 2, 1),) * 3)
    play(game, state, *BIDS)
    world = state.clone()
    plus_two, minus_one = (
        chip(game, state, 2, "+2", in_hand=False),
        chip(game, state, 2, "-1", in_hand=False),
    )
    for pile in world.piles:
        pile[:] = [minus_one if c == plus_two else plus_two if c == minus_one else c for c in pile]
    game.recount_tally(world)
    world.prefs = (world.prefs[0], *BELIEVED)
    assert game.view(world, 0) == game.view(state, 0)
    return game, state, world


def test_issue17_g25_the_flip_refutes_the_chips_and_keeps_the_preferences() -> None:
    game, table, world = before_the_last_chip()
    play(game, table, LAST)
    game.apply(world, 1, game.parse_action(LAST))
    assert table.phase == world.phase == BOOSTING  # R11, R12: flipped; seat 1 passed, so Boosts
    view = game.view(table, 0)
    assert game.view(world, 0) != view  # seat 2's chips turned up otherwise
    before = json.dumps(world.to_dict(), sort_keys=True)
    for seed in range(4):
        mended = game.mend(world, view, 0, Rng(seed))
        assert game.view(mended, 0) == view
        assert mended.prefs[1:] == BELIEVED
        assert mended.prefs[0] == table.prefs[0]  # seat 0's own, from its view
    assert json.dumps(world.to_dict(), sort_keys=True) == before


def test_issue17_g25_g16_once_the_match_is_over_the_preferences_fit_the_result() -> None:
    """After the end, the view tells each seat's preference for the picked game (G16): a
    mended world's preferences fit it, whatever the old world believed."""
    game, table, world = before_the_last_chip()
    for state in (table, world):
        play(game, state, LAST)
        play(game, state, "decline")  # seat 1, the only passer, declines to Boost (R12)
    view = game.view(table, 0)
    mended = game.mend(world, view, 0, Rng(1))
    assert game.view(mended, 0) == view
    picked = table.titles[table.picked]
    assert [prefs[picked] for prefs in mended.prefs] == [p[picked] for p in table.prefs]


def test_issue17_g25_the_filter_keeps_what_the_worlds_believed_through_the_flip() -> None:
    """Seat 0's filter follows the Bidding of ``before_the_last_chip``; at the flip no world
    is dropped for a fresh one, and every world's preferences are ones a world held before."""
    game, table, _ = before_the_last_chip()
    particles = ParticleFilter(game, 0, opponent_model(game, "heuristic"), 12, 0.1, Rng(6))
    particles.reset(game.view(table, 0))
    assert table.phase == BIDDING
    believed = {state.prefs[1:] for state in particles.states}
    public = game.public_action(table, 1, game.parse_action(LAST))
    play(game, table, LAST)
    particles.observe(1, public, game.view(table, 0))
    assert particles.dropped == 0
    assert particles.mended > 0
    assert {state.prefs[1:] for state in particles.states} <= believed
