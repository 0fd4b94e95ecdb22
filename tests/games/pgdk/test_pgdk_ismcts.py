"""ISMCTS takes the winning declaration in a hand-built end of Pink Godzilla Dev Kit."""

from __future__ import annotations

from pgdk_helpers import Table

from gamenight.bots.ismcts import ISMCTSAgent
from gamenight.core import Rng


def test_d8_r20_declaring_its_ready_game_at_the_end_wins_by_one_point() -> None:
    """Seat 1 ends the game with its fourth game (values 11, 10, 14, 13: 48 + 15 for four
    games). Seat 0 has one game of 19 and a ready one of 20. Declared, seat 0's two games take
    the 20 and 15 bonuses: 39 + 35 = 74 against 48 + 15 + 10 = 73. Held back, seat 0 has
    19 + 20 = 39 against 88."""
    table = Table(players=2, active=1)
    table.completed(1, "Elders May Cry", "Weapon P2", "Combo P2", "Pixel P2")
    table.completed(1, "Pixel Quest", "Vehicle B2", "Potion B2", "Pixel B3")
    table.completed(1, "Rock Band of Elders", "Accessory O3", "Combo O2", "Pixel O4")
    table.project(1, "Pinktroid Prime", "Weapon G2", "Vehicle G3", "Jumpman G4")
    table.completed(0, "Final Fantazilla", "Vehicle B4", "Potion B5", "Team Ninja Suppressors B4")
    table.project(0, "Halo of the Elders", "Weapon G4", "Vehicle G5", "Team Ninja Suppressors G5")
    table.develop(seat=1)
    match = table.match()
    match.apply(1, "done")
    match.apply(1, "gold 1")  # seat 1's fourth game ends the game (R18)
    assert match.to_act() == (0,)
    legal = match.legal_actions(0)
    assert "gold 1" in [str(a) for a in legal]
    agent = ISMCTSAgent(match.game, iterations=60)
    choice = agent.act(match.view(0), legal, Rng(0))
    assert str(choice) == "gold 1"
    match.apply(0, choice)
    while not match.is_over():
        seat = match.to_act()[0]
        match.apply(seat, match.legal_actions(seat)[-1])
    assert match.outcome is not None
    assert match.outcome.scores == (74.0, 73.0)
