"""issue 16 item 3: the state works as mypyc compiles it, checked in the pure build.

A compiled class has no ``__slots__`` attribute, and its ``__new__`` runs ``__init__`` (so
``Cls.__new__(Cls)`` fails for want of arguments). Both are imitated here with monkeypatch.
"""

from __future__ import annotations

from typing import Any

import pytest

from gamenight.core.registry import make_game
from gamenight.core.rng import Rng
from gamenight.games.gtpag import state as state_module
from gamenight.games.gtpag.state import FIELDS, GtpagState


def _states_along_a_match(players: int, seed: int) -> list[GtpagState]:
    game = make_game("gtpag")
    state = game.new_state(players, seed)
    rng = Rng(seed)
    states = [state.clone()]
    while actors := game.to_act(state):
        legal = game.legal_actions(state, actors[0])
        game.apply(state, actors[0], legal[rng.randbelow(len(legal))])
        states.append(state.clone())
    return states


class _CompiledLike(GtpagState):
    """Builds as a mypyc-compiled class does: its __new__ runs __init__."""

    __slots__ = ()

    def __new__(cls, *args: Any, **options: Any) -> _CompiledLike:
        made = super().__new__(cls)
        made.__init__(*args, **options)  # type: ignore[misc]
        return made


def test_issue16_item3_clone_works_when_new_runs_init(monkeypatch: pytest.MonkeyPatch) -> None:
    states = _states_along_a_match(4, 3)
    monkeypatch.setattr(state_module, "GtpagState", _CompiledLike)
    for state in states:
        assert state.clone().to_dict() == state.to_dict()


def test_issue16_item3_to_dict_does_not_read_slots(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _states_along_a_match(4, 4)[-2]
    expected = state.to_dict()
    monkeypatch.delattr(GtpagState, "__slots__", raising=False)  # compiled: none
    assert state.to_dict() == expected
    assert set(expected) == set(FIELDS) - {"journal"}


def test_issue16_item3_the_playtest_hooks_are_methods_of_the_game() -> None:
    """Compiled, a function stored as a class attribute is not bound as a method: every hook
    of the playtest lab must be defined in the class itself."""
    game = make_game("gtpag")
    for hook in ("standings", "component_uses", "rounds_played"):
        assert getattr(type(game), hook).__qualname__ == f"GtpagGame.{hook}"
