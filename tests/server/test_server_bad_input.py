"""issue 13, bad input: every kind of bad request, frame and token gets an error naming the
problem; the table's state is unchanged and the server goes on serving everyone else."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_harness import Client, RunningServer, running_server
from server_people import error_after, latest, play_until_finished, seeded_choice
from websockets.exceptions import ConnectionClosed

RATE, BURST = 20.0, 40.0  # the flood limit: frames a second, and the bucket's size


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    db = tmp_path_factory.mktemp("db") / "bad.sqlite3"
    with running_server(db, rate=RATE, burst=BURST, hello_timeout=1.0) as running:
        yield running


GOOD = {"game": "requirements", "players": 2, "seats": ["human", "random"]}

BAD_TABLES = [
    ({"game": "chess"}, "unknown game"),
    ({"game": "requirements", "players": 9}, "not 9"),
    ({"game": "requirements", "players": "two"}, "whole number"),
    ({**GOOD, "seats": ["human"]}, "list of 2"),
    ({**GOOD, "seats": ["human", "deep-blue"]}, "unknown bot"),
    ({**GOOD, "seats": ["human", "ismcts:iters=1000000"]}, "at most"),
    ({**GOOD, "seats": ["human", "ismcts:time=600"]}, "at most"),
    ({**GOOD, "seats": ["human", "ismcts:infer=on,particles=100000"]}, "256 particles"),
    ({**GOOD, "colour": "red"}, "unknown table setting"),
    ({**GOOD, "kind": "tournament"}, "kind must be"),
    ({**GOOD, "absent": "shrug"}, "absent must be"),
    ({**GOOD, "absent_after": -1}, "absent_after"),
    ({**GOOD, "listed": "yes"}, "listed must be"),
    ({**GOOD, "params": {"no_such_rule": 1}}, "unknown parameter"),
    ({**GOOD, "params": ["failure_limit"]}, "key=value"),
    ({**GOOD, "params": 5}, "params must be"),
    ({**GOOD, "variant": "no-such-variant"}, "no variant"),
    ({**GOOD, "added": ["Catan"]}, "game-night"),
    ({"kind": "night", "players": 4, "params": {"x": 1}}, "no params"),
    ({"kind": "night", "players": 8}, "no game in the library"),
    ({"kind": "night", "players": 4, "added": ["G.Nome"]}, "already in the library"),
    ([1, 2, 3], "JSON object"),
]


@pytest.mark.parametrize(("body", "problem"), BAD_TABLES, ids=[p for _, p in BAD_TABLES])
def test_bad_table_settings_are_a_400_naming_the_problem(
    server: RunningServer, body: Any, problem: str
) -> None:
    response = server.http.post("/api/tables", json=body)
    assert response.status_code == 400, response.text
    assert problem in response.json()["error"]
    assert "Traceback" not in response.text


def test_http_errors_are_json_with_a_message(server: RunningServer) -> None:
    cases = [
        (server.http.post("/api/tables", content=b"{not json"), 400, "not valid JSON"),
        (server.http.get("/api/tables/nope"), 404, "no table"),
        (server.http.get("/api/tables/nope/record"), 404, "no table"),
        (server.http.get("/api/tables", params={"status": "lost"}), 400, "status must be"),
        (server.http.get("/api/nothing-here"), 404, "Not Found"),
        (server.http.delete("/api/tables"), 405, "Method Not Allowed"),
        (server.http.post("/api/tables", content=b"[" + b"1," * 40_000 + b"1]"), 413, "over"),
        (server.http.post("/api/tables/nope/again", json={}), 404, "no table"),
    ]
    for response, status, problem in cases:
        assert response.status_code == status, response.text
        assert problem in response.json()["error"]
    created = server.create(**GOOD)
    unfinished = server.http.get(f"/api/tables/{created['table']}/record")
    assert unfinished.status_code == 409
    assert "no match" in unfinished.json()["error"]
    again = server.http.post(
        f"/api/tables/{created['table']}/again", json={"token": created["invites"][0]["token"]}
    )
    assert again.status_code == 409
    assert "not finished" in again.json()["error"]


def _closed_with(client: Client) -> int | None:
    for _ in range(100):
        try:
            client.recv(timeout=5)
        except ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd is not None else None
    return None


def test_bad_tokens_and_missing_hellos_are_refused(server: RunningServer) -> None:
    created = server.create(**GOOD)
    table = created["table"]
    other = server.create(**GOOD)
    cases = [
        (server.client(table, "not-a-token"), 4403, "unknown seat token"),
        (server.client(table, other["invites"][0]["token"]), 4403, "unknown seat token"),
        (server.client("no-such-table", created["invites"][0]["token"]), 4404, "no such table"),
    ]
    for client, code, problem in cases:
        frame = client.until(lambda f: f["type"] == "error")
        assert problem in frame["error"]
        assert _closed_with(client) == code
    # no hello: the first frame is something else
    for first in ({"type": "act", "seq": 1, "action": "claim"}, "not json"):
        client = _raw_client(server, table)
        client.send(first) if isinstance(first, dict) else client.send_text(first)
        frame = client.until(lambda f: f["type"] == "error")
        assert "hello" in frame["error"] or "JSON" in frame["error"]
        assert _closed_with(client) == 4408
    # no frame at all within the hello timeout
    client = _raw_client(server, table)
    frame = client.until(lambda f: f["type"] == "error", timeout=10)
    assert "hello" in frame["error"]
    assert _closed_with(client) == 4408


def _raw_client(server: RunningServer, table: str) -> Client:
    """A client that has not said hello yet."""
    client = Client.__new__(Client)
    from websockets.sync.client import connect

    client.ws = connect(
        f"ws://127.0.0.1:{server.port}/ws/tables/{table}", open_timeout=10
    ).__enter__()
    client.frames, client.raw, client.state = [], [], None
    return client


def test_every_bad_frame_gets_an_error_and_changes_nothing(server: RunningServer) -> None:
    busy = server.create(game="requirements", players=2, seats=["random", "random"])
    watcher = server.client(busy["table"])  # another table, playing meanwhile
    created = server.create(game="requirements", players=2)
    table = created["table"]
    tokens = {i["seat"]: i["token"] for i in created["invites"]}
    people = {seat: server.client(table, token) for seat, token in tokens.items()}
    for person in people.values():
        person.until(lambda f: f["type"] == "state" and f["status"] == "playing")
    state = {seat: latest(p) for seat, p in people.items()}
    actor = next(seat for seat in state if state[seat]["legal"])
    idle = 1 - actor
    seq = state[actor]["seq"]
    person = people[actor]
    legal = state[actor]["legal"][0]
    frames: list[tuple[Client, Any, str]] = [
        (person, "x" * 5000, "frame too large"),
        (person, "{not json", "not valid JSON"),
        (person, "[1, 2]", "JSON object"),
        (person, {"type": "dance"}, "unknown frame type"),
        (person, b"\x00\x01binary", "binary"),
        (person, {"type": "act", "seq": seq}, "action's text"),
        (person, {"type": "act", "seq": "one", "action": "claim"}, "seq must be"),
        (person, {"type": "act", "seq": -1, "action": "claim"}, "seq must be"),
        (person, {"type": "act", "seq": seq, "action": "x" * 300}, "too long"),
        (person, {"type": "act", "seq": seq, "action": "fly to the moon"}, ""),
        (person, {"type": "rate", "seq": seq, "ratings": [1]}, "not rating"),
        (person, {"type": "rate", "seq": seq, "ratings": "high"}, "list of numbers"),
        (person, {"type": "hello", "token": tokens[actor]}, "already said hello"),
        (person, {"type": "again", "seq": seq}, "not finished"),
        (people[idle], {"type": "act", "seq": seq, "action": legal}, "cannot act now"),
    ]  # fmt: skip
    for client, frame, problem in frames:
        error = error_after(client, frame)
        assert problem in error["error"], (frame, error)
        assert error["seq"] == seq, "a refused frame changes nothing"
    spectator = server.client(table)
    spectator.state_frame()
    refused = error_after(spectator, {"type": "act", "seq": seq, "action": "claim"})
    assert "spectators cannot act" in refused["error"]
    # every connection is still open and the table goes on to its end
    person.send({"type": "ping"})
    assert person.until(lambda f: f["type"] == "pong")["seq"] == seq
    final = play_until_finished(people, seeded_choice(9))
    # the match, played as fast as frames come back, can empty the flood bucket: wait for
    # it to refill, so the refusal under test is the finished match's and not the flood's
    time.sleep(BURST / RATE)
    late = error_after(person, {"type": "act", "seq": final["seq"], "action": "claim"})
    assert "over" in late["error"]
    assert watcher.until(lambda f: f["type"] == "state" and f["status"] == "finished")
    for client in (*people.values(), spectator, watcher):
        client.close()


def test_a_flood_is_rate_limited_and_the_connection_lives_on(server: RunningServer) -> None:
    created = server.create(**GOOD)
    person = server.client(created["table"], created["invites"][0]["token"])
    person.state_frame()
    for _ in range(120):
        person.send({"type": "ping"})
    floods = 0
    for _ in range(200):
        try:
            frame = person.recv(timeout=1.0)
        except TimeoutError:
            break
        floods += frame["type"] == "error" and "too many frames" in frame["error"]
    assert floods > 0
    time.sleep(1.0)
    person.send({"type": "ping"})
    assert person.until(lambda f: f["type"] in ("pong", "error"))["type"] == "pong"
    person.close()


def test_a_frame_over_the_transport_limit_closes_only_that_socket(server: RunningServer) -> None:
    created = server.create(**GOOD)
    person = server.client(created["table"], created["invites"][0]["token"])
    person.state_frame()
    person.send_text("x" * 100_000)
    assert _closed_with(person) == 1009  # message too big
    back = server.client(created["table"], created["invites"][0]["token"])
    assert back.state_frame()["seat"] == 0
    back.close()


def test_an_unexpected_failure_is_a_json_500_without_a_traceback(tmp_path: Path) -> None:
    import asyncio

    import httpx
    from starlette.routing import Route

    from gamenight.server.app import create_app
    from gamenight.server.storage import StorageError

    def boom(request: object) -> None:
        raise RuntimeError("secret internals")

    def full_disk(request: object) -> None:
        raise StorageError("disk full")

    app = create_app(tmp_path / "x.sqlite3")
    app.router.routes.append(Route("/boom", boom))
    app.router.routes.append(Route("/full", full_disk))

    async def ask() -> tuple[httpx.Response, httpx.Response]:
        transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            return await client.get("/boom"), await client.get("/full")

    crashed, full = asyncio.run(ask())
    assert crashed.status_code == 500
    assert crashed.json() == {"error": "internal server error"}
    assert "secret internals" not in crashed.text
    assert full.status_code == 503
    assert "cannot save" in full.json()["error"]
