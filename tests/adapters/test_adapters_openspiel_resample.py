"""Issue 17 item 1: ``resample_from_infostate`` on the OpenSpiel games, for every game and
player count: OpenSpiel's consistency checks (its C++ ``ResampleInfostateTest`` compares the
information state and the current player; we add the observations and legal actions), the
refusals, cloning, playing on, pickling, and OpenSpiel's Python ISMCTSBot using it."""

from __future__ import annotations

import pickle

import pytest

pytest.importorskip("pyspiel", reason="the adapters need the rl extra: pip install '.[rl]'")

import numpy as np
import pyspiel
from adapter_helpers import CASE_IDS, CASES, fingerprint
from open_spiel.python.algorithms import ismcts, mcts

from gamenight.adapters import openspiel as gos
from gamenight.core.errors import GamenightError, InvalidParamsError
from gamenight.core.registry import make_game
from gamenight.core.rng import Rng

parametrize_cases = pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)


def decisions(game: pyspiel.Game, seed: int) -> list[pyspiel.State]:
    """A clone of every decision point (not chance, not over) of one random match."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    found = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.integers(gos.DEAL_OUTCOMES)))
            continue
        found.append(state.clone())
        state.apply_action(int(rng.choice(state.legal_actions())))
    return found


def assert_same_for(player: int, state: pyspiel.State, other: pyspiel.State) -> None:
    assert other.information_state_string(player) == state.information_state_string(player)
    assert other.observation_string(player) == state.observation_string(player)
    assert other.observation_tensor(player) == state.observation_tensor(player)
    assert other.current_player() == state.current_player()
    assert other.legal_actions() == state.legal_actions()


@parametrize_cases
def test_resampled_states_are_consistent_with_the_infostate(name: str, players: int) -> None:
    """issue 17 item 1: at every decision of random matches, a resampled state is the same
    to the seat to act (OpenSpiel's ResampleInfostateTest, plus observations and legal
    actions), and is a different world at least sometimes."""
    game = gos.load(name, players)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differed = 0
    for seed in (1, 2):
        for state in decisions(game, seed):
            player = state.current_player()
            resampled = state.resample_from_infostate(player, sampler)
            assert_same_for(player, state, resampled)
            truth, drawn = state.gamenight_state(), resampled.gamenight_state()
            differed += fingerprint(truth) != fingerprint(drawn)
    assert differed > 0  # the worlds are drawn, not copies of the true one


@parametrize_cases
def test_resampling_reads_only_the_seats_view(name: str, players: int) -> None:
    """issue 17 item 1: two states the seat cannot tell apart resample to the same world
    with the same sampler draws: nothing of the true hidden state (seed, the others' ids)
    leaks into it."""
    game = gos.load(name, players)
    for state in decisions(game, 3)[::7]:
        player = state.current_player()
        lookalike = state.resample_from_infostate(player, Rng(99).random)
        first = state.resample_from_infostate(player, Rng(5).random)
        second = lookalike.resample_from_infostate(player, Rng(5).random)
        assert fingerprint(first.gamenight_state()) == fingerprint(second.gamenight_state())
        assert str(first) == str(second)
        assert first._run.moves == second._run.moves


@parametrize_cases
def test_others_moves_keep_only_their_public_text(name: str, players: int) -> None:
    """issue 17 item 1: the seat's own action ids are kept, the others' become HIDDEN_ACTION
    with their public text, and every seat's information string shows them publicly."""
    game = gos.load(name, players)
    states = decisions(game, 4)
    state = states[len(states) // 2]
    player = state.current_player()
    resampled = state.resample_from_infostate(player, Rng(1).random)
    true_moves = state._run.moves
    assert len(resampled._run.moves) == len(true_moves)
    assert any(seat != player for seat, _, _ in true_moves)
    for (seat, action_id, public), (twin_seat, twin_id, twin_public) in zip(
        true_moves, resampled._run.moves, strict=True
    ):
        assert (twin_seat, twin_public) == (seat, public)
        assert twin_id == (action_id if seat == player else gos.HIDDEN_ACTION)
    for other in range(players):
        lines = resampled.information_state_string(other).split("\n")[1:]
        hidden = [line for line, move in zip(lines, true_moves, strict=True) if move[0] != player]
        assert hidden == [f"{seat}:{public}" for seat, _, public in true_moves if seat != player]


@parametrize_cases
def test_resampled_states_clone_play_on_and_pickle(name: str, players: int) -> None:
    """issue 17 item 1: a resampled state clones independently, plays to the end with
    returns, and pickles and serialises as its own gamenight state (there is no deal to
    replay); its C++ history starts at the resampling."""
    game = gos.load(name, players)
    states = decisions(game, 5)
    state = states[len(states) // 3]
    resampled = state.resample_from_infostate(state.current_player(), Rng(2).random)
    assert resampled.history() == []
    assert str(resampled).startswith("a world without its deal")
    twin = resampled.clone()
    before = fingerprint(resampled.gamenight_state())
    rng = np.random.default_rng(0)
    twin.apply_action(int(rng.choice(twin.legal_actions())))
    assert fingerprint(resampled.gamenight_state()) == before
    assert len(twin.history()) == 1
    unpickled = pickle.loads(pickle.dumps(twin))
    assert fingerprint(unpickled.gamenight_state()) == fingerprint(twin.gamenight_state())
    assert str(unpickled) == str(twin)
    assert b"RequirementsState" in pickle.dumps(twin._run) or name != "requirements"
    text = pyspiel.serialize_game_and_state(game, twin)
    _, restored = pyspiel.deserialize_game_and_state(text)
    assert str(restored) == str(twin)
    assert restored.history() == twin.history()
    while not twin.is_terminal():
        twin.apply_action(int(rng.choice(twin.legal_actions())))
    returns = twin.returns()
    outcome = twin.outcome()
    assert outcome is not None
    assert returns == [outcome.win_share(seat) for seat in range(players)]
    assert b"RequirementsState" not in pickle.dumps(state._run)  # the true one: deal and ids


def test_resampling_for_a_seat_not_to_act_is_refused() -> None:
    """issue 17 item 1 (bad input): another seat, the deal, or a finished match is a one-line
    GamenightError and changes nothing; OpenSpiel's ISMCTS only resamples for the actor."""
    game = gos.load("requirements", 2)
    state = game.new_initial_state()
    with pytest.raises(gos.ResampleError, match="deal is being drawn"):
        state.resample_from_infostate(0, Rng(1).random)
    states = decisions(game, 6)
    middle = states[len(states) // 2]
    other = 1 - middle.current_player()
    before = (str(middle), middle.history())
    with pytest.raises(gos.ResampleError, match=f"seat {other}: it is not to act") as error:
        middle.resample_from_infostate(other, Rng(1).random)
    assert isinstance(error.value, GamenightError)
    assert "\n" not in str(error.value)
    assert (str(middle), middle.history()) == before
    last = states[-1].clone()
    last.apply_action(last.legal_actions()[0])
    while not last.is_terminal():
        last.apply_action(last.legal_actions()[0])
    with pytest.raises(gos.ResampleError, match="over"):
        last.resample_from_infostate(0, Rng(1).random)


@parametrize_cases
def test_python_ismcts_bot_decides_through_resampling(name: str, players: int) -> None:
    """issue 17 item 1: OpenSpiel's Python ISMCTSBot, as shipped (no resampling callback:
    it calls state.resample_from_infostate with a UniformProbabilitySampler), picks legal
    actions at a few decision points of every game."""
    game = gos.load(name, players)
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        uct_c=2.0,
        max_simulations=8,
        random_state=rng,
    )
    states = decisions(game, 7)
    chosen = [bot.step(state) for state in states[:: max(1, len(states) // 3)][:3]]
    for state, action in zip(states[:: max(1, len(states) // 3)], chosen, strict=False):
        assert action in state.legal_actions()


@pytest.mark.parametrize("name", ["gnome", "pgdk"])
def test_world_states_let_any_seat_of_a_simultaneous_step_act_first(name: str) -> None:
    """issue 17 item 2: the peer bots' roots. At a simultaneous step a bot may be asked for
    any seat of ``to_act`` (the server asks them all): the root makes that seat the one to
    act, and resampling keeps it so; a seat not to act is refused."""
    players = 3
    game = make_game(name)
    spiel_game = gos.game_of(game, players)
    walk = Rng(1)
    state = game.new_state(players, 2)
    while len(game.to_act(state)) < 2:
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        game.apply(state, seat, legal[walk.randbelow(len(legal))])
    later = game.to_act(state)[-1]
    root = gos.world_state(spiel_game, state.clone(), later)
    assert root.current_player() == later
    assert root.history() == []
    codec = spiel_game.setup.codec
    assert root.legal_actions() == codec.legal_ids(state, later)
    assert root.information_state_string(later) == codec.text(game.view(state, later)) + "\n"
    resampled = root.resample_from_infostate(later, Rng(3).random)
    assert_same_for(later, root, resampled)
    restored = pickle.loads(pickle.dumps(resampled))
    assert restored.current_player() == later
    game.apply(state, later, game.legal_actions(state, later)[0])  # committed: not to act
    with pytest.raises(gos.ResampleError, match=f"seat {later} is not to act"):
        gos.world_state(spiel_game, state, later)


def test_game_of_keeps_params_that_load_cannot_take() -> None:
    """issue 17 item 2: the peer bots search the game as it was set up, tuple params (the
    picker's preferences) included."""
    game = make_game("gtpag", {"preferences": ((4.0, 3.0, 2.0, 1.0), (1.0, 2.0, 3.0, 4.0))})
    spiel_game = gos.game_of(game, 2)
    assert spiel_game.setup.params == game.params
    assert spiel_game.setup.params != make_game("gtpag").params
    with pytest.raises(InvalidParamsError, match="unknown reward"):
        gos.game_of(game, 2, reward="score")
