"""ISMCTS in hand-built positions of Pink Godzilla Dev Kit: it takes the winning declaration
at the end, and it carries a trade it chose through (G28)."""

from __future__ import annotations

from typing import Any

import pytest
from pgdk_helpers import Table, policy_for

from gamenight.bots.ismcts import ISMCTSAgent
from gamenight.core import Rng
from gamenight.games.pgdk import state as phases
from gamenight.games.pgdk.options import without_offer_cancel


def test_d8_r20_declaring_its_ready_game_at_the_end_wins_by_one_point() -> None:
    """Seat 1 ends the game with its fourth game (values 11, 10, 14, 13: 48 + 15 for four
    games). Seat 0 has one game of 19 and a ready one of 20. Declared, seat 0's two games take
    the 20 and 15 bonuses: 39 + 35 = 74 against 48 + 15 + 10 = 73. Held back, seat 0 has
    19 + 20 = 39 against 88."""
    table = Table(players=2, active=1)
    table.completed(1, "Elders May Cry", "Weapon P2", "Combo P2", "Pixel P2")
    table.completed(1, "Pixel Quest", "Vehicle B2", "Potion B2", "Pixel B3")
    table.completed(1, "Rock Band of Elders", "Accessory O3", "Combo O2", "Pixel O4")
    table.project(1, "Pinktroid Prime", "Weapon G2", "Vehicle G3", "Jumpman G4")
    table.completed(0, "Final Fantazilla", "Vehicle B4", "Potion B5", "Team Ninja Suppressors B4")
    table.project(0, "Halo of the Elders", "Weapon G4", "Vehicle G5", "Team Ninja Suppressors G5")
    table.develop(seat=1)
    match = table.match()
    match.apply(1, "done")
    match.apply(1, "gold 1")  # seat 1's fourth game ends the game (R18)
    assert match.to_act() == (0,)
    legal = match.legal_actions(0)
    assert "gold 1" in [str(a) for a in legal]
    agent = ISMCTSAgent(match.game, iterations=60)
    choice = agent.act(match.view(0), legal, Rng(0))
    assert str(choice) == "gold 1"
    match.apply(0, choice)
    while not match.is_over():
        seat = match.to_act()[0]
        match.apply(seat, match.legal_actions(seat)[-1])
    assert match.outcome is not None
    assert match.outcome.scores == (74.0, 73.0)


def offering_table() -> tuple[Table, Any]:
    """Seat 0 in its Purchase Phase with three cards worth 6 and two Row cards to trade for."""
    table = Table(players=2, phase=phases.PURCHASE)
    table.hand(0, "Potion B2", "Accessory O2", "Combo P2")
    table.row("Potion B5", "Weapon G2")
    return table, table.match()


def test_g28_search_weighs_every_offer_but_never_giving_the_trade_up() -> None:
    table, match = offering_table()
    game = table.game
    purchase = match.legal_actions(0)
    assert game.search_actions(purchase) == purchase  # G28 leaves every other phase alone
    match.apply(0, "trade Potion B5")
    legal = match.legal_actions(0)
    assert str(legal[-1]) == "offer cancel"  # G25: legal for everyone, people included
    weighed = game.search_actions(legal)
    assert [str(a) for a in weighed] == [str(a) for a in legal[:-1]]
    assert all(a is b for a, b in zip(weighed, legal, strict=False))  # the legal list's own
    match.apply(0, "offer Potion B2")
    match.apply(0, "offer Accessory O2")
    match.apply(0, "offer Combo P2")  # worth 6 of the 5 needed, and the hand is empty
    legal = [str(a) for a in match.legal_actions(0)]
    assert legal == ["offer done", "offer cancel"]
    assert [str(a) for a in game.search_actions(match.legal_actions(0))] == ["offer done"]


@pytest.mark.parametrize("seed", range(3))
def test_g28_ismcts_carries_its_trade_through(seed: int) -> None:
    """Without G28 the search tried 'offer cancel' like any other child, valued it at the
    best purchase after it, and could give the trade up and choose it again without end (in
    a 2-player match of 2026-12-03: 'trade Tekkenzilla', 'offer cancel', 79 times in a row)."""
    table, match = offering_table()
    match.apply(0, "trade Potion B5")
    agent = ISMCTSAgent(match.game, iterations=200)
    roots = agent.search_trees(match.view(0), 0, Rng(seed))
    assert roots[0].children  # the search ran from the offer
    assert "offer cancel" not in roots[0].children
    decisions = 0
    while table.state.phase == phases.OFFER:
        choice = agent.act(match.view(0), match.legal_actions(0), Rng(seed + decisions))
        assert str(choice) != "offer cancel"
        match.apply(0, choice)
        decisions += 1
    assert decisions <= 4  # at most the three cards and 'offer done'
    assert "Potion B5" in table.hand_labels(0)


def test_g28_the_playout_policy_models_a_seat_from_the_actions_the_search_weighs() -> None:
    """With ``opponents=model`` the search asks the playout policy for a seat's move among
    the actions it weighs, so without 'offer cancel': the policy must not drop the last offer
    as if it were the cancel. Here the last offer is the one it makes."""
    table = Table(players=2, phase=phases.PURCHASE)
    table.hand(0, "Weapon G2", "Vehicle G3", "Weapon G4")
    table.row("Potion B5")
    match = table.match()
    match.apply(0, "trade Potion B5")
    legal = match.legal_actions(0)
    assert [str(a) for a in legal] == [
        "offer Vehicle G3",
        "offer Weapon G2",
        "offer Weapon G4",
        "offer cancel",
    ]
    weighed = table.game.search_actions(legal)
    policy = policy_for(table.game)
    assert str(policy.choose(table.state, 0, legal, Rng(0))) == "offer Weapon G4"
    assert str(policy.choose(table.state, 0, weighed, Rng(0))) == "offer Weapon G4"


def test_g25_g28_the_bots_rules_share_one_way_to_leave_the_cancel_out() -> None:
    """The playout (G25) and the search (G28) both leave 'offer cancel' out through
    ``without_offer_cancel``: only as the last of several actions, and never anything else."""
    table = Table(players=2, phase=phases.PURCHASE)
    table.hand(0, "Weapon G2", "Vehicle G3")
    table.row("Potion B5")
    match = table.match()
    match.apply(0, "trade Potion B5")
    legal = match.legal_actions(0)
    kept = without_offer_cancel(legal)
    assert [str(a) for a in kept] == ["offer Vehicle G3", "offer Weapon G2"]
    assert all(a is b for a, b in zip(kept, legal, strict=False))
    assert without_offer_cancel(legal[-1:]) == legal[-1:]  # alone, it stays: the only choice
    assert without_offer_cancel(kept) == kept
    assert table.game.search_actions(legal) == kept


def test_g29_r8_d4_the_sealed_bids_are_simultaneous_to_the_last_seat_to_commit() -> None:
    """G29, R8, D4: a bid stays sealed until every seat has committed, so the whole Bidding is one
    simultaneous step for a search (``Game.simultaneous``), even when one seat is left to
    act; a turn of the active seat alone is not."""
    table = Table(players=2, phase=phases.BIDDING)
    table.hand(0, "Wild")
    table.hand(1, "Combo P2")
    match = table.match()
    game = table.game
    assert match.to_act() == (0, 1)
    assert game.simultaneous(table.state)
    match.apply(0, "no bid")
    assert match.to_act() == (1,)
    assert game.simultaneous(table.state)
    develop = Table(players=2, phase=phases.DEVELOP)
    develop.hand(0, "Wild")
    assert develop.match().to_act() == (0,)
    assert not develop.game.simultaneous(develop.state)
