"""Seeded random play watched by seat 0's particle filter, as an inferring bot watches a match:
shared by the inference tests of every game (``tests/bots/test_inference.py`` and each game's
``test_*_mend.py``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamenight.bots.inference import ParticleFilter
from gamenight.core.game import AnyGame
from gamenight.core.rng import Rng


def watch_random_play(
    game: AnyGame,
    state: Any,
    particles: ParticleFilter,
    rng: Rng,
    actions: int,
    after_each: Callable[[], None] = lambda: None,
) -> None:
    """Up to ``actions`` random actions (fewer if the match ends), each told to ``particles``
    (seat 0's filter) as seat 0 sees it; ``after_each`` runs after every one."""
    for _ in range(actions):
        actors = game.to_act(state)
        if not actors:
            return
        actor = actors[0]
        legal = game.legal_actions(state, actor)
        action = legal[rng.randbelow(len(legal))]
        public = str(action) if actor == 0 else game.public_action(state, actor, action)
        game.apply(state, actor, action)
        particles.observe(actor, public, game.view(state, 0))
        after_each()
