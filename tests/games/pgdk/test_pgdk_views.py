"""G5, G6, G10, D4: what each seat sees, and determinize() on deep, real positions."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from pgdk_helpers import Table, make_game

from gamenight.core.rng import Rng
from gamenight.games.pgdk import state as phases
from gamenight.games.pgdk.bots import PgdkHeuristic
from gamenight.games.pgdk.narrate import FINANCE
from gamenight.games.pgdk.rules import PgdkGame
from gamenight.sim.runner import agent_rngs


def known(view: dict, seat: int) -> list[str]:
    return sorted(item["card"] for item in view["seats"][seat]["known"])


def test_g6_hands_are_hidden_except_cards_seen_going_there() -> None:
    table = Table(players=3, phase=phases.PURCHASE)
    table.hand(0, "Potion B2", "Pixel O4", "Wild")
    table.hand(1, "Easter Egg O7")
    table.row("Team Ninja Suppressors G5")
    match = table.match()
    for text in ("trade Team Ninja Suppressors G5", "offer Pixel O4", "offer Wild", "offer done"):
        match.apply(0, text)
    for viewer in (1, 2, None):
        view = match.view(viewer)
        assert view["seats"][0]["hand_size"] == 2
        assert known(view, 0) == ["Team Ninja Suppressors G5"]
    assert known(match.view(0), 1) == []
    assert match.view(2)["seats"][1]["known"] == []
    assert "Easter Egg O7" not in json.dumps(match.view(0))
    assert "Easter Egg O7" not in json.dumps(match.view(None))
    assert "Easter Egg O7" in json.dumps(match.view(1))


def test_g6_g10_the_evil_guardian_look_and_steal() -> None:
    table = Table(players=3)
    table.hand(0, "Evil Guardian")
    table.hand(1, "Potion B2", "Easter Egg O7", "Pixel B3")
    table.hand(2, "Jumpman G4")
    match = table.match()
    state = table.state
    # Pixel B3 came from the Row earlier: everyone knows it is in seat 1's hand
    pixel = next(
        c for c in state.hands[1] if table.game.labels[table.game.kind_of[c]] == "Pixel B3"
    )
    state.known[pixel] = (2 << 3) - 1
    assert known(match.view(2), 1) == ["Pixel B3"]
    match.apply(0, "use Evil Guardian")
    match.apply(0, "rob seat 1")
    assert known(match.view(0), 1) == ["Easter Egg O7", "Pixel B3", "Potion B2"]
    match.apply(0, "steal Potion B2")
    # the victim knows where its card went; the thief still knows the rest of that hand
    assert known(match.view(1), 0) == ["Potion B2"]
    assert known(match.view(0), 1) == ["Easter Egg O7", "Pixel B3"]
    # the third seat forgets: any card it knew may be the one taken (G10)
    assert known(match.view(2), 1) == []
    assert known(match.view(2), 0) == []
    assert known(match.view(None), 1) == []
    assert match.public_action(0, match.parse("steal Potion B2")).startswith("seat 0 steals")


def test_g5_market_research_bottom_cards_are_known_to_the_researcher() -> None:
    table = Table(players=2)
    table.hand(0, "Market Research 2")
    table.deck_top("Potion B5", "Pixel B3", "Easter Egg G7")
    match = table.match()
    match.apply(0, "use Market Research 2")
    view = match.view(0)
    assert sorted(view["peek"]) == ["Easter Egg G7", "Pixel B3", "Potion B5"]
    assert match.view(1)["peek"] is None
    assert match.view(1)["peek_size"] == 3
    match.apply(0, "keep Easter Egg G7")
    assert table.hand_labels(0) == ["Easter Egg G7"]
    bottom = match.view(0)["deck_known"]
    assert sorted(label for _, label, _ in bottom) == ["Pixel B3", "Potion B5"]
    assert [position for position, _, _ in bottom] == [0, 1]
    assert match.view(1)["deck_known"] == []
    assert match.public_action(0, match.parse("keep Pixel B3")) == (
        "seat 0 keeps one of the cards looked at"
    )


def test_g5_the_researcher_knows_who_draws_its_bottom_cards() -> None:
    table = Table(players=2)
    table.hand(0, "Market Research 2")
    table.deck_top("Potion B5", "Pixel B3", "Easter Egg G7")
    state = table.state
    table.state.discard[0:0] = state.deck[:-3]  # only the three cards remain in the deck
    del state.deck[:-3]
    match = table.match()
    match.apply(0, "use Market Research 2")
    match.apply(0, "keep Potion B5")
    assert len(state.deck) == 2
    game = table.game
    game._draw(state, 1, 1, FINANCE)  # seat 1 draws the top card, which seat 0 put there
    assert len(known(match.view(0), 1)) == 1
    assert known(match.view(None), 1) == []


def test_d4_g6_a_revealed_losing_bid_stays_known_while_in_the_hand() -> None:
    table = Table(players=3, phase=phases.PURCHASE)
    table.row("Easter Egg B7")
    table.hand(0, "Potion B5", "Potion B2")
    table.hand(1, "Pixel B3")
    table.hand(2, "Jumpman B4")
    match = table.match()
    match.apply(0, "auction Easter Egg B7")
    match.apply(0, "auction go")
    match.apply(0, "bid Potion B5")
    match.apply(0, "bid done")
    match.apply(1, "bid Pixel B3")
    match.apply(1, "bid done")
    match.apply(2, "no bid")
    assert known(match.view(2), 1) == ["Pixel B3"]
    assert known(match.view(None), 1) == ["Pixel B3"]
    assert match.view(2)["last_auction"] == {
        "auctioneer": 0,
        "cards": ["Easter Egg B7"],
        "bids": [["Potion B5"], ["Pixel B3"], None],
        "totals": [5, 3, None],
        "winner": 0,
    }


def test_g6_determinize_redraws_unknown_cards_and_the_deck_order() -> None:
    table = Table(players=3, phase=phases.PURCHASE)
    table.hand(0, "Potion B2", "Pixel O4")
    table.hand(1, "Easter Egg O7", "Wild")
    table.hand(2, "Jumpman G4")
    table.row("Team Ninja Suppressors G5")
    game = table.game
    view = game.view(table.state, 0)
    orders = set()
    hands = set()
    for seed in range(20):
        guess = game.determinize(view, 0, Rng(seed))
        assert game.view(guess, 0) == view
        assert sorted(game.components(guess)) == sorted(game.components(table.state))
        orders.add(tuple(guess.deck))
        hands.add(tuple(sorted(game.kind_of[c] for c in guess.hands[1])))
    assert len(orders) == 20
    assert len(hands) > 10


def check_seat_views(game: PgdkGame, state: object, rng: Rng) -> int:
    """view(determinize(view)) == view for every seat, the spectator view too, and the actor's
    legal actions; returns how often the hidden part differed."""
    differing = 0
    spectator = json.dumps(game.view(state, None), sort_keys=True)  # type: ignore[arg-type]
    actors = game.to_act(state)  # type: ignore[arg-type]
    for seat in range(state.num_players):  # type: ignore[attr-defined]
        seen = game.view(state, seat)  # type: ignore[arg-type]
        guess = game.determinize(json.loads(json.dumps(seen)), seat, rng)
        assert game.view(guess, seat) == seen
        assert json.dumps(game.view(guess, None), sort_keys=True) == spectator
        assert Counter(game.components(guess)) == Counter(game.components(state))  # type: ignore[arg-type]
        assert game.to_act(guess) == actors
        if seat in actors:
            assert [str(a) for a in game.legal_actions(guess, seat)] == [
                str(a)
                for a in game.legal_actions(state, seat)  # type: ignore[arg-type]
            ]
        if game.hidden(guess, seat) != game.hidden(state, seat):  # type: ignore[arg-type]
            differing += 1
    return differing


@pytest.mark.parametrize("players", [2, 3, 4])
def test_g6_determinize_fits_every_view_in_long_random_games(players: int) -> None:
    """Conformance on deep positions: no stall end, so windows, Clones, research and robbery
    all happen in these games."""
    game = make_game(stall_rounds=0, max_turns=70)
    rng = Rng(players)
    differing = 0
    for seed in range(2):
        state = game.new_state(players, 100 + seed)
        step = 0
        while game.to_act(state):
            if step % 9 == 0:
                differing += check_seat_views(game, state, rng)
            actors = game.to_act(state)
            seat = actors[rng.randbelow(len(actors))]
            legal = game.legal_actions(state, seat)
            game.apply(state, seat, legal[rng.randbelow(len(legal))])
            step += 1
    assert differing > 0


@pytest.mark.parametrize("players", [2, 4])
def test_g6_determinize_fits_every_view_in_heuristic_games(players: int) -> None:
    game = make_game()
    rng = Rng(7)
    bots = [PgdkHeuristic() for _ in range(players)]
    for seed in range(2):
        state = game.new_state(players, 300 + seed)
        rngs = agent_rngs(seed, players)
        step = 0
        while game.to_act(state):
            if step % 5 == 0:
                check_seat_views(game, state, rng)
            seat = game.to_act(state)[0]
            action = bots[seat].act(
                game.view(state, seat), game.legal_actions(state, seat), rngs[seat]
            )
            game.apply(state, seat, action)
            step += 1
        assert game.outcome(state) is not None
