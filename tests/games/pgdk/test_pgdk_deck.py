"""R3, D9, R2, D0: the deck, reshuffling, setup and the first player."""

from __future__ import annotations

from collections import Counter

from pgdk_helpers import Table, make_game

from gamenight.games.pgdk import state as phases
from gamenight.games.pgdk.narrate import FINANCE


def test_r3_d9_an_empty_deck_is_refilled_from_the_shuffled_discard_pile() -> None:
    table = Table(players=2)
    table.empty_deck()
    before = Counter(table.labels(table.state.discard))
    table.game._draw(table.state, 1, 2, FINANCE)
    assert len(table.state.hands[1]) == 2
    assert table.state.discard == []
    after = Counter(table.labels(table.state.deck)) + Counter(table.labels(table.state.hands[1]))
    assert after == before


def test_d9_with_deck_and_discard_pile_empty_nothing_is_drawn() -> None:
    table = Table(players=2)
    table.hand(1, *[table.game.card_label[c] for c in list(table.state.deck)])
    assert table.state.deck == []
    table.game._draw(table.state, 0, 3, FINANCE)
    assert table.state.hands[0] == []


def test_r5_d9_the_row_is_refilled_only_from_what_there_is() -> None:
    table = Table(players=2, phase=phases.LIMIT)
    table.hand(1, *[table.game.card_label[c] for c in list(table.state.deck)[3:]])
    assert len(table.state.deck) == 3
    hand = len(table.state.hands[1])
    table.game._end_turn(table.state)  # seat 1's turn: Finance
    assert table.state.active == 1
    assert len(table.state.row) == 3
    assert table.state.deck == []
    assert len(table.state.hands[1]) == hand  # nothing left to draw (D9)


def test_r2_d0_setup_deals_and_draws_the_first_player_at_random() -> None:
    game = make_game()
    firsts = Counter(game.new_state(4, seed).active for seed in range(80))
    assert set(firsts) == {0, 1, 2, 3}
    fixed = make_game(first_player=2)
    assert all(fixed.new_state(3, seed).active == 2 for seed in range(5))
    state = game.new_state(4, 1)
    assert sorted(len(h) for h in state.hands) == [5, 5, 5, 6]
    assert len(state.row) == 5
    assert len(game.components(state)) == 106
