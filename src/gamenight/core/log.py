"""Match records: (game, version, params, players, seed, actions), enough to replay exactly.

A record is JSON: one object per match, or one per line in a ``.jsonl`` file of many. Actions
are stored in each game's text notation, so a record is readable by people as well.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from gamenight.core.errors import RecordError

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
        """Check the shape of a decoded record; :class:`RecordError` names what is wrong."""
        if not isinstance(data, Mapping):
            raise RecordError("a match record must be a JSON object")
        if data.get("format", RECORD_FORMAT) != RECORD_FORMAT:
            raise RecordError(f"unsupported record format {data.get('format')!r}")
        for key, kind in (("game", str), ("version", str), ("players", int), ("seed", int)):
            value = data.get(key)
            if not isinstance(value, kind) or isinstance(value, bool):
                raise RecordError(f"record field {key!r} is missing or not a {kind.__name__}")
        params = data.get("params", {})
        if not isinstance(params, Mapping):
            raise RecordError("record field 'params' must be an object")
        raw_actions = data.get("actions", [])
        if not isinstance(raw_actions, list):
            raise RecordError("record field 'actions' must be a list")
        actions: list[tuple[int, str]] = []
        for number, step in enumerate(raw_actions, start=1):
            if (
                not isinstance(step, list | tuple)
                or len(step) != 2
                or not isinstance(step[0], int)
                or isinstance(step[0], bool)
                or not isinstance(step[1], str)
            ):
                raise RecordError(f"step {number} must be [seat, action text], got {step!r}")
            actions.append((step[0], step[1]))
        outcome = data.get("outcome")
        if outcome is not None and not isinstance(outcome, Mapping):
            raise RecordError("record field 'outcome' must be an object")
        meta = data.get("meta", {})
        return cls(
            game=data["game"],
            version=data["version"],
            num_players=data["players"],
            seed=data["seed"],
            params=dict(params),
            actions=actions,
            outcome=dict(outcome) if outcome is not None else None,
            meta=dict(meta) if isinstance(meta, Mapping) else {},
        )

    @classmethod
    def from_json(cls, text: str) -> MatchRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"not valid JSON: {error.msg} at line {error.lineno}") from None
        return cls.from_dict(data)


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
        yield MatchRecord.from_dict(json.loads(stripped))
        return
    except json.JSONDecodeError:
        pass
    for number, line in enumerate(stripped.splitlines(), start=1):
        if line.strip():
            try:
                yield MatchRecord.from_json(line)
            except RecordError as error:
                raise RecordError(f"{path} line {number}: {error}") from None
