"""R5-R9, R36, D4-D6, G1-G4: Finance, the three purchases, and the Pink Godzilla windows."""

from __future__ import annotations

import pytest
from pgdk_helpers import Table, make_game

from gamenight.core.errors import IllegalActionError
from gamenight.games.pgdk import state as phases
from gamenight.games.pgdk.rules import PgdkGame


def test_r7_three_2s_buy_a_5_but_not_a_7() -> None:
    table = Table(phase=phases.PURCHASE)
    table.hand(0, "Potion B2", "Accessory O2", "Combo P2")
    table.row("Potion B5", "Easter Egg P7")
    match = table.match()
    legal = [str(a) for a in match.legal_actions(0)]
    assert "trade Potion B5" in legal
    assert "trade Easter Egg P7" not in legal
    with pytest.raises(IllegalActionError) as error:
        match.apply(0, "trade Easter Egg P7")
    assert str(error.value) == "R7: your whole hand is worth 6, less than the 7 of Easter Egg P7"
    match.apply(0, "trade Potion B5")
    match.apply(0, "offer Accessory O2")
    match.apply(0, "offer Potion B2")
    with pytest.raises(IllegalActionError, match=r"^R7: the offer is worth 4; a trade must be"):
        match.apply(0, "offer done")
    match.apply(0, "offer Combo P2")
    match.apply(0, "offer done")
    # G1: of the equal highest cards the first offered goes to the Row, the rest are discarded
    assert table.labels(table.state.row) == ["Accessory O2", "Easter Egg P7"]
    assert table.labels(table.state.discard) == ["Potion B2", "Combo P2"]
    assert table.hand_labels(0) == ["Potion B5"]


def test_r7_the_highest_offered_card_goes_to_the_row() -> None:
    table = Table(phase=phases.PURCHASE)
    table.hand(0, "Potion B2", "Pixel O4", "Wild")
    table.row("Team Ninja Suppressors G5")
    match = table.match()
    for text in ("trade Team Ninja Suppressors G5", "offer Potion B2", "offer Pixel O4"):
        match.apply(0, text)
    match.apply(0, "offer done")
    assert table.labels(table.state.row) == ["Pixel O4"]
    assert table.labels(table.state.discard) == ["Potion B2"]
    # the taken card is known to every seat (G6)
    assert match.view(2)["seats"][0]["known"][0]["card"] == "Team Ninja Suppressors G5"


def test_r9_d5_discard_removes_every_lowest_card_and_bargain_bin_draws() -> None:
    table = Table(phase=phases.PURCHASE)
    table.row("Potion B2", "Pixel B3", "Combo O2", "Jumpman B4")
    table.special(1, "Bargain Bin")
    table.special(0, "Auction House")
    table.hand(1, "Pixel P2")
    match = table.match()
    match.apply(0, "discard lowest")
    assert table.labels(table.state.row) == ["Pixel B3", "Jumpman B4"]
    assert table.labels(table.state.discard) == ["Potion B2", "Combo O2"]
    assert len(table.state.hands[1]) == 2  # Bargain Bin: a rival's discard draws one


def test_d5_discard_with_an_empty_row_does_nothing() -> None:
    table = Table(phase=phases.PURCHASE)
    table.special(1, "Bargain Bin")
    table.hand(0, "Potion B2")
    match = table.match()
    assert [str(a) for a in match.legal_actions(0)] == ["discard lowest"]
    match.apply(0, "discard lowest")
    assert table.state.discard == []
    assert table.state.hands[1] == []


FILLERS = ("Elders O2", "Elders G2", "Elders B3", "Elders P3")


def auction_table(bids: dict[int, list[str]], auctioneer: int = 1) -> Table:
    table = Table(phase=phases.PURCHASE, active=auctioneer)
    table.row("Easter Egg B7", "Potion B5", "Pixel B3")
    for seat in range(4):
        table.hand(seat, *bids.get(seat, []), FILLERS[seat])
    return table


