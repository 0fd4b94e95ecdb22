"""The wire: table settings from the JSON API, frames from clients, and their limits.

Everything a client sends is checked here before any table sees it; a problem is a
:class:`ProtocolError` whose message names it, sent back as an error frame (or a 400 on the
HTTP side). See docs/server.md for the whole protocol.
"""

from __future__ import annotations

import dataclasses
import json
import math
import time
from collections.abc import Mapping, Sequence
from typing import Any

from gamenight.bots.base import parse_bot_spec
from gamenight.bots.factory import make_table_agent
from gamenight.core import registry
from gamenight.core.errors import GamenightError
from gamenight.core.game import AnyGame
from gamenight.core.params import parse_assignment
from gamenight.night import PICKER, night_library

HUMAN = "human"
MATCH = "match"
NIGHT = "night"
WAIT = "wait"
BOT = "bot"

MAX_FRAME_CHARS = 4096
"""The largest client frame read; a longer one is refused with an error frame."""
MAX_ACTION_CHARS = 200
MAX_ADDED_TITLES = 20
MAX_ABSENT_SECONDS = 7 * 24 * 3600.0
MAX_SEARCH_ITERATIONS = 20_000
MAX_SEARCH_SECONDS = 10.0
MAX_PARTICLES = 256
"""Worlds a watching bot (``ismcts:infer=on``) may keep per seat here: workers keep several."""


class ProtocolError(GamenightError):
    """A client frame or a table request that the server cannot take; the text says why."""


@dataclasses.dataclass(frozen=True)
class TableSettings:
    """What a table is: set once when it is created, stored with it."""

    kind: str
    game: str
    players: int
    variant: str | None
    params: dict[str, Any]
    seats: tuple[str, ...]
    listed: bool = True
    absent: str = WAIT
    absent_after: float = 120.0
    stand_in: str | None = None
    added: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["seats"] = list(self.seats)
        data["added"] = list(self.added)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableSettings:
        return cls(
            kind=data["kind"],
            game=data["game"],
            players=data["players"],
            variant=data.get("variant"),
            params=dict(data.get("params", {})),
            seats=tuple(data["seats"]),
            listed=bool(data.get("listed", True)),
            absent=data.get("absent", WAIT),
            absent_after=float(data.get("absent_after", 120.0)),
            stand_in=data.get("stand_in"),
            added=tuple(data.get("added", ())),
        )

    def human_seats(self) -> list[int]:
        return [seat for seat, spec in enumerate(self.seats) if spec == HUMAN]

    def make_game(self) -> AnyGame:
        return registry.make_game(self.game, self.params, self.variant)


