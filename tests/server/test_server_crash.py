"""issue 13 item 5: nothing acknowledged is lost.

The real server runs as a subprocess (``python -m gamenight serve``). Many tables play at
once, bots on the server and scripted people over WebSockets; the server is killed with
SIGKILL in the middle, then started again on the same database. Every action a client saw
acknowledged (or saw broadcast) is in the table's log at its place, and every table goes on
to its end, the people reconnecting to where they were.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import signal
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed, InvalidStatus

from gamenight.core import Match, MatchRecord
from gamenight.server.client import SeatClient
from gamenight.server.process import free_port, serving


class Seen:
    """What one client learnt before the crash: acknowledged actions and broadcast seqs."""

    def __init__(self) -> None:
        self.acks: list[tuple[int, int, str]] = []  # (seq, seat, action)
        self.sent: dict[int, str] = {}
        self.top_seq = 0
        self.views: dict[int, Any] = {}


async def person_until_cut(
    base: str, table: str, seat: int, token: str, seen: Seen, seed: int
) -> None:
    """Play random legal actions until the server goes away."""
    rng = random.Random(seed)
    last_sent: list[str] = []

    def on_send(frame: dict[str, Any], _: float) -> None:
        last_sent.append(frame["action"])

    def on_frame(frame: dict[str, Any], text: str, _: float) -> None:
        if frame["type"] in ("state", "resync"):
            seen.top_seq = max(seen.top_seq, frame["seq"])
            seen.views[frame["seq"]] = frame["view"]
            if "ack" in frame:
                seen.acks.append((frame["seq"], seat, frame["ack"]))

    with contextlib.suppress(ConnectionClosed, OSError, TimeoutError, InvalidStatus):
        async with SeatClient(base, table, token, on_frame=on_frame, on_send=on_send) as client:
            await client.play(lambda legal: legal[rng.randrange(len(legal))], timeout=60)


async def watch_until_cut(base: str, table: str, seen: Seen) -> None:
    def on_frame(frame: dict[str, Any], text: str, _: float) -> None:
        if frame["type"] in ("state", "resync"):
            seen.top_seq = max(seen.top_seq, frame["seq"])
            seen.views[frame["seq"]] = frame["view"]

    with contextlib.suppress(ConnectionClosed, OSError, TimeoutError, InvalidStatus):
        async with SeatClient(base, table, None, on_frame=on_frame) as client:
            await client.play(None, timeout=60)


async def first_phase(
    base: str, tables: list[dict[str, Any]], seen: dict[tuple[str, int | None], Seen]
) -> list[asyncio.Task[None]]:
    tasks = []
    for number, created in enumerate(tables):
        table = created["table"]
        seen[(table, None)] = Seen()
        tasks.append(asyncio.create_task(watch_until_cut(base, table, seen[(table, None)])))
        for invite in created["invites"]:
            key = (table, invite["seat"])
            seen[key] = Seen()
            tasks.append(
                asyncio.create_task(
                    person_until_cut(
                        base, table, invite["seat"], invite["token"], seen[key], number
                    )
                )
            )
    return tasks


async def second_phase(base: str, tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Reconnect everyone and play every table to its end."""

    async def person(table: str, token: str, seed: int) -> dict[str, Any]:
        rng = random.Random(seed)
        async with SeatClient(base, table, token) as client:
            first = await client.receive()
            assert first["type"] == "state"
            return await client.play(lambda legal: legal[rng.randrange(len(legal))], timeout=90)

    async def watcher(table: str) -> dict[str, Any]:
        async with SeatClient(base, table, None) as client:
            return await client.play(None, timeout=90)

    jobs = []
    for number, created in enumerate(tables):
        jobs.append(watcher(created["table"]))
        jobs.extend(
            person(created["table"], invite["token"], 1000 + number)
            for invite in created["invites"]
        )
    return list(await asyncio.gather(*jobs))


SETUPS = [
    {"game": "requirements", "players": 2, "seats": ["human", "heuristic"]},
    {"game": "requirements", "players": 2},
    {"game": "pgdk", "players": 3, "seats": ["human", "heuristic", "random"]},
    {"game": "pgdk", "players": 2, "seats": ["heuristic", "heuristic"]},
    {"game": "gnome", "players": 3, "seats": ["human", "human", "heuristic"]},
    {"game": "gnome", "players": 4, "seats": ["random"] * 4},
    {"game": "gtpag", "players": 4, "seats": ["human", "random", "human", "random"]},
]


def test_a_kill_9_loses_nothing_acknowledged_and_every_table_goes_on(tmp_path: Path) -> None:
    db = tmp_path / "crash.sqlite3"
    port = free_port()
    base_http = f"http://127.0.0.1:{port}"
    base_ws = f"ws://127.0.0.1:{port}"
    seen: dict[tuple[str, int | None], Seen] = {}
    with serving(db, port, "--bot-pause", "0.02", start_within=30) as process:
        tables = []
        for setup in SETUPS * 2:
            response = httpx.post(f"{base_http}/api/tables", json=setup, timeout=10)
            assert response.status_code == 201, response.text
            tables.append(response.json())

        async def until_kill() -> None:
            tasks = await first_phase(base_ws, tables, seen)
            deadline = time.monotonic() + 30
            while sum(len(s.acks) for s in seen.values()) < 30 and time.monotonic() < deadline:
                await asyncio.sleep(0.05)  # let play get going, however slow the machine
            process.send_signal(signal.SIGKILL)  # mid-play: no goodbye, no flush
            await asyncio.wait(tasks, timeout=30)
            for task in tasks:
                task.cancel()

        asyncio.run(until_kill())
        process.wait(timeout=10)
        assert process.returncode == -signal.SIGKILL
    acked = sum(len(s.acks) for s in seen.values())
    assert acked > 0, "no action was acknowledged before the kill"
    mid_play = 0
    with serving(db, port, "--bot-pause", "0", start_within=30):
        finals = asyncio.run(second_phase(base_ws, tables))
        assert all(final["status"] == "finished" for final in finals)
        for created in tables:
            table = created["table"]
            response = httpx.get(f"{base_http}/api/tables/{table}/record", timeout=10)
            assert response.status_code == 200, response.text
            record = MatchRecord.from_dict(response.json())
            Match.from_record(record)  # the log replays to the outcome it claims
            for (where, seat), what in seen.items():
                if where != table:
                    continue
                for seq, actor, action in what.acks:
                    assert record.actions[seq - 2] == (actor, action), "an acked action is lost"
                if what.top_seq - 1 < len(record.actions):
                    mid_play += 1
                assert len(record.actions) >= what.top_seq - 1, "a broadcast action is lost"
                for seq, view in what.views.items():
                    position = Match.from_record(record, steps=seq - 1)
                    assert position.view(seat) == view, "the table came back elsewhere"
    assert mid_play > 0, "the kill came after every table had finished"
