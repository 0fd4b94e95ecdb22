"""The playout policy ISMCTS uses for Game to Pick a Game (search only: it reads the state)."""

from __future__ import annotations

from typing import Any

import pytest
from gtpag_helpers import play, tied_endgame, two_nominations

from gamenight.bots import RandomAgent, make_agent
from gamenight.bots.ismcts import ISMCTSAgent
from gamenight.core import Rng
from gamenight.core.registry import entry, make_game
from gamenight.games.gtpag.bots import GtpagPlayout, _tally
from gamenight.games.gtpag.params import GtpagParams
from gamenight.games.gtpag.rules import GtpagGame
from gamenight.games.gtpag.state import BIDDING, TRAIT
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


@pytest.mark.parametrize("name", ["default", "big library, repeated chips"])
def test_evaluate_gives_win_chances_and_projected_scores(name: str) -> None:
    """During the Bidding: win chances in [0, 1] summing to at most 1, finite scores within
    the preferences; after it, None (play on). Its tally agrees with the rules' (R13)."""
    game = _game(name)
    policy = GtpagPlayout(game)
    assert policy.depth is not None
    evaluated = 0
    for players in (2, 4, 8):
        for seed in range(10):
            state = game.new_state(players, seed)
            rng = Rng(seed)
            while game.to_act(state):
                for j in range(len(state.piles)):
                    total = sum(policy.packed[state.kinds[chip]] for chip in state.piles[j])
                    boosts = game.params.boost_value * len(state.boosts[j])
                    assert _tally(total) + boosts == game.tally(state, j).score
                estimate = policy.evaluate(state.clone())
                if state.phase in (BIDDING, TRAIT):
                    assert estimate is not None
                    wins, scores = estimate
                    assert len(wins) == len(scores) == players
                    assert all(0.0 <= w <= 1.0 for w in wins)
                    assert sum(wins) <= 1.0 + 1e-9
                    low = min(min(p) for p in state.prefs)
                    high = max(max(p) for p in state.prefs)
                    assert all(low - 1e-9 <= s <= high + 1e-9 for s in scores)
                    evaluated += 1
                else:
                    assert estimate is None
                seat = game.to_act(state)[0]
                legal = game.legal_actions(state, seat)
                game.apply(state, seat, policy.choose(state, seat, legal, rng))
    assert evaluated > 200


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
