"""Issue 17 item 2: the peer bots ``openspiel-ismcts`` and ``openspiel-mcts`` (OpenSpiel's
search bots, behind the rl extra), and the omniscient marker of the bot contract."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Sequence
from typing import Any, ClassVar

import pytest

from gamenight.bots.factory import (
    GENERIC_BOTS,
    OMNISCIENT_BOTS,
    bot_names,
    make_agent,
    make_table_agent,
    omniscient_spec,
)
from gamenight.core.agent import is_omniscient
from gamenight.core.errors import BotError
from gamenight.core.game import AnyGame, View
from gamenight.core.registry import entries, make_game
from gamenight.core.rng import Rng
from gamenight.sim.playtest.measure import ComponentTally, play_measured
from gamenight.sim.runner import play_match
from gamenight.sim.simulate import SimulationSpec, run_simulation

GAMES = [entry.name for entry in entries()]
SHORT = {"pgdk": {"games_to_end": 1}}  # a whole match, shorter than the published four games
needs_openspiel = pytest.mark.skipif(
    importlib.util.find_spec("pyspiel") is None, reason="the peer bots need the rl extra"
)


def fingerprint(state: Any) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


def lineup(game: AnyGame, spec: str, players: int) -> list[Any]:
    return [make_agent(spec, game)] + [make_agent("random", game) for _ in range(players - 1)]


# -- playing ------------------------------------------------------------------------------------
@needs_openspiel
@pytest.mark.parametrize("spec", ["openspiel-ismcts:sims=5", "openspiel-mcts:sims=5"])
@pytest.mark.parametrize("name", GAMES)
def test_peer_bots_play_full_matches_reproducibly(name: str, spec: str) -> None:
    """issue 17 item 2: each peer bot plays a whole match of every game against random bots,
    and the same seed gives the same actions (OpenSpiel's generators are seeded from ours)."""
    game = make_game(name, SHORT.get(name))
    players = game.spec.min_players
    first = play_match(game, players, 11, lineup(game, spec, players), keep_record=True)
    again = play_match(game, players, 11, lineup(game, spec, players), keep_record=True)
    assert first.record is not None
    assert again.record is not None
    assert first.record.actions == again.record.actions
    assert first.outcome == again.outcome
    assert first.bots[0] == spec


@needs_openspiel
@pytest.mark.slow
@pytest.mark.parametrize("spec", ["openspiel-ismcts:sims=10", "openspiel-mcts:sims=10"])
@pytest.mark.parametrize(
    ("name", "players"),
    [(entry.name, n) for entry in entries() for n in entry.game_class.spec.player_counts],
)
def test_peer_bots_play_every_player_count(name: str, players: int, spec: str) -> None:
    """issue 17 item 2: every seat a peer bot, at every player count."""
    game = make_game(name, SHORT.get(name))
    agents = [make_agent(spec, game) for _ in range(players)]
    result = play_match(game, players, 5, agents)
    assert result.steps > 0
    assert result.bots == (spec,) * players


@needs_openspiel
def test_different_generators_give_different_searches() -> None:
    """issue 17 item 2: the bot's choices come from the generator it is handed, not a fixed
    seed: over many decision points two generators disagree somewhere."""
    game = make_game("requirements")
    agent = make_agent("openspiel-ismcts:sims=6", game)
    state = game.new_state(2, 3)
    walk = Rng(0)
    differ = 0
    while game.to_act(state) and differ < 2:
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        choices = {str(agent.act(view, legal, Rng(seed))) for seed in (1, 2, 3)}
        differ += len(choices) > 1
        game.apply(state, seat, legal[walk.randbelow(len(legal))])
    assert differ > 0


# -- what each bot sees -------------------------------------------------------------------------
@needs_openspiel
def test_the_ismcts_peer_is_an_ordinary_bot_and_the_mcts_peer_is_omniscient() -> None:
    """issue 17 item 2: the marker is explicit, and the names that refuse a bot without
    building it agree with the agents built."""
    game = make_game("gtpag")
    for name in GENERIC_BOTS:
        agent = make_agent(name, game)
        assert is_omniscient(agent) == (name in OMNISCIENT_BOTS) == omniscient_spec(name)
    assert {"openspiel-mcts"} == OMNISCIENT_BOTS
    assert make_agent("openspiel-ismcts", game).needs_view
    mcts = make_agent("openspiel-mcts:sims=5", game)
    state = game.new_state(2, 1)
    legal = game.legal_actions(state, 0)
    with pytest.raises(BotError, match="omniscient"):
        mcts.act(game.view(state, 0), legal, Rng(1))


class Spy:
    """An omniscient bot that records the state it is handed, and scribbles on it."""

    name = "spy"
    needs_view: ClassVar[bool] = False
    omniscient: ClassVar[bool] = True

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self.seen: list[str] = []
        self.states: list[Any] = []

    def act(self, view: View, legal_actions: Sequence[Any], rng: Rng) -> Any:
        raise AssertionError("an omniscient bot is handed the state, never asked with a view")

    def act_on_state(
        self, game: AnyGame, state: Any, seat: int, legal_actions: Sequence[Any], rng: Rng
    ) -> Any:
        assert seat in game.to_act(state)
        self.seen.append(fingerprint(state))
        self.states.append(state)
        choice = legal_actions[0]
        game.apply(state, seat, choice)  # the bot may spoil its copy: the match is unharmed
        return choice


def test_the_bots_match_loops_hand_an_omniscient_bot_a_copy_of_the_true_state() -> None:
    """issue 17 item 2: play_match and the lab's play_measured call act_on_state with a copy
    of the match's state (equal to it, secrets included), never act with a view."""
    game = make_game("requirements")
    spy = Spy(game)
    result = play_match(game, 2, 4, [spy, make_agent("random", game)], keep_record=True)
    assert result.record is not None
    replay = game.new_state(2, 4)
    expected = []
    for seat, text in result.record.actions:
        if seat == 0:
            expected.append(fingerprint(replay))
        game.apply(replay, seat, game.parse_action(text))
    assert spy.seen == expected
    measured = Spy(game)
    row = play_measured(game, 2, 4, 0, [measured, make_agent("random", game)], ComponentTally())
    assert row.decisions > 0
    assert measured.seen
    assert len({id(state) for state in measured.states}) == len(measured.states)


# -- refusals and bad input ---------------------------------------------------------------------
@needs_openspiel
@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("openspiel-ismcts:nosuch=1", "has no option 'nosuch'"),
        ("openspiel-ismcts:sims=0", "sims must be between 1 and 100000, not 0"),
        ("openspiel-mcts:sims=many", "sims='many' is not a whole number"),
        ("openspiel-mcts:c=-1", "option c must be between 0.0 and 100.0"),
        ("openspiel-ismcts:rollouts=101", "rollouts must be between 1 and 100"),
    ],
)
def test_bad_peer_bot_options_are_one_line_errors(spec: str, message: str) -> None:
    """issue 17 item 2 (bad input): unknown options and bad values."""
    with pytest.raises(BotError, match=message) as error:
        make_agent(spec, make_game("requirements"))
    assert "\n" not in str(error.value)


