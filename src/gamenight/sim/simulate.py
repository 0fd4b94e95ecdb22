"""Many matches between bots, on several processes, summarised for designers.

The bot list fills the seats in order; when it is shorter than the table, its last bot takes
the remaining seats (``ismcts,random`` at four players is one ISMCTS bot and three random
ones). With seat rotation, match ``i`` shifts that lineup by ``i`` seats, so every bot sits in
every seat equally often over a multiple of the player count.

Match ``i`` of a run seeded ``s`` is dealt with ``derive_seed(s, i)``; in duplicate mode (the
tournament), the ``n`` rotations of one lineup share one deal, ``derive_seed(s, i // n)``, so
the luck of the deal cancels out. Either way a run's results do not depend on how many
processes share the work, and any match can be replayed on its own from its record.
"""

from __future__ import annotations

import dataclasses
import math
import os
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from gamenight.bots.factory import make_agent
from gamenight.core import registry
from gamenight.core.errors import BotError, GamenightError
from gamenight.core.rng import derive_seed
from gamenight.sim.runner import play_match
from gamenight.sim.stats import mean_interval, median, wilson_interval


@dataclasses.dataclass(frozen=True)
class SimulationSpec:
    game: str
    num_players: int
    games: int
    bots: tuple[str, ...]
    seed: int = 0
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    variant: str | None = None
    rotate: bool = True
    keep_records: bool = False
    duplicate: bool = False

    @property
    def lineup(self) -> tuple[str, ...]:
        """The bots seat by seat before rotation, the last bot filling the empty seats."""
        n = self.num_players
        return tuple(self.bots[min(i, len(self.bots) - 1)] for i in range(n))

    def seat_bots(self, index: int) -> tuple[str, ...]:
        """The bot spec in each seat for match ``index``."""
        n = self.num_players
        base = self.lineup
        shift = index % n if (self.rotate or self.duplicate) else 0
        return tuple(base[(seat - shift) % n] for seat in range(n))

    def seed_for(self, index: int) -> int:
        """The deal of match ``index``."""
        if self.duplicate:
            return derive_seed(self.seed, index // self.num_players)
        return derive_seed(self.seed, index)


@dataclasses.dataclass(frozen=True)
class GameSummary:
    """One simulated match, as little as the report needs (cheap to send between processes)."""

    index: int
    seed: int
    bots: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    steps: int
    reason: str
    capped: bool
    record: str | None = None


def validate(spec: SimulationSpec) -> None:
    """Fail fast, in the calling process, on anything that would fail in every worker."""
    if spec.games < 1:
        raise GamenightError("the number of games must be at least 1")
    if not spec.bots:
        raise BotError("name at least one bot")
    game = registry.make_game(spec.game, spec.params, spec.variant)
    game.check_player_count(spec.num_players)
    if len(spec.bots) > spec.num_players:
        raise BotError(f"{len(spec.bots)} bots named for {spec.num_players} seats")
    for bot in set(spec.bots):
        make_agent(bot, game)


def _run(spec: SimulationSpec, indices: Sequence[int]) -> tuple[list[GameSummary], str | None]:
    """Play the matches ``indices``; stop at a bot's error, keeping what is done."""
    game = registry.make_game(spec.game, spec.params, spec.variant)
    agents = {bot: make_agent(bot, game) for bot in set(spec.bots)}
    results: list[GameSummary] = []
    for index in indices:
        seat_bots = spec.seat_bots(index)
        seed = spec.seed_for(index)
        try:
            result = play_match(
                game,
                spec.num_players,
                seed,
                [agents[bot] for bot in seat_bots],
                keep_record=spec.keep_records,
            )
        except BotError as error:
            return results, str(error)
        results.append(
            GameSummary(
                index=index,
                seed=seed,
                bots=seat_bots,
                scores=result.outcome.scores,
                winners=result.outcome.winners,
                steps=result.steps,
                reason=result.outcome.reason,
                capped=result.outcome.capped,
                record=result.record.to_json() if result.record else None,
            )
        )
    return results, None


@dataclasses.dataclass
class RunResult:
    games: list[GameSummary]
    error: str | None = None  # a bot's error that stopped the run (the games done are kept)


def run_simulation(
    spec: SimulationSpec,
    jobs: int = 1,
    on_progress: Callable[[int], None] | None = None,
) -> RunResult:
    """All matches of ``spec``, in index order; ``on_progress(n)`` after each n finished.

    A bot that misbehaves stops the run: the matches finished so far are kept and the
    error is returned with them.
    """
    validate(spec)
    jobs = max(1, min(jobs, os.cpu_count() or 1, spec.games))
    chunks = list(_chunks(spec.games, jobs))
    run = RunResult([])
    if jobs == 1:
        for chunk in chunks:
            done, run.error = _run(spec, chunk)
            run.games += done
            if on_progress:
                on_progress(len(done))
            if run.error:
                break
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(_run, spec, chunk) for chunk in chunks]
            for future in as_completed(futures):
                done, error = future.result()
                run.games += done
                if on_progress:
                    on_progress(len(done))
                if error and run.error is None:
                    run.error = error
                    for pending in futures:
                        pending.cancel()
    run.games.sort(key=lambda r: r.index)
    return run