def run_auction(table: Table, bids: dict[int, list[str]], lots: list[str]) -> None:
    match = table.match()
    auctioneer = table.state.active
    for label in lots:
        match.apply(auctioneer, f"auction {label}")
    match.apply(auctioneer, "auction go")
    assert table.state.phase == phases.BIDDING
    for seat in range(4):
        cards = bids.get(seat, [])
        for label in cards:
            match.apply(seat, f"bid {label}")
        match.apply(seat, "bid done" if cards else "no bid")


@pytest.mark.parametrize(
    ("bids", "winner"),
    [
        # D4: the auctioneer (seat 1) wins a tie
        ({0: ["Potion B4"], 1: ["Jumpman G4"], 2: ["Vehicle B2", "Combo P2"]}, 1),
        # D4: without the auctioneer, the tie goes clockwise from the auctioneer's left
        ({0: ["Potion B4"], 2: ["Vehicle B2", "Combo P2"], 3: ["Jumpman B4"]}, 2),
        ({0: ["Potion B4"], 3: ["Jumpman B4"]}, 3),
        # the highest total wins outright
        ({0: ["Potion B3", "Weapon P2"], 1: ["Jumpman G4"], 3: ["Jumpman B4"]}, 0),
    ],
)
def test_r8_d4_auction_ties_go_to_the_auctioneer_then_clockwise(
    bids: dict[int, list[str]], winner: int
) -> None:
    table = auction_table(bids)
    run_auction(table, bids, ["Easter Egg B7", "Potion B5"])
    assert sorted(table.labels(table.state.hands[winner])) == sorted(
        ["Easter Egg B7", "Potion B5", FILLERS[winner]]
    )
    assert table.labels(table.state.row) == ["Pixel B3"]
    assert sorted(table.labels(table.state.discard)) == sorted(bids[winner])
    for seat, cards in bids.items():
        if seat != winner:  # losing bids go back to the hand, known to all (D4)
            assert set(cards) <= set(table.hand_labels(seat))
            seen = table.match().view((seat + 1) % 4)["seats"][seat]["known"]
            assert sorted(item["card"] for item in seen) == sorted(cards)
            assert all(item["public"] for item in seen)


def test_d4_no_bids_nothing_happens() -> None:
    table = auction_table({})
    run_auction(table, {}, ["Pixel B3"])
    assert table.labels(table.state.row) == ["Easter Egg B7", "Potion B5", "Pixel B3"]
    assert table.state.discard == []
    assert table.state.last_auction is not None
    assert table.state.last_auction[4] == -1


def test_d4_g4_bids_are_hidden_commitments_until_all_have_committed() -> None:
    bids = {0: ["Potion B4"], 2: ["Vehicle B2"]}
    table = auction_table(bids)
    match = table.match()
    match.apply(1, "auction Easter Egg B7")
    match.apply(1, "auction go")
    assert match.to_act() == (0, 1, 2, 3)
    assert match.public_action(0, match.parse("bid Potion B4")) == "seat 0 adds to a sealed bid"
    match.apply(0, "bid Potion B4")
    match.apply(0, "bid done")
    seen_by_2 = match.view(2)
    assert seen_by_2["seats"][0]["committed"] is True
    assert seen_by_2["seats"][0]["known"] == []
    assert seen_by_2["seats"][0]["hand_size"] == 2  # bid cards stay in the hand until the reveal
    assert seen_by_2["bid"] == {"cards": [], "committed": None}
    assert match.view(0)["bid"] == {"cards": ["Potion B4"], "committed": "bid"}
    assert "Potion B4" not in str(match.view(None))
    assert match.to_act() == (1, 2, 3)
    with pytest.raises(IllegalActionError):
        match.apply(0, "no bid")
    with pytest.raises(IllegalActionError, match=r"^D4: a bid needs at least one card"):
        match.apply(2, "bid done")
    match.apply(2, "bid Vehicle B2")
    with pytest.raises(IllegalActionError, match=r"^G4: you have started a bid"):
        match.apply(2, "no bid")


