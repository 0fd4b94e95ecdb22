"""G6, G21: which of identical copies leaves a hand depends only on what the seat's view shows.

Issue 11 item 4 (the slow forced-moves sweep, trade-offer phase): ``offer CARD`` made public
the copy that most seats knew of, ties broken by the hand's hidden order, counting a bit the
owner's view never shows (its own, left from a stolen card or a Market Research draw); and
``determinize`` put the cards already offered on the first copies of their label, not on the
copies the offer had made public. So two positions a seat could not tell apart (or the real
one and a sample of its view) showed it different knowledge of the copy it kept.
"""

from __future__ import annotations

import json

import pytest
from pgdk_helpers import Table

from gamenight.core.engine import Match
from gamenight.core.rng import Rng
from gamenight.games.pgdk import state as phases

OWNER = 0b0001  # seat 0's own bit
SEAT_1 = 0b0010
SEAT_2 = 0b0100


def offering_two_copies(first_known: int, second_known: int) -> tuple[Table, Match]:
    """Seat 0 trades for Jumpman B4 holding two Pink Godzilla 4s, known (G6) as given."""
    table = Table(players=3, phase=phases.PURCHASE)
    copies = table.hand(0, "Pink Godzilla 4", "Pink Godzilla 4", "Potion B2")[:2]
    table.row("Jumpman B4", "Combo O2")
    known = table.state.known
    known[copies[0]], known[copies[1]] = first_known, second_known
    match = table.match()
    match.apply(0, "trade Jumpman B4")
    return table, match


def kept_copy(match: Match) -> dict[str, object]:
    """Seat 0's view of the Pink Godzilla 4 it still holds after offering one."""
    match.apply(0, "offer Pink Godzilla 4")
    hand = match.view(0)["hand"]
    return next(item for item in hand if item["card"] == "Pink Godzilla 4" and not item["public"])


def test_issue_11_item_4_the_hand_order_does_not_decide_which_copy_is_offered() -> None:
    """G6: two copies known to as many seats (seat 1, seat 2) in either hidden order."""
    tables = [offering_two_copies(SEAT_1, SEAT_2), offering_two_copies(SEAT_2, SEAT_1)]
    assert tables[0][1].view(0) == tables[1][1].view(0)
    kept = [kept_copy(match) for _, match in tables]
    assert kept[0] == kept[1]


def test_issue_11_item_4_the_owners_own_knowledge_bit_does_not_decide() -> None:
    """G6: a card the owner once stole (or drew after its Market Research) may carry the
    owner's own bit, which no view shows: it must not count."""
    tables = [
        offering_two_copies(SEAT_1 | OWNER, SEAT_1 | SEAT_2),  # the owner's bit on the first
        offering_two_copies(SEAT_1, SEAT_1 | SEAT_2),
    ]
    assert tables[0][1].view(0) == tables[1][1].view(0)
    kept = [kept_copy(match) for _, match in tables]
    assert kept[0] == kept[1]


def one_of_two_copies_offered() -> tuple[Table, Match]:
    """Seat 0 has offered the Clone The Clone seats 1 and 2 knew of (now public, R7) and
    keeps the one only seat 1 knew of."""
    table = Table(players=3, phase=phases.PURCHASE)
    copies = table.hand(0, "Clone The Clone", "Clone The Clone", "Potion B2")
    table.row("Jumpman B4", "Combo O2")
    table.state.known[copies[0]] = SEAT_1
    table.state.known[copies[1]] = SEAT_1 | SEAT_2
    match = table.match()
    match.apply(0, "trade Jumpman B4")
    match.apply(0, "offer Clone The Clone")
    assert table.state.offer == [copies[1]]
    return table, match


@pytest.mark.parametrize(
    ("viewer", "moves"),
    [
        (0, ["offer Clone The Clone"]),
        (0, ["offer done"]),
        (0, ["offer Clone The Clone", "offer done"]),
        (1, ["offer done"]),
        (2, ["offer done"]),
    ],
)
def test_issue_11_item_4_determinize_puts_the_offer_on_the_public_copies(
    viewer: int, moves: list[str]
) -> None:
    """G6, G21: a sample of a seat's view holds the offer on the copies the offer made
    public, so the trader's next steps play on in it as in the real position, as far as
    that seat can see."""
    table, match = one_of_two_copies_offered()
    game, state = table.game, table.state
    seen = match.view(viewer)
    twin = game.determinize(json.loads(json.dumps(seen)), viewer, Rng(7))
    assert game.view(twin, viewer) == seen
    for text in moves:
        game.apply(state, 0, game.parse_action(text))
        game.apply(twin, 0, game.parse_action(text))
        assert game.view(state, viewer) == game.view(twin, viewer), text


def test_issue_11_item_4_determinize_puts_a_sealed_bid_on_the_copies_the_rules_pick() -> None:
    """D4, G6: seat 0 bids one of its two Pink Godzilla 4s (the one seat 1 knew of) and
    loses; the bid comes back public. A sample of seat 0's view, drawn while the bids are
    sealed, holds the bid on the same copy, so the reveal shows it the same hand."""
    table = Table(players=2, phase=phases.PURCHASE, active=1)
    copies = table.hand(0, "Pink Godzilla 4", "Pink Godzilla 4")
    egg = table.hand(1, "Easter Egg O7")[0]
    table.row("Jumpman B4", "Combo O2")
    table.state.known[copies[1]] = SEAT_1
    table.state.known[egg] = OWNER  # seat 0 knows the winning bid is there (G6)
    match = table.match()
    match.apply(1, "auction Jumpman B4")
    match.apply(1, "auction go")
    match.apply(0, "bid Pink Godzilla 4")
    match.apply(0, "bid done")
    game, state = table.game, table.state
    seen = match.view(0)
    twin = game.determinize(json.loads(json.dumps(seen)), 0, Rng(3))
    assert game.view(twin, 0) == seen
    for position in (state, twin):
        game.apply(position, 1, game.parse_action("bid Easter Egg O7"))
        game.apply(position, 1, game.parse_action("bid done"))
    assert state.known[copies[1]] == (2 << 2) - 1  # the bid copy was the known one
    assert game.view(state, 0) == game.view(twin, 0)


def test_issue_11_item_4_clone_the_clone_spends_the_unlocked_copy() -> None:
    """G7, G6: seat 0 holds a Clone The Clone and draws a second one as payment (locked,
    and seat 2 knows it: it put the card at the bottom with Market Research). Using Clone
    The Clone spends the usable copy, however well known the locked one is."""
    from test_pgdk_gold import clone_position

    table = clone_position(0, "A")
    table.deck_top("Clone The Clone", "Potion B5", "Potion B2")
    drawn = table.state.deck[-1]
    table.state.known[drawn] = SEAT_2
    match = table.match()
    match.apply(0, "done")
    match.apply(0, "gold 1")
    match.apply(0, "use Clone The Clone")
    assert drawn in table.state.hands[0]
    kept = [item for item in match.view(0)["hand"] if item["card"] == "Clone The Clone"]
    assert kept == [{"card": "Clone The Clone", "seen_by": [2], "public": False, "locked": True}]
