"""The heuristic bot: it builds and completes games, and beats random play (BOT.md)."""

from __future__ import annotations

import statistics
from collections.abc import Sequence

import pytest

from gamenight.bots.base import RandomAgent
from gamenight.core.errors import BotError
from gamenight.core.game import View
from gamenight.core.registry import make_game
from gamenight.core.rng import Rng
from gamenight.games.pgdk import cards as cardlib
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


def test_bot_options_are_checked() -> None:
    bot = PgdkHeuristic.from_options({"want": "6", "bid_margin": "1"})
    assert bot.want == 6.0
    with pytest.raises(BotError, match="no option 'greed'"):
        PgdkHeuristic.from_options({"greed": "1"})
