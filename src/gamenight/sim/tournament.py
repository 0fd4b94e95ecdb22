"""Duplicate-format tournaments between bots, with confidence intervals and ratings.

Every deal is played once per rotation of the lineup, so each bot takes each seat once per
deal and the luck of the deal cancels out (as in duplicate bridge). Results are win rates and
mean scores with 95% intervals, and OpenSkill ratings (Plackett-Luce model; Joshy, 2024,
after Weng and Lin, 2011). A match between several bots is rated as the head-to-head results
of every pair of seats held by different bots (winning first, then score), so a bot that holds
several seats never plays against itself.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Sequence
from typing import Any

from openskill.models import PlackettLuce

from gamenight.sim.simulate import GameSummary, RunResult, SimulationSpec, run_simulation, summarise


def tournament_spec(
    game: str,
    num_players: int,
    bots: Sequence[str],
    deals: int,
    seed: int = 0,
    params: dict[str, Any] | None = None,
    variant: str | None = None,
    keep_records: bool = False,
) -> SimulationSpec:
    return SimulationSpec(
        game=game,
        num_players=num_players,
        games=deals * num_players,
        bots=tuple(bots),
        seed=seed,
        params=params or {},
        variant=variant,
        rotate=True,
        keep_records=keep_records,
        duplicate=True,
    )


def run_tournament(
    spec: SimulationSpec, jobs: int = 1, on_progress: Callable[[int], None] | None = None
) -> RunResult:
    if not spec.duplicate:
        raise ValueError("a tournament is played in duplicate format")
    return run_simulation(spec, jobs, on_progress)


def ratings(spec: SimulationSpec, games: Sequence[GameSummary]) -> dict[str, dict[str, float]]:
    """OpenSkill rating of every bot: mu, sigma and the ordinal mu - 3 sigma."""
    model = PlackettLuce()
    rating = {bot: model.rating(name=bot) for bot in dict.fromkeys(spec.bots)}
    for game in games:
        for i in range(spec.num_players):
            for j in range(i + 1, spec.num_players):
                first, second = game.bots[i], game.bots[j]
                if first == second:
                    continue
                key_i = (i in game.winners, game.scores[i])
                key_j = (j in game.winners, game.scores[j])
                ranks: list[float] = (
                    [0, 0] if key_i == key_j else ([0, 1] if key_i > key_j else [1, 0])
                )
                [[new_first], [new_second]] = model.rate(
                    [[rating[first]], [rating[second]]], ranks=ranks
                )
                rating[first], rating[second] = new_first, new_second
    return {
        bot: {"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()} for bot, r in rating.items()
    }


def tournament_summary(spec: SimulationSpec, games: Sequence[GameSummary]) -> dict[str, Any]:
    summary = summarise(spec, games)
    summary["format"] = "duplicate"
    summary["deals"] = len({g.seed for g in games})
    summary["lineup"] = list(spec.lineup)
    summary["ratings"] = ratings(spec, games)
    for row in summary["by_bot"]:
        row["fair_share"] = 1 / spec.num_players  # a seat's win rate if all bots were equal
    return summary


def games_csv(games: Sequence[GameSummary]) -> str:
    """One row per seat of every match: for spreadsheets and notebooks."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        ["match", "deal_seed", "seat", "bot", "score", "won", "winners", "steps", "end"]
    )
    for game in games:
        for seat, bot in enumerate(game.bots):
            writer.writerow(
                [
                    game.index,
                    game.seed,
                    seat,
                    bot,
                    game.scores[seat],
                    int(seat in game.winners),
                    len(game.winners),
                    game.steps,
                    game.reason,
                ]
            )
    return out.getvalue()
