"""A real server on 127.0.0.1 (uvicorn in a thread, an ephemeral port) and a blocking client.

Every wait is bounded: a frame that does not come within its timeout fails the test.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.sync.client import ClientConnection, connect

from gamenight.server.app import create_app
from gamenight.server.tables import ServerConfig

Frame = dict[str, Any]


class RunningServer:
    def __init__(self, port: int, db: Path) -> None:
        self.port = port
        self.db = db
        self.base = f"http://127.0.0.1:{port}"
        self.http = httpx.Client(base_url=self.base, timeout=10.0)

    def create(self, **settings: Any) -> Frame:
        response = self.http.post("/api/tables", json=settings)
        assert response.status_code == 201, response.text
        created: Frame = response.json()
        return created

    def client(self, table: str, token: str | None = None, **hello: Any) -> Client:
        return Client(self.port, table, token, **hello)


@contextmanager
def running_server(db: Path, **config: Any) -> Iterator[RunningServer]:
    """Start the app on an ephemeral port of 127.0.0.1; stop it afterwards."""
    settings = ServerConfig(**{"bot_pause": 0.0, "rate": 1000.0, "burst": 1000.0, **config})
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(db, settings),
            log_level="warning",
            ws_max_size=64 * 1024,
            ws_per_message_deflate=False,
            lifespan="on",
        )
    )
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive(), "the server did not start"
        assert time.monotonic() < deadline, "the server took too long to start"
        time.sleep(0.02)
    running = RunningServer(port, db)
    try:
        yield running
    finally:
        running.http.close()
        server.should_exit = True
        thread.join(timeout=15)
        listener.close()


class Client:
    """One WebSocket at a table: sends hello, keeps every frame it receives."""

    def __init__(self, port: int, table: str, token: str | None, **hello: Any) -> None:
        opened = connect(
            f"ws://127.0.0.1:{port}/ws/tables/{table}", open_timeout=10, close_timeout=2
        )
        self.ws: ClientConnection = opened.__enter__()  # closed by close()
        self.frames: list[Frame] = []
        self.raw: list[str] = []
        self.state: Frame | None = None
        self.send({"type": "hello", "token": token, **hello})

    def send(self, frame: Frame) -> None:
        self.ws.send(json.dumps(frame))

    def send_text(self, text: str | bytes) -> None:
        self.ws.send(text)

    def recv(self, timeout: float = 10.0) -> Frame:
        text = self.ws.recv(timeout=timeout)
        assert isinstance(text, str)
        self.raw.append(text)
        frame: Frame = json.loads(text)
        self.frames.append(frame)
        if frame["type"] in ("state", "resync"):
            self.state = frame
        return frame

    def until(self, done: Callable[[Frame], bool], timeout: float = 20.0) -> Frame:
        """Read frames until one satisfies ``done``; fail after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            assert left > 0, f"no frame came that was waited for; last: {self.frames[-1:]}"
            frame = self.recv(timeout=left)
            if done(frame):
                return frame

    def state_frame(self, timeout: float = 20.0) -> Frame:
        return self.until(lambda f: f["type"] in ("state", "resync"), timeout)

    def drain(self, quiet: float = 0.2) -> None:
        """Read what is already on its way (until ``quiet`` seconds pass with nothing)."""
        for _ in range(10_000):
            try:
                self.recv(timeout=quiet)
            except TimeoutError:
                return

    def close(self) -> None:
        self.ws.close()


def my_turn(seat: int) -> Callable[[Frame], bool]:
    return lambda f: (
        f["type"] in ("state", "resync")
        and ((seat in f["to_act"] and bool(f["legal"])) or f["status"] == "finished")
    )
