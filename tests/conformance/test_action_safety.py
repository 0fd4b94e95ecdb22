"""Actions that are not what they seem, and lists a caller may change (issue 11, items 5-7).

For every registered game and player count:
- item 5: a value equal to a legal action but with other fields (a float index, another
  ``text``) applies and records the game's own instance; state and record match a twin match
  fed the genuine actions;
- item 6: values that are not the game's actions (None, numbers, containers, another game's
  actions, forged actions) are refused with an IllegalActionError and change nothing;
- item 7: changing a list returned by ``legal_actions`` affects neither later calls nor later
  matches on the same game object.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Hashable
from typing import Any

import pytest

import gamenight
from gamenight.core import IllegalActionError, Match, Rng, derive_seed
from gamenight.core.game import AnyGame
from gamenight.core.registry import entries, make_game

CASES = [
    (entry.name, players) for entry in entries() for players in entry.game_class.spec.player_counts
]
CASE_IDS = [f"{name}-{players}p" for name, players in CASES]
SEEDS = range(3)


def snapshot(match: Match) -> str:
    return json.dumps(match.state.to_dict(), sort_keys=True)


def texts(actions: list[Any]) -> list[str]:
    return [str(action) for action in actions]


COMPILED = gamenight.build().compiled


def pick(rng: Rng, items: list[Any]) -> Any:
    return items[rng.randbelow(len(items))]


# -- item 5: equal values with other fields ---------------------------------------------------
def forgeries(action: Any, legal: list[Any]) -> list[Any]:
    """Values equal to ``action`` that differ from it: each int field as a float, other text.

    Compiled (docs/speed.md), an action class checks its fields' types when built, so the
    forgeries it refuses to build cannot reach a match at all; the rest are tried.
    """
    assert dataclasses.is_dataclass(action), "the forgeries below need dataclass actions"
    forged = []
    for field in dataclasses.fields(action):
        value = getattr(action, field.name)
        if isinstance(value, int) and not isinstance(value, bool):
            forged.append(_forge(dataclasses.replace, action, **{field.name: float(value)}))
        elif isinstance(value, str):
            others = [str(a) for a in legal if str(a) != str(action)]
            for text in [*others[:1], "decline", "pass", ""]:
                forged.append(_forge(dataclasses.replace, action, **{field.name: text}))
    mixed = {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}
    for name, value in mixed.items():
        if isinstance(value, int) and not isinstance(value, bool):
            mixed[name] = float(value)
        elif isinstance(value, str):
            mixed[name] = "forged"
    forged.append(_forge(type(action), **mixed))
    return [f for f in forged if f is not None and f == action]


def _forge(build: Any, *args: Any, **fields: Any) -> Any:
    """``build(*args, **fields)``, or None where a compiled action class refuses the types."""
    try:
        return build(*args, **fields)
    except TypeError:
        if not COMPILED:
            raise
        return None


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
def test_issue11_item5_equal_values_apply_and_record_the_games_own_action(
    name: str, players: int
) -> None:
    """issue 11 item 5: a forged equal value applies the legal instance and records its text."""
    for seed in SEEDS:
        rng = Rng(derive_seed(seed, 5))
        forged_match = Match.new(name, players, seed)
        twin = Match.new(name, players, seed)
        tried = 0
        while not twin.is_over():
            seat = pick(rng, list(twin.to_act()))
            legal = twin.legal_actions(seat)
            genuine = pick(rng, legal)
            candidates = forgeries(genuine, legal)
            forged = candidates[tried % len(candidates)]
            tried += 1
            own = forged_match.legal_actions(seat)
            applied = forged_match.apply(seat, forged)
            twin.apply(seat, genuine)
            assert any(applied is a for a in own), "the match applied the caller's object"
            assert str(applied) == str(genuine)
            assert forged_match.record.actions[-1] == (seat, str(genuine))
            assert snapshot(forged_match) == snapshot(twin)
        assert tried > 0
        assert forged_match.record.to_dict() == twin.record.to_dict()
        replayed = Match.from_record(forged_match.record)
        assert snapshot(replayed) == snapshot(twin)


# -- item 6: values that are not the game's actions -------------------------------------------
def foreign_values(name: str) -> list[Any]:
    """Values of every kind but the game's own, including other games' real actions."""
    values: list[Any] = [
        None,
        0,
        1,
        -1,
        2**70,
        1.5,
        float("nan"),
        True,
        b"pass",
        [],
        [0],
        [[0, 1]],
        (),
        (0, 1),
        {},
        {"kind": 0, "index": 0},
        set(),
        frozenset({0}),
        object(),
        Unprintable(),
        AlwaysEqual(),
    ]
    for entry in entries():
        if entry.name == name:
            continue
        other = Match.new(entry.name, entry.game_class.spec.min_players, 0)
        values += other.legal_actions(other.to_act()[0])
    return values


class Unprintable:
    """A value whose text and picture both fail: the error must not come from here."""

    def __str__(self) -> str:
        raise RuntimeError("no text")

    def __repr__(self) -> str:
        raise RuntimeError("no picture")


class AlwaysEqual:
    """A value that claims to equal anything: it must still not pass for a game action."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = None  # type: ignore[assignment]