def _chunks(games: int, jobs: int) -> Iterator[list[int]]:
    """Small chunks, so the progress bar moves and the processes finish together."""
    size = max(1, min(50, math.ceil(games / (jobs * 8))))
    for start in range(0, games, size):
        yield list(range(start, min(games, start + size)))


@dataclasses.dataclass(frozen=True)
class Row:
    label: str
    games: int
    wins: float
    win_rate: float
    win_low: float
    win_high: float
    mean_score: float
    score_low: float
    score_high: float


def summarise(spec: SimulationSpec, results: Sequence[GameSummary]) -> dict[str, Any]:
    """Win rates and mean scores per seat and per bot, lengths and endings, JSON-safe."""
    seat_rows = [
        _row(
            f"seat {seat}",
            [(seat in r.winners, r.scores[seat]) for r in results],
        )
        for seat in range(spec.num_players)
    ]
    bot_rows = [
        _row(
            bot,
            [
                (seat in r.winners, r.scores[seat])
                for r in results
                for seat, name in enumerate(r.bots)
                if name == bot
            ],
        )
        for bot in dict.fromkeys(spec.bots)
    ]
    steps = [r.steps for r in results]
    return {
        "game": spec.game,
        "players": spec.num_players,
        "games": len(results),
        "seed": spec.seed,
        "bots": list(spec.bots),
        "rotate": spec.rotate,
        "params": dict(spec.params),
        "variant": spec.variant,
        "seats": [dataclasses.asdict(row) for row in seat_rows],
        "by_bot": [dataclasses.asdict(row) for row in bot_rows],
        "no_winner": sum(1 for r in results if not r.winners) / max(1, len(results)),
        "shared_win": sum(1 for r in results if len(r.winners) > 1) / max(1, len(results)),
        "length": {
            "mean": sum(steps) / max(1, len(steps)),
            "median": median(steps),
            "min": min(steps, default=0),
            "max": max(steps, default=0),
        },
        "endings": dict(Counter(r.reason for r in results).most_common()),
        "capped": sum(1 for r in results if r.capped),
    }


def _row(label: str, seats: list[tuple[bool, float]]) -> Row:
    wins = sum(1 for won, _ in seats if won)
    low, high = wilson_interval(wins, len(seats))
    mean, score_low, score_high = mean_interval([score for _, score in seats])
    return Row(
        label=label,
        games=len(seats),
        wins=wins,
        win_rate=wins / len(seats) if seats else math.nan,
        win_low=low,
        win_high=high,
        mean_score=mean,
        score_low=score_low,
        score_high=score_high,
    )
