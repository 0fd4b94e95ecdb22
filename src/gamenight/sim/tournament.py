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
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from openskill.models import PlackettLuce

from gamenight.bots.factory import omniscient_spec
from gamenight.sim.simulate import GameSummary, RunResult, SimulationSpec, Tally, run_simulation


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


class TournamentTally(Tally):
    """The simulation's figures plus deals and OpenSkill ratings, folded match by match.

    Ratings depend on the order of the matches; the runner folds them in index order.
    """

    def __init__(self, spec: SimulationSpec) -> None:
        super().__init__(spec)
        self.model = PlackettLuce()
        self.rating = {bot: self.model.rating(name=bot) for bot in dict.fromkeys(spec.bots)}
        self.deals = 0
        self._last_deal = -1

    def add(self, game: GameSummary) -> None:
        super().add(game)
        deal = game.index // self.spec.num_players
        if deal != self._last_deal:
            self.deals += 1
            self._last_deal = deal
        self._rate(game)

    def _rate(self, game: GameSummary) -> None:
        """Every pair of seats held by different bots is a head-to-head result."""
        rating, model = self.rating, self.model
        for i in range(self.spec.num_players):
            for j in range(i + 1, self.spec.num_players):
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

    def summary(self) -> dict[str, Any]:
        summary = super().summary()
        summary["format"] = "duplicate"
        summary["deals"] = self.deals
        summary["lineup"] = list(self.spec.lineup)
        summary["ratings"] = {
            bot: {"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()}
            for bot, r in self.rating.items()
        }
        for row in summary["by_bot"]:
            row["fair_share"] = 1 / self.spec.num_players  # a seat's win rate if all were equal
        return summary


def run_tournament(
    spec: SimulationSpec,
    jobs: int = 1,
    on_progress: Callable[[int], None] | None = None,
    on_game: Callable[[GameSummary], None] | None = None,
    resumed: Sequence[GameSummary] = (),
) -> RunResult:
    """Play the tournament; ``result.summary()`` is its report (see :func:`run_simulation`)."""
    if not spec.duplicate:
        raise ValueError("a tournament is played in duplicate format")
    return run_simulation(spec, jobs, on_progress, on_game, TournamentTally(spec), resumed)


def tournament_summary(spec: SimulationSpec, games: Iterable[GameSummary]) -> dict[str, Any]:
    """The report of matches already in hand (in the order given)."""
    tally = TournamentTally(spec)
    for game in games:
        tally.add(game)
    return tally.summary()


CSV_HEADER = (
    "match",
    "deal_seed",
    "seat",
    "bot",
    "omniscient",
    "score",
    "won",
    "winners",
    "steps",
    "end",
    "capped",
)


def csv_rows(game: GameSummary) -> list[list[Any]]:
    """One row per seat of a match: for spreadsheets and notebooks."""
    return [
        [
            game.index,
            game.seed,
            seat,
            bot,
            int(omniscient_spec(bot)),  # reads the true state: not a fair bot's result
            game.scores[seat],
            int(seat in game.winners),
            len(game.winners),
            game.steps,
            game.reason,
            int(game.capped),
        ]
        for seat, bot in enumerate(game.bots)
    ]


def games_csv(games: Iterable[GameSummary]) -> str:
    """The CSV of matches in hand: a header, then one row per seat of every match."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_HEADER)
    for game in games:
        writer.writerows(csv_rows(game))
    return out.getvalue()
