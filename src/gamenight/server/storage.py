"""What the server keeps: tables and each table's event log, behind a small interface.

A table's whole history is its event log: a match starting (with its seed), an action, a
rating at game night, a new match at the same seats. Replaying the log rebuilds the table
exactly, which is how the server comes back after a crash. The table row holds only what
the server needs before replaying: the settings, the hashes of the seat tokens, whether each
seat has been claimed, the status shown in listings.

:class:`Store` is the interface; :mod:`gamenight.server.sqlite` implements it on an
embedded SQLite file. A PostgreSQL store for a server that outgrows one machine implements
the same methods. ``append_event`` must be durable when it returns: the server acknowledges
and broadcasts an action only afterwards.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Protocol

OPEN = "open"
"""Some person has not taken their seat yet."""
PLAYING = "playing"
FINISHED = "finished"
STATUSES = (OPEN, PLAYING, FINISHED)


class StorageError(Exception):
    """The store failed (disk full, file locked, a duplicate event); the message says how."""


@dataclasses.dataclass
class TableRow:
    """One table as stored. ``seat_hashes`` holds a SHA-256 of each person's seat token
    (None for a bot seat): the tokens themselves are never stored."""

    table_id: str
    created: float
    settings: dict[str, Any]
    seat_hashes: list[str | None]
    claimed: list[bool]
    status: str = OPEN
    listed: bool = True


@dataclasses.dataclass(frozen=True)
class Event:
    """One entry of a table's log; ``seq`` counts from 1 without gaps."""

    seq: int
    kind: str
    data: dict[str, Any]


class Store(Protocol):
    """Where tables and their event logs live. Every method may raise :class:`StorageError`."""

    async def create_table(self, row: TableRow) -> None:
        """Store a new table (its id must be new)."""
        ...

    async def append_event(self, table_id: str, event: Event) -> None:
        """Append ``event`` durably; refuses a ``seq`` the table already has."""
        ...

    async def load_events(self, table_id: str) -> list[Event]:
        """The table's whole log, in order."""
        ...

    async def get_table(self, table_id: str) -> TableRow | None: ...

    async def update_table(self, table_id: str, *, status: str, claimed: list[bool]) -> None:
        """Record the table's new status and claimed seats (for listings and restarts)."""
        ...

    async def list_tables(
        self, statuses: tuple[str, ...], *, listed_only: bool, limit: int | None
    ) -> list[TableRow]:
        """Tables in any of ``statuses``, newest first (at most ``limit`` of them)."""
        ...

    async def close(self) -> None:
        """Finish pending writes and release the store."""
        ...
