"""Throughput of the hot path: random playouts, clone(), legal_actions(), determinize().

Run from the repository root (after `pip install .`, or with `PYTHONPATH=src`):

    python benchmarks/throughput.py                  # every game, 3 s each
    python benchmarks/throughput.py --seconds 10 --games requirements --json

Per game and player count it reports, on one core, random-playout actions per second and games
per second, and the cost of clone() and determinize() in microseconds. When `open-spiel` is
installed (`pip install 'gamenight[bench]'`), the same loop also runs OpenSpiel's pure-Python
`python_liars_poker` and C++ `goofspiel` in the same process, as the reference, and every
gamenight figure is also given as a multiple of python_liars_poker's actions per second. The
reference runs in slices alternating with each game's (0.1 s each), so a machine whose speed
drifts during the run slows both alike; its row shows all its slices together.

Times are the CPU time of this process, so other work on the machine does not skew them.
The loop is the same for everyone: ask who acts, ask for the legal actions, pick one with
`random.Random.randrange`, apply it. Chance nodes of OpenSpiel games are sampled by their
probabilities and count as actions (gamenight's chance happens inside setup and apply and is
not counted, so this favours the reference); a simultaneous OpenSpiel step counts one action
per player, as each player's commitment is one action in gamenight.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
import timeit
from collections.abc import Callable
from typing import Any

from gamenight.core.registry import entries, make_game
from gamenight.core.rng import Rng

# CPU time of this process, not wall time: on a shared or busy machine the figures (and the
# ratio to the reference, measured in the same run) then do not depend on other processes.
clock = time.process_time


class Playouts:
    """Random playouts of one game, timed in slices: ``run`` adds a slice of whole games."""

    def __init__(self, play_one: Callable[[int], int]) -> None:
        self.play_one = play_one  # plays the match of a seed, returns its number of actions
        self.actions = self.games = 0
        self.seconds = 0.0

    def run(self, seconds: float) -> None:
        start = clock()
        deadline = start + seconds
        while clock() < deadline:
            self.actions += self.play_one(self.games)
            self.games += 1
        self.seconds += clock() - start

    def rates(self) -> dict[str, float]:
        return {
            "actions_per_s": self.actions / self.seconds,
            "games_per_s": self.games / self.seconds,
        }


def interleaved(first: Playouts, second: Playouts, seconds: float, piece: float = 0.1) -> None:
    """Both loops, in alternating slices: a machine whose speed drifts during the run (clock
    boost, neighbours) slows both alike, so their ratio stays fair."""
    while first.seconds < seconds:
        first.run(piece)
        second.run(piece)


def gamenight_playouts(game: Any, players: int) -> Playouts:
    rng = random.Random(0)

    def play_one(seed: int) -> int:
        state = game.new_state(players, seed)
        actions = 0
        while True:
            actors = game.to_act(state)
            if not actors:
                return actions
            seat = actors[0]
            legal = game.legal_actions(state, seat)
            game.apply(state, seat, legal[rng.randrange(len(legal))])
            actions += 1

    return Playouts(play_one)


def sample_states(game: Any, players: int, count: int) -> list[Any]:
    """States from along random games, for timing per-state operations fairly."""
    rng = random.Random(1)
    states = []
    seed = 1000
    while len(states) < count:
        state = game.new_state(players, seed)
        seed += 1
        step = 0
        while game.to_act(state):
            if step % 7 == 0:
                states.append(state.clone())
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            game.apply(state, seat, legal[rng.randrange(len(legal))])
            step += 1
    return states[:count]


def per_call_us(function: Any, items: list[Any], repeat: int = 5) -> float:
    """Median over ``repeat`` runs of the mean time of one call, in microseconds."""
    runs = []
    for _ in range(repeat):
        start = clock()
        for item in items:
            function(item)
        runs.append((clock() - start) / len(items) * 1e6)
    runs.sort()
    return runs[len(runs) // 2]


def measure_game(
    name: str, players: int, seconds: float, reference: Playouts | None
) -> dict[str, Any]:
    game = make_game(name)
    result: dict[str, Any] = {"game": name, "players": players}
    loop = gamenight_playouts(game, players)
    if reference is None:
        loop.run(seconds)
    else:
        before = reference.actions, reference.seconds
        interleaved(loop, reference, seconds)
        reference_rate = (reference.actions - before[0]) / (reference.seconds - before[1])
        result["x_liars_poker"] = loop.rates()["actions_per_s"] / reference_rate
    result.update(loop.rates())
    states = sample_states(game, players, 300)
    result["clone_us"] = per_call_us(lambda s: s.clone(), states)
    result["legal_actions_us"] = per_call_us(
        lambda s: game.legal_actions(s, game.to_act(s)[0]), states
    )
    rng = Rng(0)
    views = [(game.view(s, game.to_act(s)[0]), game.to_act(s)[0]) for s in states]
    result["determinize_us"] = per_call_us(lambda vp: game.determinize(vp[0], vp[1], rng), views)
    return result


def openspiel_playouts(name: str) -> tuple[Any, Playouts] | None:
    """The same loop over an OpenSpiel game, or None without open-spiel."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    if name.startswith("python_"):
        import open_spiel.python.games  # type: ignore[import-not-found]  # noqa: F401

    game = pyspiel.load_game(name)
    players = game.num_players()
    rng = random.Random(0)

    def play_one(_seed: int) -> int:
        state = game.new_initial_state()
        actions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                pick, total = rng.random(), 0.0
                chosen = outcomes[-1][0]
                for outcome, probability in outcomes:
                    total += probability
                    if pick < total:
                        chosen = outcome
                        break
                state.apply_action(chosen)
                actions += 1
            elif state.is_simultaneous_node():
                joint = []
                for player in range(players):
                    legal = state.legal_actions(player)
                    joint.append(legal[rng.randrange(len(legal))])
                state.apply_actions(joint)
                actions += players
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                actions += 1
        return actions

    return game, Playouts(play_one)


