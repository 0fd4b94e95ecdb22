"""The registry of games: name -> game class, renderer and the game's own bots.

Each game package registers itself when imported; :func:`entry` imports them all on first use,
so ``gamenight.core`` never names a game.
"""

from __future__ import annotations

import dataclasses
import difflib
import importlib
import pkgutil
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from mypy_extensions import mypyc_attr

from gamenight.core.agent import Agent
from gamenight.core.errors import UnknownGameError, brief
from gamenight.core.game import AnyGame, View
from gamenight.core.rng import Rng

Renderer = Callable[[View], Any]
"""Turns a view into something ``rich`` can print."""

BotFactory = Callable[[AnyGame, Mapping[str, str]], Agent]
"""Builds a game-specific bot from the game and the options of its spec string."""


@mypyc_attr(allow_interpreted_subclasses=True)  # a game's policy may stay interpreted
class PlayoutPolicy:
    """A fast move chooser for search playouts, offered by a game (optional).

    Unlike a bot it reads the state directly, which is only sound inside a search: it is
    handed the search's own sampled states (from ``determinize``), never a real match.
    Subclasses implement ``choose``. A game whose matches are long may also cut playouts
    short: after ``depth`` actions the search asks ``evaluate`` for each seat's chance of
    winning and projected score instead of playing on.

    Caveat: a subclass sets ``depth`` in ``__init__`` (or declares ``depth: int | None``).
    Compiled (docs/speed.md), ``depth`` is an attribute of the instance, and a bare class
    attribute ``depth = 16`` in a subclass is refused by the compiler, and may be unseen by
    compiled readers when the subclass is interpreted (docs/speed.md).
    """

    depth: int | None = None

    def choose(self, state: Any, seat: int, legal: Sequence[Any], rng: Rng) -> Any:
        raise NotImplementedError

    def evaluate(self, state: Any) -> tuple[Sequence[float], Sequence[float]] | None:
        """(chance of winning, projected final score) per seat, or None to play on."""
        return None


@dataclasses.dataclass(frozen=True)
class GameEntry:
    game_class: type[AnyGame]
    render: Renderer
    bots: Mapping[str, BotFactory] = dataclasses.field(default_factory=dict)
    playout: Callable[[AnyGame], PlayoutPolicy] | None = None
    guide: str = ""
    """A short rules summary and a key to the game's notation, shown by '?' at a table."""
    web_board: Path | None = None
    """The game's browser board: a JavaScript file in the game's own folder that draws a
    seat's view (served at ``/games/<name>/board.js``); None: the table page's generic one."""

    @property
    def name(self) -> str:
        return self.game_class.spec.name


MAX_NAME = 100
"""Names longer than this get no "did you mean" suggestion."""

_ENTRIES: dict[str, GameEntry] = {}
_ALIASES: dict[str, str] = {}
_loaded = False


def register(entry: GameEntry) -> None:
    spec = entry.game_class.spec
    _ENTRIES[spec.name] = entry
    for alias in (spec.name, spec.title, *spec.aliases):
        _ALIASES[_key(alias)] = spec.name


def _key(name: str) -> str:
    """What a name is looked up by: its letters and digits, lower case ("G.Nome" -> "gnome")."""
    return "".join(ch for ch in name.lower() if ch.isalnum())


def _lookup_key(name: str) -> str | None:
    """The key of a name a person could have typed, or None.

    Every registered name and alias is plain printable ASCII. Anything else (a control
    character, ``requirements\\x00``; a letter that lower-cases to an ASCII one plus a combining
    mark) must not be folded into a registered name.
    """
    if not isinstance(name, str) or not (name.isascii() and name.isprintable()):
        return None
    return _key(name)


def _load_games() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    package = importlib.import_module("gamenight.games")
    for module in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"gamenight.games.{module.name}")


def entries() -> list[GameEntry]:
    _load_games()
    return [_ENTRIES[name] for name in sorted(_ENTRIES)]


def names() -> list[str]:
    return [e.name for e in entries()]


def entry(name: str) -> GameEntry:
    """The game called ``name`` (or one of its aliases); suggests the nearest on a miss."""
    _load_games()
    key = _lookup_key(name)
    found = _ALIASES.get(key) if key is not None else None
    if found is not None:
        return _ENTRIES[found]
    hint = ""
    if isinstance(name, str) and len(name) <= MAX_NAME:  # difflib is slow on long texts
        close = difflib.get_close_matches(_key(name), list(_ALIASES), n=1, cutoff=0.5)
        hint = f"; did you mean {_ALIASES[close[0]]!r}?" if close else ""
    games = ", ".join(sorted(_ENTRIES))
    raise UnknownGameError(f"unknown game {brief(name)}{hint} (games: {games})")


def make_game(
    name: str, overrides: Mapping[str, Any] | None = None, variant: str | None = None
) -> AnyGame:
    """A game with its params: defaults, then the variant, then the overrides."""
    game_class = entry(name).game_class
    return game_class(game_class.params_from(overrides or {}, variant))
