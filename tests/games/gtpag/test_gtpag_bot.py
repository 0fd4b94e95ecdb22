"""The heuristic bot (D3: it plays for its preferences)."""

from __future__ import annotations

import json

import pytest
from gtpag_helpers import legal_texts, play, tied_endgame, two_nominations

from gamenight.bots import RandomAgent, make_agent
from gamenight.core import BotError, Rng
from gamenight.core.registry import make_game
from gamenight.games.gtpag.bots import GtpagHeuristic
from gamenight.sim import play_match


def test_the_heuristic_bot_is_registered_with_its_options() -> None:
    game = make_game("gtpag")
    agent = make_agent("heuristic:samples=8", game)
    assert isinstance(agent, GtpagHeuristic)
    assert agent.samples == 8
    assert agent.needs_view
    with pytest.raises(BotError, match="has no option 'depth'"):
        make_agent("heuristic:depth=3", game)
    with pytest.raises(BotError, match="samples must be between"):
        GtpagHeuristic.from_options({"samples": "0"})


def test_d3_the_bot_nominates_its_favourite_then_passes_to_keep_a_boost() -> None:
    game, state = two_nominations(4)  # n1 AGOR by seat 0, n2 G.Nome by seat 3
    bot = GtpagHeuristic()
    fresh = game.new_state(4, 1)  # seat 0 first; its favourite is AGOR (PREFS_4)
    action = bot.act(game.view(fresh, 0), game.legal_actions(fresh, 0), Rng(1))
    assert str(action) == "nominate A Game of Requirements"
    play(game, fresh, "nominate G.Nome")
    action = bot.act(game.view(fresh, 3), game.legal_actions(fresh, 3), Rng(1))
    assert str(action) == "pass"  # seat 3's favourite (G.Nome) is in: keep a Boost
    assert legal_texts(game, state)


def test_d3_the_bot_bids_up_the_nomination_it_prefers() -> None:
    game, state = two_nominations(4)
    # seat 3 opens the Bidding; it prefers G.Nome (n2, 4) to AGOR (n1, 2)
    bot = GtpagHeuristic(samples=32)
    action = bot.act(
        json.loads(json.dumps(game.view(state, 3))), game.legal_actions(state, 3), Rng(2)
    )
    assert str(action) in ("bid +2 n2", "bid -1 n1", "hype n2")


def test_d6_the_bot_boosts_to_turn_the_result_its_way() -> None:
    game, state = tied_endgame()
    play(game, state, "bid invert n2")  # 2 against 2; seat 2 boosts first
    bot = GtpagHeuristic()
    action = bot.act(game.view(state, 2), game.legal_actions(state, 2), Rng(3))
    assert str(action) == "boost n1"  # seat 2 prefers AGOR (4) to G.Nome (1)


@pytest.mark.parametrize("players", range(2, 9))
def test_the_bot_plays_whole_games_in_every_seat(players: int) -> None:
    game = make_game("gtpag")
    for seed in range(3):
        agents = [GtpagHeuristic(samples=6) for _ in range(players)]
        result = play_match(game, players, seed, agents)
        assert result.outcome.reason


@pytest.mark.parametrize("variant", ["no-traits", "big-boost"])
def test_the_bot_plays_the_variants(variant: str) -> None:
    game = make_game("gtpag", variant=variant)
    for seed in range(4):
        agents = [GtpagHeuristic(samples=6), RandomAgent(), RandomAgent(), RandomAgent()]
        assert play_match(game, 4, seed, agents).outcome.reason


def test_d3_the_bot_gets_its_game_picked_far_more_often_than_a_random_seat() -> None:
    """400 seeded 4-player games, the bot's seat rotating: its favourite game is picked at
    least 1.5 times as often as the favourite of a random-bot seat (G16: a seat 'wins' when
    the picked game is its favourite)."""
    game = make_game("gtpag")
    players, games = 4, 400
    bot_wins = random_wins = 0
    for seed in range(games):
        seat = seed % players
        agents = [RandomAgent() for _ in range(players)]
        agents[seat] = GtpagHeuristic(samples=12)
        outcome = play_match(game, players, seed, agents).outcome
        bot_wins += seat in outcome.winners
        random_wins += sum(1 for s in outcome.winners if s != seat)
    bot_rate = bot_wins / games
    random_rate = random_wins / (games * (players - 1))
    assert bot_rate >= 1.5 * random_rate, (bot_rate, random_rate)
