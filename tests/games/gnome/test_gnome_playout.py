"""The G.Nome playout policy: always legal, and ISMCTS plays whole matches with it."""

from __future__ import annotations

import math
from typing import Any

import pytest
from gnome_testkit import make_game

from gamenight.bots import make_agent
from gamenight.bots.ismcts import ISMCTSAgent
from gamenight.core import Match, Rng
from gamenight.core.registry import entry
from gamenight.games.gnome.bots import GnomePlayout
from gamenight.games.gnome.rules import GnomeGame
from gamenight.games.gnome.state import COMMIT

# (players, parameter overrides): every player count, every variant, a non-convex score table
SETUPS: list[tuple[int, dict[str, Any]]] = [
    (3, {}),
    (4, {}),
    (6, {}),
    (3, {"secrets_3p": True}),
    (4, {"session_games": 3}),
    (6, {"set_needs_white": False}),
    (4, {"score_table": (0, 3, 5, 6, 7)}),
]


def walk(game: GnomeGame, policy: GnomePlayout, players: int, seed: int) -> int:
    """Plays a match with the policy (a random move now and then, as a search may make),
    checking every choice; at each Teamwork round start, also asks fresh copies of the state
    twice, as playouts from one decision do. Returns the number of actions."""
    rng = Rng(seed)
    state = game.new_state(players, seed)
    actions = 0
    last_round = -1
    while game.to_act(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if state.phase == COMMIT and (state.game_number, state.round) != last_round:
            last_round = (state.game_number, state.round)
            for _ in range(2):
                assert policy.choose(state.clone(), seat, legal, rng) in legal
        if rng.random() < 0.2:
            action = legal[rng.randbelow(len(legal))]
        else:
            action = policy.choose(state, seat, legal, rng)
            assert action in legal, (seat, action, legal)
        game.apply(state, seat, action)
        actions += 1
        if policy.depth is not None and actions % 5 == 0 and game.to_act(state):
            check_estimate(policy, state)
    assert game.outcome(state) is not None
    return actions


def check_estimate(policy: GnomePlayout, state: Any) -> None:
    """Win chances in [0, 1] summing to at most 1, finite scores; the state is left as it was."""
    before = state.to_dict()
    estimate = policy.evaluate(state)
    assert state.to_dict() == before
    assert estimate is not None
    wins, scores = estimate
    assert len(wins) == len(scores) == state.num_players
    assert all(0.0 <= w <= 1.0 for w in wins)
    assert sum(wins) <= 1.0 + 1e-9
    assert all(math.isfinite(s) for s in scores)


@pytest.mark.parametrize(("players", "overrides"), SETUPS)
def test_the_policy_always_answers_a_legal_action(players: int, overrides: dict[str, Any]) -> None:
    game = make_game(**overrides)
    policy = GnomePlayout(game)
    for seed in range(6):
        assert walk(game, policy, players, seed) > 0


def test_the_game_offers_the_policy_and_ismcts_uses_it_by_default() -> None:
    game = make_game()
    factory = entry("gnome").playout
    assert factory is not None
    assert isinstance(factory(game), GnomePlayout)
    agent = make_agent("ismcts", game)
    assert isinstance(agent, ISMCTSAgent)
    assert isinstance(agent.rollout, GnomePlayout)


@pytest.mark.parametrize(
    ("players", "overrides", "spec"),
    [
        (3, {}, "ismcts:iters=15"),
        (4, {"session_games": 3}, "ismcts:iters=5,opponents=model"),
        (6, {}, "ismcts:iters=10,opponents=model"),
    ],
)
def test_ismcts_with_the_policy_plays_whole_matches(
    players: int, overrides: dict[str, Any], spec: str
) -> None:
    game = make_game(**overrides)
    agent = make_agent(spec, game)
    match = Match(game, players, 11)
    rng = Rng(5)
    while not match.is_over():
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        if seat == 0:
            action = agent.act(match.view(0), legal, rng)
        else:
            action = legal[rng.randbelow(len(legal))]
        assert action in legal
        match.apply(seat, action)
    assert match.outcome is not None
