"""Params: every number and component list of a game's rules, as data a designer can vary.

A game's Params is a frozen dataclass of plain values (ints, floats, bools, strings, tuples of
them, optional values). It round-trips through JSON for match records, takes ``key=value``
overrides from the command line, and checks itself in ``validate``.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import stat
import sys
import types
import typing
from collections.abc import Collection, Mapping
from typing import Any, Self, TypeVar

from gamenight.core.errors import InvalidParamsError, brief

JsonValue = Any
Number = TypeVar("Number", int, float)

NUMBER_LIMIT = 1_000_000_000
"""The largest magnitude of a number parameter (see ``_in_bounds``)."""


@dataclasses.dataclass(frozen=True)
class Params:
    """Base of every game's parameters. Subclasses add fields with defaults."""

    def validate(self) -> None:
        """Raise :class:`InvalidParamsError` if the values cannot make a playable game."""

    def to_dict(self) -> dict[str, JsonValue]:
        """The JSON-safe form (tuples become lists)."""
        return {f.name: _to_json(getattr(self, f.name)) for f in dataclasses.fields(self)}

    def changed(self) -> dict[str, JsonValue]:
        """Only the fields that differ from the defaults (what a variant or record must say)."""
        default = type(self)().to_dict()
        return {k: v for k, v in self.to_dict().items() if default[k] != v}

    @classmethod
    def from_dict(cls, data: Mapping[str, JsonValue]) -> Self:
        """Defaults overridden by ``data``; unknown names and wrong types are refused."""
        return cls().with_overrides(data)

    def with_overrides(self, overrides: Mapping[str, JsonValue]) -> Self:
        hints = typing.get_type_hints(type(self))
        names = {f.name for f in dataclasses.fields(self)}
        values: dict[str, Any] = {}
        for key, raw in overrides.items():
            if key not in names:
                known = ", ".join(sorted(names)) or "none"
                raise InvalidParamsError(f"unknown parameter {brief(key)} (known: {known})")
            values[key] = _coerce(raw, hints[key], key)
        result = dataclasses.replace(self, **values)
        result.validate()
        return result

    @classmethod
    def describe(cls) -> list[tuple[str, str, str]]:
        """(name, type, default) for every field, for ``gamenight list --params``."""
        hints = typing.get_type_hints(cls)
        default = cls()
        return [
            (f.name, _type_name(hints[f.name]), json.dumps(_to_json(getattr(default, f.name))))
            for f in dataclasses.fields(cls)
        ]


def parse_assignment(text: str) -> tuple[str, JsonValue]:
    """Split a command-line ``key=value``; the value is read as JSON, else as a plain string."""
    key, sep, value = text.partition("=")
    key = key.strip().replace("-", "_")
    if not sep or not key:
        raise InvalidParamsError(f"expected key=value, got {brief(text)}")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value
    except RecursionError:
        raise InvalidParamsError(f"parameter {brief(key)}: the value nests too deeply") from None
    except ValueError:  # json's only other complaint: an integer too long to convert
        digits = sys.get_int_max_str_digits()
        raise InvalidParamsError(
            f"parameter {brief(key)}: a number of more than {digits} digits"
        ) from None


def _to_json(value: Any) -> JsonValue:
    if isinstance(value, tuple | list):
        return [_to_json(v) for v in value]
    return value


def _type_name(hint: Any) -> str:
    return getattr(hint, "__name__", None) or str(hint).replace("typing.", "")


_PLAIN_NAMES = {int: "a whole number", float: "a number", str: "text", bool: "true or false"}


def _type_words(hint: Any) -> str:
    """What a value of this type is called in a message to a person ("a whole number")."""
    if hint in _PLAIN_NAMES:
        return _PLAIN_NAMES[hint]
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        args = typing.get_args(hint)
        words = " or ".join(_type_words(option) for option in args if option is not type(None))
        return words + (" or null" if type(None) in args else "")
    return f"a {_type_name(hint)}"


