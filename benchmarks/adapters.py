"""Throughput through the RL adapters next to the raw engine, so their overhead is visible.

Run from the repository root after `pip install '.[rl]'` (or with `PYTHONPATH=src`):

    python benchmarks/adapters.py                    # every encoded game, 3 s per row
    python benchmarks/adapters.py --seconds 10 --games requirements --json

Every row plays random matches for the given time on one core and counts player actions
(OpenSpiel's deal-seed chance nodes are applied but not counted), so the steps per second of
all rows compare directly. Actions are picked uniformly among the legal ones with
`random.Random`, as in benchmarks/throughput.py. The rows, per game and player count:

- engine: `to_act`, `legal_actions`, `apply`: the raw rules (throughput.py's loop).
- engine+view: the same, plus the acting seat's view, the least any view-based agent pays.
- pettingzoo: the AEC loop of `raw_env`: `last()` (the acting agent's observation vector and
  action mask, built from its view), then `step(id)`: what an RL learner pays per step.
- pettingzoo-wrapped: the same through `env()`, with PettingZoo's usual wrappers.
- openspiel: `legal_actions()` and `apply_action(id)` through pyspiel: what search (MCTS
  rollouts) pays per step.
- openspiel+obs: the same plus `state.observation_tensor(player)` of the player to move, as
  OpenSpiel's rl_environment asks for it (pyspiel returns it as a Python list of floats).
- openspiel+observer: the same observation through OpenSpiel's Python observer
  (`open_spiel.python.observation.make_observation(game).set_from(state, player)`), which
  fills a numpy array in place: the cheaper way to get observations through OpenSpiel.

It also reports clone() in microseconds for the engine's state and through pyspiel.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from open_spiel.python.observation import make_observation

from gamenight.adapters import openspiel as gos
from gamenight.adapters.codec import make_codec
from gamenight.adapters.encodings import encoded_games
from gamenight.adapters.pettingzoo import env as pz_env
from gamenight.adapters.pettingzoo import raw_env
from gamenight.core.registry import entry

Loop = Callable[[int, random.Random], int]
"""Plays one match from a seed, picking with the generator; returns the actions taken."""


def timed(loop: Loop, seconds: float) -> dict[str, float]:
    rng = random.Random(0)
    steps = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        steps += loop(games, rng)
        games += 1
    elapsed = time.perf_counter() - start
    return {"steps_per_s": steps / elapsed, "games_per_s": games / elapsed}


def engine_loop(name: str, players: int, with_view: bool) -> Loop:
    game = make_codec(name, players).game

    def play(seed: int, rng: random.Random) -> int:
        state = game.new_state(players, seed)
        steps = 0
        while True:
            actors = game.to_act(state)
            if not actors:
                return steps
            seat = actors[0]
            if with_view:
                game.view(state, seat)
            legal = game.legal_actions(state, seat)
            game.apply(state, seat, legal[rng.randrange(len(legal))])
            steps += 1

    return play


def pettingzoo_loop(name: str, players: int, wrapped: bool) -> Loop:
    table = pz_env(name, players) if wrapped else raw_env(name, players)

    def play(seed: int, rng: random.Random) -> int:
        table.reset(seed=seed)
        steps = 0
        for _ in table.agent_iter():
            observation, _, termination, truncation, _ = table.last()
            if termination or truncation:
                table.step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]
            table.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        return steps

    return play


def openspiel_loop(name: str, players: int, observe: str = "") -> Loop:
    game = gos.load(name, players)
    deal_bytes = game.setup.deal_bytes
    observer = make_observation(game)

    def play(seed: int, rng: random.Random) -> int:
        state = game.new_initial_state()
        for _ in range(deal_bytes):
            state.apply_action(rng.randrange(gos.DEAL_OUTCOMES))
        steps = 0
        while not state.is_terminal():
            if observe == "tensor":
                state.observation_tensor(state.current_player())
            elif observe == "observer":
                observer.set_from(state, state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
        return steps

    return play


def clone_us(name: str, players: int) -> dict[str, float]:
    """Mean clone() time over states sampled along random matches, engine and pyspiel."""
    game = gos.load(name, players)
    rng = random.Random(1)
    states = []
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node() and rng.random() < 0.2:
                states.append(state.clone())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    engine_states = [s.gamenight_state() for s in states]

    def per_call(function: Callable[[Any], Any], items: list[Any]) -> float:
        runs = []
        for _ in range(5):
            start = time.perf_counter()
            for item in items:
                function(item)
            runs.append((time.perf_counter() - start) / len(items) * 1e6)
        return sorted(runs)[2]

    return {
        "engine_clone_us": per_call(lambda s: s.clone(), engine_states),
        "openspiel_clone_us": per_call(lambda s: s.clone(), states),
    }


def measure(name: str, players: int, seconds: float) -> dict[str, Any]:
    rows = {
        "engine": engine_loop(name, players, with_view=False),
        "engine+view": engine_loop(name, players, with_view=True),
        "pettingzoo": pettingzoo_loop(name, players, wrapped=False),
        "pettingzoo-wrapped": pettingzoo_loop(name, players, wrapped=True),
        "openspiel": openspiel_loop(name, players),
        "openspiel+obs": openspiel_loop(name, players, observe="tensor"),
        "openspiel+observer": openspiel_loop(name, players, observe="observer"),
    }
    result: dict[str, Any] = {"game": name, "players": players, "paths": {}}
    for path, loop in rows.items():
        result["paths"][path] = timed(loop, seconds)
    raw = result["paths"]["engine"]["steps_per_s"]
    for figures in result["paths"].values():
        figures["x_engine"] = figures["steps_per_s"] / raw
        figures["us_per_step"] = 1e6 / figures["steps_per_s"]
    result.update(clone_us(name, players))
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per row")
    parser.add_argument("--games", default="", help="comma-separated game names (default: all)")
    parser.add_argument("--all-counts", action="store_true", help="every player count")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)

    wanted = {g.strip() for g in args.games.split(",") if g.strip()}
    results = []
    for name in encoded_games():
        if wanted and name not in wanted:
            continue
        counts = entry(name).game_class.spec.player_counts
        for players in counts if args.all_counts else counts[:1]:
            results.append(measure(name, players, args.seconds))

    if args.json:
        print(json.dumps({"python": platform.python_version(), "results": results}, indent=2))
        return 0
    print(
        f"Python {platform.python_version()} on {platform.machine()}, one core, "
        f"{args.seconds:g} s of random matches per row; steps are player actions"
    )
    header = ("game", "players", "path", "steps/s", "games/s", "us/step", "x engine")
    print("  ".join(f"{h:>18}" for h in header))
    for result in results:
        for path, figures in result["paths"].items():
            cells = [
                result["game"],
                str(result["players"]),
                path,
                f"{figures['steps_per_s']:,.0f}",
                f"{figures['games_per_s']:,.1f}",
                f"{figures['us_per_step']:.1f}",
                f"{figures['x_engine']:.2f}",
            ]
            print("  ".join(f"{c:>18}" for c in cells))
        print(
            f"{result['game']} clone(): engine {result['engine_clone_us']:.1f} us, "
            f"through pyspiel {result['openspiel_clone_us']:.1f} us"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