def forged_out_of_range(action: Any) -> list[Any]:
    """The game's own action type with fields no legal action has (wrong types or values)."""
    forged = []
    for field in dataclasses.fields(action):
        value = getattr(action, field.name)
        if isinstance(value, int) and not isinstance(value, bool):
            for bad in (value + 0.5, [value], None, "1", 10**6):
                forged.append(_forge(dataclasses.replace, action, **{field.name: bad}))
    return [f for f in forged if f is not None]


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
def test_issue11_item6_values_that_are_not_actions_are_refused_cleanly(
    name: str, players: int
) -> None:
    """issue 11 item 6: IllegalActionError, one line, nothing changed, for any foreign value."""
    game = make_game(name)
    foreign = foreign_values(name)
    for seed in SEEDS:
        rng = Rng(derive_seed(seed, 6))
        match = Match(game, players, seed)
        step = 0
        while not match.is_over():
            seat = pick(rng, list(match.to_act()))
            legal = match.legal_actions(seat)
            if step % 7 == 0:
                refuse_all(match, seat, foreign)
                refuse_all(match, seat, forged_out_of_range(pick(rng, legal)))
            match.apply(seat, pick(rng, legal))
            step += 1


def refuse_all(match: Match, seat: int, values: list[Any]) -> None:
    before, record = snapshot(match), list(match.record.actions)
    for value in values:
        for call in (match.apply, match.check, match.public_action):
            with pytest.raises(IllegalActionError) as caught:
                call(seat, value)
            message = str(caught.value)
            assert message, f"{type(value).__name__}: empty message"
            assert "\n" not in message, f"{type(value).__name__}: not one line"
            assert len(message) < 400, f"{type(value).__name__}: message too long"
    assert snapshot(match) == before
    assert match.record.actions == record


# -- item 7: lists handed out are the caller's ------------------------------------------------
def vandalise(returned: list[Any], played: list[Hashable], how: int) -> None:
    """Change a list handed out by legal_actions, in one of several ways."""
    if how % 4 == 0:
        returned.clear()
    elif how % 4 == 1:
        returned.extend(played[-5:])  # actions already played, to be played again
    elif how % 4 == 2:
        returned.reverse()
        if returned:
            returned.pop()
    else:
        returned[:] = played[-1:] * 3


def play_and_vandalise(game: AnyGame, players: int, seed: int) -> list[list[list[str]]]:
    """A random match on ``game`` that changes every list it is handed; legal texts per step."""
    rng = Rng(derive_seed(seed, 7))
    match = Match(game, players, seed)
    played: list[Hashable] = []
    seen: list[list[list[str]]] = []
    how = seed
    while not match.is_over():
        step = [texts(match.legal_actions(seat)) for seat in range(players)]
        seen.append(step)
        for seat in range(players):
            for source in (match.legal_actions, lambda s: game.legal_actions(match.state, s)):
                vandalise(source(seat), played, how)
                how += 1
                assert texts(match.legal_actions(seat)) == step[seat], "a later call changed"
        seat = pick(rng, list(match.to_act()))
        legal = match.legal_actions(seat)
        played.append(match.apply(seat, pick(rng, legal)))
    return seen


def legal_texts(game: AnyGame, players: int, seed: int) -> list[list[list[str]]]:
    """The legal texts of every seat at every step of the same random match, untouched."""
    rng = Rng(derive_seed(seed, 7))
    match = Match(game, players, seed)
    seen: list[list[list[str]]] = []
    while not match.is_over():
        seen.append([texts(match.legal_actions(seat)) for seat in range(players)])
        seat = pick(rng, list(match.to_act()))
        match.apply(seat, pick(rng, match.legal_actions(seat)))
    return seen


@pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)
def test_issue11_item7_changing_a_returned_list_changes_nothing(name: str, players: int) -> None:
    """issue 11 item 7: later calls and later matches on the same game object are unaffected."""
    game = make_game(name)
    untouched = {seed: legal_texts(make_game(name), players, seed) for seed in SEEDS}
    for seed in SEEDS:
        assert play_and_vandalise(game, players, seed) == untouched[seed]
    for seed in SEEDS:  # fresh matches on the game object every list was changed through
        assert legal_texts(game, players, seed) == untouched[seed]
