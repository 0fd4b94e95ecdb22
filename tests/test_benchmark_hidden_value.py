"""benchmarks/hidden_value.py: the oracle's worlds, the model's gain, and a short run."""

from __future__ import annotations

import json
import math
import sys
from types import ModuleType
from typing import Any

import pytest

from gamenight.core.errors import GamenightError
from gamenight.core.registry import make_game
from gamenight.core.rng import Rng
from test_benchmarks import ROOT, has_openspiel, run


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import hidden_value  # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    return hidden_value


def test_each_arm_draws_the_worlds_it_names(bench: ModuleType) -> None:
    game = make_game("gtpag")
    truth = game.new_state(2, 11)
    view = game.view(truth, 0)
    rng = Rng(5)
    whole = bench.oracle_world(game, truth, view, 0, rng, bench.Arm("true"))
    assert whole is not truth  # a copy: the search changes it
    assert whole.to_dict() == truth.to_dict()
    other_prefs = set()
    for _ in range(20):
        but_prefs = bench.oracle_world(game, truth, view, 0, rng, bench.Arm("true", "prefs"))
        assert but_prefs.kinds == truth.kinds
        assert but_prefs.hand == truth.hand
        assert but_prefs.prefs[0] == truth.prefs[0]  # the seat's own preferences it knows
        other_prefs.add(but_prefs.prefs[1])
        only_prefs = bench.oracle_world(game, truth, view, 0, rng, bench.Arm("drawn", "prefs"))
        assert only_prefs.prefs == truth.prefs
    assert len(other_prefs) > 1  # the opponent's drawn, not copied from the truth
    assert [arm.label for arm in bench.arms_for(["prefs"])] == [
        "drawn",
        "true",
        "true but prefs drawn",
        "drawn but prefs true",
    ]


def test_the_gain_is_zero_for_a_uniform_model_and_log_k_for_a_sure_one(bench: ModuleType) -> None:
    # 3 of 6 legal actions show the same public face
    uniform = [(1 / 6, 3 / 6, 3, 6)] * 4
    assert bench.softened_gain(uniform, 0.1) == pytest.approx(0.0)
    sure = [(1.0, 1.0, 3, 6)]
    assert bench.softened_gain(sure, 0.0) == pytest.approx(math.log(3))
    wrong = [(0.0, 1.0, 3, 6)]  # always another action of the same face
    assert bench.softened_gain(wrong, 0.1) == pytest.approx(math.log(0.1 / 6 / (0.9 + 0.05) * 3))
    assert bench.softened_gain(wrong, 0.1) < 0.0


def only_one_nomination_can_win() -> tuple[Any, Any, int, list[Any]]:
    """A 2-player position where the seat to act must nominate title 2: the game, the state,
    the seat and its legal actions. Passing lets title 0 win at once (D4); nominating 1 or 3
    can only lose or share nothing."""
    game = make_game("gtpag")
    state = game.new_state(2, 1)
    first = state.actor
    other = 1 - first
    # the first seat's favourite is title 0, the other's title 2 (C6, set by hand)
    prefs = [(4.0, 3.0, 2.0, 1.0), (4.0, 3.0, 2.0, 1.0)]
    prefs[other] = (1.0, 2.0, 4.0, 3.0)
    state.prefs = tuple(prefs)
    legal = game.legal_actions(state, first)
    game.apply(state, first, next(a for a in legal if str(a) == f"nominate {game.titles[0]}"))
    return game, state, other, game.legal_actions(state, other)


def test_the_look_ahead_model_finds_the_only_nomination_that_can_win(bench: ModuleType) -> None:
    game, state, seat, legal = only_one_nomination_can_win()
    choice = bench.named_model(game, "lookahead:8").choose(state, seat, legal, Rng(3))
    assert str(choice) == f"nominate {game.titles[2]}"


@pytest.mark.skipif(not has_openspiel(), reason="needs the rl extra (OpenSpiel)")
def test_the_omniscient_bot_as_a_model_finds_the_only_nomination_that_can_win(
    bench: ModuleType,
) -> None:
    game, state, seat, legal = only_one_nomination_can_win()
    before = state.to_dict()
    model = bench.named_model(game, "openspiel-mcts:sims=200")
    assert isinstance(model, bench.OmniscientModel)
    choice = model.choose(state, seat, legal, Rng(3))
    assert str(choice) == f"nominate {game.titles[2]}"
    assert state.to_dict() == before  # it searched a copy
    with pytest.raises(GamenightError, match="blind to the step"):
        bench.named_model(game, "openspiel-mcts:simultaneous=blind")


@pytest.mark.skipif(not has_openspiel(), reason="needs the rl extra (OpenSpiel)")
def test_a_short_run_reports_every_arm_and_the_model_fit() -> None:
    result = run(
        "benchmarks/hidden_value.py",
        "--deals",
        "2",
        "--fields",
        "prefs",
        "--ours",
        "ismcts:iters=10",
        "--opponent",
        "openspiel-mcts:sims=10",
        "--draws",
        "4",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    arms = report["arms"]
    assert [arm["arm"] for arm in arms] == [
        "drawn",
        "true",
        "true but prefs drawn",
        "drawn but prefs true",
    ]
    for arm in arms:
        assert arm["matches"] == 4
        assert 0.0 <= arm["win_share"] <= arm["win_rate"] <= 1.0
        assert arm["share_low"] <= arm["win_share"] <= arm["share_high"]
    fit = report["model_fit"]
    assert fit["model"] == "playout"
    assert fit["choices"] > 0  # face-down bids of the omniscient bot
    assert 0.0 <= fit["names_the_action"] <= fit["names_its_face"] <= 1.0
    assert fit["gain_by_eps"]["0.7"] <= fit["most_possible_gain"]


def test_bad_input_is_one_line_and_exit_2() -> None:
    for args, message in (
        (("--game", "chess"), "chess"),
        (("--fields", "colour", "--deals", "1"), "no field 'colour'"),
        (("--model", "oracle"), "unknown model 'oracle'"),
        (("--ours", "random", "--opponent", "random"), "must differ"),
        (("--model", "lookahead:0"), "positive number of playouts"),
        (("--model", "openspiel-ismcts:sims=10"), "unknown model 'openspiel-ismcts:sims=10'"),
    ):
        refused = run("benchmarks/hidden_value.py", *args)
        assert refused.returncode == 2, refused.stderr
        line = refused.stderr.strip()
        assert line.startswith("error: ")
        assert message in line
        assert "\n" not in line