def openspiel_row(name: str, game: Any, loop: Playouts) -> dict[str, Any]:
    state = game.new_initial_state()
    clone_us = timeit.timeit(state.clone, number=20000, timer=clock) / 20000 * 1e6
    return {
        "game": f"openspiel:{name}",
        "players": game.num_players(),
        **loop.rates(),
        "clone_us": clone_us,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="playout time per game")
    parser.add_argument("--games", default="", help="comma-separated game names (default: all)")
    parser.add_argument("--all-counts", action="store_true", help="every player count")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)

    wanted = {g.strip() for g in args.games.split(",") if g.strip()}
    rows: list[dict[str, Any]] = []
    found = openspiel_playouts("python_liars_poker")
    reference = found[1] if found else None
    goofspiel = openspiel_playouts("goofspiel")
    if goofspiel:
        goofspiel[1].run(args.seconds)
        rows.append(openspiel_row("goofspiel", *goofspiel))
    for entry in entries():
        if wanted and entry.name not in wanted:
            continue
        counts = entry.game_class.spec.player_counts
        for players in counts if args.all_counts else counts[:1]:
            rows.append(measure_game(entry.name, players, args.seconds, reference))
    if found:
        rows.insert(0, openspiel_row("python_liars_poker", *found))

    if args.json:
        print(json.dumps({"python": platform.python_version(), "rows": rows}, indent=2))
        return 0
    print(
        f"Python {platform.python_version()} on {platform.machine()}, one core, "
        f"{args.seconds:g} s of random playouts per game"
    )
    header = (
        "game",
        "players",
        "actions/s",
        "games/s",
        "clone us",
        "legal us",
        "determinize us",
        "x liars_poker",
    )
    print("  ".join(f"{h:>14}" for h in header))
    for row in rows:
        cells = [
            row["game"],
            str(row["players"]),
            f"{row['actions_per_s']:,.0f}",
            f"{row['games_per_s']:,.1f}",
            f"{row['clone_us']:.2f}",
            f"{row['legal_actions_us']:.2f}" if "legal_actions_us" in row else "-",
            f"{row['determinize_us']:.1f}" if "determinize_us" in row else "-",
            f"{row['x_liars_poker']:.2f}" if "x_liars_poker" in row else "-",
        ]
        print("  ".join(f"{c:>14}" for c in cells))
    if not found:
        print(
            "(install open-spiel for the OpenSpiel reference rows: pip install 'gamenight[bench]')",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
