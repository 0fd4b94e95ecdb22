"""Issue 11 item 15: a bot decides from what it is given, never from what it did before.

The G.Nome playout policy kept work between decisions (which public situations it had met,
the heuristic's plans for them), so a long-lived ISMCTS bot, like the one ``simulate`` hands
every seat of every match in a chunk, chose differently from a fresh bot given the same view,
legal actions and generator; results then hung on ``-n`` and ``--jobs``. Here one bot plays
every seat of a few seeded matches, and at each of its decisions a freshly made bot is asked
the same question with an identical generator: they must answer alike.
"""

from __future__ import annotations

import pytest

from gamenight.bots import make_agent
from gamenight.core import Match, Rng
from gamenight.core.agent import Agent
from gamenight.core.game import AnyGame
from gamenight.core.registry import make_game
from gamenight.core.rng import derive_seed

# (game, player counts, matches per count); a small budget keeps the search quick
TABLES = [
    ("gnome", (3, 4, 6), 1),
    ("requirements", (2,), 2),
    ("pgdk", (2, 3), 1),
    ("gtpag", (3, 5), 1),
]
BOTS = ["ismcts:iters=24", "ismcts:iters=12,opponents=model", "heuristic"]
MAX_DECISIONS = 50  # per match: enough for every phase to come up without a slow test


def _decide_alike(game: AnyGame, spec: str, reused: Agent, players: int, seed: int) -> int:
    """Play one match with ``reused`` in every seat; compare each of its choices with a
    fresh bot's. Returns how many decisions were compared."""
    game_name = game.spec.name
    match = Match(game, players, seed)
    compared = 0
    step = 0
    while not match.is_over() and compared < MAX_DECISIONS:
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        rng = Rng(derive_seed(seed, step))
        choice = reused.act(match.view(seat), legal, rng.clone())
        if len(legal) > 1:
            fresh: Agent = make_agent(spec, game)
            again = fresh.act(match.view(seat), match.legal_actions(seat), rng.clone())
            assert str(again) == str(choice), (
                f"{spec} at {game_name} seed {seed}, step {step}, seat {seat}: the reused bot "
                f"chose {choice}, a fresh one {again}"
            )
            compared += 1
        match.apply(seat, choice)
        step += 1
    return compared


@pytest.mark.parametrize("spec", BOTS)
@pytest.mark.parametrize(("game_name", "counts", "matches"), TABLES)
def test_issue11_item15_a_reused_bot_decides_as_a_fresh_one(
    game_name: str, counts: tuple[int, ...], matches: int, spec: str
) -> None:
    game = make_game(game_name)
    reused = make_agent(spec, game)  # one bot for every seat of every match, as in simulate
    compared = 0
    for players in counts:
        for seed in range(matches):
            compared += _decide_alike(game, spec, reused, players, 100 + seed)
    assert compared >= 10  # the matches held real decisions to compare


def test_issue11_item15_a_bot_gives_the_same_answer_twice_in_a_row() -> None:
    """The simplest form of the defect: the same question asked twice of one G.Nome bot."""
    game = make_game("gnome")
    bot = make_agent("ismcts:iters=40", game)
    match = Match(game, 4, 7)
    differing = 0
    for step in range(24):
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        rng = Rng(step)
        first = bot.act(match.view(seat), legal, rng.clone())
        second = bot.act(match.view(seat), legal, rng.clone())
        differing += str(first) != str(second)
        match.apply(seat, first)
        if match.is_over():
            break
    assert differing == 0
