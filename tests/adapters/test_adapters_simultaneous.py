"""Simultaneous steps through PettingZoo, and a new game reaching the adapters by its encoding
alone: a tiny game of secret bids (adapter_fake_game.py), registered only for these tests."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo", reason="the adapters need the rl extra: pip install '.[rl]'")

import numpy as np
from adapter_fake_game import SecretBids
from pettingzoo.test import api_test, seed_test

from gamenight.adapters import encodings
from gamenight.adapters.codec import make_codec
from gamenight.adapters.pettingzoo import env, raw_env
from gamenight.core import registry
from gamenight.core.registry import GameEntry


@pytest.fixture(autouse=True)
def secret_bids(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the game and its encoding for one test, then take both away again."""
    registry.entries()  # load the real games first
    entry = GameEntry(game_class=SecretBids, render=lambda view: str(view))
    monkeypatch.setitem(registry._ENTRIES, "secretbids", entry)
    monkeypatch.setitem(registry._ALIASES, "secretbids", "secretbids")
    monkeypatch.setitem(encodings._MODULES, "secretbids", "adapter_fake_game")


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("players", [2, 3])
def test_a_simultaneous_game_passes_api_and_seed_tests(players: int) -> None:
    api_test(env("secretbids", players), num_cycles=100)
    api_test(raw_env("secretbids", players), num_cycles=100)
    seed_test(lambda: env("secretbids", players), num_cycles=100)


def test_commitments_are_consecutive_turns_and_stay_hidden() -> None:
    table = raw_env("secretbids", 3)
    table.reset(seed=1)
    order = []
    for _ in range(3):  # one simultaneous round: every seat commits in seat order
        agent = table.agent_selection
        order.append(agent)
        mask = table.observe(agent)["action_mask"]
        assert mask.sum() == 3
        for other in table.agents:
            if other != agent:
                assert not table.observe(other)["action_mask"].any()
        table.step(2 if agent == "player_0" else 0)
    assert order == ["player_0", "player_1", "player_2"]
    assert table.game_state.round == 1  # resolved at the last commitment


def test_a_committed_bid_is_not_in_the_others_observations() -> None:
    table = raw_env("secretbids", 2)
    codec = table.codec
    table.reset(seed=4)
    table.step(2)  # player_0 commits "bid 2"
    other = codec.layout.split(np.array(table.observe("player_1")["observation"]))
    assert other["committed"][1] == 1.0  # relative seat 1 is player_0: it has committed
    assert not other["own"].any()
    twin = raw_env("secretbids", 2)
    twin.reset(seed=4)
    twin.step(0)  # a different secret bid gives player_1 the very same observation
    assert np.array_equal(
        table.observe("player_1")["observation"], twin.observe("player_1")["observation"]
    )
    mine = codec.layout.split(np.array(table.observe("player_0")["observation"]))
    assert mine["own"][2] == 1.0


def test_the_new_game_is_listed_and_coded() -> None:
    assert "secretbids" in encodings.encoded_games()
    codec = make_codec("secretbids", 3)
    assert codec.notations == ("bid 0", "bid 1", "bid 2")
    assert codec.max_game_length == 9


@pytest.mark.parametrize("players", [2, 3])
def test_a_simultaneous_game_passes_random_sim_test_turn_based(players: int) -> None:
    """OpenSpiel sees the commitments as turns; the others learn only that one was made."""
    pyspiel = pytest.importorskip("pyspiel")
    from gamenight.adapters import openspiel as gos

    assert "python_gamenight_secretbids" in gos.register_all()
    game = gos.load("secretbids", players, deal_bytes=2)
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)
    state = game.new_initial_state()
    state.apply_action(0)
    state.apply_action(7)
    assert state.current_player() == 0
    state.apply_action(2)  # seat 0: bid 2
    assert state.current_player() == 1
    assert state.information_state_string(1).endswith("0:commits a bid")
    assert state.information_state_string(0).endswith("0:bid 2")
