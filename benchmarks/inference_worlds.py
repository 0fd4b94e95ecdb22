"""What becomes of an inferring bot's worlds in a watched match: redrawn, mended or dropped.

Run from the repository root (after `pip install .`, or with `PYTHONPATH=src`):

    python benchmarks/inference_worlds.py                       # every game, 3 matches each
    python benchmarks/inference_worlds.py --games pgdk --players 2 --matches 10 --json

Every seat is the game's heuristic bot; seat 0's particle filter (the one `ismcts:infer=on`
keeps, with its default model, 32 particles and eps 0.1) watches each seeded match through
views and public actions, as in play. Per match: the actions watched, the worlds redrawn where
chance turned up other cards (`Game.redraw_unseen`), mended where the table refuted them
(`Game.mend`), dropped for a fresh `determinize` (the game offers neither, or both failed),
and how often every world died at once (the filter then starts over, knowing nothing).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from gamenight.bots import make_agent
from gamenight.bots.inference import ParticleFilter
from gamenight.bots.ismcts import DEFAULT_EPS, DEFAULT_PARTICLES, inference_options, opponent_model
from gamenight.core.registry import entries, make_game
from gamenight.core.rng import Rng, derive_seed

FIGURES = ("watched", "redrawn", "mended", "dropped", "restarts")


def watch(name: str, players: int, matches: int) -> dict[str, Any]:
    """Seat 0's filter over ``matches`` seeded matches; the figures per match."""
    game = make_game(name)
    settings = inference_options(game, {"infer": "on"})
    assert settings is not None
    totals = dict.fromkeys(FIGURES, 0)
    for seed in range(matches):
        state = game.new_state(players, seed)
        bots = [make_agent("heuristic", game) for _ in range(players)]
        model = opponent_model(game, settings.model)
        watcher = ParticleFilter(game, 0, model, DEFAULT_PARTICLES, DEFAULT_EPS, Rng(seed))
        watcher.reset(game.view(state, 0))
        rng = Rng(derive_seed(seed, 1))
        while actors := game.to_act(state):
            actor = actors[0]
            legal = game.legal_actions(state, actor)
            action = bots[actor].act(game.view(state, actor), legal, rng)
            public = str(action) if actor == 0 else game.public_action(state, actor, action)
            game.apply(state, actor, action)
            before = watcher.dropped
            watcher.observe(actor, public, game.view(state, 0))
            totals["watched"] += 1
            totals["restarts"] += watcher.dropped - before >= watcher.size
        for figure in ("redrawn", "mended", "dropped"):  # a checkout before mend has none
            totals[figure] += getattr(watcher, figure, 0)
    per_match = {figure: round(totals[figure] / matches, 1) for figure in FIGURES}
    return {"game": name, "players": players, "model": settings.model, **per_match}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="", help="comma-separated game names (default: all)")
    parser.add_argument(
        "--players", type=int, default=0, help="one player count (default: the smallest)"
    )
    parser.add_argument("--matches", type=int, default=3, help="matches per game")
    parser.add_argument("--json", action="store_true", help="the rows as JSON")
    args = parser.parse_args(argv)
    known = {entry.name: entry for entry in entries()}
    names = [n for n in args.games.split(",") if n] or sorted(known)
    unknown = [n for n in names if n not in known]
    if unknown:
        print(f"inference_worlds: unknown game {unknown[0]!r}", file=sys.stderr)
        return 2
    rows = []
    for name in names:
        counts = known[name].game_class.spec.player_counts
        players = args.players or counts[0]
        if players not in counts:
            print(f"inference_worlds: {name} is not for {players} players", file=sys.stderr)
            return 2
        rows.append(watch(name, players, args.matches))
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(f"{'game':>13} {'players':>7} {'model':>9}" + "".join(f" {f:>9}" for f in FIGURES))
    for row in rows:
        cells = "".join(f" {row[f]:>9}" for f in FIGURES)
        print(f"{row['game']:>13} {row['players']:>7} {row['model']:>9}{cells}")
    print(f"(per match; seat 0 watches, {DEFAULT_PARTICLES} worlds)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
