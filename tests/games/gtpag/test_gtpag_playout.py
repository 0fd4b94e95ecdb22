"""The playout policy ISMCTS uses for Game to Pick a Game (search only: it reads the state)."""

from __future__ import annotations

from typing import Any

import pytest
from gtpag_helpers import play, tied_endgame, two_nominations

from gamenight.bots import RandomAgent, make_agent
from gamenight.bots.ismcts import ISMCTSAgent
from gamenight.core import Rng
from gamenight.core.registry import entry, make_game
from gamenight.games.gtpag.bots import GtpagPlayout
from gamenight.games.gtpag.params import GtpagParams
from gamenight.games.gtpag.rules import GtpagGame
from gamenight.sim import play_match

GAMES: dict[str, Any] = {
    "default": None,
    "no-traits": "no-traits",
    "big-boost": "big-boost",
    "big library, repeated chips": {
        "added_titles": ("Chess", "Go", "Hanabi", "Azul", "Tichu"),
        "bid_chips": ("+2", "+2", "-1", "invert", "invert"),
    },
}


def _game(name: str) -> GtpagGame:
    setting = GAMES[name]
    if isinstance(setting, dict):
        return GtpagGame(GtpagParams().with_overrides(setting))
    game = make_game("gtpag", variant=setting)
    assert isinstance(game, GtpagGame)
    return game


def test_the_policy_is_registered_and_is_the_default_rollout() -> None:
    game = make_game("gtpag")
    factory = entry("gtpag").playout
    assert factory is not None
    assert isinstance(factory(game), GtpagPlayout)
    agent = make_agent("ismcts:iters=5", game)
    assert isinstance(agent, ISMCTSAgent)
    assert isinstance(agent.rollout, GtpagPlayout)


@pytest.mark.parametrize("name", list(GAMES))
def test_the_policy_always_returns_a_legal_action(name: str) -> None:
    """In every state of many matches, mixing its own moves with random ones, and in the
    sampled states the search hands it (determinized from the view of the seat to move)."""
    game = _game(name)
    policy = GtpagPlayout(game)
    checked = 0
    for players in range(2, 9):
        for seed in range(12):
            state = game.new_state(players, seed)
            rng = Rng(seed)
            while game.to_act(state):
                seat = game.to_act(state)[0]
                legal = game.legal_actions(state, seat)
                action = policy.choose(state, seat, legal, rng)
                assert action in legal
                if seed % 4 == 0:
                    sampled = game.determinize(game.view(state, seat), seat, rng)
                    assert policy.choose(sampled, seat, legal, rng) in legal
                if rng.random() < 0.3:
                    action = legal[rng.randbelow(len(legal))]
                game.apply(state, seat, action)
                checked += 1
    assert checked > 1000


def test_d3_a_nominator_bids_its_own_nomination_up() -> None:
    """Seat 3 opens the Bidding with its +2; it nominated G.Nome (n2), its favourite."""
    game, state = two_nominations(4)
    policy = GtpagPlayout(game, noise=0.0)
    legal = game.legal_actions(state, 3)
    assert str(policy.choose(state, 3, legal, Rng(0))) in ("bid +2 n2", "bid -1 n1")


def test_d6_a_passer_boosts_the_nomination_it_prefers() -> None:
    """n1 and n2 tie at 2 when seat 3 inverts n2; seat 2 prefers n1 (AGOR) and Boosts it."""
    game, state = tied_endgame()
    play(game, state, "bid invert n2")
    policy = GtpagPlayout(game, noise=0.0)
    legal = game.legal_actions(state, 2)
    assert str(policy.choose(state, 2, legal, Rng(0))) == "boost n1"


@pytest.mark.parametrize("opponents", ["search", "model"])
@pytest.mark.parametrize("players", [2, 5, 8])
def test_an_ismcts_bot_using_the_policy_plays_whole_matches(players: int, opponents: str) -> None:
    game = make_game("gtpag")
    bot = make_agent(f"ismcts:iters=12,opponents={opponents}", game)
    agents = [bot, *[RandomAgent() for _ in range(players - 1)]]
    result = play_match(game, players, players, agents)
    assert result.outcome.reason
