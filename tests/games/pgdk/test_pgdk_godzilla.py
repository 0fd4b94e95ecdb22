"""D6, G2: a Pink Godzilla trade names the Pink Godzilla given (issue 11 item 4).

The rules used to give the lowest Pink Godzilla in hand for the player: the given card lands
face up in the Row, so giving a 4 or a 5 told the table the seat held no lower one, a
decision taken for the seat that the others could not see was forced. The rulebook lets the
player trade "a Pink Godzilla Card" of their choice.
"""

from __future__ import annotations

import pytest
from pgdk_helpers import Table

from gamenight.core.engine import Match
from gamenight.core.errors import IllegalActionError
from gamenight.core.rng import Rng
from gamenight.games.pgdk import state as phases
from gamenight.games.pgdk.bots import PgdkHeuristic, PgdkPlayout

RIVAL = 2


def window_with_3_and_5() -> tuple[Table, Match]:
    """Seat 1 holds Pink Godzilla 3 and 5 in a Pink Godzilla window; it builds a green
    game that lacks only its Vehicle, and the Row holds Vehicle G4 (and a Pink Godzilla 4)."""
    table = Table(players=3, phase=phases.PURCHASE)
    table.hand(0, "Potion B2")
    table.hand(1, "Pink Godzilla 3", "Elders B3", "Pink Godzilla 5")
    table.hand(RIVAL, "Pixel B3")
    table.project(1, "Pinktroid Prime", "Weapon G3", "Jumpman G4")
    table.row("Vehicle G4", "Pink Godzilla 4", "Combo O2")
    match = table.match()
    match.apply(0, "discard lowest")  # Combo O2 goes; the window after the Purchase Phase
    match.apply(0, "pass")
    assert match.to_act() == (1,)
    return table, match


def test_g2_a_seat_holding_pink_godzilla_3_and_5_may_give_either() -> None:
    _, match = window_with_3_and_5()
    assert [str(a) for a in match.legal_actions(1)] == [
        "pass",
        "godzilla Vehicle G4 with Pink Godzilla 3",  # the lowest first, for each Row card
        "godzilla Vehicle G4 with Pink Godzilla 5",
    ]


@pytest.mark.parametrize(("given", "kept"), [("3", "5"), ("5", "3")])
def test_g2_a_rivals_view_shows_which_pink_godzilla_was_given(given: str, kept: str) -> None:
    table, match = window_with_3_and_5()
    before = match.view(RIVAL)
    assert before["seats"][1]["known"] == []  # the rival knows nothing of seat 1's hand
    match.apply(1, f"godzilla Vehicle G4 with Pink Godzilla {given}")
    after = match.view(RIVAL)
    assert after["row"] == [f"Pink Godzilla {given}", "Pink Godzilla 4"]  # in the taken place
    assert after["seats"][1]["hand_size"] == 3
    assert [item["card"] for item in after["seats"][1]["known"]] == ["Vehicle G4"]
    assert table.hand_labels(1) == ["Elders B3", f"Pink Godzilla {kept}", "Vehicle G4"]


def test_g2_the_pink_godzilla_named_must_be_in_hand() -> None:
    _, match = window_with_3_and_5()
    with pytest.raises(IllegalActionError, match=r"^G2: you hold no Pink Godzilla 4 to give$"):
        match.apply(1, "godzilla Vehicle G4 with Pink Godzilla 4")
    with pytest.raises(IllegalActionError, match=r"^G2: name the Pink Godzilla you give"):
        match.apply(1, "godzilla Vehicle G4 with Elders B3")
    assert match.to_act() == (1,)


def test_g2_the_bots_give_their_lowest_pink_godzilla() -> None:
    """The heuristic and the playout policy still give the lowest: keeping the higher one is
    never worse to them (both take the first of equally good actions)."""
    table, match = window_with_3_and_5()
    legal = match.legal_actions(1)
    lowest = "godzilla Vehicle G4 with Pink Godzilla 3"
    assert str(PgdkHeuristic().act(match.view(1), legal, Rng(1))) == lowest
    policy = PgdkPlayout(table.game, noise=0.0)
    assert str(policy.choose(table.state, 1, legal, Rng(1))) == lowest
