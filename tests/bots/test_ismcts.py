"""ISMCTS: finds obvious wins, sees only views, reproducible, clear about bad options."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from gamenight.bots import make_agent
from gamenight.bots.ismcts import ISMCTSAgent
from gamenight.core import BotError, Match, Rng
from gamenight.core.registry import make_game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "games" / "requirements"))
from requirements_positions import GAME, act, build


def decide(agent: ISMCTSAgent, state: object, seed: int = 0) -> str:
    seat = GAME.to_act(state)[0]  # type: ignore[arg-type]
    view = GAME.view(state, seat)  # type: ignore[arg-type]
    return str(agent.act(view, GAME.legal_actions(state, seat), Rng(seed)))  # type: ignore[arg-type]


def last_round(**kwargs: object) -> object:
    """The last tile of the stack is up: whoever wins it decides the game."""
    return build(stack_left=0, **kwargs)  # type: ignore[arg-type]


def test_requirements_challenges_a_claim_it_knows_is_false() -> None:
    # seat 0 holds the one exact Moxie/Spunk coin and has seen it: seat 1's claim is a lie
    state = last_round(
        requirement="Moxie/Spunk",
        first=1,
        reserves=(["Spunk/Moxie"], []),
        accomplishments=([(["Moxie/Moxie"], ["Guts/Guts"])], [(["Moxie/Guts"], ["Cheek/Cheek"])]),
    )
    state.seen[0] |= 1 << state.reserve[0][0]
    act(state, "bid pool Moxie", "claim")
    assert decide(ISMCTSAgent(GAME, iterations=200), state) == "challenge"


def test_requirements_proves_a_true_claim_that_decides_the_game() -> None:
    state = last_round(
        requirement="Moxie/Spunk",
        first=0,
        pool_top=["Moxie/Spunk"],
        accomplishments=([(["Moxie/Moxie"], ["Guts/Guts"])], [(["Moxie/Guts"], ["Cheek/Cheek"])]),
    )
    act(state, "bid pool Moxie", "claim", "challenge")
    assert decide(ISMCTSAgent(GAME, iterations=200), state) == "prove"


def test_requirements_meets_the_requirement_that_wins_the_game() -> None:
    # meeting grows seat 0's accomplishment (score 1 -> 2) and ends the game ahead
    state = last_round(
        requirement="Moxie/Spunk",
        first=0,
        reserves=(["Moxie/Cheek", "Spunk/Focus"], []),
        accomplishments=([(["Moxie/Moxie"], ["Guts/Guts"])], [(["Verve/Guts"], ["Cheek/Cheek"])]),
    )
    assert decide(ISMCTSAgent(GAME, iterations=200), state) == "pay r1"


@pytest.mark.parametrize("spec", ["ismcts:split=off", "ismcts:split=view", "ismcts:split=all"])
def test_it_never_reads_hidden_state(spec: str) -> None:
    """Two states that look alike to the bot get the same answer: it only has the view (and,
    with ``split``, the views of the worlds it samples from it)."""
    match = Match(GAME, 2, 21)
    rng = Rng(1)
    for _ in range(12):
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        match.apply(seat, legal[rng.randbelow(len(legal))])
    seat = match.to_act()[0]
    view = match.view(seat)
    other = GAME.determinize(json.loads(json.dumps(view)), seat, Rng(99))
    assert GAME.hidden(other, seat) != GAME.hidden(match.state, seat)
    assert GAME.view(other, seat) == view
    agent = make_agent(f"{spec},iters=60", GAME)
    first = agent.act(view, match.legal_actions(seat), Rng(5))
    second = agent.act(GAME.view(other, seat), GAME.legal_actions(other, seat), Rng(5))
    assert first == second


def test_fixed_budget_and_seed_reproduce_the_same_decision() -> None:
    match = Match(GAME, 2, 8)
    seat = match.to_act()[0]
    agent = make_agent("ismcts:iters=80", GAME)
    answers = {
        str(agent.act(match.view(seat), match.legal_actions(seat), Rng(3))) for _ in range(3)
    }
    assert len(answers) == 1


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:iters=0", "iters must be at least 1"),
        ("ismcts:iters=many", "is not a number"),
        ("ismcts:rollout=smart", "rollout must be playout, random or heuristic"),
        ("ismcts:reward=money", "reward must be mixed or win"),
        ("ismcts:depth=3", "has no option 'depth'"),
        ("ismcts:time=0", "time must be positive"),
        ("ismcts:c=-1", "c must not be negative"),
    ],
)
def test_bad_options_name_the_bot(spec: str, message: str) -> None:
    with pytest.raises(BotError, match=message):
        make_agent(spec, make_game("requirements"))


def test_heuristic_rollouts_and_time_budget_work() -> None:
    match = Match(GAME, 2, 2)
    seat = match.to_act()[0]
    timed = make_agent("ismcts:time=0.05,rollout=heuristic", GAME)
    action = timed.act(match.view(seat), match.legal_actions(seat), Rng(0))
    assert action in match.legal_actions(seat)
    assert timed.last_iterations >= 1  # type: ignore[attr-defined]


def test_a_playout_policy_may_cut_playouts_short_with_an_evaluation() -> None:
    """With depth 0 the search never plays a move in a playout; it asks evaluate() instead."""
    from gamenight.core.registry import PlayoutPolicy

    class Oracle(PlayoutPolicy):
        evaluated = 0

        def __init__(self) -> None:
            # In __init__, not as a class attribute: compiled, ``depth`` is an instance
            # attribute that a class attribute of an interpreted subclass does not reach
            # (docs/speed.md).
            self.depth = 0

        def choose(self, state: object, seat: int, legal: object, rng: Rng) -> object:
            raise AssertionError("no playout move with depth 0")

        def evaluate(self, state: object) -> tuple[list[float], list[float]]:
            Oracle.evaluated += 1
            return [0.5, 0.5], [1.0, 1.0]

    match = Match(GAME, 2, 8)
    seat = match.to_act()[0]
    agent = ISMCTSAgent(GAME, iterations=40, rollout=Oracle())
    assert agent.act(match.view(seat), match.legal_actions(seat), Rng(0)) in match.legal_actions(
        seat
    )
    assert Oracle.evaluated == 40