# -- table requests -------------------------------------------------------------------------
def parse_table_request(body: Any) -> TableSettings:
    """Check a create-table request (see docs/server.md) and return its settings."""
    if not isinstance(body, Mapping):
        raise ProtocolError("the request body must be a JSON object")
    known = {
        "kind", "game", "players", "variant", "params", "seats", "listed", "absent",
        "absent_after", "stand_in", "added",
    }  # fmt: skip
    unknown = sorted(set(body) - known)
    if unknown:
        names = ", ".join(sorted(known))
        raise ProtocolError(f"unknown table setting {unknown[0]!r} (settings: {names})")
    kind = _text(body.get("kind", MATCH), "kind")
    if kind not in (MATCH, NIGHT):
        raise ProtocolError(f"kind must be {MATCH!r} or {NIGHT!r}, not {kind!r}")
    game_name = _text(body.get("game", PICKER if kind == NIGHT else None), "game")
    if kind == NIGHT and registry.entry(game_name).name != PICKER:
        raise ProtocolError("a game-night table plays Game to Pick a Game first; leave out 'game'")
    variant = body.get("variant")
    if variant is not None:
        variant = _text(variant, "variant")
    params = _params(body.get("params", {}))
    if kind == NIGHT and (params or variant):
        raise ProtocolError("a game-night table takes no params or variant")
    game = _game(game_name, params, variant)
    players = body.get("players", game.spec.min_players)
    if isinstance(players, bool) or not isinstance(players, int):
        raise ProtocolError(f"players must be a whole number, not {players!r}")
    game.check_player_count(players)
    added: tuple[str, ...] = ()
    if kind == NIGHT:
        added = tuple(_text_list(body.get("added", []), "added", MAX_ADDED_TITLES))
        night_library(players, added)
    elif "added" in body:
        raise ProtocolError("'added' titles are for game-night tables")
    seats = _seats(body.get("seats"), players, game)
    absent = _text(body.get("absent", WAIT), "absent")
    if absent not in (WAIT, BOT):
        raise ProtocolError(f"absent must be {WAIT!r} or {BOT!r}, not {absent!r}")
    absent_after = body.get("absent_after", 120.0)
    if (
        isinstance(absent_after, bool)
        or not isinstance(absent_after, int | float)
        or not 0 <= absent_after <= MAX_ABSENT_SECONDS
    ):
        raise ProtocolError(f"absent_after must be seconds from 0 to {MAX_ABSENT_SECONDS:.0f}")
    stand_in = body.get("stand_in")
    if stand_in is not None:
        stand_in = _bot_spec(_text(stand_in, "stand_in"), game)
    listed = body.get("listed", True)
    if not isinstance(listed, bool):
        raise ProtocolError("listed must be true or false")
    return TableSettings(
        kind=kind,
        game=game.spec.name,
        players=players,
        variant=variant,
        params=dict(params),
        seats=tuple(seats),
        listed=listed,
        absent=absent,
        absent_after=float(absent_after),
        stand_in=stand_in,
        added=added,
    )


