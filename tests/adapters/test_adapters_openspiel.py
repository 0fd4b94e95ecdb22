"""The OpenSpiel games: pyspiel's own random_sim_test (with serialisation) for every game and
player count, then parameters, chance, observations, illegal actions and bots."""

from __future__ import annotations

import pickle

import pytest

pytest.importorskip("pyspiel", reason="the adapters need the rl extra: pip install '.[rl]'")

import numpy as np
import pyspiel
from adapter_helpers import CASE_IDS, CASES, fingerprint
from open_spiel.python.algorithms import evaluate_bots, mcts
from open_spiel.python.bots import uniform_random
from open_spiel.python.observation import make_observation

from gamenight.adapters import openspiel as gos
from gamenight.adapters.codec import make_codec
from gamenight.core.errors import IllegalActionError, InvalidParamsError, PlayerCountError
from gamenight.core.registry import make_game

parametrize_cases = pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)


def dealt(game: pyspiel.Game, seed_bytes: list[int]) -> pyspiel.State:
    state = game.new_initial_state()
    for byte in seed_bytes:
        state.apply_action(byte)
    return state


def random_history(game: pyspiel.Game, seed: int) -> list[pyspiel.State]:
    """Every state of one random match (a clone at each step), chance included."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    states = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        states.append(state.clone())
    return states


@parametrize_cases
def test_pyspiel_random_sim_test_with_serialisation(name: str, players: int) -> None:
    game = gos.load(name, players)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.slow
@parametrize_cases
def test_pyspiel_random_sim_test_many_matches(name: str, players: int) -> None:
    game = gos.load(name, players)
    pyspiel.random_sim_test(game, num_sims=30, serialize=True, verbose=False)


@parametrize_cases
def test_random_sim_test_zero_sum_and_small_deals(name: str, players: int) -> None:
    game = gos.load(name, players, reward="zero_sum", deal_bytes=1)
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@parametrize_cases
def test_every_variant_loads_and_plays(name: str, players: int) -> None:
    for variant in make_game(name).spec.variants:
        try:
            game = gos.load(name, players, variant=variant.name)
        except PlayerCountError:  # a variant for other player counts (G.Nome's session)
            continue
        pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_games_are_registered_under_their_names() -> None:
    registered = set(pyspiel.registered_names())
    for name in {name for name, _ in CASES}:
        assert gos.short_name(name) == f"python_gamenight_{name}"
        assert gos.short_name(name) in registered
    assert gos.short_name("agor") == "python_gamenight_requirements"  # aliases work too


def test_params_variants_and_players_are_game_parameters() -> None:
    game = pyspiel.load_game("python_gamenight_requirements(variant=long,failure_limit=6)")
    setup = game.setup
    assert setup.params.failure_limit == 6  # the explicit field wins over the variant
    assert setup.num_players == 2
    long = pyspiel.load_game("python_gamenight_requirements(variant=long)")
    assert long.setup.params.failure_limit == 7
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    assert again.setup.codec is game.setup.codec
    for bad in (
        "python_gamenight_requirements(players=3)",
        "python_gamenight_requirements(variant=nosuch)",
        "python_gamenight_requirements(failure_limit=0)",
        "python_gamenight_requirements(deal_bytes=9)",
        "python_gamenight_requirements(reward=score)",
    ):
        with pytest.raises(InvalidParamsError):
            pyspiel.load_game(bad)
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        pyspiel.load_game("python_gamenight_requirements(nosuch=1)")


@parametrize_cases
def test_the_deal_bytes_are_the_engines_seed(name: str, players: int) -> None:
    game = gos.load(name, players)
    seed_bytes = [1, 2, 3, 4, 5, 6, 7, 8]
    state = dealt(game, seed_bytes[:-1])
    assert state.is_chance_node()
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
    assert len(state.chance_outcomes()) == game.max_chance_outcomes() == 256
    state.apply_action(seed_bytes[-1])
    assert not state.is_chance_node()
    engine = make_game(name).new_state(players, int.from_bytes(bytes(seed_bytes), "big"))
    assert fingerprint(state.gamenight_state()) == fingerprint(engine)
    small = gos.load(name, players, deal_bytes=1)
    assert not dealt(small, [200]).is_chance_node()
    assert small.max_chance_nodes_in_history() == 1


@parametrize_cases
def test_observations_come_from_the_players_view(name: str, players: int) -> None:
    game = gos.load(name, players)
    codec = make_codec(name, players)
    spectator = make_observation(
        game,
        pyspiel.IIGObservationType(
            public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    for step, state in enumerate(random_history(game, 1)):
        if state.is_chance_node():
            assert not any(state.observation_tensor(0))
            assert state.observation_string(0) == "dealing"
            continue
        if step % 4:
            continue
        engine = state.gamenight_state()
        for player in range(players):
            view = codec.game.view(engine, player)
            assert np.array_equal(
                np.asarray(state.observation_tensor(player), dtype=np.float32), codec.encode(view)
            )
            assert state.observation_string(player) == codec.text(view)
            assert state.information_state_string(player).startswith(codec.text(view))
        spectator.set_from(state, 0)
        public_view = codec.game.view(engine, None)
        assert np.array_equal(spectator.tensor, codec.encode(public_view))
        assert list(spectator.dict) == [segment.name for segment in codec.layout.segments]
    with pytest.raises(ValueError, match="every seat"):
        make_observation(
            game,
            pyspiel.IIGObservationType(
                perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
            ),
        )
    with pytest.raises(ValueError, match="not supported"):
        make_observation(game, None, {"detail": 1})


@parametrize_cases
def test_information_states_show_own_moves_and_only_public_moves_of_others(
    name: str, players: int
) -> None:
    game = gos.load(name, players)
    codec = make_codec(name, players)
    states = random_history(game, 2)
    final = states[-1]
    run = final._run  # the match as played, to know what each seat did
    for player in range(players):
        lines = final.information_state_string(player).split("\n")[1:]
        assert len(lines) == len(run.moves)
        for line, (seat, action_id, public) in zip(lines, run.moves, strict=True):
            shown = codec.notations[action_id] if seat == player else public
            assert line == f"{seat}:{shown}"


@parametrize_cases
def test_illegal_actions_raise_and_change_nothing(name: str, players: int) -> None:
    game = gos.load(name, players)
    for step, state in enumerate(random_history(game, 3)):
        if state.is_terminal():
            with pytest.raises(IllegalActionError):
                state.apply_action(0)
            break
        if step % 5:
            continue
        before = (str(state), state.history(), state.move_number())
        if state.is_chance_node():
            bad = [256]
        else:
            legal = set(state.legal_actions())
            bad = [next(i for i in range(game.num_distinct_actions()) if i not in legal)]
            bad.append(game.num_distinct_actions())
        for action in bad:
            with pytest.raises(IllegalActionError):
                state.apply_action(action)
            assert (str(state), state.history(), state.move_number()) == before
        with pytest.raises(pyspiel.SpielError):  # OpenSpiel itself refuses -1 (no action)
            state.apply_action(-1)
        assert (str(state), state.history(), state.move_number()) == before


@parametrize_cases
def test_clone_and_serialise_mid_match(name: str, players: int) -> None:
    game = gos.load(name, players)
    # the middle of the match itself (a short match may end soon after the deal)
    states = [state for state in random_history(game, 4) if state.gamenight_state() is not None]
    middle = states[len(states) // 2]
    text = pyspiel.serialize_game_and_state(game, middle)
    game2, restored = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert str(restored) == str(middle)
    assert restored.history() == middle.history()
    assert fingerprint(restored.gamenight_state()) == fingerprint(middle.gamenight_state())
    twin = middle.clone()
    twin.apply_action(twin.legal_actions()[0])
    assert str(middle) != str(twin)
    assert fingerprint(middle.gamenight_state()) == fingerprint(restored.gamenight_state())
    # The pickled form of a state is its deal and action ids, not the engine's objects.
    assert b"RequirementsState" not in pickle.dumps(middle._run)


@parametrize_cases
def test_uniform_random_bots_play_full_matches(name: str, players: int) -> None:
    game = gos.load(name, players)
    rng = np.random.RandomState(7)
    bots = [uniform_random.UniformRandomBot(p, rng) for p in range(players)]
    for _ in range(3):
        state = game.new_initial_state()
        returns = evaluate_bots.evaluate_bots(state, bots, rng)
        assert state.is_terminal()
        outcome = state.outcome()
        assert outcome is not None
        assert returns == [outcome.win_share(p) for p in range(players)]


@pytest.mark.slow
@parametrize_cases
def test_mcts_bot_plays_full_matches_against_random(name: str, players: int) -> None:
    game = gos.load(name, players)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    searcher = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=12, evaluator=evaluator, random_state=rng
    )
    bots = [searcher] + [uniform_random.UniformRandomBot(p, rng) for p in range(1, players)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert len(returns) == players
    assert sum(returns) <= 1.0 + 1e-9
