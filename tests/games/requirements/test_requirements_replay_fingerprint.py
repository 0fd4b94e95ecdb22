"""issue 16 item 3: the speed work changes no rule and no draw of the generator.

Digests recorded from the code before the speed work (branch h16-speed-a, from 4b2212e): seeded
random matches (every action, outcome and final table, and a determinized state every fifth
step, secrets included), seeded heuristic-bot matches and seeded ISMCTS matches (which run the
playout policy and determinize). A faster legal_actions, apply, clone, determinize or playout
policy must replay all of them identically.
"""

from __future__ import annotations

import pytest
from replay_digests import bot_matches_digest, play_digest, random_matches_digest

from gamenight.core.rng import Rng

GAME = "requirements"


def test_issue16_item3_seeded_random_matches_replay_as_recorded() -> None:
    """300 seeded random matches of two players."""
    assert random_matches_digest(GAME, 2, range(300)) == "791011cf45fc10dc"


@pytest.mark.parametrize(
    ("spec", "seeds", "expected"),
    [("heuristic", 3, "4a7e2248805b35f1"), ("ismcts:iters=12", 2, "0ccab156e2f506b4")],
)
def test_issue16_item3_seeded_bot_matches_replay_as_recorded(
    spec: str, seeds: int, expected: str
) -> None:
    assert bot_matches_digest(GAME, 2, spec, range(seeds)) == expected


def test_issue16_item3_largest_group_picks_as_a_counter_did() -> None:
    """The playout policy's largest exposed group, now counted by hand, picks what
    ``max(Counter(...))`` picked, ties going to the trait met first."""
    from collections import Counter

    from gamenight.games.requirements.bots import _largest

    rng = Rng(16)
    up = tuple(rng.randbelow(7) for _ in range(49))
    for size in range(12):
        for _ in range(200):
            coins = [rng.randbelow(49) for _ in range(size)]
            counts = Counter(up[coin] for coin in coins)
            expected = max(counts, key=counts.__getitem__) if coins else -1
            assert _largest(coins, up) == expected


@pytest.mark.parametrize(
    ("overrides", "expected"),
    [
        ({}, "3a6cf0723b1cd212"),
        ({"doubles": False}, "8cbcd3605b456f69"),
        (
            {"failure_limit": 7, "matching_substitute": 3, "distinct_substitute": 2},
            "a5189947ffd4a8d1",
        ),
    ],
)
def test_issue16_item3_playout_policy_and_determinize_replay_as_recorded(
    overrides: dict[str, int | bool], expected: str
) -> None:
    """60 seeded matches per rule set, every legal list and view, determinized states and the
    playout policy's games from them (``play_digest``): recorded from main at 4537592, before
    the second speed pass, for the rule sets whose payments differ."""
    assert play_digest(GAME, 2, 60, overrides) == expected
