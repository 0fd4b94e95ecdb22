"""Helpers shared by the adapter tests: the cases, random walks, state fingerprints.

The cases come from the game registry, not from the list of encodings, so a game registered
without an encoding is not skipped: every adapter test fails for it, naming the missing file.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from gamenight.core.registry import entries
from gamenight.core.rng import Rng, derive_seed

if TYPE_CHECKING:  # the adapters need the rl extra; the suites skip cleanly without it
    from gamenight.adapters.codec import Codec

CASES = [
    (entry.name, players) for entry in entries() for players in entry.game_class.spec.player_counts
]
CASE_IDS = [f"{name}-{players}p" for name, players in CASES]


def fingerprint(state: Any) -> str:
    """Everything in a state, secrets included, as one comparable string."""
    return json.dumps(state.to_dict(), sort_keys=True)


def walk(codec: Codec, seed: int) -> Iterator[tuple[Any, int]]:
    """(state, seat to act) at every step of a random match played through action ids.

    The state is live: the caller may read it (or clone it), and the walk then applies a
    random legal id for the seat.
    """
    game = codec.game
    rng = Rng(derive_seed(seed, 7))
    state = game.new_state(codec.num_players, seed)
    while True:
        actors = game.to_act(state)
        if not actors:
            yield state, -1
            return
        seat = actors[rng.randbelow(len(actors))]
        yield state, seat
        ids = codec.legal_ids(state, seat)
        game.apply(state, seat, codec.actions[ids[rng.randbelow(len(ids))]])
