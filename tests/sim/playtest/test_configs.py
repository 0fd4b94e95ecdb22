"""issue 15 item 1: configurations (variants x sweeps), common random numbers, bad input."""

from __future__ import annotations

import pytest

from gamenight.core.errors import GamenightError, InvalidParamsError
from gamenight.sim.playtest.configs import (
    Configuration,
    Lineup,
    PlaytestSpec,
    configurations,
    validate,
)


def test_variants_and_sweeps_make_a_grid_with_fixed_params_everywhere() -> None:
    found = configurations(
        "requirements",
        ["base", "no-doubles"],
        ["failure_limit=3,5", "matching_substitute=2"],
    )
    assert [c.label for c in found] == [
        "base, failure_limit=3",
        "base, failure_limit=5",
        "no-doubles, failure_limit=3",
        "no-doubles, failure_limit=5",
    ]
    assert [c.variant for c in found] == [None, None, "no-doubles", "no-doubles"]
    assert all(c.params["matching_substitute"] == 2 for c in found)
    assert [c.params["failure_limit"] for c in found] == [3, 5, 3, 5]


def test_two_sweeps_make_every_pair() -> None:
    found = configurations("requirements", [], ["failure_limit=3,5,7", "matching_substitute=1,2"])
    assert len(found) == 6
    assert found[0].label == "failure_limit=3, matching_substitute=1"
    assert found[-1].label == "failure_limit=7, matching_substitute=2"


def test_no_variant_and_no_sweep_is_the_published_rules() -> None:
    assert configurations("requirements", [], []) == (Configuration("base", None, {}),)


def test_a_json_list_value_is_one_value_not_a_sweep() -> None:
    found = configurations("requirements", [], ['traits=["Moxie","Spunk","Cheek","Gumption"]'])
    assert len(found) == 1
    assert tuple(found[0].params["traits"]) == ("Moxie", "Spunk", "Cheek", "Gumption")


@pytest.mark.parametrize(
    ("variants", "assignments", "message"),
    [
        ([], ["failure_limit=3,,5"], "has an empty value"),
        ([], ["failure_limit=3,3"], "names a value twice"),
        ([], ["failure_limit=3,5", "failure_limit=7"], "set or swept once"),
        (["no-doubles", "no-doubles"], [], "named twice"),
        (["nope"], [], "no variant 'nope'"),
        ([], ["failure_limit=0,5"], "failure_limit"),
        ([], ["no_such_rule=1,2"], "no_such_rule"),
    ],
)
def test_bad_configurations_name_the_problem(
    variants: list[str], assignments: list[str], message: str
) -> None:
    with pytest.raises(InvalidParamsError, match=message):
        configurations("requirements", variants, assignments)


def test_every_configuration_plays_the_same_deals_in_the_same_seats() -> None:
    configs = configurations("requirements", ["base", "long"], [])
    spec = PlaytestSpec("requirements", 2, 10, ("heuristic", "random"), configs, seed=7)
    main = [series for series in spec.series() if series.kind == "main"]
    assert [series.config for series in main] == [0, 1]
    assert main[0].lineup == main[1].lineup
    # the deal depends on the run's seed and the match only
    other = PlaytestSpec("requirements", 2, 10, ("random",), configs[:1], seed=7)
    assert [spec.seed_for(i) for i in range(5)] == [other.seed_for(i) for i in range(5)]
    assert len({spec.seed_for(i) for i in range(100)}) == 100


def test_rotation_puts_every_bot_in_every_seat() -> None:
    lineup = Lineup(("a", "b", "b"))
    assert [lineup.seat_bots(i) for i in range(4)] == [
        ("a", "b", "b"),
        ("b", "a", "b"),
        ("b", "b", "a"),
        ("a", "b", "b"),
    ]


def test_the_ladder_puts_each_rung_against_the_one_below() -> None:
    configs = configurations("gnome", [], [])
    spec = PlaytestSpec(
        "gnome", 3, 10, ("random",), configs, ladder=("random", "heuristic", "ismcts"),
        ladder_games=6,
    )
    rungs = [series for series in spec.series() if series.kind == "ladder"]
    assert [(s.rung, s.lineup.bots, s.games) for s in rungs] == [
        (1, ("heuristic", "random", "random"), 6),
        (2, ("ismcts", "heuristic", "heuristic"), 6),
    ]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"games": 0}, "at least 1"),
        ({"bots": ()}, "at least one bot"),
        ({"bots": ("random", "random", "random")}, "3 bots named for 2 seats"),
        ({"bots": ("nobody",)}, "unknown bot 'nobody'"),
        ({"num_players": 5}, "2 players"),
        ({"ladder": ("random",), "ladder_games": 5}, "at least two rungs"),
        ({"ladder": ("random", "heuristic"), "ladder_games": 0}, "1 game per rung"),
    ],
)
def test_bad_specs_fail_before_any_match(change: dict[str, object], message: str) -> None:
    base = {
        "game": "requirements", "num_players": 2, "games": 10, "bots": ("random",),
        "configs": configurations("requirements", [], []),
    }
    spec = PlaytestSpec(**{**base, **change})  # type: ignore[arg-type]
    with pytest.raises(GamenightError, match=message):
        validate(spec)
