"""``redraw_unseen`` (issue 17 item 3): a world an inferring bot follows keeps the other seats'
Secret and face-down cards it believed when the table turns up other Research cards than the
world had; only what no seat has seen (the deck's order, the cards set aside: G7, G8) is drawn
again. The general checks (the view shown, components, the world left alone) are in
tests/conformance/test_redraw_unseen.py."""

from __future__ import annotations

from collections import Counter

from gnome_testkit import new_match

from gamenight.core import Match, Rng
from gamenight.games.gnome.state import GnomeState


def pick_until_next_round(match: Match, world: GnomeState) -> None:
    """Finish the round at the table, taking the same actions in ``world``."""
    game = match.game
    start = match.state.round
    while match.state.round == start:
        seat = match.to_act()[0]
        action = match.legal_actions(seat)[0]
        match.apply(seat, action)
        game.apply(world, seat, action)


def test_issue17_g7_a_new_rounds_cards_keep_the_secret_cards_the_world_believed() -> None:
    match = new_match(4, seed=4)
    game = match.game
    world = game.determinize(match.view(0), 0, Rng(11))
    believed = world.secret
    assert believed[1:] != match.state.secret[1:]  # the world guessed other Secret cards
    for seat, card in enumerate((3, 5, 7, 9)):
        match.apply(seat, f"play {card}")
        game.apply(world, seat, game.parse_action(f"play {card}"))
    pick_until_next_round(match, world)
    view = match.view(0)
    assert game.view(world, 0) != view  # R6: the table drew other cards than the world
    assert world.offer != match.state.offer

    again = game.redraw_unseen(world, view, 0, Rng(12))
    assert again is not None
    assert game.view(again, 0) == view
    assert again.secret == believed  # R15: the Secret cards it believed, kept
    assert again.offer == match.state.offer
    real = match.state  # G8: the unseen cards are the ones not seen at the table
    assert Counter(again.deck + list(again.aside)) == Counter(real.deck + list(real.aside))
    assert world.secret == believed  # the world it was given is left as it was


def test_issue17_d3_a_face_down_card_the_world_believed_is_kept() -> None:
    match = new_match(4, seed=1)
    game = match.game
    match.apply(1, "play 5")
    world = match.state.clone()
    world.commit[1] = 8  # a world where seat 1 put down its 8, not its 5
    world.hand[1] = world.hand[1] & ~(1 << 8) | 1 << 5
    view = match.view(0)
    assert game.view(world, 0) == view  # D3: seat 0 cannot tell them apart

    again = game.redraw_unseen(world, view, 0, Rng(3))
    assert again is not None
    assert game.view(again, 0) == view
    assert again.commit[1] == 8
    assert not again.hand[1] >> 8 & 1
    assert again.hand[1] >> 5 & 1


def test_issue17_g9_a_new_game_of_a_session_keeps_nothing() -> None:
    match = new_match(4, seed=6, session_games=2)
    game = match.game
    world = game.determinize(match.view(2), 2, Rng(5))  # a world of the session's first game
    while not match.state.history:
        seat = match.to_act()[0]
        match.apply(seat, match.legal_actions(seat)[-1])
    assert world.game_number == 0
    assert match.state.game_number == 1
    assert game.redraw_unseen(world, match.view(2), 2, Rng(1)) is None
