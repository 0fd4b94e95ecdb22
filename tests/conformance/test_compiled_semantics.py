"""issue 16 item 3: every game's state works as mypyc compiles it, checked in the pure build.

A compiled class has no ``__slots__`` attribute, and its ``__new__`` runs ``__init__`` (so
``Cls.__new__(Cls)`` fails for want of arguments); a function stored as a class attribute is
not bound as a method. Each is imitated here, for every registered game.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest

from gamenight.core.game import Game
from gamenight.core.registry import entries, make_game
from gamenight.core.rng import Rng

GAMES = [entry.name for entry in entries()]


def _states_along_a_match(name: str, seed: int) -> list[Any]:
    game = make_game(name)
    state = game.new_state(game.spec.min_players, seed)
    rng = Rng(seed)
    states = [state.clone()]
    while actors := game.to_act(state):
        legal = game.legal_actions(state, actors[0])
        game.apply(state, actors[0], legal[rng.randbelow(len(legal))])
        states.append(state.clone())
    return states


def _compiled_like(cls: type) -> type:
    """A subclass of ``cls`` that is built as a mypyc-compiled class is: __new__ runs __init__."""

    def __new__(made_cls: type, *args: Any, **options: Any) -> Any:  # noqa: N807
        made = object.__new__(made_cls)
        made.__init__(*args, **options)
        return made

    return type(f"CompiledLike{cls.__name__}", (cls,), {"__slots__": (), "__new__": __new__})


@pytest.mark.parametrize("name", GAMES)
def test_issue16_item3_clone_works_when_new_runs_init(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    states = _states_along_a_match(name, 3)
    cls = type(states[0])
    monkeypatch.setattr(sys.modules[cls.__module__], cls.__name__, _compiled_like(cls))
    for state in states[:: max(1, len(states) // 40)]:
        assert state.clone().to_dict() == state.to_dict()


@pytest.mark.parametrize("name", GAMES)
def test_issue16_item3_to_dict_does_not_read_slots(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = _states_along_a_match(name, 4)[-2]
    expected = state.to_dict()
    monkeypatch.delattr(type(state), "__slots__", raising=False)  # compiled: none
    assert state.to_dict() == expected
    fields = sys.modules[type(state).__module__].FIELDS
    assert set(expected) == set(fields) - {"journal"}


@pytest.mark.parametrize("name", GAMES)
def test_issue16_item3_the_playtest_hooks_are_methods_of_the_game(name: str) -> None:
    """Compiled, a function stored as a class attribute is not bound as a method: every hook
    of the playtest lab a game gives must be defined in its class."""
    cls = type(make_game(name))
    for hook in ("standings", "component_uses", "rounds_played"):
        method = getattr(cls, hook)
        if method is not getattr(Game, hook):
            assert method.__qualname__ == f"{cls.__name__}.{hook}"
