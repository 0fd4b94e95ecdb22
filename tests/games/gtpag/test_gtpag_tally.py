"""The tally: R13, D1 (values, then Inverts, then Boosts), D2.3-D2.5, G12, G21 (R7)."""

from __future__ import annotations

import pytest
from gtpag_helpers import put, two_nominations

from gamenight.games.gtpag.rules import GtpagGame
from gamenight.games.gtpag.state import GtpagState

N1 = 0


def example_position(
    inverts: int, boosts: int, house_rule: bool = False
) -> tuple[GtpagGame, GtpagState]:
    """R13's example (-1, +2, +2) on n1, with ``inverts`` Invert chips and ``boosts`` Boosts."""
    game, state = two_nominations(4)
    put(game, state, 0, "-1", N1)
    put(game, state, 1, "+2", N1)
    put(game, state, 2, "+2", N1)
    for seat in range(inverts):
        put(game, state, seat, "invert", N1)
    if house_rule:
        put(game, state, 2, "House Rule", N1)
    state.boosts[N1] = [1, 2][:boosts]
    game.recount_tally(state)  # RULES.md M1: what apply would have counted
    return game, state


@pytest.mark.parametrize(
    ("inverts", "boosts", "score"),
    [
        (0, 0, 3),  # R13: -1 + 2 + 2
        (1, 0, -3),  # D1: one Invert flips the sum
        (2, 0, 3),  # D1: the sign flips once per Invert
        (0, 1, 5),  # R13: Boosts come last
        (1, 1, -1),  # R13, D1: Inverts before Boosts: -3 + 2, not -(3 + 2)
        (1, 2, 1),
        (3, 1, -1),
    ],
)
def test_r13_d1_rulebook_example_values_then_inverts_then_boosts(
    inverts: int, boosts: int, score: int
) -> None:
    game, state = example_position(inverts, boosts)
    tally = game.tally(state, N1)
    assert tally.values == 3
    assert tally.inverts == inverts
    assert tally.boosts == 2 * boosts
    assert tally.score == score


def test_r13_every_nomination_begins_at_zero() -> None:
    game, state = two_nominations(4)
    assert game.tally(state, N1).score == 0
    assert game.tally(state, 1).score == 0


def test_d2_3_house_rule_ignores_the_inverts_on_its_nomination() -> None:
    game, state = example_position(inverts=1, boosts=1, house_rule=True)
    tally = game.tally(state, N1)
    assert tally.house_rule
    assert tally.score == 3 + 2


def test_g12_house_rule_also_ignores_inverts_played_after_it() -> None:
    game, state = two_nominations(4)
    put(game, state, 2, "House Rule", N1)
    put(game, state, 0, "+2", N1)
    put(game, state, 1, "invert", N1)
    assert game.tally(state, N1).score == 2


def test_d2_4_hype_adds_two_after_inverts() -> None:
    game, state = two_nominations(4)
    put(game, state, 0, "+2", N1)
    put(game, state, 1, "invert", N1)
    put(game, state, 3, "Hype", N1)
    tally = game.tally(state, N1)
    assert (tally.values, tally.inverts, tally.bonus, tally.score) == (2, 1, 2, 0)


def test_d2_5_g12_warcry_is_a_value_that_inverts_flip() -> None:
    game, state = two_nominations(4, characters=[5, 6, 7, 8])
    put(game, state, 0, "Warcry", N1)
    put(game, state, 1, "+2", N1)
    assert game.tally(state, N1).score == 3
    put(game, state, 2, "invert", N1)
    assert game.tally(state, N1).score == -3


def test_r7_g21_between_rounds_only_face_up_chips_count() -> None:
    game, state = two_nominations(4)
    put(game, state, 0, "+2", N1)  # face down: not counted between rounds
    hype = put(game, state, 3, "Hype", N1)  # face up
    spotlit = put(game, state, 1, "-1", N1)
    state.face_up |= 1 << spotlit  # as if Spotlighted
    assert state.face_up >> hype & 1
    assert game.tally(state, N1, face_up_only=True).score == -1 + 2
    assert game.tally(state, N1).score == 2 - 1 + 2


def test_c3_other_bid_chips_tally_by_the_same_rule() -> None:
    game, state = two_nominations(4, bid_chips=["+3", "+3", "-2", "invert"])
    put(game, state, 0, "+3", N1)
    put(game, state, 0, "+3", N1)
    put(game, state, 1, "-2", N1)
    put(game, state, 1, "invert", N1)
    assert game.tally(state, N1).score == -4
