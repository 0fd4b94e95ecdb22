"""Match: the gate between the world and the rules."""

from __future__ import annotations

import json

import pytest

from gamenight.core import (
    GameOverError,
    IllegalActionError,
    Match,
    MatchRecord,
    PlayerCountError,
    RecordError,
    UnknownGameError,
    WrongActorError,
)
from gamenight.core.registry import entry, make_game


def test_unknown_game_suggests_the_nearest_name() -> None:
    with pytest.raises(UnknownGameError, match="did you mean 'requirements'"):
        entry("requirement")
    with pytest.raises(UnknownGameError, match="games:"):
        entry("zzzz")


def test_aliases_and_case_do_not_matter() -> None:
    assert entry("A Game of Requirements").name == "requirements"
    assert entry("AGOR").name == "requirements"


def test_player_count_is_checked() -> None:
    with pytest.raises(PlayerCountError, match="not 5"):
        Match(make_game("requirements"), 5, 0)


def test_errors_leave_state_and_record_untouched() -> None:
    match = Match.new("requirements", 2, 4)
    actor = match.to_act()[0]
    other = 1 - actor
    before = json.dumps(match.state.to_dict(), sort_keys=True)
    with pytest.raises(WrongActorError, match=f"seat {other} cannot act now"):
        match.apply(other, str(match.legal_actions(actor)[0]))
    with pytest.raises(WrongActorError, match="there is no seat 7"):
        match.apply(7, "decline")
    with pytest.raises(WrongActorError, match="a seat is a number"):
        match.apply("0", "decline")  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="not an action"):
        match.apply(actor, "fly away")
    assert json.dumps(match.state.to_dict(), sort_keys=True) == before
    assert match.record.actions == []


def test_apply_accepts_actions_or_their_notation() -> None:
    match = Match.new("requirements", 2, 4)
    actor = match.to_act()[0]
    first = match.legal_actions(actor)[0]
    assert match.apply(actor, f"  {first}  ") == first
    assert match.record.actions == [(actor, str(first))]


def test_after_the_end_nothing_is_accepted() -> None:
    match = Match.new("requirements", 2, 1)
    while not match.is_over():
        seat = match.to_act()[0]
        match.apply(seat, match.legal_actions(seat)[0])
    with pytest.raises(GameOverError, match="the match is over"):
        match.apply(0, "decline")
    assert match.record.outcome == match.outcome.to_dict()  # type: ignore[union-attr]


def test_replay_checks_the_recorded_outcome() -> None:
    match = Match.new("requirements", 2, 1)
    while not match.is_over():
        seat = match.to_act()[0]
        match.apply(seat, match.legal_actions(seat)[-1])
    data = match.record.to_dict()
    data["outcome"]["winners"] = [9]
    with pytest.raises(RecordError, match="record claims outcome"):
        Match.from_record(MatchRecord.from_dict(data))
    truncated = match.record.to_dict()
    truncated["actions"] = truncated["actions"][:3]
    with pytest.raises(RecordError, match="not over"):
        Match.from_record(MatchRecord.from_dict(truncated))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "must be a JSON object"),
        ({"format": 9}, "unsupported record format"),
        ({"game": "requirements", "version": "1", "players": "two", "seed": 1}, "'players'"),
        (
            {"game": "requirements", "version": "1", "players": 2, "seed": 1, "actions": [[0]]},
            "step 1 must be",
        ),
        (
            {"game": "requirements", "version": "1", "players": 2, "seed": 1, "params": {"x": 1}},
            "unknown parameter 'x'",
        ),
        ({"game": "requirements", "version": "1", "players": 3, "seed": 1}, "not 3"),
    ],
)
def test_bad_records_are_refused_with_the_reason(data: object, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        Match.from_record(MatchRecord.from_dict(data))
