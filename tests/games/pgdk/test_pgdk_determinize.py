"""R7, G7, G21: every state ``determinize`` draws fits the view and plays on (issue 11 item 16).

A view implies more about hidden cards than where the seat has seen them: a trader's hand is
worth at least the Row card it trades for (``trade CARD`` is legal only then, G21, and the
hand does not change while the offer is made), and as many cards of a hand as it drew in this
Going Gold Phase are locked (G7; everyone saw the draws). The sweeps determinize from every
seat at every step of random matches and play each sample on to the end.
"""

from __future__ import annotations

import json

import pytest
from pgdk_helpers import Table, make_game

from gamenight.core.rng import Rng
from gamenight.games.pgdk import state as phases
from gamenight.games.pgdk.rules import PgdkGame
from gamenight.games.pgdk.state import PgdkState


def play_to_the_end(game: PgdkGame, state: PgdkState, rng: Rng) -> None:
    """Random legal actions until the match is over; every seat asked has a legal action."""
    for _ in range(100_000):
        actors = game.to_act(state)
        if not actors:
            assert game.outcome(state) is not None
            return
        seat = actors[rng.randbelow(len(actors))]
        legal = game.legal_actions(state, seat)
        assert legal, f"seat {seat} has no legal action in phase {phases.Phase(state.phase).name}"
        game.apply(state, seat, legal[rng.randbelow(len(legal))])
    raise AssertionError("the determinized match did not end")


def check_every_seat(game: PgdkGame, state: PgdkState, rng: Rng) -> None:
    """From every seat: view(determinize(view)) == view, every seat to act can act, and the
    sample plays on to the end."""
    for seat in range(state.num_players):
        seen = game.view(state, seat)
        guess = game.determinize(json.loads(json.dumps(seen)), seat, rng)
        assert game.view(guess, seat) == seen
        assert game.to_act(guess) == game.to_act(state)
        for actor in game.to_act(guess):
            assert game.legal_actions(guess, actor), (
                f"seat {actor} cannot act in a sample drawn for seat {seat}"
            )
        play_to_the_end(game, guess, rng)


def sweep(players: int, seeds: range, max_turns: int) -> int:
    """Random matches (no stall end, so powers, windows and clones come up); samples drawn."""
    game = make_game(stall_rounds=0, max_turns=max_turns)
    samples = 0
    for seed in seeds:
        rng = Rng(1000 * players + seed)
        state = game.new_state(players, seed)
        while game.to_act(state):
            check_every_seat(game, state, rng)
            samples += players
            actors = game.to_act(state)
            seat = actors[rng.randbelow(len(actors))]
            legal = game.legal_actions(state, seat)
            game.apply(state, seat, legal[rng.randbelow(len(legal))])
    return samples


@pytest.mark.parametrize("players", [2, 3, 4])
def test_issue_11_item_16_every_sample_fits_and_plays_on(players: int) -> None:
    assert sweep(players, range(2), max_turns=12) > 100


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_issue_11_item_16_every_sample_fits_and_plays_on_long(players: int) -> None:
    assert sweep(players, range(2, 10), max_turns=45) > 5_000


# -- explicit positions -----------------------------------------------------------------------
def trade_position(*hand: str) -> Table:
    """Seat 0 of 3 trades for the Row's Easter Egg G7 (value 7) with ``hand``."""
    table = Table(players=3, phase=phases.PURCHASE)
    table.hand(0, *hand)
    table.hand(1, "Potion B3", "Jumpman G4")
    table.hand(2, "Pixel B3")
    table.row("Easter Egg G7", "Vehicle B2")
    return table


def worth(game: PgdkGame, cards: list[int]) -> int:
    return sum(game.value[c] for c in cards)


def finish_the_offer(game: PgdkGame, state: PgdkState) -> None:
    """Offer the trader's cards one by one until ``offer done`` is legal, then take it."""
    while True:
        legal = [str(a) for a in game.legal_actions(state, 0)]
        assert legal, "the trader cannot go on with its offer"
        if "offer done" in legal:
            game.apply(state, 0, game.parse_action("offer done"))
            return
        game.apply(state, 0, game.parse_action(legal[0]))


