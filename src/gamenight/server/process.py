"""`gamenight serve` in a process of its own, on 127.0.0.1: for the crash test and the load
benchmark, which must talk to a real server through real sockets and may kill it."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parents[2]
"""The folder that holds this gamenight package, so the child imports the same code."""


def free_port() -> int:
    """A port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def serving(
    db: Path, port: int, *options: str, start_within: float = 60.0
) -> Iterator[subprocess.Popen[bytes]]:
    """Run ``gamenight serve`` on 127.0.0.1:``port`` with ``db`` (and more ``options``) until
    the block ends; waits for its health check first. RuntimeError if it exits or does not
    answer within ``start_within`` seconds. The block may kill the process itself."""
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    command = [sys.executable, "-m", "gamenight", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--db", str(db), *options]
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        deadline = time.monotonic() + start_within
        while True:
            if process.poll() is not None:
                raise RuntimeError("the server exited at start")
            if time.monotonic() > deadline:
                raise RuntimeError(f"the server did not come up within {start_within:g} s")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=1):
                    break
            except OSError:
                time.sleep(0.1)
        yield process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=15)
