"""``redraw_unseen`` (issue 17 item 3): a world an inferring bot follows keeps the other seats'
cards it believed when the table turns up other cards than the world had; only the deck's
order that no seat has seen is drawn again (G26). The general checks (the view shown,
components, the world left alone) are in tests/conformance/test_redraw_unseen.py; here, from
explicit positions, what is kept, and that a redrawn world plays on as a ``determinize`` one
does (G6)."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from pgdk_helpers import Table, make_game
from test_pgdk_determinize import play_to_the_end

from gamenight.core.rng import Rng
from gamenight.games.pgdk import state as phases
from gamenight.games.pgdk.rules import PgdkGame
from gamenight.games.pgdk.state import BID, PgdkState

ROW = ("Vehicle B2", "Potion B5", "Pixel B3", "Accessory O3", "Combo O2")


def card_of(game: PgdkGame, cards: list[int], label: str) -> int:
    return next(c for c in cards if game.card_label[c] == label)


def swap(world: PgdkState, a: int, b: int) -> None:
    """Cards ``a`` and ``b`` change places (hands and deck), as in another deal."""
    for zone in [*world.hands, world.deck]:
        for i, card in enumerate(zone):
            zone[i] = b if card == a else a if card == b else card


def labels(game: PgdkGame, cards: list[int]) -> list[str]:
    return sorted(game.card_label[c] for c in cards)


def seat_1_ends_its_turn() -> Table:
    """Seat 1 (of 2) ends its turn; seat 0's turn then refills the Row with ``ROW`` and seat 0
    draws a Pixel Quest (R5). Seat 0 does not know seat 1's two cards."""
    table = Table(players=2, active=1)
    table.hand(0, "Potion B2")
    table.hand(1, "Potion B3", "Jumpman G4")
    table.deck_top(*ROW, "Pixel Quest")
    return table


def follow(table: Table, world: PgdkState) -> None:
    """Seat 1 says ``done`` at the table and in ``world``, which start alike to seat 0."""
    game = table.game
    assert game.view(world, 0) == game.view(table.state, 0)
    done = game.parse_action("done")
    table.match().apply(1, "done")
    game.apply(world, 1, done)
    assert table.state.active == world.active == 0


def test_issue17_g26_a_new_turns_draw_keeps_the_other_hand_the_world_believed() -> None:
    table = seat_1_ends_its_turn()
    game, real = table.game, table.state
    world = real.clone()
    for held, other in (("Potion B3", "Wild"), ("Jumpman G4", "Elders B3")):
        swap(world, card_of(game, world.hands[1], held), card_of(game, world.deck, other))
    swap(world, card_of(game, world.deck, "Pixel Quest"), card_of(game, world.deck, "Weapon P3"))
    follow(table, world)
    view = game.view(real, 0)
    assert game.view(world, 0) != view  # R5: seat 0 drew a Weapon P3 in the world
    before = json.dumps(world.to_dict(), sort_keys=True)

    again = game.redraw_unseen(world, view, 0, Rng(5))
    assert again is not None
    assert game.view(again, 0) == view
    assert labels(game, again.hands[1]) == ["Elders B3", "Wild"]  # kept, as the world had it
    unseen = Counter(labels(game, real.deck + real.hands[1]))
    assert Counter(labels(game, again.deck + again.hands[1])) == unseen  # G6: the rest drawn
    assert json.dumps(world.to_dict(), sort_keys=True) == before  # the world is left alone
    orders = set()
    for seed in range(6):
        drawn = game.redraw_unseen(world, view, 0, Rng(seed))
        assert drawn is not None
        orders.add(tuple(game.card_label[c] for c in drawn.deck))
    assert len(orders) > 1  # the deck's order, which no seat has seen, is drawn anew


def test_issue17_g26_a_kept_card_now_seen_elsewhere_gives_the_world_up() -> None:
    """The world believed seat 1 held the only Pixel Quest; seat 0 has just drawn it."""
    table = seat_1_ends_its_turn()
    game, real = table.game, table.state
    world = real.clone()
    jumpman, quest = (
        card_of(game, world.hands[1], "Jumpman G4"),
        card_of(game, world.deck, "Pixel Quest"),
    )
    swap(world, jumpman, quest)
    follow(table, world)
    view = game.view(real, 0)
    assert "Pixel Quest" in [item["card"] for item in view["hand"]]
    assert game.redraw_unseen(world, view, 0, Rng(5)) is None


