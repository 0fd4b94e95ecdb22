"""issue 13 item 8: the store behind a small interface; SQLite commits each event durably."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from gamenight.server.sqlite import SqliteStore
from gamenight.server.storage import FINISHED, OPEN, PLAYING, Event, StorageError, TableRow


def row(table_id: str, created: float, listed: bool = True) -> TableRow:
    return TableRow(
        table_id=table_id,
        created=created,
        settings={"game": "requirements", "players": 2},
        seat_hashes=["ab" * 32, None],
        claimed=[False, True],
        listed=listed,
    )


def test_tables_and_events_round_trip_and_survive_reopening(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "server.db"

    async def write() -> None:
        store = SqliteStore.open(path)
        await store.create_table(row("t1", 1.0))
        await store.create_table(row("t2", 2.0, listed=False))
        await asyncio.gather(
            *(store.append_event("t1", Event(seq, "act", {"n": seq})) for seq in range(1, 40))
        )
        await store.update_table("t1", status=PLAYING, claimed=[True, True])
        await store.close()

    async def read() -> None:
        store = SqliteStore.open(path)
        events = await store.load_events("t1")
        assert [e.seq for e in events] == list(range(1, 40))
        assert events[4] == Event(5, "act", {"n": 5})
        table = await store.get_table("t1")
        assert table is not None
        assert table.status == PLAYING
        assert table.claimed == [True, True]
        assert table.seat_hashes == ["ab" * 32, None]
        assert await store.get_table("nope") is None
        listed = await store.list_tables((OPEN, PLAYING), listed_only=True, limit=None)
        assert [t.table_id for t in listed] == ["t1"]
        every = await store.list_tables((OPEN, PLAYING), listed_only=False, limit=None)
        assert [t.table_id for t in every] == ["t2", "t1"]  # newest first
        assert await store.list_tables((FINISHED,), listed_only=False, limit=5) == []
        await store.close()

    asyncio.run(write())
    asyncio.run(read())
    # committed in WAL mode with synchronous=FULL
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    connection.close()


def test_a_duplicate_event_is_refused_and_spoils_nothing_else(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = SqliteStore.open(tmp_path / "db.sqlite")
        await store.create_table(row("t1", 1.0))
        await store.append_event("t1", Event(1, "act", {}))
        results = await asyncio.gather(
            store.append_event("t1", Event(1, "act", {"again": True})),
            store.append_event("t1", Event(2, "act", {})),
            store.append_event("missing", Event(1, "act", {})),
            return_exceptions=True,
        )
        assert isinstance(results[0], StorageError)
        assert results[1] is None
        assert isinstance(results[2], StorageError)
        assert [e.data for e in await store.load_events("t1")] == [{}, {}]
        await store.close()
        with pytest.raises(StorageError, match="closed"):
            await store.load_events("t1")

    asyncio.run(scenario())


def test_an_unusable_path_is_one_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StorageError, match="cannot open the database"):
        SqliteStore.open(blocker / "db.sqlite")