def test_r7_g21_issue_11_item_16_a_trader_hand_always_pays_for_its_trade() -> None:
    """The reported case: the trader has offered a 2 for a 7; its two other cards, unknown to
    the others, must be worth at least 5 in every sample."""
    table = trade_position("Potion B2", "Pixel O4", "Wild")  # 2 + 4 + 3 = 9
    match = table.match()
    match.apply(0, "trade Easter Egg G7")
    match.apply(0, "offer Potion B2")
    game = table.game
    rng = Rng(11)
    for seat in (1, 2):
        seen = match.view(seat)
        assert seen["phase"] == "offer"
        assert seen["seats"][0]["hand_size"] == 3
        for _ in range(150):
            guess = game.determinize(seen, seat, rng)
            assert game.view(guess, seat) == seen
            assert worth(game, guess.hands[0]) >= 7
            finish_the_offer(game, guess)
            assert guess.phase != phases.OFFER
            assert "Easter Egg G7" in table.labels(guess.hands[0])


def test_r7_g21_issue_11_item_16_a_tight_trade_is_still_paid_for() -> None:
    """A one-card hand trading for a 7 can only hold a 7 (an Easter Egg): the rare deal that
    fits is found every time, and it is not always the same card."""
    table = trade_position("Easter Egg O7")
    match = table.match()
    match.apply(0, "trade Easter Egg G7")
    game = table.game
    rng = Rng(12)
    held = set()
    for seat in (1, 2):
        seen = match.view(seat)
        for _ in range(60):
            guess = game.determinize(seen, seat, rng)
            assert game.view(guess, seat) == seen
            [card] = guess.hands[0]
            assert game.value[card] == 7
            held.add(game.card_label[card])
            finish_the_offer(game, guess)
    assert held == {"Easter Egg B7", "Easter Egg P7", "Easter Egg O7"}


def test_g7_issue_11_item_16_cards_drawn_in_going_gold_stay_locked_in_samples() -> None:
    """Seat 0 is paid three cards, a Clone The Clone among them, and the Clone window then
    asks it: it can only pass (G7). Its fourth card came from the Row, so everyone knows it:
    every sample drawn for the other seats must agree that seat 0 can only pass."""
    table = Table(players=3)
    [elders] = table.hand(0, "Elders B3")
    table.state.known[elders] = (2 << 3) - 1
    table.project(0, "Rock Band of Elders", "Accessory O3", "Combo O2", "Pixel O4")
    table.project(0, "Pixel Quest", "Vehicle B2", "Potion B2", "Pixel B3")
    table.special(1, "Orange Clone")
    table.hand(1, "Pixel P2")
    table.hand(2, "Potion B3")
    table.deck_top("Clone The Clone", "Potion B5", "Potion B2")
    match = table.match()
    match.apply(0, "done")
    match.apply(0, "gold 1")
    assert match.to_act() == (0,)
    assert [str(a) for a in match.legal_actions(0)] == ["pass"]
    game = table.game
    rng = Rng(13)
    for seat in (1, 2, None):
        seen = match.view(seat)
        assert seen["seats"][0]["locked"] == 3  # public: everyone saw the payment
        if seat is None:
            continue
        for _ in range(100):
            guess = game.determinize(seen, seat, rng)
            assert game.view(guess, seat) == seen
            hand = guess.hands[0]
            assert sum(guess.locked >> c & 1 for c in hand) == 3
            assert [str(a) for a in game.legal_actions(guess, 0)] == ["pass"]
    # the seat itself sees which of its cards are locked
    mine = match.view(0)["hand"]
    assert sorted(item["card"] for item in mine if item["locked"]) == [
        "Clone The Clone",
        "Potion B2",
        "Potion B5",
    ]