def test_issue17_g26_g7_locked_cards_kept_with_their_lock() -> None:
    """Seat 1 holds one locked card (G7) seat 0 does not know: the world's locked one stays
    locked, whichever card it is."""
    table = Table(players=2, active=1)
    [potion, jumpman] = table.hand(1, "Potion B3", "Jumpman G4")
    table.state.locked |= 1 << potion
    real = table.state
    game = table.game
    world = real.clone()
    world.locked = 1 << jumpman  # the world believes the other card is the locked one
    view = game.view(real, 0)
    assert game.view(world, 0) == view
    again = game.redraw_unseen(world, view, 0, Rng(2))
    assert again is not None
    assert game.view(again, 0) == view
    [locked] = [c for c in again.hands[1] if again.locked >> c & 1]
    assert game.card_label[locked] == "Jumpman G4"
    world.locked = 0  # a world with no locked card there no longer fits the view
    assert game.redraw_unseen(world, view, 0, Rng(2)) is None


def test_issue17_g26_d4_a_sealed_bid_still_hidden_is_kept() -> None:
    table = Table(players=2, active=0, phase=phases.BIDDING)
    table.hand(0, "Potion B2")
    table.hand(1, "Potion B3", "Wild")
    table.row("Easter Egg G7")
    game, real = table.game, table.state
    real.auction = [real.row[0]]
    real.bids[1] = [card_of(game, real.hands[1], "Potion B3")]
    real.committed[1] = BID
    world = real.clone()
    world.bids[1] = [card_of(game, world.hands[1], "Wild")]  # the world's guess of the bid
    view = game.view(real, 0)
    assert game.view(world, 0) == view
    again = game.redraw_unseen(world, view, 0, Rng(3))
    assert again is not None
    assert game.view(again, 0) == view
    assert labels(game, again.bids[1]) == ["Wild"]
    assert again.committed[1] == BID
    assert set(again.bids[1]) <= set(again.hands[1])


def test_issue17_g26_g5_deck_cards_another_seat_has_seen_stay_in_place() -> None:
    """Seat 1 put a card at the deck's bottom with Market Research (G5): it knows it, seat 0
    does not; the world's card there stays, with what seat 1 knows of it."""
    table = Table(players=2, active=1)
    game, real = table.game, table.state
    real.known[real.deck[0]] = 1 << 1
    world = real.clone()
    other = card_of(game, world.deck, "Wild")
    if world.deck[0] != other:
        world.known[world.deck[0]], world.known[other] = 0, 1 << 1
        swap(world, world.deck[0], other)
    view = game.view(real, 0)
    assert game.view(world, 0) == view
    for seed in range(4):
        again = game.redraw_unseen(world, view, 0, Rng(seed))
        assert again is not None
        assert game.card_label[again.deck[0]] == "Wild"
        assert again.known[again.deck[0]] == 1 << 1


def redrawn_along_a_match(
    game: PgdkGame, players: int, seed: int
) -> list[tuple[PgdkState, tuple[int, ...]]]:
    """Worlds followed for seat 0 along a random match, redrawn wherever they stop showing it
    its view (a world given up is drawn afresh), each with the seats then to act at the
    table."""
    rng = Rng(seed)
    state = game.new_state(players, seed)
    world = game.determinize(game.view(state, 0), 0, rng)
    redrawn: list[tuple[PgdkState, tuple[int, ...]]] = []
    while game.to_act(state):
        actor = game.to_act(state)[0]
        legal = game.legal_actions(state, actor)
        action = legal[rng.randbelow(len(legal))]
        public = game.public_action(state, actor, action)
        game.apply(state, actor, action)
        view = game.view(state, 0)
        same = [
            a
            for a in (game.legal_actions(world, actor) if actor in game.to_act(world) else [])
            if game.public_action(world, actor, a) == public
        ]
        followed = bool(same)
        if followed:
            game.apply(world, actor, action if action in same else same[0])
        if followed and game.view(world, 0) == view:
            continue
        again = game.redraw_unseen(world, view, 0, rng) if followed else None
        world = again if again is not None else game.determinize(view, 0, rng)
        if again is not None:
            assert game.view(again, 0) == view
            redrawn.append((again.clone(), game.to_act(state)))
    return redrawn


@pytest.mark.parametrize("players", [2, 3])
def test_issue17_g26_g6_redrawn_worlds_play_on_like_determinized_ones(players: int) -> None:
    """As ``determinize``'s samples (test_pgdk_determinize): the seats to act are the table's,
    each has a legal action, and the world plays on to the end."""
    game = make_game(stall_rounds=0, max_turns=10)
    rng = Rng(7)
    checked = 0
    for seed in range(2):
        for world, to_act in redrawn_along_a_match(game, players, seed):
            assert game.to_act(world) == to_act
            for actor in game.to_act(world):
                assert game.legal_actions(world, actor)
            play_to_the_end(game, world, rng)
            checked += 1
    assert checked > 10
