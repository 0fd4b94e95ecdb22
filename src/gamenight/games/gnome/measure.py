"""Reproducible figures for G.Nome: the heuristic bot's strength and the engine's speed.

    python -m gamenight.games.gnome.measure strength --games 400
    python -m gamenight.games.gnome.measure speed --seconds 3

Strength: fixed seeds 0..games-1, seats rotated so every side sits everywhere equally often.
Speed: the random-playout loop of the project brief, over many seeds. Times are the process's
CPU time (``time.process_time``), so other work on a shared machine does not skew them.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from gamenight.bots.factory import make_agent
from gamenight.core.registry import make_game
from gamenight.core.rng import Rng
from gamenight.sim import play_match

# (players, seat groups the heuristic side takes in turn, label)
SETUPS: tuple[tuple[int, tuple[tuple[int, ...], ...], str], ...] = (
    (4, ((0, 2), (1, 3)), "4 players: heuristic team (2 partners) vs random team"),
    (3, ((0,), (1,), (2,)), "3 players: 1 heuristic vs 2 random"),
    (3, ((0, 1), (1, 2), (0, 2)), "3 players: 2 heuristic vs 1 random"),
    (6, ((0, 3), (1, 4), (2, 5)), "6 players: heuristic team (2 partners) vs 2 random teams"),
)


def strength(games: int, bot: str = "heuristic") -> list[str]:
    game = make_game("gnome")
    lines = []
    for players, groups, label in SETUPS:
        heuristic = [make_agent(bot, game) for _ in range(players)]
        random = [make_agent("random", game) for _ in range(players)]
        wins = nobody = 0
        started = time.process_time()
        for seed in range(games):
            ours = groups[seed % len(groups)]
            agents = [heuristic[s] if s in ours else random[s] for s in range(players)]
            winners = play_match(game, players, seed, agents).outcome.winners
            if not winners:
                nobody += 1
            elif winners[0] in ours:
                wins += 1
        fair = len(groups[0]) / players
        seconds = time.process_time() - started
        lines.append(
            f"{label}: heuristic side wins {wins}/{games} = {wins / games:.1%} "
            f"(seat share {fair:.1%}), no winner {nobody / games:.1%}, {seconds:.0f} s CPU"
        )
    return lines


def speed(seconds: float) -> list[str]:
    game = make_game("gnome")
    lines = []
    for players in game.spec.player_counts:
        rng = Rng(1)
        actions = games = 0
        started = time.process_time()
        while time.process_time() - started < seconds:
            state = game.new_state(players, games)
            while game.to_act(state):
                seat = game.to_act(state)[0]
                legal = game.legal_actions(state, seat)
                game.apply(state, seat, legal[rng.randbelow(len(legal))])
                actions += 1
            games += 1
        elapsed = time.process_time() - started
        state = game.new_state(players, 7)
        for _ in range(players + 2):  # into the second round: hands, picks and offer in use
            seat = game.to_act(state)[0]
            game.apply(state, seat, game.legal_actions(state, seat)[0])
        clone_us = _per_call_us(state.clone)
        view = game.view(state, 0)
        determinize_us = _per_call_us(lambda v=view, r=rng: game.determinize(v, 0, r), 2000)
        lines.append(
            f"{players} players: {actions / elapsed:,.0f} actions/s, {games / elapsed:,.0f} "
            f"games/s, {actions / games:.1f} actions a game, clone {clone_us:.2f} us, "
            f"determinize {determinize_us:.1f} us"
        )
    return lines


def _per_call_us(call: object, repeats: int = 100_000) -> float:
    assert callable(call)
    started = time.process_time()
    for _ in range(repeats):
        call()
    return (time.process_time() - started) / repeats * 1e6


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m gamenight.games.gnome.measure")
    parser.add_argument("what", choices=("strength", "speed", "all"))
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--bot", default="heuristic", help="bot spec for the heuristic side")
    args = parser.parse_args(argv)
    if args.what in ("speed", "all"):
        print("\n".join(speed(args.seconds)))
    if args.what in ("strength", "all"):
        print("\n".join(strength(args.games, args.bot)))


if __name__ == "__main__":
    main()
