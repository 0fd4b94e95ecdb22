"""What the playtest hooks cost: plain ``play_match`` with random bots against the same loop
calling the hooks as the playtest lab does (``component_uses`` before every action,
``standings`` after it, ``rounds_played`` at the end; their answers kept in lists).

    python benchmarks/playtest_hooks_overhead.py gnome pgdk --games 200

Both loops play the same seeds, alternating game by game (so a busy or drifting machine slows
both alike), after one warm-up pass of the hooked loop (the games' caches filled). Times are
the CPU time of this process.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from gamenight.bots.base import RandomAgent
from gamenight.core.engine import Match
from gamenight.core.registry import make_game
from gamenight.sim.runner import agent_rngs, play_match

clock = time.process_time


def hooked_match(game: Any, players: int, seed: int, agents: list[Any]) -> int:
    """``play_match``'s loop plus the lab's calls; returns the rounds played."""
    state = Match(game, players, seed, narrate=False).state
    rngs = agent_rngs(seed, players)
    trace: list[Any] = []
    uses: list[Any] = []
    while True:
        actors = game.to_act(state)
        if not actors:
            break
        seat = actors[0]
        legal = game.legal_actions(state, seat)
        action = agents[seat].act({}, legal, rngs[seat])
        action = legal[legal.index(action)]
        uses.extend(game.component_uses(state, seat, action))
        game.apply(state, seat, action)
        trace.append(game.standings(state))
    game.outcome(state)
    rounds: int = game.rounds_played(state) or 0
    return rounds


def measure(name: str, players: int, games: int, passes: int) -> str:
    game = make_game(name)
    agents = [RandomAgent() for _ in range(players)]
    for seed in range(games):
        hooked_match(game, players, seed, agents)
    spent = [0.0, 0.0]
    for turn in range(passes):
        for seed in range(games):
            for hooked in (False, True) if (seed + turn) % 2 else (True, False):
                start = clock()
                if hooked:
                    hooked_match(game, players, seed, agents)
                else:
                    play_match(game, players, seed, agents)
                spent[hooked] += clock() - start
    played = games * passes
    return (
        f"{name} {players}p: play_match {played / spent[0]:,.0f} games/s, with hooks "
        f"{played / spent[1]:,.0f} games/s, overhead {spent[1] / spent[0] - 1:+.1%}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="+", help="game names")
    parser.add_argument("--games", dest="count", type=int, default=200, help="seeds per count")
    parser.add_argument("--passes", type=int, default=3)
    args = parser.parse_args()
    for name in args.games:
        for players in make_game(name).spec.player_counts:
            print(measure(name, players, args.count, args.passes), flush=True)


if __name__ == "__main__":
    main()