def _coerce(value: JsonValue, hint: Any, name: str) -> Any:
    """Check ``value`` against the field's type, turning JSON lists into tuples."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        for option in args:
            if option is type(None):
                if value is None:
                    return None
                continue
            try:
                return _coerce(value, option, name)
            except InvalidParamsError:
                continue
        raise InvalidParamsError(f"parameter {name!r}: {brief(value)} is not {_type_words(hint)}")
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise InvalidParamsError(f"parameter {name!r} needs a list, got {brief(value)}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_coerce(v, args[0], name) for v in value)
        if len(args) != len(value):
            raise InvalidParamsError(f"parameter {name!r} needs {len(args)} values")
        return tuple(_coerce(v, a, name) for v, a in zip(value, args, strict=True))
    if hint is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "false", "yes", "no"):
            return value.lower() in ("true", "yes")
    elif hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return _in_bounds(value, name)
    elif hint is float:
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(_in_bounds(value, name))
    elif hint is str:
        if isinstance(value, str):
            return value
    else:  # pragma: no cover - a game declared a field type this module does not know
        raise InvalidParamsError(f"parameter {name!r} has an unsupported type {hint!r}")
    raise InvalidParamsError(f"parameter {name!r} needs {_type_words(hint)}, got {brief(value)}")


def _in_bounds(value: Number, name: str) -> Number:
    """Numbers a table could use: finite, and no larger than :data:`NUMBER_LIMIT`.

    Counts such as ``max_actions`` or ``rounds`` beyond this are no variant of a game but a
    way to make a match run for ever or a number too long to print.
    """
    if (isinstance(value, float) and not math.isfinite(value)) or abs(value) > NUMBER_LIMIT:
        raise InvalidParamsError(
            f"parameter {name!r} must be a finite number no larger than {NUMBER_LIMIT:,}"
        )
    return value


# -- parameters that name a file -----------------------------------------------------------------
# A record or a network peer chooses parameter values, so a value that is a path must never make
# gamenight read whatever it names: only regular files, of a bounded size, read as text, and
# from a record only the files the user named (see ``untrusted_files``).

FILE_VALUED = "gamenight.file_valued"
"""Field metadata key: the value is a file path, except for the built-in names it maps to."""

MAX_PARAM_FILE_BYTES = 1 << 20
"""The largest file a parameter may name (the built-in card list of Pink Godzilla is 7 KiB)."""


def file_field(default: str, *, builtin: tuple[str, ...] = ()) -> str:
    """A ``str`` field naming a file; ``default`` and ``builtin`` are names, not paths."""
    names = (default, *builtin)
    value: str = dataclasses.field(default=default, metadata={FILE_VALUED: names})
    return value


def file_fields(params_type: type[Params]) -> dict[str, tuple[str, ...]]:
    """The file-valued fields of ``params_type``: name -> its built-in (non-path) values."""
    return {
        f.name: tuple(f.metadata[FILE_VALUED])
        for f in dataclasses.fields(params_type)
        if FILE_VALUED in f.metadata
    }


def same_path(text: str) -> str:
    """The form two spellings of one path share (``~``, ``..`` and links resolved)."""
    return os.path.realpath(os.path.expanduser(text))


def untrusted_files(
    params_type: type[Params], raw: Mapping[str, JsonValue], trusted: Collection[str]
) -> list[tuple[str, str]]:
    """(name, path) of every file that ``raw`` values would open and ``trusted`` does not name.

    Checked on the raw values, before any Params is built, so nothing is opened.
    """
    allowed = {same_path(path) for path in trusted}
    found = []
    for name, builtin in file_fields(params_type).items():
        value = raw.get(name)
        if isinstance(value, str) and value not in builtin and same_path(value) not in allowed:
            found.append((name, value))
    return found


def read_param_file(name: str, path: str, *, limit: int = MAX_PARAM_FILE_BYTES) -> str:
    """The UTF-8 text of the regular file ``path`` that parameter ``name`` names.

    Devices, pipes, directories and files over ``limit`` bytes are refused before they are
    read (a FIFO or /dev/stdin would block, /dev/zero never ends); so are text that is not
    UTF-8 and NUL bytes. Every refusal is a one-line :class:`InvalidParamsError`.
    """
    where = f"{name}: {path!r}"
    try:
        _check_regular(where, os.stat(path), limit)
        # O_NONBLOCK: should the path become a FIFO after the check, opening it cannot block
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
        descriptor = os.open(path, flags)
        with os.fdopen(descriptor, "rb") as handle:
            _check_regular(where, os.fstat(handle.fileno()), limit)
            data = handle.read(limit + 1)
    except OSError as error:
        raise InvalidParamsError(f"{where}: cannot read it: {error.strerror or error}") from None
    if len(data) > limit:
        raise InvalidParamsError(f"{where} is larger than {limit} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InvalidParamsError(f"{where} is not UTF-8 text (byte {error.start})") from None
    if "\x00" in text:
        raise InvalidParamsError(f"{where} holds NUL bytes; it is not a text file")
    return text


def _check_regular(where: str, info: os.stat_result, limit: int) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise InvalidParamsError(f"{where} is not a regular file")
    if info.st_size > limit:
        raise InvalidParamsError(f"{where} is larger than {limit} bytes")
