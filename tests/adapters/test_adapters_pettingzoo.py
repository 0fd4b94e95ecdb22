"""The PettingZoo AEC environments: PettingZoo's own api_test and seed_test for every game and
player count, then rewards, seeding, illegal actions, rendering and records."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo", reason="the adapters need the rl extra: pip install '.[rl]'")

import numpy as np
from adapter_helpers import CASE_IDS, CASES, fingerprint
from pettingzoo.test import api_test, seed_test

from gamenight.adapters.pettingzoo import GamenightEnv, available, env, raw_env
from gamenight.core import Match
from gamenight.core.errors import IllegalActionError, InvalidParamsError

parametrize_cases = pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)


def play_out(table: GamenightEnv, seed: int) -> list[tuple[str, int]]:
    """Play a match with random legal ids; returns (agent, id) for every live step."""
    table.reset(seed=seed)
    rng = np.random.default_rng(seed)
    taken = []
    for agent in table.agent_iter():
        observation, _, termination, truncation, _ = table.last()
        if termination or truncation:
            table.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        taken.append((agent, action))
        table.step(action)
    return taken


# A dict observation (vector + action_mask) is what PettingZoo's own board and card games
# use; api_test warns about it for every environment that is not on its own list of them.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@parametrize_cases
@pytest.mark.parametrize("wrapped", [True, False], ids=["env", "raw_env"])
def test_pettingzoo_api_test(name: str, players: int, wrapped: bool) -> None:
    make = env if wrapped else raw_env
    api_test(make(name, players), num_cycles=1000)


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.slow
@parametrize_cases
def test_pettingzoo_api_test_many_matches(name: str, players: int) -> None:
    for _ in range(15):
        api_test(env(name, players), num_cycles=1000)


@parametrize_cases
def test_pettingzoo_seed_test(name: str, players: int) -> None:
    seed_test(lambda: env(name, players), num_cycles=500)


def test_every_game_and_count_is_available() -> None:
    assert sorted(available()) == sorted(CASES)


@parametrize_cases
def test_rewards_come_from_the_outcome_and_scores_are_in_infos(name: str, players: int) -> None:
    table = raw_env(name, players)
    table.reset(seed=3)
    final_rewards: dict[str, float] = {}
    final_infos = {}
    for agent in table.agent_iter():
        observation, reward, termination, truncation, info = table.last()
        if termination or truncation:
            final_rewards[agent] = reward
            final_infos[agent] = info
            table.step(None)
            continue
        assert reward == 0.0
        assert info == {}
        table.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert not table.agents
    outcome = table.game.outcome(table.game_state)
    assert outcome is not None
    assert final_rewards == {f"player_{p}": outcome.win_share(p) for p in range(players)}
    for agent, info in final_infos.items():
        seat = int(agent.split("_")[1])
        assert info["scores"] == list(outcome.scores)
        assert info["score"] == outcome.scores[seat]
        assert info["winners"] == list(outcome.winners)
        assert info["reason"] == outcome.reason
        assert info["capped"] == outcome.capped
    # The record replays through the engine to the same outcome (gamenight replay works).
    record = table.record()
    assert record.outcome == outcome.to_dict()
    assert Match.from_record(record).outcome == outcome


@parametrize_cases
def test_zero_sum_rewards_sum_to_zero(name: str, players: int) -> None:
    table = raw_env(name, players, reward="zero_sum")
    play_out(table, 4)
    outcome = table.game.outcome(table.game_state)
    assert outcome is not None
    assert sum(table.codec.rewards(outcome, "zero_sum")) == pytest.approx(0.0)


@parametrize_cases
def test_seeds_replay_and_differ(name: str, players: int) -> None:
    first, second = raw_env(name, players), raw_env(name, players)
    assert play_out(first, 11) == play_out(second, 11)
    deals = []
    first.reset(seed=5)
    deals.append(first.deal_seed)
    first.reset()  # the next deal of the seeded stream
    deals.append(first.deal_seed)
    second.reset(seed=5)
    second.reset()
    assert second.deal_seed == deals[1] != deals[0]
    second.reset(seed=6)
    assert second.deal_seed not in deals


@parametrize_cases
def test_observations_are_the_encoding_of_the_seats_view(name: str, players: int) -> None:
    table = raw_env(name, players)
    table.reset(seed=2)
    for step, agent in enumerate(table.agent_iter()):
        observation, _, termination, truncation, _ = table.last()
        if termination or truncation:
            table.step(None)
            continue
        if step % 3 == 0:
            for other in table.agents:
                seat = int(other.split("_")[1])
                got = table.observe(other)
                view = table.game.view(table.game_state, seat)
                assert np.array_equal(got["observation"], table.codec.encode(view))
                expected_mask = (
                    table.codec.mask(table.game_state, seat)
                    if other == agent
                    else np.zeros(table.codec.num_actions, dtype=np.int8)
                )
                assert np.array_equal(got["action_mask"], expected_mask)
                assert not got["observation"].flags.writeable
        table.step(int(np.flatnonzero(observation["action_mask"])[-1]))


@parametrize_cases
def test_raw_env_refuses_illegal_ids_and_changes_nothing(name: str, players: int) -> None:
    table = raw_env(name, players)
    table.reset(seed=1)
    agent = table.agent_selection
    mask = table.observe(agent)["action_mask"]
    before = fingerprint(table.game_state)
    illegal = int(np.flatnonzero(mask == 0)[0])
    for bad in (illegal, -1, table.codec.num_actions, "1", 2.5):
        with pytest.raises(IllegalActionError):
            table.step(bad)
    assert fingerprint(table.game_state) == before
    assert table.agent_selection == agent
    assert not any(table.terminations.values())
    table.step(int(np.flatnonzero(mask)[0]))  # and the match goes on


@parametrize_cases
def test_wrapped_env_ends_the_match_on_an_illegal_id(name: str, players: int) -> None:
    table = env(name, players)
    table.reset(seed=1)
    offender = table.agent_selection
    observation, *_ = table.last()
    before = fingerprint(table.unwrapped.game_state)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    table.step(illegal)  # PettingZoo logs "Illegal move made, game terminating"
    assert all(table.terminations.values())
    assert table.rewards[offender] == -1.0
    assert all(r == 0.0 for a, r in table.rewards.items() if a != offender)
    assert fingerprint(table.unwrapped.game_state) == before
    fresh = env(name, players)
    fresh.reset(seed=1)
    with pytest.raises(AssertionError):
        fresh.step(fresh.unwrapped.codec.num_actions)  # outside the action space


def test_a_capped_match_is_truncated_not_terminated() -> None:
    table = raw_env("requirements", 2, params={"max_actions": 5})
    play_out(table, 0)
    outcome = table.game.outcome(table.game_state)
    assert outcome is not None
    assert outcome.capped
    table.reset(seed=0)
    ends = []
    for _ in table.agent_iter():
        observation, _, termination, truncation, info = table.last()
        if termination or truncation:
            ends.append((termination, truncation, info["capped"]))
            table.step(None)
            continue
        table.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert ends == [(False, True, True), (False, True, True)]


@parametrize_cases
def test_render_shows_the_public_table_as_text(name: str, players: int) -> None:
    table = raw_env(name, players, render_mode="ansi")
    assert "reset" in (table.render() or "")
    table.reset(seed=0)
    text = table.render()
    assert isinstance(text, str)
    assert "\x1b[" not in text
    assert f"to act: {table.agent_selection}" in text
    assert table.game.spec.title in text
    silent = raw_env(name, players)
    silent.reset(seed=0)
    with pytest.warns(UserWarning, match="render_mode"):
        assert silent.render() is None


def test_acting_before_reset_is_refused() -> None:
    table = raw_env("requirements", 2)
    with pytest.raises(IllegalActionError, match="reset"):
        table.step(0)
    with pytest.raises(IllegalActionError, match="reset"):
        table.observe("player_0")


def test_bad_setup_is_refused() -> None:
    with pytest.raises(InvalidParamsError):
        raw_env("requirements", 2, reward="score")
    with pytest.raises(InvalidParamsError):
        raw_env("requirements", 3)
    with pytest.raises(InvalidParamsError):
        raw_env("requirements", 2, render_mode="rgb_array")
    with pytest.raises(InvalidParamsError):
        raw_env("requirements", 2, params={"failure_limit": 0})
