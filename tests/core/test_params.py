"""Params: typed, validated, JSON round-trip, overrides from the command line."""

from __future__ import annotations

import dataclasses

import pytest

from gamenight.core.errors import InvalidParamsError
from gamenight.core.params import Params, parse_assignment


@dataclasses.dataclass(frozen=True)
class Sample(Params):
    rounds: int = 8
    ratio: float = 0.5
    fast: bool = False
    name: str = "base"
    deck: tuple[int, ...] = (1, 2, 3)
    table: tuple[tuple[str, int], ...] = (("a", 1),)
    seat: int | None = None

    def validate(self) -> None:
        if self.rounds < 1:
            raise InvalidParamsError("rounds must be at least 1")


def test_round_trip_through_json_form() -> None:
    params = Sample(rounds=3, deck=(4, 5), table=(("b", 2),), seat=1)
    assert Sample.from_dict(params.to_dict()) == params
    assert params.changed() == {"rounds": 3, "deck": [4, 5], "table": [["b", 2]], "seat": 1}


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"roundz": 2}, "unknown parameter 'roundz'"),
        ({"rounds": "2"}, "needs a whole number"),
        ({"rounds": True}, "needs a whole number"),
        ({"rounds": 0}, "rounds must be at least 1"),
        ({"deck": 3}, "needs a list"),
        ({"deck": [1, "x"]}, "needs a whole number"),
        ({"table": [["b"]]}, "needs 2 values"),
        ({"seat": "left"}, "is not a whole number or null"),
    ],
)
def test_bad_values_are_refused_with_the_name(overrides: dict, message: str) -> None:
    with pytest.raises(InvalidParamsError, match=message):
        Sample().with_overrides(overrides)


def test_command_line_assignments() -> None:
    assert parse_assignment("rounds=5") == ("rounds", 5)
    assert parse_assignment("name=blue") == ("name", "blue")
    assert parse_assignment("deck=[1,2]") == ("deck", [1, 2])
    assert parse_assignment("first-player=null") == ("first_player", None)
    assert Sample().with_overrides({"fast": "yes", "ratio": 1}) == Sample(fast=True, ratio=1.0)
    with pytest.raises(InvalidParamsError, match="expected key=value"):
        parse_assignment("rounds")


def test_describe_lists_every_field() -> None:
    assert [name for name, _, _ in Sample.describe()] == [
        "rounds",
        "ratio",
        "fast",
        "name",
        "deck",
        "table",
        "seat",
    ]


def test_issue11_item8_a_number_too_long_to_read_is_one_line() -> None:
    """issue 11 item 8: ``--param max_actions=<5,000 digits>`` was a ValueError from json."""
    with pytest.raises(InvalidParamsError, match="'rounds': a number of more than 4300 digits"):
        parse_assignment("rounds=" + "9" * 5000)


def test_issue11_item8_a_value_nested_too_deeply_is_one_line() -> None:
    """issue 11 item 8: deeply nested JSON in a --param was a RecursionError."""
    with pytest.raises(InvalidParamsError, match="'deck': the value nests too deeply"):
        parse_assignment("deck=" + "[" * 100_000 + "]" * 100_000)


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"rounds": 10**12}, "'rounds' must be a finite number no larger than 1,000,000,000"),
        ({"rounds": -(10**12)}, "'rounds' must be a finite number no larger than"),
        ({"rounds": 10**5000}, "'rounds' must be a finite number no larger than"),
        ({"ratio": float("inf")}, "'ratio' must be a finite number"),
        ({"ratio": float("nan")}, "'ratio' must be a finite number"),
        ({"deck": [1, 10**10]}, "'deck' must be a finite number"),
    ],
)
def test_issue11_item8_absurd_numbers_are_refused(overrides: dict, message: str) -> None:
    """issue 11 item 8: counts such as max_actions are bounded to what a table could use."""
    with pytest.raises(InvalidParamsError, match=message):
        Sample().with_overrides(overrides)
    assert Sample().with_overrides({"rounds": 10**9}).rounds == 10**9


def test_issue11_item8_messages_about_huge_or_deep_values_stay_short() -> None:
    """issue 11 item 8: the refused value is shown briefly, never printed whole."""
    deep: object = 0
    for _ in range(50_000):
        deep = [deep]
    for value in (deep, "x" * 100_000, ["x"] * 100_000):
        with pytest.raises(InvalidParamsError) as caught:
            Sample().with_overrides({"rounds": value})
        assert len(str(caught.value)) < 200
        assert "\n" not in str(caught.value)
