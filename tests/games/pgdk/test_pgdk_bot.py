"""The heuristic bot: it builds and completes games, and beats random play (BOT.md)."""

from __future__ import annotations

import statistics
from collections.abc import Sequence

import pytest
from pgdk_helpers import Table

from gamenight.bots.base import RandomAgent
from gamenight.core.errors import BotError
from gamenight.core.game import View
from gamenight.core.registry import make_game
from gamenight.core.rng import Rng
from gamenight.games.pgdk import cards as cardlib
from gamenight.games.pgdk import state as phases
from gamenight.games.pgdk.actions import Action, Kind
from gamenight.games.pgdk.bots import PgdkHeuristic
from gamenight.sim.runner import play_match

GAMES = 200
SEED = 20_000
EGGS = frozenset(
    kind.index for kind in make_game("pgdk").params.cards.kinds if kind.type == cardlib.EGG
)


class CountingHeuristic(PgdkHeuristic):
    """The heuristic bot, counting the games it completes (each 'gold N', Neutral Guardian
    power or Easter Egg play completes exactly one: R15, R27, R28)."""

    def __init__(self) -> None:
        super().__init__()
        self.completed = 0

    def act(self, view: View, legal_actions: Sequence[Action], rng: Rng) -> Action:
        action = super().act(view, legal_actions, rng)
        egg = action.kind == Kind.PLAY and action.card in EGGS
        if action.kind in (Kind.GOLD, Kind.USE_ON) or egg:
            self.completed += 1
        return action


def strength(games: int = GAMES, seed: int = SEED) -> tuple[float, float]:
    """Win share of the heuristic bot against three random bots in seeded 4-player games
    (its seat rotates), and the median number of games it completed."""
    game = make_game("pgdk")
    wins = 0.0
    completed = []
    for i in range(games):
        seat = i % 4
        bot = CountingHeuristic()
        agents: list[object] = [RandomAgent() for _ in range(4)]
        agents[seat] = bot
        result = play_match(game, 4, seed + i, agents)  # type: ignore[arg-type]
        wins += 1.0 if seat in result.outcome.winners else 0.0
        completed.append(bot.completed)
    return wins / games, statistics.median(completed)


def test_the_heuristic_beats_three_random_bots_and_completes_games() -> None:
    share, median = strength()
    assert share >= 0.60
    assert median >= 2


STALL_GAMES = 400
STALL_SEED = 30_000
# Measured on these seeds: 10 stalls (2.5 %); over 1500 other seeds (20000-21499) 46 (3.1 %).
# The bot before issue 12 stalled in 27 of these games (6.75 %; 110 of those 1500, 7.3 %).
# 20 (5 %) leaves room for harmless changes of the trajectories (a binomial count at 3.1 %
# exceeds 20 of 400 about once in a hundred) and still fails the old bot.
STALL_LIMIT = 20


def stalls(games: int = STALL_GAMES, seed: int = STALL_SEED) -> int:
    """Matches of the heuristic bot against a random bot (2 players, its seat alternating)
    that end by the stall rule (RULES.md G12), each checked to be marked capped."""
    game = make_game("pgdk")
    count = 0
    for i in range(games):
        agents: list[object] = [RandomAgent(), RandomAgent()]
        agents[i % 2] = PgdkHeuristic()
        outcome = play_match(game, 2, seed + i, agents).outcome  # type: ignore[arg-type]
        if outcome.reason.startswith("stalled"):
            assert outcome.capped
            count += 1
    return count


def test_the_heuristic_rarely_stalls_against_a_random_bot() -> None:
    """issue 12 item 1: the heuristic completes games, so that at 2 players against a random
    bot at most 20 of 400 seeded matches stall (benchmarks/PGDK_STALLS.md)."""
    assert stalls() <= STALL_LIMIT


def test_bot_options_are_checked() -> None:
    bot = PgdkHeuristic.from_options({"want": "6", "bid_margin": "1"})
    assert bot.want == 6.0
    with pytest.raises(BotError, match="no option 'greed'"):
        PgdkHeuristic.from_options({"greed": "1"})


def release_position(quiet: int) -> Table:
    """Every blue Title lies in a videogame, so seat 0's blue Potion and Vehicle can never
    serve it; the Row holds only a card it wants a little (Crunch Time)."""
    table = Table(players=2, phase=phases.PURCHASE)
    table.completed(1, "Pixel Quest", "Vehicle B3", "Potion B3", "Pixel B3")
    table.completed(1, "Chrono Jumpman", "Vehicle B4", "Potion B2", "Jumpman B4")
    table.project(1, "The Elders Scrolls")
    table.project(1, "Final Fantazilla")
    table.hand(0, "Potion B4", "Vehicle B2")
    table.row("Crunch Time 3")
    table.state.quiet = quiet
    return table


def heuristic_choice(table: Table) -> str:
    match = table.match()
    return str(PgdkHeuristic().act(match.view(0), match.legal_actions(0), Rng(0)))


def test_the_heuristic_releases_dead_cards_when_no_game_is_completed() -> None:
    """issue 12 item 5: cards of a colour whose Titles all lie in videogames are dead; after
    two rounds without a completed game the heuristic trades them into the Row, where a rival
    who needs them can take them, instead of hoarding them (the 4-player stalls)."""
    assert heuristic_choice(release_position(quiet=0)) == "discard lowest"
    table = release_position(quiet=4)
    assert heuristic_choice(table) == "trade Crunch Time 3"
    match = table.match()
    match.apply(0, "trade Crunch Time 3")
    bot = PgdkHeuristic()
    while table.state.phase == phases.OFFER:
        match.apply(0, bot.act(match.view(0), match.legal_actions(0), Rng(0)))
    assert table.labels(table.state.row) == ["Potion B4"]
    assert table.hand_labels(0) == ["Crunch Time 3", "Vehicle B2"]
