"""issue 16 item 3: the speed work changes no rule and no draw of the generator.

Digests recorded from the code before the speed work (branch h16-speed-a, from 4b2212e): seeded
random matches (every action, outcome and final table, and a determinized state every fifth
step, secrets included), seeded heuristic-bot matches and seeded ISMCTS matches (which run the
playout policy and determinize). A faster legal_actions, apply, clone, determinize or playout
policy must replay all of them identically.
"""

from __future__ import annotations

import pytest
from replay_digests import bot_matches_digest, random_matches_digest

GAME = "gtpag"


RECORDED = {  # players -> (random matches, heuristic matches, ISMCTS matches)
    2: ("63116ef2d5ae1b4a", "12f04413408e2bc2", "e60998b3923d59c9"),
    3: ("b059c72a30beb509", "7f8cb663b19d0038", "2233dfd7624a537b"),
    4: ("7a840bdcfcf0942d", "d62a5d5ce8513f07", "0060cecee199aba6"),
    5: ("c4d5ebf8933ca076", "4917309fac8345de", "498fa38947e10d5a"),
    6: ("c29d7774d200b5f5", "a9b55a061b79ee29", "bbca9d30cc04c3b1"),
    7: ("3280e1ab23778ec7", "4110f31fc2d77303", "f3a32e5a69829556"),
    8: ("58a47bd1aa00fc49", "147f1d888e7a52d8", "555f0758fd38bb02"),
}


@pytest.mark.parametrize("players", sorted(RECORDED))
def test_issue16_item3_seeded_random_matches_replay_as_recorded(players: int) -> None:
    """100 seeded random matches per player count."""
    assert random_matches_digest(GAME, players, range(100)) == RECORDED[players][0]


@pytest.mark.parametrize("players", sorted(RECORDED))
def test_issue16_item3_seeded_bot_matches_replay_as_recorded(players: int) -> None:
    """Three heuristic-bot matches and two ISMCTS matches per player count."""
    assert bot_matches_digest(GAME, players, "heuristic", range(3)) == RECORDED[players][1]
    assert bot_matches_digest(GAME, players, "ismcts:iters=12", range(2)) == RECORDED[players][2]
