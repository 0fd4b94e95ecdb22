"""A small asyncio client for a gamenight server: take a seat or watch, and play.

Used by the load benchmark and the tests, and a worked example of the protocol
(docs/server.md) for anyone writing a client: say hello with the seat token, keep the newest
state, act from it with its ``seq``, and read a resync like any other state.

    async with SeatClient("ws://127.0.0.1:8000", table_id, token) as seat:
        final = await seat.play(lambda legal: legal[0])
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from types import TracebackType
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

Frame = dict[str, Any]
Choose = Callable[[list[str]], str]
OnFrame = Callable[[Frame, str, float], None]
"""Called with every frame received, its raw text and its arrival time (perf_counter)."""
OnSend = Callable[[Frame, float], None]
"""Called with every act frame sent and the time it was sent (perf_counter)."""


class SeatClient:
    """One socket at one table: a seat (with its token) or a spectator (no token)."""

    def __init__(
        self,
        base: str,
        table: str,
        token: str | None = None,
        *,
        on_frame: OnFrame | None = None,
        on_send: OnSend | None = None,
    ) -> None:
        self.url = f"{base.rstrip('/')}/ws/tables/{table}"
        self.token = token
        self.on_frame = on_frame
        self.on_send = on_send
        self.state: Frame | None = None
        self._socket: ClientConnection | None = None

    async def __aenter__(self) -> SeatClient:
        self._socket = await connect(self.url, open_timeout=30, max_size=2**22)
        await self._socket.send(json.dumps({"type": "hello", "token": self.token}))
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._socket is not None:
            await self._socket.close()

    async def receive(self) -> Frame:
        assert self._socket is not None, "use the client in an async with block"
        text = await self._socket.recv()
        arrived = time.perf_counter()
        frame: Frame = json.loads(text)
        if self.on_frame is not None:
            self.on_frame(frame, str(text), arrived)
        if frame["type"] in ("state", "resync"):
            self.state = frame
        return frame

    async def send(self, frame: Frame) -> None:
        assert self._socket is not None, "use the client in an async with block"
        sent = time.perf_counter()
        await self._socket.send(json.dumps(frame))
        if self.on_send is not None:
            self.on_send(frame, sent)

    async def play(
        self,
        choose: Choose | None,
        *,
        timeout: float = 600.0,
        match: int = 1,
        think: float = 0.0,
    ) -> Frame:
        """Act with ``choose`` whenever the newest state offers actions (``None``: only
        watch) until match number ``match`` of the table is finished; returns that state.

        ``think`` seconds pass before each action (frames are still read meanwhile, so the
        action is taken from the newest state).
        """
        acted_at: int | None = None
        ready_at: float | None = None
        loop = asyncio.get_running_loop()
        async with asyncio.timeout(timeout):
            while True:
                state = self.state
                wait: float | None = None
                if state is not None:
                    if state["match"] >= match and state["status"] == "finished":
                        return state
                    if choose is not None and state["legal"] and acted_at != state["seq"]:
                        ready_at = ready_at if ready_at is not None else loop.time() + think
                        wait = ready_at - loop.time()
                        if wait <= 0:
                            acted_at, ready_at, wait = state["seq"], None, None
                            action = choose(state["legal"])
                            await self.send({"type": "act", "seq": state["seq"], "action": action})
                try:
                    frame = await asyncio.wait_for(self.receive(), wait)
                except TimeoutError:
                    continue  # done thinking
                if frame["type"] == "error":
                    acted_at = None  # refused: act again from the newest state
