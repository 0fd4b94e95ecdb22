"""issue 16 item 3: the option lists built in one pass over sorted cards.

Copies of a card kind are numbered consecutively, so the rules list each kind once by walking
a zone's sorted cards and skipping a copy of the kind just listed, instead of building a set of
kinds and sorting it. These tests pin what that must keep: one action per kind while a copy is
left (R7, R8, D4), kinds in the card list's order, and the same lists as the set-of-kinds
formulation at every step of random matches.
"""

from __future__ import annotations

import itertools

import pytest
from pgdk_helpers import Table, make_game

from gamenight.core.rng import Rng
from gamenight.games.pgdk import state as phases
from gamenight.games.pgdk.actions import Kind
from gamenight.games.pgdk.rules import PgdkGame
from gamenight.games.pgdk.state import PgdkState


def _in_kind_order(game: PgdkGame, verb: str, labels: list[str]) -> list[str]:
    """``verb LABEL`` once per label, in the card list's order (what the rules must offer)."""
    return [f"{verb} {label}" for label in sorted(set(labels), key=game.kind_by_label.__getitem__)]


def test_issue16_item3_r8_d4_a_bid_offers_a_kind_once_while_a_copy_is_left() -> None:
    table = Table(phase=phases.BIDDING)
    hand = ["Wild", "Potion B2", "Pixel O4", "Potion B2", "Accessory O3"]
    table.hand(0, *hand)
    table.hand(1, "Combo P2")
    match = table.match()
    game = table.game
    assert [str(a) for a in match.legal_actions(0)] == [
        "no bid",
        *_in_kind_order(game, "bid", hand),
    ]
    match.apply(0, "bid Potion B2")
    # the other copy may still be bid: "bid Potion B2" is listed once, in its place
    assert [str(a) for a in match.legal_actions(0)] == [
        "bid done",
        *_in_kind_order(game, "bid", hand),
    ]
    match.apply(0, "bid Potion B2")
    left = ["Wild", "Pixel O4", "Accessory O3"]
    assert [str(a) for a in match.legal_actions(0)] == [
        "bid done",
        *_in_kind_order(game, "bid", left),
    ]


def test_issue16_item3_r7_an_offer_lists_the_hand_cards_not_yet_offered_once_a_kind() -> None:
    table = Table(phase=phases.PURCHASE)
    hand = ["Accessory O3", "Potion B3", "Accessory O3", "Wild"]
    table.hand(0, *hand)
    table.row("Team Ninja Suppressors G5")
    match = table.match()
    game = table.game
    match.apply(0, "trade Team Ninja Suppressors G5")
    match.apply(0, "offer Accessory O3")
    legal = [str(a) for a in match.legal_actions(0)]
    assert legal == [*_in_kind_order(game, "offer", hand), "offer cancel"]
    match.apply(0, "offer Accessory O3")
    legal = [str(a) for a in match.legal_actions(0)]
    assert legal == [
        "offer done",
        *_in_kind_order(game, "offer", ["Potion B3", "Wild"]),
        "offer cancel",
    ]


def test_issue16_item3_r6_r8_the_row_lists_each_kind_once_to_trade_and_to_auction() -> None:
    table = Table(phase=phases.PURCHASE)
    table.hand(0, "Accessory O3")
    row = ["Wild", "Pixel O4", "Wild", "Potion B3"]
    table.row(*row)
    match = table.match()
    game = table.game
    legal = [str(a) for a in match.legal_actions(0)]
    # the hand is worth 3: no trade for a card worth more (R7)
    affordable = [label for label in row if game.k_value[game.kind_by_label[label]] <= 3]
    assert affordable == ["Wild", "Wild", "Potion B3"]
    assert legal == [
        "discard lowest",
        *_in_kind_order(game, "trade", affordable),
        *_in_kind_order(game, "auction", row),
    ]
    match.apply(0, "auction Wild")
    # R8: the other Wild may still join the lots
    assert [str(a) for a in match.legal_actions(0)] == [
        "auction go",
        *_in_kind_order(game, "auction", row),
    ]
    match.apply(0, "auction Wild")
    assert [str(a) for a in match.legal_actions(0)] == [
        "auction go",
        *_in_kind_order(game, "auction", ["Pixel O4", "Potion B3"]),
    ]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_issue16_item3_d4_every_seat_yet_to_commit_is_asked_at_once(players: int) -> None:
    """to_act during the sealed bids comes from a table of every ``committed`` list: checked
    here against the seats still to commit, for every such list."""
    game = make_game()
    state = PgdkState(players, game.num_cards, game.num_colours, Rng(0))
    state.phase = phases.BIDDING
    values = (phases.NOT_COMMITTED, phases.NO_BID, phases.BID)
    for committed in itertools.product(values, repeat=players):
        state.committed = list(committed)
        expected = tuple(s for s in range(players) if committed[s] == phases.NOT_COMMITTED)
        assert game.to_act(state) == expected