@pytest.mark.parametrize("name", ["openspiel-ismcts", "openspiel-mcts"])
def test_a_peer_bot_without_the_rl_extra_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """issue 17 item 2 (bad input): without OpenSpiel, asking for a peer bot says which extra
    to install, and nothing is played."""
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # as if OpenSpiel were not installed
    monkeypatch.delitem(sys.modules, "gamenight.adapters.openspiel", raising=False)
    game = make_game("requirements")
    with pytest.raises(BotError) as error:
        make_agent(f"{name}:sims=5", game)
    assert str(error.value) == f"bot {name!r} needs OpenSpiel: pip install 'gamenight[rl]'"
    spec = SimulationSpec(game="requirements", num_players=2, games=1, bots=(name, "random"))
    with pytest.raises(BotError, match="needs OpenSpiel"):
        run_simulation(spec)


@pytest.mark.parametrize("spec", ["openspiel-mcts", "openspiel-mcts:sims=5", " OpenSpiel-MCTS "])
def test_an_omniscient_bot_is_never_seated_with_people(spec: str) -> None:
    """issue 17 item 2: the seat factory for tables refuses it with one line saying why,
    before building it (so even without the rl extra); the lists for people leave it out."""
    game = make_game("gtpag")
    with pytest.raises(BotError) as error:
        make_table_agent(spec, game)
    assert str(error.value) == (
        "bot 'openspiel-mcts' reads the true state of the match (omniscient): it plays in "
        "simulate and tournament only, never at a table with people"
    )
    assert "openspiel-mcts" not in bot_names(game)
    assert "openspiel-mcts" in bot_names(game, omniscient=True)
    assert "openspiel-ismcts" in bot_names(game)


def test_a_games_own_omniscient_bot_is_refused_at_tables_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """issue 17 item 2: the marker, not only the name, keeps a bot from people's tables."""
    game = make_game("gtpag")
    monkeypatch.setitem(GENERIC_BOTS, "seer", lambda game, options: Spy(game))
    with pytest.raises(BotError, match="'seer' reads the true state"):
        make_table_agent("seer", game)


# -- reports ------------------------------------------------------------------------------------
@needs_openspiel
def test_simulation_reports_mark_the_omniscient_bot() -> None:
    """issue 17 item 2: the summary (the JSON of simulate and tournament) lists it under
    ``omniscient`` and flags its rows; a fair bot's rows say false."""
    spec = SimulationSpec(
        game="gtpag", num_players=2, games=2, bots=("openspiel-mcts:sims=5", "random")
    )
    summary = run_simulation(spec).summary()
    assert summary["omniscient"] == ["openspiel-mcts:sims=5"]
    flags = {row["label"]: row["omniscient"] for row in summary["by_bot"]}
    assert flags == {"openspiel-mcts:sims=5": True, "random": False}
    assert all("omniscient" in row for row in summary["by_bot_uncapped"])
    fair = SimulationSpec(game="gtpag", num_players=2, games=1, bots=("random",))
    assert run_simulation(fair).summary()["omniscient"] == []