def _text(value: Any, name: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ProtocolError(f"{name} must be a non-empty string, not {value!r}")
    if len(value) > MAX_ACTION_CHARS:
        raise ProtocolError(f"{name} is too long ({len(value)} characters)")
    return value.strip()


def _text_list(value: Any, name: str, limit: int) -> list[str]:
    if not isinstance(value, list) or len(value) > limit:
        raise ProtocolError(f"{name} must be a list of at most {limit} strings")
    return [_text(item, name) for item in value]


def _params(value: Any) -> dict[str, Any]:
    """Rule changes: ``{"name": value}`` or ``["name=value", ...]`` as with ``--param``."""
    if isinstance(value, Mapping):
        return dict(value)
    if isinstance(value, list):
        return dict(parse_assignment(_text(item, "a param")) for item in value)
    raise ProtocolError("params must be an object or a list of 'NAME=VALUE' strings")


def _game(name: str, params: Mapping[str, Any], variant: str | None) -> AnyGame:
    try:
        return registry.make_game(name, params, variant)
    except GamenightError:
        raise
    except (TypeError, ValueError, KeyError) as error:  # a param of a shape no game expects
        raise ProtocolError(f"these params cannot set up {name}: {error}") from None


def _seats(value: Any, players: int, game: AnyGame) -> list[str]:
    """One entry per seat: ``"human"`` or a bot spec; default: every seat a person."""
    if value is None:
        return [HUMAN] * players
    if not isinstance(value, list) or len(value) != players:
        raise ProtocolError(f"seats must be a list of {players} entries ('human' or a bot spec)")
    seats = []
    for item in value:
        spec = _text(item, "a seat")
        seats.append(HUMAN if spec.lower() == HUMAN else _bot_spec(spec, game))
    return seats


def _bot_spec(spec: str, game: AnyGame) -> str:
    """A bot spec the server is willing to run: it exists and its search budget is bounded."""
    _, options = parse_bot_spec(spec)
    make_table_agent(spec, game)  # unknown, omniscient bots and bad options raise BotError
    if "sims" in options and float(options["sims"]) > MAX_SEARCH_ITERATIONS:
        raise ProtocolError(f"bot {spec!r}: at most {MAX_SEARCH_ITERATIONS} simulations here")
    if "iters" in options and float(options["iters"]) > MAX_SEARCH_ITERATIONS:
        raise ProtocolError(f"bot {spec!r}: at most {MAX_SEARCH_ITERATIONS} iterations here")
    if "time" in options and float(options["time"]) > MAX_SEARCH_SECONDS:
        raise ProtocolError(f"bot {spec!r}: at most {MAX_SEARCH_SECONDS:g} seconds a move here")
    if "particles" in options and float(options["particles"]) > MAX_PARTICLES:
        raise ProtocolError(f"bot {spec!r}: at most {MAX_PARTICLES} particles here")
    return spec


# -- client frames --------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Hello:
    """The first frame: a seat token, or none to watch; where the client's log stops."""

    token: str | None
    match: int | None = None
    log_from: int = 0


@dataclasses.dataclass(frozen=True)
class Act:
    seq: int
    action: str


@dataclasses.dataclass(frozen=True)
class Rate:
    seq: int
    ratings: tuple[float, ...]


@dataclasses.dataclass(frozen=True)
class Again:
    seq: int


@dataclasses.dataclass(frozen=True)
class Ping:
    pass


@dataclasses.dataclass(frozen=True)
class TakeOver:
    """This socket keeps the seat; every other socket holding it is told and closed."""


ClientFrame = Hello | Act | Rate | Again | Ping | TakeOver
FRAME_TYPES = ("hello", "act", "rate", "again", "ping", "takeover")


def parse_frame(text: str) -> ClientFrame:
    """A client frame from its JSON text; :class:`ProtocolError` names what is wrong."""
    if len(text) > MAX_FRAME_CHARS:
        raise ProtocolError(f"frame too large: {len(text)} characters (limit {MAX_FRAME_CHARS})")
    try:
        data = json.loads(text)
    except ValueError:
        raise ProtocolError("frame is not valid JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("a frame must be a JSON object with a 'type'")
    kind = data.get("type")
    if kind not in FRAME_TYPES:
        raise ProtocolError(f"unknown frame type {kind!r} (types: {', '.join(FRAME_TYPES)})")
    if kind == "ping":
        return Ping()
    if kind == "takeover":
        return TakeOver()
    if kind == "hello":
        token = data.get("token")
        if token is not None and (not isinstance(token, str) or len(token) > 200):
            raise ProtocolError("token must be a string")
        match = data.get("match")
        if match is not None:
            match = _count(match, "match")
        return Hello(token=token, match=match, log_from=_count(data.get("log_from", 0), "log_from"))
    seq = _count(data.get("seq"), "seq")
    if kind == "act":
        action = data.get("action")
        if not isinstance(action, str) or not action.strip():
            raise ProtocolError("an act frame needs the action's text in 'action'")
        if len(action) > MAX_ACTION_CHARS:
            raise ProtocolError(f"action text too long ({len(action)} characters)")
        return Act(seq=seq, action=action)
    if kind == "rate":
        ratings = data.get("ratings")
        if not isinstance(ratings, list) or len(ratings) > 100:
            raise ProtocolError("a rate frame needs a list of numbers in 'ratings'")
        for value in ratings:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ProtocolError(f"rating {value!r} is not a number")
            if not math.isfinite(value):
                raise ProtocolError("ratings must be finite numbers")
        return Rate(seq=seq, ratings=tuple(float(v) for v in ratings))
    return Again(seq=seq)


def _count(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**53:
        raise ProtocolError(f"{name} must be a whole number from 0, not {value!r}")
    return value


def error_frame(seq: int, message: str, code: str) -> dict[str, Any]:
    return {"type": "error", "seq": seq, "code": code, "error": message}


class TokenBucket:
    """A per-connection rate limit: ``burst`` frames at once, ``rate`` a second after that."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self._tokens = burst
        self._last = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False


def seat_list(seats: Sequence[str]) -> list[dict[str, Any]]:
    """The public description of the seats: who is a person, which bot sits where."""
    return [
        {"seat": seat, "kind": HUMAN, "bot": None}
        if spec == HUMAN
        else {"seat": seat, "kind": BOT, "bot": spec}
        for seat, spec in enumerate(seats)
    ]
