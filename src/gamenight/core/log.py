"""Match records: (game, version, params, players, seed, actions), enough to replay exactly.

A record is JSON: one object per match, or one per line in a ``.jsonl`` file of many. Actions
are stored in each game's text notation, so a record is readable by people as well.
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from gamenight.core.errors import RecordError, brief

RECORD_FORMAT = 1


@dataclasses.dataclass
class MatchRecord:
    game: str
    version: str
    num_players: int
    seed: int
    params: dict[str, Any] = dataclasses.field(default_factory=dict)
    actions: list[tuple[int, str]] = dataclasses.field(default_factory=list)
    outcome: dict[str, Any] | None = None
    meta: dict[str, Any] = dataclasses.field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "game": self.game,
            "version": self.version,
            "players": self.num_players,
            "seed": self.seed,
            "params": self.params,
            "actions": [[seat, text] for seat, text in self.actions],
        }
        if self.outcome is not None:
            data["outcome"] = self.outcome
        if self.meta:
            data["meta"] = self.meta
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Any) -> MatchRecord:
        """Check the shape of a decoded record; :class:`RecordError` names what is wrong.

        Only a record :meth:`to_dict` could have written passes: no unknown fields, every
        field of its type, names and texts free of control characters, values in ``params``
        and ``meta`` plain JSON no deeper than :data:`MAX_DEPTH`.
        """
        if not isinstance(data, Mapping):
            raise RecordError("a match record must be a JSON object")
        unknown = [key for key in data if key not in _FIELDS]
        if unknown:
            raise RecordError(
                f"record has an unknown field {brief(unknown[0])} (fields: {', '.join(_FIELDS)})"
            )
        form = data.get("format", RECORD_FORMAT)
        if not _is_int(form) or form != RECORD_FORMAT:
            raise RecordError(f"unsupported record format {brief(form)}")
        game = _game_field(data)
        version = _text_field(data, "version")
        players = _int_field(data, "players")
        seed = _int_field(data, "seed")
        params = data.get("params", {})
        if not isinstance(params, Mapping):
            raise RecordError("record field 'params' must be an object")
        _check_json(params, "params", 0)
        actions = _actions(data.get("actions", []))
        outcome = data.get("outcome")
        if outcome is not None:
            _check_outcome(outcome, players)
        meta = data.get("meta", {})
        if not isinstance(meta, Mapping):
            raise RecordError("record field 'meta' must be an object")
        _check_json(meta, "meta", 0)
        return cls(
            game=game,
            version=version,
            num_players=players,
            seed=seed,
            params=dict(params),
            actions=actions,
            outcome=dict(outcome) if outcome is not None else None,
            meta=dict(meta),
        )

    @classmethod
    def from_json(cls, text: str) -> MatchRecord:
        return cls.from_dict(_decode(text))


_FIELDS = ("format", "game", "version", "players", "seed", "params", "actions", "outcome", "meta")
_OUTCOME_FIELDS = ("scores", "winners", "reason", "capped")
_GAME_NAME = re.compile(r"[a-z][a-z0-9_-]{0,39}")
MAX_DEPTH = 32
"""How deeply values in ``params`` and ``meta`` may nest: far more than any game needs."""
MAX_TEXT = 1000
"""The longest name, version or action text a record may hold."""
MAX_INT = 10**100
"""Integers in a record stay below this size: seeds, seats and counts are far smaller."""


def _decode(text: str) -> Any:
    """JSON text to data; every way it can fail is a one-line :class:`RecordError`."""
    try:
        return json.loads(text)
    except (RecursionError, ValueError) as error:
        raise RecordError(_undecodable(error)) from None


def _undecodable(error: Exception) -> str:
    if isinstance(error, json.JSONDecodeError):
        return f"not valid JSON: {error.msg} at line {error.lineno}"
    if isinstance(error, RecursionError):
        return "not a match record: JSON nested too deeply"
    # json's only other complaint: an integer too long to convert
    return f"not a match record: an integer of more than {sys.get_int_max_str_digits()} digits"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_field(data: Mapping[str, Any], key: str) -> int:
    value: Any = data.get(key)
    if not _is_int(value):
        raise RecordError(f"record field {key!r} is missing or not an integer")
    if not -MAX_INT < value < MAX_INT:
        raise RecordError(f"record field {key!r} is too large an integer")
    return int(value)


def _game_field(data: Mapping[str, Any]) -> str:
    """A registered name as records write it: ``requirements``, never an alias or a variant
    of one that the registry's lenient lookup would fold into it (``requirements\\x00``)."""
    game = _text_field(data, "game")
    if not _GAME_NAME.fullmatch(game):
        raise RecordError(
            f"record field 'game' must be a game's registered name (lower-case letters, "
            f"digits, '-' or '_'), not {brief(game)}"
        )
    return game


