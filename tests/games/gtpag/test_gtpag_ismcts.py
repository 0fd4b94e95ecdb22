"""ISMCTS plays for its preferences in a hand-built end of Game to Pick a Game."""

from __future__ import annotations

from gtpag_helpers import play, tied_endgame

from gamenight.bots.ismcts import ISMCTSAgent
from gamenight.core import Rng


def test_d6_a_passer_boosts_the_nomination_it_prefers() -> None:
    """n1 (A Game of Requirements) and n2 (G.Nome) are tied at 2; seat 2 Boosts first and
    prefers A Game of Requirements (4) to G.Nome (1): boosting n1 is the only sensible move."""
    game, state = tied_endgame()
    play(game, state, "bid invert n2")
    assert game.to_act(state) == (2,)
    legal = game.legal_actions(state, 2)
    assert "boost n1" in map(str, legal)
    assert "boost n2" in map(str, legal)
    agent = ISMCTSAgent(game, iterations=150)
    assert str(agent.act(game.view(state, 2), legal, Rng(0))) == "boost n1"
