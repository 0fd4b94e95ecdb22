"""ISMCTS finds the obvious winning pick in a hand-built last round of G.Nome."""

from __future__ import annotations

from gnome_testkit import BLUE, GREEN, MULTI, PURPLE, RED, WHITE, YELLOW, new_match, play_round

from gamenight.bots.ismcts import ISMCTSAgent
from gamenight.core import Rng


def hand(*values: int) -> int:
    return sum(1 << v for v in values)


def test_the_leader_takes_the_white_card_that_completes_its_set_of_six() -> None:
    """R22, R23: seat 0 holds five colours (its Secret is Red); White adds 10 and wins."""
    match = new_match(4, seed=3)
    game, state = match.game, match.state
    state.individual = [
        [YELLOW, GREEN, PURPLE, BLUE],
        [RED, RED, YELLOW],
        [GREEN, GREEN, YELLOW],
        [PURPLE, PURPLE, BLUE],
    ]
    state.secret = (RED, GREEN, BLUE, PURPLE)
    state.secret_aside = ()
    state.discard = [RED, YELLOW, GREEN, BLUE, PURPLE, MULTI, MULTI, WHITE]
    state.deck = [BLUE, RED, WHITE]  # the last round's offer
    left = {0: (9, 1), 1: (3, 4), 2: (8, 2), 3: (5, 6)}
    state.hand = [hand(*left[seat]) for seat in range(4)]
    state.played = [[v for v in range(1, 10) if v not in left[seat]] for seat in range(4)]
    state.round = 7
    game._start_round(state)  # round 8 of 8
    play_round(match, [9, 3, 8, 5])  # team 0+2 has 17: seat 0, its Leader, picks first
    assert match.to_act() == (0,)
    legal = match.legal_actions(0)
    assert sorted(map(str, legal)) == ["take blue", "take red", "take white"]
    agent = ISMCTSAgent(game, iterations=150)
    assert str(agent.act(match.view(0), legal, Rng(0))) == "take white"