def _text_field(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise RecordError(f"record field {key!r} is missing or not a text")
    _check_text(value, f"record field {key!r}")
    return value


def _check_text(value: str, where: str) -> None:
    if len(value) > MAX_TEXT:
        raise RecordError(f"{where} is longer than {MAX_TEXT} characters")
    if not value.isprintable():
        raise RecordError(f"{where} holds a control character: {brief(value)}")


def _actions(raw: Any) -> list[tuple[int, str]]:
    if not isinstance(raw, list):
        raise RecordError("record field 'actions' must be a list")
    actions: list[tuple[int, str]] = []
    for number, step in enumerate(raw, start=1):
        if (
            not isinstance(step, list | tuple)
            or len(step) != 2
            or not _is_int(step[0])
            or not isinstance(step[1], str)
        ):
            raise RecordError(f"step {number} must be [seat, action text], got {brief(step)}")
        if not 0 <= step[0] < MAX_INT:
            raise RecordError(f"step {number}: the seat {brief(step[0])} is no seat")
        _check_text(step[1], f"step {number}'s action text")
        actions.append((step[0], step[1]))
    return actions


def _check_json(value: Any, where: str, depth: int) -> None:
    """``value`` is plain JSON (what ``json.dumps`` writes and reads back), not too deep."""
    if depth > MAX_DEPTH:
        raise RecordError(f"record field {where!r} nests deeper than {MAX_DEPTH} levels")
    if value is None or isinstance(value, bool | str):
        return
    if isinstance(value, int):
        if not -MAX_INT < value < MAX_INT:
            raise RecordError(f"record field {where!r} is too large an integer")
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise RecordError(f"record field {where!r} is not a finite number")
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            _check_json(item, _inner(where, f"[{index}]", depth), depth + 1)
    elif isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, str):
                raise RecordError(f"record field {where!r} has a key that is not a text")
            _check_json(item, _inner(where, f".{_path_key(key)}", depth), depth + 1)
    else:
        raise RecordError(f"record field {where!r} holds a {type(value).__name__}, not JSON")


def _inner(where: str, step: str, depth: int) -> str:
    """The path of a value inside a field, named for the first levels only (short messages)."""
    return where + step if depth < 2 else where


def _path_key(key: str) -> str:
    plain = key.replace("_", "").replace("-", "").isalnum() and key.isascii() and len(key) < 40
    return key if plain else brief(key, 30)


def _check_outcome(outcome: Any, players: int) -> None:
    """The shape :meth:`Outcome.to_dict` writes: scores, winners, reason and capped."""
    if not isinstance(outcome, Mapping):
        raise RecordError("record field 'outcome' must be an object")
    unknown = [key for key in outcome if key not in _OUTCOME_FIELDS]
    if unknown:
        raise RecordError(f"record field 'outcome' has an unknown field {brief(unknown[0])}")
    scores, winners = outcome.get("scores"), outcome.get("winners")
    if not isinstance(scores, list) or len(scores) != players:
        raise RecordError(f"record field 'outcome.scores' must list {players} scores")
    for score in scores:
        if not (_is_int(score) or isinstance(score, float)) or not math.isfinite(score):
            raise RecordError(f"record field 'outcome.scores' holds {brief(score)}, not a score")
    if not isinstance(winners, list) or not all(
        _is_int(seat) and 0 <= seat < players for seat in winners
    ):
        raise RecordError("record field 'outcome.winners' must list seats of the match")
    if not isinstance(outcome.get("reason"), str):
        raise RecordError("record field 'outcome.reason' is missing or not a text")
    if not isinstance(outcome.get("capped", False), bool):
        raise RecordError("record field 'outcome.capped' must be true or false")


def read_records(path: Path) -> Iterator[MatchRecord]:
    """The records in a file: one JSON object, or JSON lines (blank lines skipped)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a UTF-8 text file") from None
    stripped = text.strip()
    if not stripped:
        raise RecordError(f"{path} holds no match record")
    if "\n" not in stripped:
        yield MatchRecord.from_json(stripped)
        return
    try:
        whole = json.loads(stripped)
    except json.JSONDecodeError:  # not one object over several lines: JSON lines, then
        pass
    except (RecursionError, ValueError) as error:  # the first record is too deep or too long
        raise RecordError(f"{path}: {_undecodable(error)}") from None
    else:
        yield MatchRecord.from_dict(whole)
        return
    yield from json_lines(stripped, path)


def json_lines(text: str, path: Path) -> Iterator[MatchRecord]:
    """The records of JSON lines (blank lines skipped); an error names the line of ``text``."""
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            try:
                yield MatchRecord.from_json(line)
            except RecordError as error:
                raise RecordError(f"{path} line {number}: {error}") from None