def test_r36_d10_the_beginners_rule_has_no_auctions() -> None:
    game = make_game(auctions=False)
    assert PgdkGame.variant("beginners").overrides == {"auctions": False}
    table = Table(game, phase=phases.PURCHASE)
    table.row("Pixel B3")
    table.hand(0, "Potion B4")
    match = table.match()
    assert [str(a) for a in match.legal_actions(0)] == ["discard lowest", "trade Pixel B3"]
    with pytest.raises(IllegalActionError, match=r"^R36, D10: the beginners' rule has no auctions"):
        match.apply(0, "auction Pixel B3")


def test_r8_at_most_three_cards_go_under_auction() -> None:
    table = Table(phase=phases.PURCHASE)
    table.row("Pixel B3", "Potion B2", "Combo O2", "Jumpman B4")
    match = table.match()
    for label in ("Pixel B3", "Potion B2", "Combo O2"):
        match.apply(0, f"auction {label}")
    assert [str(a) for a in match.legal_actions(0)] == ["auction go"]
    with pytest.raises(IllegalActionError, match=r"^R8: at most 3 Row cards"):
        match.apply(0, "auction Jumpman B4")


def test_r5_finance_refills_the_row_to_five_and_draws_one() -> None:
    game = make_game()
    state = game.new_state(3, 5)
    assert len(state.row) == 5
    active = state.active
    assert len(state.hands[active]) == 6
    assert all(len(state.hands[s]) == 5 for s in range(3) if s != active)
    assert len(state.deck) == 106 - 5 - 15 - 1


def test_d6_g3_the_pink_godzilla_window_asks_every_seat_with_cards() -> None:
    table = Table(players=3, phase=phases.PURCHASE)
    table.hand(0, "Potion B2")
    table.hand(1, "Pink Godzilla 5", "Pink Godzilla 3")
    table.hand(2, "Pixel B3")
    table.row("Easter Egg O7", "Pink Godzilla 4", "Combo O2")
    match = table.match()
    match.apply(0, "discard lowest")
    assert table.state.phase == phases.GODZILLA
    assert match.to_act() == (0,)
    assert [str(a) for a in match.legal_actions(0)] == ["pass"]  # asked though it has none
    match.apply(0, "pass")
    assert match.to_act() == (1,)
    assert [str(a) for a in match.legal_actions(1)] == [
        "pass",
        "godzilla Easter Egg O7 with Pink Godzilla 3",
        "godzilla Easter Egg O7 with Pink Godzilla 5",
    ]
    with pytest.raises(IllegalActionError, match=r"^D6: a Pink Godzilla is never traded for"):
        match.apply(1, "godzilla Pink Godzilla 4 with Pink Godzilla 3")
    match.apply(1, "godzilla Easter Egg O7 with Pink Godzilla 3")
    # G2: the Pink Godzilla named goes, taking the taken card's place in the Row
    assert table.labels(table.state.row) == ["Pink Godzilla 3", "Pink Godzilla 4"]
    assert table.hand_labels(1) == ["Easter Egg O7", "Pink Godzilla 5"]
    assert match.to_act() == (1,)  # may trade again, then passes
    match.apply(1, "pass")
    match.apply(2, "pass")
    assert table.state.phase == phases.DEVELOP


def test_g3_no_window_when_no_trade_is_publicly_possible() -> None:
    table = Table(players=3, phase=phases.PURCHASE)
    table.hand(0, "Potion B2", "Pixel B3")
    table.row("Easter Egg O7", "Jumpman B4")
    for label in ("Pink Godzilla 3", "Pink Godzilla 4", "Pink Godzilla 4", "Pink Godzilla 5"):
        table.discard(label)
    match = table.match()
    match.apply(0, "discard lowest")
    assert table.state.phase == phases.DEVELOP