def test_issue16_item3_g6_the_copy_picked_of_a_one_copy_kind_is_there_and_not_taken() -> None:
    """``_pick`` and ``_first`` take a kind with one copy without a search; like the search
    they answer -1 when that card is not there or already taken (views' consistency checks
    rely on it)."""
    table = Table(phase=phases.PURCHASE)
    pixel, potion = table.hand(0, "Pixel O4", "Potion B2")
    (wild,) = table.row("Wild")
    (egg,) = table.discard("Easter Egg P7")
    game, state = table.game, table.state
    pixel_kind = game.kind_of[pixel]
    assert len(game.copies[pixel_kind]) == 1
    assert game._pick(state, 0, pixel_kind, ()) == pixel
    assert game._pick(state, 0, pixel_kind, [pixel]) == -1
    assert game._pick(state, 1, pixel_kind, ()) == -1
    egg_kind = game.kind_of[egg]
    assert game._first(state.discard, egg_kind) == egg
    assert game._first(state.discard, egg_kind, [egg]) == -1
    assert game._first(state.row, egg_kind) == -1
    # a kind with two copies still searches: either copy, and the one left when one is taken
    potion_kind = game.kind_of[potion]
    assert game._pick(state, 0, potion_kind, ()) == potion
    assert game._first(state.row, game.kind_of[wild], ()) == wild


def _kinds_of(game: PgdkGame, cards: list[int]) -> list[int]:
    return sorted({game.kind_of[c] for c in cards})


def _reference(game: PgdkGame, state: PgdkState, seat: int) -> list[str] | None:
    """The option lists of the phases built by ``_one_per_kind``, from sets of kinds (how the
    rules built them before); None for other phases."""
    value = game.value
    phase = state.phase
    if phase == phases.BIDDING:
        bid = state.bids[seat]
        left = [c for c in state.hands[seat] if c not in bid]
        first = "bid done" if bid else "no bid"
        return [first] + [f"bid {game.labels[k]}" for k in _kinds_of(game, left)]
    if phase == phases.OFFER:
        offered = state.offer
        done = ["offer done"] if sum(value[c] for c in offered) >= value[state.take] else []
        left = [c for c in state.hands[seat] if c not in offered]
        offers = [f"offer {game.labels[k]}" for k in _kinds_of(game, left)]
        return [*done, *offers, "offer cancel"]
    if phase == phases.AUCTION:
        if len(state.auction) >= game.params.auction_max_cards:
            return ["auction go"]
        left = [c for c in state.row if c not in state.auction]
        return ["auction go"] + [f"auction {game.labels[k]}" for k in _kinds_of(game, left)]
    if phase == phases.PURCHASE:
        worth = sum(value[c] for c in state.hands[seat])
        kinds = _kinds_of(game, state.row)
        trades = [f"trade {game.labels[k]}" for k in kinds if game.k_value[k] <= worth]
        auctions = [f"auction {game.labels[k]}" for k in kinds]
        return ["discard lowest", *trades, *auctions]
    return None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_issue16_item3_option_lists_match_the_set_of_kinds_in_random_matches(
    players: int,
) -> None:
    game = make_game()
    chooser = Rng(players)
    checked = 0
    for seed in range(6):
        state = game.new_state(players, seed)
        while game.to_act(state):
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            expected = _reference(game, state, seat)
            if expected is not None:
                assert [str(a) for a in legal] == expected
                checked += 1
            if state.phase == phases.DEVELOP:  # each kind once, in order, after "done"
                kinds = [a.card for a in legal if a.kind in (Kind.PLAY, Kind.TABLE, Kind.USE)]
                assert kinds == sorted(kinds)
            game.apply(state, seat, legal[chooser.randbelow(len(legal))])
    assert checked > 200
