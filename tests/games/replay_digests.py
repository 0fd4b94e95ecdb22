"""Digests of seeded matches, recorded before issue 16's speed work: a faster engine must
replay every one of them identically (no rule, order of legal actions, view or random draw may
change). Shared by the games' speed and fingerprint tests."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from gamenight.bots import make_agent
from gamenight.core.registry import entry, make_game
from gamenight.core.rng import Rng, derive_seed


def play_digest(name: str, players: int, matches: int, overrides: dict[str, Any]) -> str:
    """Seeded random matches of ``name`` with simultaneous commitments in varied orders: every
    legal-action list, action and public account, views, determinized states and playouts
    along the way, the outcomes and the final views."""
    game = make_game(name, overrides)
    playout = entry(name).playout
    digest = hashlib.sha256()
    for seed in range(matches):
        state = game.new_state(players, seed)
        chooser = Rng(seed * 7919 + 1)
        step = 0
        while actors := game.to_act(state):
            seat = actors[step % len(actors)]  # simultaneous commitments in varied orders
            legal = game.legal_actions(state, seat)
            digest.update(repr([str(a) for a in legal]).encode())
            if step % 17 == 0:
                view = game.view(state, seat)
                digest.update(json.dumps(view, sort_keys=True).encode())
                sampled = game.determinize(view, seat, Rng(step + 1000 * seed))
                digest.update(json.dumps(sampled.to_dict(), sort_keys=True).encode())
                if playout is not None and step % 51 == 0:
                    digest.update(_playout_trail(game, playout(game), sampled.clone(), seed + step))
            action = legal[chooser.randbelow(len(legal))]
            digest.update(game.public_action(state, seat, action).encode())
            digest.update(str(action).encode())
            game.apply(state, seat, action)
            step += 1
        digest.update(repr(game.outcome(state)).encode())
        digest.update(json.dumps(game.view(state, None), sort_keys=True).encode())
    return digest.hexdigest()[:16]


def _playout_trail(game: Any, policy: Any, state: Any, seed: int) -> bytes:
    """The playout policy's moves from ``state`` to the end, and the outcome."""
    if hasattr(policy, "new_decision"):
        policy.new_decision()
    rng = Rng(seed)
    trail = []
    while actors := game.to_act(state):
        seat = actors[0]
        action = policy.choose(state, seat, game.legal_actions(state, seat), rng)
        trail.append(str(action))
        game.apply(state, seat, action)
    return repr((trail, game.outcome(state))).encode()


def random_matches_digest(name: str, players: int, seeds: range) -> str:
    """Seeded random matches: every action, the outcome, the final table, and a determinized
    state (secrets included, through ``to_dict``) every fifth step."""
    game = make_game(name)
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


def bot_matches_digest(name: str, players: int, spec: str, seeds: range) -> str:
    """Seeded matches where every seat is the bot ``spec``: its actions and the outcome."""
    game = make_game(name)
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
