"""Many matches between bots, on several processes, summarised for designers.

The bot list fills the seats in order; when it is shorter than the table, its last bot takes
the remaining seats (``ismcts,random`` at four players is one ISMCTS bot and three random
ones). With seat rotation, match ``i`` shifts that lineup by ``i`` seats, so every bot sits in
every seat equally often over a multiple of the player count.

Match ``i`` of a run seeded ``s`` is dealt with ``derive_seed(s, i)``; in duplicate mode (the
tournament), the ``n`` rotations of one lineup share one deal, ``derive_seed(s, i // n)``, so
the luck of the deal cancels out. Either way a run's results do not depend on how many
processes share the work, and any match can be replayed on its own from its record.

A run of any length takes constant memory: work is cut into chunks only as processes free up
(a few chunks in flight per process), and each match is folded into a :class:`Tally` and
handed to ``on_game`` (records, CSV rows) as soon as every match before it is in, so the
figures are the same, bit for bit, on one process or many.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import os
from collections import Counter, deque
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from gamenight.bots.factory import make_agent, omniscient_spec
from gamenight.core import registry
from gamenight.core.errors import BotError, GamenightError
from gamenight.core.rng import derive_seed
from gamenight.sim.runner import play_match
from gamenight.sim.stats import RunningMean, median_of_counts, wilson_interval

CHUNK_MOST = 50  # matches per unit of work: small, so the bar moves and interrupts are quick
CHUNKS_PER_JOB = 2  # units of work in flight per process: enough to keep each one busy


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


ChunkResult = tuple[list[GameSummary], str | None]


def _matches(spec: SimulationSpec, indices: range) -> Iterator[GameSummary]:
    """Play the matches ``indices`` one by one; a bot's error ends them with BotError.

    Bots are built afresh for every chunk, on one process or many alike.
    """
    game = registry.make_game(spec.game, spec.params, spec.variant)
    agents = {bot: make_agent(bot, game) for bot in set(spec.bots)}
    for index in indices:
        seat_bots = spec.seat_bots(index)
        seed = spec.seed_for(index)
        result = play_match(
            game,
            spec.num_players,
            seed,
            [agents[bot] for bot in seat_bots],
            keep_record=spec.keep_records,
        )
        yield GameSummary(
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


def _run(spec: SimulationSpec, indices: range) -> ChunkResult:
    """A worker's chunk: the matches played, and the bot's error that stopped it, if any."""
    done: list[GameSummary] = []
    try:
        for game in _matches(spec, indices):
            done.append(game)
    except BotError as error:
        return done, str(error)
    return done, None


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
    # A win shared by k winners counted 1/k (Game to Pick a Game: every seat whose favourite
    # is picked wins). The seats' shares add up to at most 1, so this is the figure to set
    # against a fair share of 1/players; ``win_rate`` counts a shared win whole. The interval
    # is Wilson's on the summed shares, an approximation where wins are shared.
    win_share: float
    share_low: float
    share_high: float


class _Column:
    """One line of the report (a seat or a bot): its wins, its share of the wins (a shared
    win split among its winners) and its running mean score."""

    __slots__ = ("scores", "shares", "wins")

    def __init__(self) -> None:
        self.wins = 0
        self.shares = 0.0
        self.scores = RunningMean()

    def add(self, won: bool, share: float, score: float) -> None:
        self.wins += won
        self.shares += share
        self.scores.add(score)

    def row(self, label: str) -> Row:
        games = self.scores.count
        low, high = wilson_interval(self.wins, games)
        share_low, share_high = wilson_interval(self.shares, games)
        mean, score_low, score_high = self.scores.interval()
        return Row(
            label=label,
            games=games,
            wins=self.wins,
            win_rate=self.wins / games if games else math.nan,
            win_low=low,
            win_high=high,
            mean_score=mean,
            score_low=score_low,
            score_high=score_high,
            win_share=self.shares / games if games else math.nan,
            share_low=share_low,
            share_high=share_high,
        )


class Tally:
    """Everything the report needs, folded in match by match (constant memory).

    Fed the same matches in the same order, it gives the same figures to the last bit; the
    runner feeds them in index order.
    """

    def __init__(self, spec: SimulationSpec) -> None:
        self.spec = spec
        self.games = 0
        self.seats = [_Column() for _ in range(spec.num_players)]
        self.bots = {bot: _Column() for bot in dict.fromkeys(spec.bots)}
        # the same per bot over the matches that reached the rules' own end: a capped match
        # (stalled, or stopped at a safety cap) is scored, but it is not the game as designed
        self.bots_uncapped = {bot: _Column() for bot in dict.fromkeys(spec.bots)}
        self.lengths: Counter[int] = Counter()
        self.endings: Counter[str] = Counter()
        self.capped_endings: Counter[str] = Counter()
        self.no_winner = self.shared_win = self.capped = 0

    def add(self, game: GameSummary) -> None:
        self.games += 1
        share = 1 / len(game.winners) if game.winners else 0.0
        for seat, (bot, score) in enumerate(zip(game.bots, game.scores, strict=True)):
            won = seat in game.winners
            mine = share if won else 0.0
            self.seats[seat].add(won, mine, score)
            self.bots[bot].add(won, mine, score)
            if not game.capped:
                self.bots_uncapped[bot].add(won, mine, score)
        self.lengths[game.steps] += 1
        self.endings[game.reason] += 1
        self.no_winner += not game.winners
        self.shared_win += len(game.winners) > 1
        self.capped += game.capped
        if game.capped:
            self.capped_endings[game.reason] += 1

    def summary(self) -> dict[str, Any]:
        """Win rates and mean scores per seat and per bot, lengths and endings, JSON-safe.

        A bot that reads the true state is listed in ``omniscient`` and its rows say
        ``"omniscient": true``: its results are not a fair bot's.
        """
        spec, games = self.spec, self.games
        lengths = self.lengths
        steps = sum(length * count for length, count in lengths.items())
        summary: dict[str, Any] = {
            "game": spec.game,
            "players": spec.num_players,
            "games": games,
            "seed": spec.seed,
            "bots": list(spec.bots),
            "rotate": spec.rotate,
            "params": dict(spec.params),
            "variant": spec.variant,
            "seats": [
                dataclasses.asdict(column.row(f"seat {seat}"))
                for seat, column in enumerate(self.seats)
            ],
            "by_bot": [dataclasses.asdict(column.row(bot)) for bot, column in self.bots.items()],
            "no_winner": self.no_winner / max(1, games),
            "shared_win": self.shared_win / max(1, games),
            "length": {
                "mean": steps / max(1, games),
                "median": median_of_counts(lengths),
                "min": min(lengths, default=0),
                "max": max(lengths, default=0),
            },
            "endings": dict(self.endings.most_common()),
            "capped": self.capped,
            "capped_rate": self.capped / max(1, games),
            "capped_endings": dict(self.capped_endings.most_common()),
            "by_bot_uncapped": [
                dataclasses.asdict(column.row(bot)) for bot, column in self.bots_uncapped.items()
            ],
            "omniscient": [bot for bot in dict.fromkeys(spec.bots) if omniscient_spec(bot)],
        }
        for row in (*summary["by_bot"], *summary["by_bot_uncapped"]):
            row["omniscient"] = omniscient_spec(row["label"])
        return summary


def summarise(spec: SimulationSpec, results: Iterable[GameSummary]) -> dict[str, Any]:
    """The report of matches already in hand (in the order given)."""
    tally = Tally(spec)
    for game in results:
        tally.add(game)
    return tally.summary()


@dataclasses.dataclass
class RunResult:
    tally: Tally  # every match finished, in index order
    error: str | None = None  # a bot's error that stopped the run (the games done are kept)

    @property
    def games(self) -> int:
        return self.tally.games

    def summary(self) -> dict[str, Any]:
        return self.tally.summary()


def run_simulation(
    spec: SimulationSpec,
    jobs: int = 1,
    on_progress: Callable[[int], None] | None = None,
    on_game: Callable[[GameSummary], None] | None = None,
    tally: Tally | None = None,
    resumed: Sequence[GameSummary] = (),
) -> RunResult:
    """Play every match of ``spec`` on ``jobs`` processes and fold them into ``tally``.

    Matches reach the tally and ``on_game`` in index order, each as soon as all before it are
    in; ``on_progress(n)`` follows every n of them. A bot that misbehaves stops the run: the
    matches before it are kept (the same ones whatever ``jobs`` is) and its error returned.

    ``resumed`` are the run's first matches, played before (``sim.resume`` reads them back
    from the records): they are folded into the tally first, not handed to ``on_game``, and
    play starts at the first match after them.
    """
    validate(spec)
    start = len(resumed)
    jobs = max(1, min(jobs, os.cpu_count() or 1, spec.games - start))
    run = RunResult(tally if tally is not None else Tally(spec))
    for game in resumed:
        run.tally.add(game)
    results = _results_in_order(spec, jobs, start)
    try:
        for done, error in results:
            for game in done:
                run.tally.add(game)
                if on_game is not None:
                    on_game(game)
            if on_progress is not None:
                on_progress(len(done))
            if error is not None:
                run.error = error
                break
    finally:
        results.close()  # stops the processes at once if the caller gave up
    return run


def _results_in_order(
    spec: SimulationSpec, jobs: int, start: int
) -> Generator[ChunkResult, None, None]:
    """Results in index order from match ``start``, made lazily: on processes, a few chunks
    in flight per process."""
    chunks = _chunks(spec.games, start)
    if jobs == 1:  # each match handed on the moment it ends
        for chunk in chunks:
            try:
                for game in _matches(spec, chunk):
                    yield [game], None
            except BotError as error:
                yield [], str(error)
                return
        return
    pool = ProcessPoolExecutor(max_workers=jobs)
    in_flight: deque[Future[ChunkResult]] = deque(
        pool.submit(_run, spec, chunk) for chunk in itertools.islice(chunks, jobs * CHUNKS_PER_JOB)
    )
    try:
        while in_flight:
            result = in_flight.popleft().result()  # the oldest: later ones wait in their futures
            following = next(chunks, None)
            if following is not None:
                in_flight.append(pool.submit(_run, spec, following))
            yield result
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _chunks(games: int, start: int = 0) -> Iterator[range]:
    """Consecutive ranges of match indices from ``start``, made one at a time (never a list).

    Their bounds depend on the number of games only, not on the number of processes; a run
    resumed mid-chunk begins with that chunk's remainder.
    """
    size = max(1, min(CHUNK_MOST, math.ceil(games / 32)))
    for first in range(start - start % size, games, size):
        yield range(max(first, start), min(games, first + size))
