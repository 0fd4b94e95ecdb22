"""The embedded store: one SQLite file, written by one thread, durable on every commit.

The database runs in WAL mode with ``synchronous=FULL``, so a commit is on disk when it
returns, even if the process is killed or the machine loses power right after. All work goes
to one thread that owns the connection; the event loop only awaits a future, so a slow disk
never stalls play. Jobs that queue up while a commit is in flight are committed together (a
group commit): every caller still waits for the commit that holds its own write, and a
server with hundreds of busy tables pays one disk flush per batch instead of one per action.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import queue
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from gamenight.server.storage import Event, StorageError, TableRow

T = TypeVar("T")

SCHEMA_VERSION = 1
BATCH_LIMIT = 512  # jobs per transaction: keeps one commit's latency bounded

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    listed INTEGER NOT NULL,
    status TEXT NOT NULL,
    settings TEXT NOT NULL,
    seat_hashes TEXT NOT NULL,
    claimed TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS tables_by_status ON tables (status, created);
CREATE TABLE IF NOT EXISTS events (
    table_id TEXT NOT NULL REFERENCES tables (id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
"""


@dataclasses.dataclass
class _Job:
    work: Callable[[sqlite3.Connection], Any]
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[Any]


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.cancelled():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


class SqliteStore:
    """:class:`~gamenight.server.storage.Store` on a SQLite file."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self.path = path
        self._connection = connection
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="gamenight-sqlite", daemon=True)
        self._thread.start()
        self._closed = False

    @classmethod
    def open(cls, path: Path) -> SqliteStore:
        """Open (or create) the database at ``path``; :class:`StorageError` if it cannot."""
        return cls(_connect(path), path)

    @staticmethod
    def check(path: Path) -> None:
        """Open and close the database at ``path``: :class:`StorageError` if it is unusable."""
        _connect(path).close()

    # -- the writer thread --------------------------------------------------------------
    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                break
            batch = [job]
            stop = False
            while len(batch) < BATCH_LIMIT:
                try:
                    more = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            self._run_batch(batch)
            if stop:
                break
        self._connection.close()

    def _run_batch(self, batch: list[_Job]) -> None:
        """Each job in a savepoint of one transaction: a failing job spoils only itself."""
        connection = self._connection
        outcomes: list[tuple[_Job, Any, BaseException | None]] = []
        try:
            connection.execute("BEGIN IMMEDIATE")
            for job in batch:
                connection.execute("SAVEPOINT job")
                try:
                    result = job.work(connection)
                except (sqlite3.Error, StorageError, ValueError) as error:
                    connection.execute("ROLLBACK TO job")
                    connection.execute("RELEASE job")
                    failure = error if isinstance(error, StorageError) else StorageError(str(error))
                    outcomes.append((job, None, failure))
                else:
                    connection.execute("RELEASE job")
                    outcomes.append((job, result, None))
            connection.execute("COMMIT")
        except sqlite3.Error as error:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            failure = StorageError(f"the database could not commit: {error}")
            outcomes = [(job, None, failure) for job in batch]
        for job, result, problem in outcomes:
            job.loop.call_soon_threadsafe(_settle, job.future, result, problem)

    async def _call(self, work: Callable[[sqlite3.Connection], T]) -> T:
        if self._closed:
            raise StorageError("the store is closed")
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._jobs.put(_Job(work, loop, future))
        return await future

    # -- the Store interface ------------------------------------------------------------
    async def create_table(self, row: TableRow) -> None:
        def work(connection: sqlite3.Connection) -> None:
            connection.execute(
                "INSERT INTO tables (id, created, listed, status, settings, seat_hashes, claimed)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    row.table_id,
                    row.created,
                    int(row.listed),
                    row.status,
                    json.dumps(row.settings),
                    json.dumps(row.seat_hashes),
                    json.dumps(row.claimed),
                ),
            )

        await self._call(work)

    async def append_event(self, table_id: str, event: Event) -> None:
        def work(connection: sqlite3.Connection) -> None:
            try:
                connection.execute(
                    "INSERT INTO events (table_id, seq, kind, data, at) VALUES (?, ?, ?, ?, ?)",
                    (table_id, event.seq, event.kind, json.dumps(event.data), time.time()),
                )
            except sqlite3.IntegrityError:
                raise StorageError(
                    f"table {table_id} already has event {event.seq}, or no such table"
                ) from None

        await self._call(work)

    async def load_events(self, table_id: str) -> list[Event]:
        def work(connection: sqlite3.Connection) -> list[Event]:
            rows = connection.execute(
                "SELECT seq, kind, data FROM events WHERE table_id = ? ORDER BY seq", (table_id,)
            ).fetchall()
            return [Event(seq, kind, json.loads(data)) for seq, kind, data in rows]

        return await self._call(work)

    async def get_table(self, table_id: str) -> TableRow | None:
        def work(connection: sqlite3.Connection) -> TableRow | None:
            row = connection.execute(
                "SELECT id, created, listed, status, settings, seat_hashes, claimed"
                " FROM tables WHERE id = ?",
                (table_id,),
            ).fetchone()
            return _row(row) if row is not None else None

        return await self._call(work)

    async def update_table(self, table_id: str, *, status: str, claimed: list[bool]) -> None:
        def work(connection: sqlite3.Connection) -> None:
            connection.execute(
                "UPDATE tables SET status = ?, claimed = ? WHERE id = ?",
                (status, json.dumps(claimed), table_id),
            )

        await self._call(work)

    async def list_tables(
        self, statuses: tuple[str, ...], *, listed_only: bool, limit: int | None
    ) -> list[TableRow]:
        marks = ", ".join("?" for _ in statuses)
        query = (
            "SELECT id, created, listed, status, settings, seat_hashes, claimed FROM tables"
            f" WHERE status IN ({marks})"
            + (" AND listed = 1" if listed_only else "")
            + " ORDER BY created DESC"
            + (" LIMIT ?" if limit is not None else "")
        )
        arguments: tuple[Any, ...] = (*statuses, *(() if limit is None else (limit,)))

        def work(connection: sqlite3.Connection) -> list[TableRow]:
            return [_row(row) for row in connection.execute(query, arguments).fetchall()]

        return await self._call(work)

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._jobs.put(None)
        await asyncio.to_thread(self._thread.join)


def _row(row: tuple[Any, ...]) -> TableRow:
    table_id, created, listed, status, settings, seat_hashes, claimed = row
    return TableRow(
        table_id=table_id,
        created=created,
        settings=json.loads(settings),
        seat_hashes=json.loads(seat_hashes),
        claimed=json.loads(claimed),
        status=status,
        listed=bool(listed),
    )


def _connect(path: Path) -> sqlite3.Connection:
    """A connection in WAL mode with durable commits, the schema in place."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=FULL")
        connection.execute("PRAGMA foreign_keys=ON")
        connection.execute("PRAGMA busy_timeout=5000")
        connection.executescript(SCHEMA)
        row = connection.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        if row is None:
            connection.execute(
                "INSERT INTO meta (key, value) VALUES ('schema', ?)", (str(SCHEMA_VERSION),)
            )
        elif row[0] != str(SCHEMA_VERSION):
            raise StorageError(
                f"{path} has database schema {row[0]}; this gamenight uses {SCHEMA_VERSION}"
            )
    except (sqlite3.Error, OSError) as error:
        raise StorageError(f"cannot open the database {path}: {error}") from None
    return connection
