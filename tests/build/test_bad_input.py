"""issue 16 item 6 (bad input): the compiled build gives the pure build's one-line errors.

A wrongly typed argument reaching a compiled function would raise TypeError from the
compiler's argument checks before gamenight's own; every entry point for untrusted input must
answer with a GamenightError instead, in both builds (CI's compiled job runs this file too).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gamenight.core import GamenightError, Match, WrongActorError


def bad_calls(match: Match) -> list[tuple[Callable[[], Any], str]]:
    seat_calls: list[tuple[Callable[[], Any], str]] = []
    for seat in ("0", 0.0, None, [0], b"0"):
        text = f"a seat is a number, not {seat!r}"
        seat_calls += [
            (lambda seat=seat: match.apply(seat, "x"), text),
            (lambda seat=seat: match.check(seat, "x"), text),
            (lambda seat=seat: match.legal_actions(seat), text),
        ]
    seat_calls.append((lambda: match.view("0"), "a seat is a number, not '0'"))
    seat_calls.append((lambda: match.log(1.5), "a seat is a number, not 1.5"))
    return seat_calls


@pytest.mark.parametrize("game", ["requirements", "gnome", "pgdk", "gtpag"])
def test_issue16_item6_wrongly_typed_seats_get_the_one_line_error(game: str) -> None:
    """issue 16 item 6: a seat of the wrong type is a WrongActorError, never a TypeError."""
    match = Match.new(game, 3 if game != "requirements" else 2, 7)
    before = match.record.to_dict()
    for call, message in bad_calls(match):
        with pytest.raises(WrongActorError) as raised:
            call()
        assert str(raised.value) == message
    assert match.record.to_dict() == before


@pytest.mark.parametrize("action", [None, 3, 2.5, ["x"], {"a": 1}, object()])
def test_issue16_item6_wrongly_typed_actions_are_gamenight_errors(action: object) -> None:
    """issue 16 item 6: an action of the wrong type is refused with a GamenightError."""
    match = Match.new("gnome", 3, 7)
    seat = match.to_act()[0]
    before = match.record.to_dict()
    with pytest.raises(GamenightError) as raised:
        match.apply(seat, action)  # type: ignore[arg-type]
    assert "\n" not in str(raised.value)
    assert "is not an action of G.Nome" in str(raised.value)
    assert match.record.to_dict() == before
