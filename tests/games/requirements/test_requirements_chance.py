"""chance.SetupDraws draws exactly what the generator's own calls draw in ``new_state``."""

from __future__ import annotations

import pytest

from gamenight.core.rng import Rng
from gamenight.games.requirements.chance import SetupDraws
from gamenight.games.requirements.params import RequirementsParams
from gamenight.games.requirements.rules import RequirementsGame


def drawn_by_calls(rng: Rng, count: int, draw_first: bool) -> tuple[list[int], int, list[int], int]:
    """``new_state``'s draws as the generator's calls make them (where no plan fits)."""
    tiles = list(range(count))
    rng.shuffle(tiles)
    flips = rng.bits(count)
    coins = list(range(count))
    rng.shuffle(coins)
    first = rng.randbelow(2) if draw_first else -1
    return tiles, flips, coins, first


# every size the params allow (2 to 16 traits, doubles or not) and the edges of Rng.shuffle's
# lanes (5 places and fewer are shuffled one draw at a time) and of Rng.bits (64 bits a word)
COUNTS = sorted(
    {1, 2, 3, 4, 5, 6, 7, 63, 64, 65, 128, 129}
    | {n * (n - 1) // 2 for n in range(2, 17)}
    | {n * (n + 1) // 2 for n in range(2, 17)}
)


@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("draw_first", [True, False])
def test_setup_draws_match_the_generators_calls(count: int, draw_first: bool) -> None:
    draws = SetupDraws(count, draw_first)
    for seed in [*range(40), 2**63, 2**64 - 1, -7]:
        by_calls, at_once = Rng(seed), Rng(seed)
        tiles, coins = list(range(count)), list(range(count))
        flips, first = draws.draw(at_once, tiles, coins)
        assert (tiles, flips, coins, first) == drawn_by_calls(by_calls, count, draw_first)
        assert at_once.next_u64() == by_calls.next_u64()  # the stream moved on as far


@pytest.mark.parametrize(
    "params",
    [
        RequirementsParams(),
        RequirementsParams(doubles=False),
        RequirementsParams(first_player=1),
        RequirementsParams(traits=tuple(f"T{t}" for t in range(16)), distinct_substitute=5),
    ],
)
def test_new_state_deals_as_the_generators_calls_would(params: RequirementsParams) -> None:
    """The table ``new_state`` deals, and the generator it leaves, are those of the calls."""
    game = RequirementsGame(params)
    called = RequirementsGame(params)
    called._draws = None  # the generator's own calls, as where no plan fits
    for seed in range(25):
        dealt, by_calls = game.new_state(2, seed), called.new_state(2, seed)
        assert dealt.to_dict() == by_calls.to_dict()
        assert dealt.rng.next_u64() == by_calls.rng.next_u64()
