"""Issue 17 item 2: an omniscient bot blind to the simultaneous step it chooses in
(``openspiel-mcts:simultaneous=blind``; ``core.agent.StepStart``).

A simultaneous step is played one seat after another, so the true state a later seat is
asked in holds the earlier seats' face-down choices. A blind omniscient bot is handed the
state as the step began instead: every hidden card, no choice of the same step."""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Sequence
from typing import Any, ClassVar

import pytest

from gamenight.bots.factory import make_agent
from gamenight.core.agent import StepStart, seer_state, step_tracker
from gamenight.core.errors import BotError
from gamenight.core.game import AnyGame, View
from gamenight.core.registry import make_game
from gamenight.core.rng import Rng
from gamenight.sim.playtest.measure import ComponentTally, play_measured
from gamenight.sim.runner import play_match

needs_openspiel = pytest.mark.skipif(
    importlib.util.find_spec("pyspiel") is None, reason="the peer bots need the rl extra"
)


def fingerprint(state: Any) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


def teamwork_step(players: int, seed: int) -> tuple[AnyGame, Any]:
    """G.Nome at its first Teamwork step (R7: every seat chooses a card face down)."""
    game = make_game("gnome")
    state = game.new_state(players, seed)
    rng = Rng(seed)
    while len(game.to_act(state)) < players:
        seat = game.to_act(state)[0]
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return game, state


class BlindSpy:
    """An omniscient bot that records the state it is handed; ``blind_to_step`` as asked."""

    name = "blind-spy"
    needs_view: ClassVar[bool] = False
    omniscient: ClassVar[bool] = True

    def __init__(self, blind: bool) -> None:
        self.blind_to_step = blind
        self.handed: list[tuple[int, str, tuple[int, ...]]] = []

    def act(self, view: View, legal_actions: Sequence[Any], rng: Rng) -> Any:
        raise AssertionError("an omniscient bot is handed the state, never asked with a view")

    def act_on_state(
        self, game: AnyGame, state: Any, seat: int, legal_actions: Sequence[Any], rng: Rng
    ) -> Any:
        self.handed.append((seat, fingerprint(state), tuple(game.to_act(state))))
        return legal_actions[rng.randbelow(len(legal_actions))]


def test_a_blind_bot_is_handed_the_state_as_the_teamwork_step_began() -> None:
    """R7, R8 (G.Nome): after seats 0 and 1 have chosen their Teamwork cards face down, seat 2
    asked blind gets the state from before either choice; asked seeing, the true state."""
    game, start = teamwork_step(3, 11)
    steps = StepStart()
    state = start.clone()
    for seat in (0, 1):
        actors = game.to_act(state)
        assert actors[0] == seat
        steps.before(state, actors)
        game.apply(state, seat, game.legal_actions(state, seat)[-1])
        steps.after(actors, seat)
    actors = game.to_act(state)
    assert actors == (2,)
    steps.before(state, actors)
    legal = game.legal_actions(state, 2)
    blind = seer_state(BlindSpy(True), steps, game, state, 2, legal)
    seeing = seer_state(BlindSpy(False), steps, game, state, 2, legal)
    assert fingerprint(blind) == fingerprint(start) != fingerprint(state)
    assert fingerprint(seeing) == fingerprint(state)
    assert blind is not steps.start
    assert seeing is not state


def test_a_decision_outside_a_simultaneous_step_gets_the_true_state() -> None:
    """A single seat to act (a Research card pick, R12) starts no step: the blind bot reads the
    true state, as a seeing one does."""
    game = make_game("gnome")
    state = game.new_state(3, 5)
    rng = Rng(5)
    steps = StepStart()
    singles = 0
    while game.to_act(state) and singles < 5:
        actors = game.to_act(state)
        seat = actors[0]
        legal = game.legal_actions(state, seat)
        steps.before(state, actors)
        if len(actors) == 1 and steps.waiting == ():
            singles += 1
            assert fingerprint(seer_state(BlindSpy(True), steps, game, state, seat, legal)) == (
                fingerprint(state)
            )
        game.apply(state, seat, rng.choice(legal))
        steps.after(actors, seat)
    assert singles == 5


def test_a_step_is_only_tracked_for_a_blind_bot() -> None:
    """No blind bot at the table: the loops keep no copies at all."""
    assert step_tracker([None, BlindSpy(False)]) is None
    assert isinstance(step_tracker([BlindSpy(True), None]), StepStart)


def test_the_match_loops_hand_a_blind_bot_each_step_as_it_began() -> None:
    """Through both bots' match loops, 3-player G.Nome with the blind bot in the last seat:
    every state it is handed is the state as its step began (rebuilt here from the record),
    so at every Teamwork step it still sees all three seats to choose."""
    game = make_game("gnome")

    def lineup(spy: BlindSpy) -> list[Any]:
        return [make_agent("random", game), make_agent("random", game), spy]

    spy = BlindSpy(True)
    result = play_match(game, 3, 21, lineup(spy), keep_record=True)
    assert result.record is not None
    replay = game.new_state(3, 21)
    step_start = None
    waiting: tuple[int, ...] = ()
    expected = []
    for seat, text in result.record.actions:
        actors = game.to_act(replay)
        if actors != waiting:
            step_start = fingerprint(replay) if len(actors) > 1 else None
        if seat == 2:
            expected.append(step_start or fingerprint(replay))
        game.apply(replay, seat, game.parse_action(text))
        waiting = tuple(s for s in actors if s != seat)
    assert [seen for _, seen, _ in spy.handed] == expected
    teamwork = [actors for _, _, actors in spy.handed if len(actors) > 1]
    assert teamwork
    assert all(actors == (0, 1, 2) for actors in teamwork)
    # the lab's loop: the same seeds, the same bots, so the same states handed over
    measured = BlindSpy(True)
    play_measured(game, 3, 21, 0, lineup(measured), ComponentTally())
    assert measured.handed == spy.handed


@needs_openspiel
def test_the_mcts_peer_takes_the_simultaneous_option() -> None:
    """issue 17 item 2: ``simultaneous=blind`` makes the omniscient peer blind to the step;
    the default sees it."""
    game = make_game("gnome")
    assert make_agent("openspiel-mcts:sims=5,simultaneous=blind", game).blind_to_step
    assert not make_agent("openspiel-mcts:sims=5", game).blind_to_step
    assert not make_agent("openspiel-mcts:sims=5,simultaneous=sees", game).blind_to_step


@needs_openspiel
def test_a_blind_peer_plays_a_whole_match_reproducibly() -> None:
    """The blind peer plays G.Nome at 3 players to the end; the same seed, the same match."""
    game = make_game("gnome")

    def once() -> list[tuple[int, str]]:
        agents = [make_agent("openspiel-mcts:sims=5,simultaneous=blind", game)] + [
            make_agent("random", game) for _ in range(2)
        ]
        result = play_match(game, 3, 8, agents, keep_record=True)
        assert result.record is not None
        return result.record.actions

    assert once() == once()


@needs_openspiel
@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("openspiel-mcts:simultaneous=maybe", "simultaneous must be sees or blind, not 'maybe'"),
        ("openspiel-ismcts:simultaneous=blind", "has no option 'simultaneous'"),
    ],
)
def test_bad_simultaneous_options_are_one_line_errors(spec: str, message: str) -> None:
    """issue 17 (bad input): a bad value, and the option on the bot that sees no state."""
    with pytest.raises(BotError, match=message) as error:
        make_agent(spec, make_game("gnome"))
    assert "\n" not in str(error.value)
