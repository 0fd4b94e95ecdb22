"""The playtest lab's cost: its overhead over plain ``simulate``, and a 10,000-game run.

Run from the repository root (after `pip install '.[lab]'`, or with `PYTHONPATH=src`):

    python benchmarks/playtest_speed.py                      # every game and player count
    python benchmarks/playtest_speed.py --games requirements --rounds 5 --json
    python benchmarks/playtest_speed.py --big 10000          # also time 10,000 Requirements games

Overhead: per game and player count, the same matches (random bots in every seat, seats
rotated) are played by the simulator (``run_simulation``, one process) and by the lab
(``run_playtest`` on one local process, every measure: decisions, turns, standings after every
action, components), in alternating slices of ``--batch`` matches, timed by this process's CPU
time so other work on the machine does not skew them. The overhead is the lab's time per match
over the simulator's, minus one, from the slices' totals. Games per second per core are the
lab's. The loop overhead compares the bare match loops alone (``play_match`` against the lab's
``play_measured``, same matches, same bots): what measuring every action costs.

Big run: ``--big N`` times N games of A Game of Requirements with random bots on all cores
(wall time, as a user waits for it), the statistics and comparisons included.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

from gamenight.bots.factory import make_agent
from gamenight.core.registry import entries, make_game
from gamenight.core.rng import derive_seed
from gamenight.sim.playtest.backends import LocalBackend
from gamenight.sim.playtest.configs import Configuration, PlaytestSpec
from gamenight.sim.playtest.measure import ComponentTally, play_measured
from gamenight.sim.playtest.measures import summarise
from gamenight.sim.playtest.run import run_playtest
from gamenight.sim.runner import play_match
from gamenight.sim.simulate import SimulationSpec, run_simulation

clock = time.process_time


def overhead(game: str, players: int, batch: int, rounds: int) -> dict[str, Any]:
    plain_seconds = lab_seconds = 0.0
    for round_ in range(rounds):
        seed = 1000 + round_  # a fresh set of matches each round, the same for both
        simulation = SimulationSpec(game, players, batch, ("random",), seed=seed)
        start = clock()
        run_simulation(simulation, jobs=1)
        plain_seconds += clock() - start
        lab = PlaytestSpec(game, players, batch, ("random",), (Configuration("base", None, {}),),
                           seed=seed)
        start = clock()
        run_playtest(lab, LocalBackend(1))
        lab_seconds += clock() - start
    games = batch * rounds
    loop_plain, loop_lab = loops(game, players, batch, rounds)
    return {
        "game": game,
        "players": players,
        "games": games,
        "simulate_games_per_s": games / plain_seconds,
        "lab_games_per_s": games / lab_seconds,
        "overhead": lab_seconds / plain_seconds - 1,
        "loop_overhead": loop_lab / loop_plain - 1,
    }


def loops(game_name: str, players: int, batch: int, rounds: int) -> tuple[float, float]:
    """CPU seconds of the bare match loops alone: the simulator's ``play_match`` and the lab's
    ``play_measured``, on the same matches with the same bots (no setup, no bookkeeping)."""
    game = make_game(game_name)
    agents = [make_agent("random", game) for _ in range(players)]
    plain = lab = 0.0
    for round_ in range(rounds):
        seeds = [derive_seed(2000 + round_, i) for i in range(batch)]
        start = clock()
        for seed in seeds:
            play_match(game, players, seed, agents)
        plain += clock() - start
        tally = ComponentTally()
        start = clock()
        for index, seed in enumerate(seeds):
            play_measured(game, players, seed, index, agents, tally)
        lab += clock() - start
    return plain, lab


def big_run(games: int) -> dict[str, Any]:
    spec = PlaytestSpec("requirements", 2, games, ("random",),
                        (Configuration("base", None, {}),), seed=1)
    jobs = os.cpu_count() or 1
    start = time.perf_counter()
    run = run_playtest(spec, LocalBackend(jobs))
    played = time.perf_counter() - start
    summarise(run)
    total = time.perf_counter() - start
    return {"games": games, "jobs": jobs, "play_seconds": played, "total_seconds": total}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", nargs="*", help="games to measure (default: all)")
    parser.add_argument("--batch", type=int, default=100, help="matches per slice")
    parser.add_argument("--rounds", type=int, default=4, help="slices per side")
    parser.add_argument("--big", type=int, default=0, help="also time this many Requirements "
                                                            "games on all cores")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = []
    for entry in entries():
        name = entry.game_class.spec.name
        if args.games and name not in args.games:
            continue
        for players in entry.game_class.spec.player_counts:
            rows.append(overhead(name, players, args.batch, args.rounds))
    result: dict[str, Any] = {"python": sys.version.split()[0], "cores": os.cpu_count(),
                              "rows": rows}
    if args.big:
        result["big"] = big_run(args.big)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"{'game':<14}{'players':>8}{'simulate g/s':>14}{'lab g/s':>10}{'overhead':>10}"
          f"{'loop overhead':>15}")
    for row in rows:
        print(f"{row['game']:<14}{row['players']:>8}{row['simulate_games_per_s']:>14.1f}"
              f"{row['lab_games_per_s']:>10.1f}{row['overhead']:>10.1%}"
              f"{row['loop_overhead']:>15.1%}")
    if args.big:
        big = result["big"]
        print(f"{big['games']:,} Requirements games, random bots, {big['jobs']} processes: "
              f"{big['play_seconds']:.1f} s to play, {big['total_seconds']:.1f} s with the "
              "statistics")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
