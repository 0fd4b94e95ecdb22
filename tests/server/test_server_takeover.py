"""issue 14 bad input: a seat open in a second browser is told so and may take the seat over."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from server_harness import RunningServer, running_server
from websockets.exceptions import ConnectionClosed


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    with running_server(tmp_path_factory.mktemp("db") / "takeover.sqlite3") as running:
        yield running


def test_a_second_socket_on_a_seat_is_told_and_may_take_it_over(server: RunningServer) -> None:
    """issue 14: the second socket at a seat gets a 'held' frame counting the others; its
    'takeover' frame tells the first socket 'taken-over' and closes it with 4409; the seat
    stays connected through the second socket."""
    created = server.create(game="requirements", seats=["human", "heuristic"])
    token = created["invites"][0]["token"]
    first = server.client(created["table"], token)
    first.state_frame()
    first.drain()
    assert not any(f["type"] == "held" for f in first.frames)
    second = server.client(created["table"], token)
    second.state_frame()
    held = second.until(lambda f: f["type"] == "held")
    assert (held["seat"], held["others"]) == (0, 1)
    second.send({"type": "takeover"})
    told = first.until(lambda f: f["type"] == "taken-over")
    assert told["seat"] == 0
    with pytest.raises(ConnectionClosed) as closed:
        first.until(lambda f: False, timeout=5)
    assert closed.value.rcvd is not None
    assert closed.value.rcvd.code == 4409
    mine = second.until(lambda f: f["type"] == "held")
    assert mine["others"] == 0
    second.send({"type": "ping"})
    second.until(lambda f: f["type"] == "pong")
    seats = server.http.get(f"/api/tables/{created['table']}").json()["seats"]
    assert seats[0]["connected"] is True
    second.close()


def test_a_spectator_cannot_take_over(server: RunningServer) -> None:
    """issue 14: a watcher holds no seat; its takeover is refused with an error frame."""
    created = server.create(game="requirements", seats=["human", "heuristic"])
    watcher = server.client(created["table"], None)
    watcher.state_frame()
    watcher.send({"type": "takeover"})
    refused = watcher.until(lambda f: f["type"] == "error")
    assert refused["code"] == "spectator"
    watcher.close()
