"""issue 16 item 3: the speed work changes no rule and no draw of the generator.

Digests recorded from the code before the speed work (branch h16-speed-a, from 4b2212e): seeded
random matches (every action, outcome and final table, and a determinized state every fifth
step, secrets included), seeded heuristic-bot matches and seeded ISMCTS matches (which run the
playout policy and determinize). A faster legal_actions, apply, clone, determinize or playout
policy must replay all of them identically.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from gamenight.bots import make_agent
from gamenight.core.registry import make_game
from gamenight.core.rng import Rng, derive_seed

GAME = "requirements"


def _random_matches_digest(players: int, seeds: range) -> str:
    """Seeded random matches: every action, the outcome, the final table, and a determinized
    state (secrets included, through ``to_dict``) every fifth step."""
    game = make_game(GAME)
    digest = hashlib.sha256()
    for seed in seeds:
        state = game.new_state(players, seed)
        chooser = Rng(derive_seed(seed, 99))
        moves = []
        step = 0
        while actors := game.to_act(state):
            seat = actors[0]
            legal = game.legal_actions(state, seat)
            action = legal[chooser.randbelow(len(legal))]
            moves.append(f"{seat}:{action}")
            if step % 5 == 0:
                sample = game.determinize(game.view(state, seat), seat, Rng(seed * 1000 + step))
                digest.update(json.dumps(sample.to_dict(), sort_keys=True).encode())
            game.apply(state, seat, action)
            step += 1
        digest.update(repr((moves, game.outcome(state))).encode())
        digest.update(json.dumps(game.view(state, None), sort_keys=True).encode())
    return digest.hexdigest()[:16]


def _bot_matches_digest(players: int, spec: str, seeds: range) -> str:
    """Seeded matches where every seat is the bot ``spec``: its actions and the outcome."""
    game = make_game(GAME)
    digest = hashlib.sha256()
    for seed in seeds:
        agents = [make_agent(spec, game) for _ in range(players)]
        state = game.new_state(players, seed)
        rngs = [Rng(derive_seed(seed, seat)) for seat in range(players)]
        moves = []
        while actors := game.to_act(state):
            seat = actors[0]
            legal = game.legal_actions(state, seat)
            action = agents[seat].act(game.view(state, seat), legal, rngs[seat])
            moves.append(str(action))
            game.apply(state, seat, action)
        digest.update(repr((moves, game.outcome(state))).encode())
    return digest.hexdigest()[:16]


def test_issue16_item3_seeded_random_matches_replay_as_recorded() -> None:
    """300 seeded random matches of two players."""
    assert _random_matches_digest(2, range(300)) == "791011cf45fc10dc"


@pytest.mark.parametrize(
    ("spec", "seeds", "expected"),
    [("heuristic", 3, "4a7e2248805b35f1"), ("ismcts:iters=12", 2, "0ccab156e2f506b4")],
)
def test_issue16_item3_seeded_bot_matches_replay_as_recorded(
    spec: str, seeds: int, expected: str
) -> None:
    assert _bot_matches_digest(2, spec, range(seeds)) == expected


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
