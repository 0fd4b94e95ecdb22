"""Scripted people: clients that play whatever legal action their script picks."""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable
from typing import Any

from server_harness import Client, Frame

Choose = Callable[[list[str]], str]


def latest(client: Client) -> Frame:
    """The newest state the client has, after reading what is already waiting."""
    while True:
        try:
            client.recv(timeout=0.002)
        except TimeoutError:
            break
    assert client.state is not None
    return client.state


def play_until_finished(
    clients: dict[int, Client], choose: Choose, timeout: float = 60.0, match: int | None = None
) -> Frame:
    """People at ``clients`` (seat -> client) play until the table's match is finished.

    Each client acts from its newest state whenever that state offers it actions; refusals
    come back as resyncs, which the loop reads like any state.
    """
    deadline = time.monotonic() + timeout
    acted: dict[int, int] = {}
    while time.monotonic() < deadline:
        for seat, client in clients.items():
            with contextlib.suppress(TimeoutError):
                client.recv(timeout=0.01)
            state = latest(client)
            if client.frames[-1]["type"] == "error":
                acted.pop(seat, None)  # refused: look again and act again
            if match is not None and state["match"] < match:
                continue
            if state["status"] == "finished":
                return state
            if state["legal"] and acted.get(seat) != state["seq"]:
                acted[seat] = state["seq"]
                client.send({"type": "act", "seq": state["seq"], "action": choose(state["legal"])})
    raise AssertionError(f"the match did not finish in {timeout} s")


def seeded_choice(seed: int) -> Choose:
    rng = random.Random(seed)
    return lambda legal: legal[rng.randrange(len(legal))]


def error_after(client: Client, frame: dict[str, Any] | str | bytes, timeout: float = 5.0) -> Frame:
    """Send ``frame`` and return the error frame that answers it."""
    if isinstance(frame, dict):
        client.send(frame)
    else:
        client.send_text(frame)
    return client.until(lambda f: f["type"] == "error", timeout)
