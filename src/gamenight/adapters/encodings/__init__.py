"""The encodings of the games, registered by game name.

Adding a game to the RL adapters means writing ``encodings/<game>.py`` (a subclass of
:class:`Encoding`) and adding one line to ``_MODULES`` below; nothing else changes. Modules are
imported on first use so that loading the adapters does not import every game's rules.
"""

from __future__ import annotations

import importlib

from gamenight.adapters.encodings.base import Encoding, FloatArray, Layout, Segment
from gamenight.core import registry
from gamenight.core.errors import UnknownGameError

__all__ = [
    "Encoding",
    "FloatArray",
    "Layout",
    "Segment",
    "encoded_games",
    "encoding_class",
    "missing_encodings",
]

_MODULES: dict[str, str] = {
    "gnome": "gamenight.adapters.encodings.gnome",
    "gtpag": "gamenight.adapters.encodings.gtpag",
    "pgdk": "gamenight.adapters.encodings.pgdk",
    "requirements": "gamenight.adapters.encodings.requirements",
}
"""Game name -> module defining exactly one Encoding subclass for it, named ``ENCODING``."""


def encoding_class(game_name: str) -> type[Encoding]:
    """The encoding of the game called ``game_name`` (or one of its aliases)."""
    name = registry.entry(game_name).name
    module_name = _MODULES.get(name)
    if module_name is None:
        known = ", ".join(sorted(_MODULES)) or "none"
        raise UnknownGameError(
            f"game {name!r} has no RL encoding yet (encoded games: {known}); add "
            f"src/gamenight/adapters/encodings/{name}.py and register it in encodings/__init__.py"
        )
    module = importlib.import_module(module_name)
    found: type[Encoding] = module.ENCODING
    if found.game_name != name:
        raise UnknownGameError(f"{module_name} encodes {found.game_name!r}, not {name!r}")
    return found


def encoded_games() -> list[str]:
    """Registered games that have an encoding, sorted by name."""
    return [name for name in registry.names() if name in _MODULES]


def missing_encodings() -> list[str]:
    """Registered games without an encoding: the adapter tests fail while this is not empty."""
    return [name for name in registry.names() if name not in _MODULES]
