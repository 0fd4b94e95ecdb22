"""ISMCTS speed per game at the default budget: iterations per second, decision times.

Run from the repository root (after `pip install .`, or with `PYTHONPATH=src`):

    python benchmarks/ismcts_speed.py                      # every game, 2 matches each
    python benchmarks/ismcts_speed.py --games requirements --matches 5 --bot ismcts:iters=800

The ISMCTS bot plays seat 0 against random bots; every decision with more than one legal
action is timed by this process's CPU clock (one core; other work on the machine does not
count). A bot that watches the match (`ismcts:infer=on`) is told every action, and the time
it spends watching is added to its next decision's time. By default the smallest, largest
and 4-player counts are measured; `--all-counts` takes every supported count.

`mid_game_speed` is the fixed-position figure that `benchmarks/throughput.py` reports beside
the playout rates: iterations per second over a few decisions from mid-game positions, each
reached by seeded random play, so every run (and every build) searches the same positions.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from functools import partial
from typing import Any

from gamenight.bots import RandomAgent, make_agent
from gamenight.core.registry import entries, make_game
from gamenight.core.rng import Rng, derive_seed


def measure(name: str, players: int, bot: str, matches: int) -> dict[str, Any]:
    # imported here: throughput.py imports mid_game_speed from this file into whichever build
    # --compiled-python names, which may predate the observation hook (issue 17)
    from gamenight.core.agent import begin_watchers, tell_watchers, watching_seats

    game = make_game(name)
    agent = make_agent(bot, game)
    others = RandomAgent()
    times: list[float] = []
    iterations = 0
    watching = 0.0  # seconds spent watching since the bot's last decision
    for match in range(matches):
        state = game.new_state(players, match)
        rngs = [Rng(derive_seed(match, seat)) for seat in range(players)]
        seats = [agent] + [others] * (players - 1)
        watchers = watching_seats(seats)  # ismcts:infer=on watches the match (issue 17)
        if watchers:
            begin_watchers(seats, watchers, partial(game.view, state), rngs)
        while game.to_act(state):
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            if seat == 0 and len(legal) > 1:
                view = game.view(state, seat)
                start = time.process_time()
                action = agent.act(view, legal, rngs[seat])
                times.append(time.process_time() - start + watching)
                watching = 0.0
                iterations += agent.last_iterations  # type: ignore[attr-defined]
            else:
                action = others.act({}, legal, rngs[seat])
            public = game.public_action(state, seat, action) if watchers else ""
            start = time.process_time()
            game.apply(state, seat, action)
            if watchers:  # watching is part of the bot's cost: counted with its next decision
                tell_watchers(seats, watchers, seat, action, public, partial(game.view, state))
                watching += time.process_time() - start
    total = sum(times)
    return {
        "game": name,
        "players": players,
        "bot": bot,
        "decisions": len(times),
        "iterations_per_s": iterations / total if total else 0.0,
        "median_decision_s": statistics.median(times) if times else 0.0,
        "p90_decision_s": sorted(times)[int(0.9 * (len(times) - 1))] if times else 0.0,
        "max_decision_s": max(times, default=0.0),
    }


def mid_game_positions(game: Any, players: int, seed: int) -> list[tuple[Any, int]]:
    """Every decision with a real choice along the random game of ``seed``: (state, seat)."""
    state = game.new_state(players, seed)
    rng = Rng(derive_seed(seed, players))
    positions = []
    while actors := game.to_act(state):
        seat = actors[0]
        legal = game.legal_actions(state, seat)
        if len(legal) > 1:
            positions.append((state.clone(), seat))
        game.apply(state, seat, legal[rng.randbelow(len(legal))])
    return positions


def mid_game_speed(name: str, players: int, bot: str, decisions: int) -> dict[str, Any]:
    """Iterations per second (CPU time) over ``decisions`` searches: decision k is taken in the
    random game of seed k, at k+1 parts in decisions+1 of its way, so the positions spread from
    early to late play and are the same in every run."""
    game = make_game(name)
    agent = make_agent(bot, game)
    iterations = 0
    seconds = 0.0
    for k in range(decisions):
        positions = mid_game_positions(game, players, k)
        state, seat = positions[(k + 1) * len(positions) // (decisions + 1)]
        view = game.view(state, seat)
        legal = game.legal_actions(state, seat)
        start = time.process_time()
        agent.act(view, legal, Rng(derive_seed(k, seat)))
        seconds += time.process_time() - start
        iterations += agent.last_iterations  # type: ignore[attr-defined]
    return {
        "game": name,
        "players": players,
        "bot": bot,
        "decisions": decisions,
        "iterations": iterations,
        "seconds": seconds,
        "iterations_per_s": iterations / seconds if seconds else 0.0,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="", help="comma-separated game names (default: all)")
    parser.add_argument("--matches", type=int, default=2, help="matches per game")
    parser.add_argument("--bot", default="ismcts", help="bot spec to time (default: ismcts)")
    parser.add_argument("--all-counts", action="store_true", help="every player count")
    args = parser.parse_args(argv)
    wanted = {g.strip() for g in args.games.split(",") if g.strip()}
    print(
        f"{'game':>14} {'players':>7} {'decisions':>9} {'iter/s':>9} {'median s':>9} "
        f"{'p90 s':>7} {'max s':>7}   bot: {args.bot}"
    )
    for entry in entries():
        if wanted and entry.name not in wanted:
            continue
        counts = entry.game_class.spec.player_counts
        chosen = set(counts) if args.all_counts else {counts[0], counts[-1]} | ({4} & set(counts))
        for players in sorted(chosen):
            row = measure(entry.name, players, args.bot, args.matches)
            print(
                f"{row['game']:>14} {row['players']:>7} {row['decisions']:>9} "
                f"{row['iterations_per_s']:>9,.0f} {row['median_decision_s']:>9.3f} "
                f"{row['p90_decision_s']:>7.3f} {row['max_decision_s']:>7.3f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
