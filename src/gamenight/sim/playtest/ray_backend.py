"""The Ray backend: a playtest's batches spread over a Ray cluster (the ``ray`` extra).

Each batch is one Ray task running :func:`play_batch`, exactly as the local backend runs it,
so the figures do not depend on where or in what order batches ran (the lab files results by
match index). At most twice the cluster's CPUs of batches are in flight; results are taken
as they finish. A stopped run lets the batches in flight end rather than cancel them.

Ray is imported only when a run starts: ``gamenight`` works without the extra.
"""

from __future__ import annotations

import logging
import os
import socket
from pathlib import Path
from typing import Any

import gamenight
from gamenight.core.errors import GamenightError, brief
from gamenight.sim.playtest.backends import OnResult, Planner, StopRun
from gamenight.sim.playtest.batches import play_batch
from gamenight.sim.playtest.configs import PlaytestSpec

PROBE_SECONDS = 3.0
"""How long to wait for a cluster's address to answer: ray.init itself would retry for
minutes against a silent or wrong port."""

GCS_PORT = 6379  # `ray start --head`'s default port
CLIENT_PORT = 10001  # Ray Client's default port (ray://)

DRAIN_SECONDS = 30.0
"""How long a stopped run waits for its batches in flight to end (see :func:`let_end`)."""

# The opening of an HTTP/2 connection (RFC 9113 section 3.4): the client preface, then an
# empty SETTINGS frame. Ray's cluster and client ports speak gRPC, i.e. HTTP/2, and answer
# with a SETTINGS frame of their own; any other server (e.g. the dashboard on 8265) does not.
HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])
FRAME_HEADER = 9
SETTINGS_FRAME = 4


class RayClusterError(GamenightError):
    """The Ray cluster named by ``--address`` cannot be reached."""


def unreachable(address: str, reason: str) -> RayClusterError:
    shown = address if len(address) <= 80 and address.isprintable() else brief(address)
    return RayClusterError(f"cannot reach the Ray cluster at {shown}: {reason}")


class RayBackend:
    """Batches as Ray tasks, on the cluster at ``address`` or on a local Ray.

    Without an address it uses the Ray this process is already connected to (a test's),
    the cluster in ``RAY_ADDRESS`` (a ``ray job``'s command has it), or starts a local Ray
    for the run; it shuts down only what it started (leaving a cluster only disconnects).
    """

    name = "ray"

    def __init__(self, address: str | None = None) -> None:
        self.address = address

    def run(self, spec: PlaytestSpec, on_result: OnResult) -> None:
        import ray

        started = self._connect(ray)
        try:
            _play(ray, spec, on_result)
        finally:
            if started:
                ray.shutdown()

    def _connect(self, ray: Any) -> bool:
        """Connect to the cluster or start a local Ray; True when this call did either.

        A named address is checked even when Ray is already connected: a cluster that
        cannot be reached is an error, not a reason to play elsewhere.
        """
        if self.address is not None and self.address != "auto":
            probe(self.address)  # "auto" is looked up locally by Ray, failing at once
        if ray.is_initialized():
            return False
        job_address = os.environ.get("RAY_ADDRESS")  # set for a `ray job`'s command
        if self.address is None and not job_address:
            os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # a throwaway Ray: no report
            ray.init(**local_ray_options())
            return True
        try:  # without an address, Ray itself connects to RAY_ADDRESS
            ray.init(address=self.address, log_to_driver=False, logging_level=logging.ERROR)
        except (ConnectionError, RuntimeError, ValueError) as error:  # e.g. versions differ
            first_line = (str(error).strip().splitlines() or [type(error).__name__])[0]
            raise unreachable(self.address or str(job_address), first_line) from None
        return True


def local_ray_options() -> dict[str, Any]:
    """``ray.init`` options for a Ray on this machine that plays THIS checkout's gamenight.

    Ray's workers are fresh interpreters: without the ``PYTHONPATH`` they would import
    whatever ``gamenight`` is installed, not the sources this process runs (a worktree, a
    source checkout). The rest keeps Ray quiet: no dashboard, no worker output on the
    terminal (it would break the progress bar), only errors logged.
    """
    sources = str(Path(gamenight.__file__).resolve().parent.parent)
    inherited = os.environ.get("PYTHONPATH")
    path = sources if not inherited else os.pathsep.join([sources, inherited])
    return {
        "runtime_env": {"env_vars": {"PYTHONPATH": path}},
        "include_dashboard": False,
        "log_to_driver": False,
        "logging_level": logging.ERROR,
    }


def _play(ray: Any, spec: PlaytestSpec, on_result: OnResult) -> None:
    """Keep the cluster busy with batches; hand each result on as it finishes."""
    play_remote = ray.remote(num_cpus=1)(play_batch)
    spec_ref = ray.put(spec)  # shipped once, not with every batch
    limit = 2 * max(1, int(ray.cluster_resources().get("CPU", 1)))
    planner = Planner(spec)
    tasks = planner.tasks()
    in_flight: list[Any] = []
    try:
        while True:
            while len(in_flight) < limit and (task := next(tasks, None)) is not None:
                in_flight.append(play_remote.remote(spec_ref, task))
            if not in_flight:
                return
            done, in_flight = ray.wait(in_flight, num_returns=1)
            result = ray.get(done[0])
            planner.learn(result)  # later batches sized from this one's pace
            on_result(result)
    except StopRun:
        return
    finally:  # a stop, Ctrl-C or a task's failure
        let_end(ray, in_flight)


def let_end(ray: Any, in_flight: list[Any]) -> None:
    """Wait a bounded time for the batches still in flight to end; their results are dropped.

    They are not cancelled: ``ray.cancel`` racing a task's own end can abort this process
    (a ``RAY_CHECK`` in Ray's task manager, "Tried to complete task that was not pending",
    seen with Ray 2.60 when a run stopped). At most two batches per CPU are in flight, each
    sized to about a second, so this takes a second or two. A batch still running after
    :data:`DRAIN_SECONDS` (a first batch of a very slow bot) ends on its own, for nobody; a
    Ray the backend started is shut down right after, which stops it.
    """
    if in_flight:
        ray.wait(in_flight, num_returns=len(in_flight), timeout=DRAIN_SECONDS)


def host_port(address: str) -> tuple[str, int]:
    """``HOST:PORT`` (the cluster's GCS) or ``ray://HOST:PORT`` (Ray Client); IPv6 in []."""
    scheme, sep, rest = address.partition("://")
    if not sep:
        scheme, rest = "", address
    elif scheme != "ray":
        raise unreachable(address, "give HOST:PORT or ray://HOST:PORT (the dashboard's "
                                   "http:// address is for `ray job submit`)")
    host, colon, port_text = rest.rstrip("/").rpartition(":")
    if not colon or host.endswith(":"):  # no port, or a bare IPv6 address
        host, port_text = rest.rstrip("/"), ""
    host = host.strip("[]")
    if not host:
        raise unreachable(address, "no host named")
    if not port_text:
        return host, CLIENT_PORT if scheme else GCS_PORT
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise unreachable(address, f"{brief(port_text)} is not a port number")
    return host, int(port_text)


def probe(address: str, seconds: float = PROBE_SECONDS) -> None:
    """Fail in seconds, naming why, unless something speaking gRPC answers at ``address``."""
    host, port = host_port(address)
    try:
        with socket.create_connection((host, port), timeout=seconds) as connection:
            connection.settimeout(seconds)
            if _tls():  # a TLS handshake first: a connection is all that can be checked here
                return
            connection.sendall(HTTP2_PREFACE)
            header = _receive(connection, FRAME_HEADER)
    except TimeoutError:
        raise unreachable(address, f"no answer within {seconds:g} s") from None
    except OSError as error:
        raise unreachable(address, error.strerror or str(error) or type(error).__name__) from None
    if len(header) < FRAME_HEADER or header[3] != SETTINGS_FRAME:
        raise unreachable(address, f"something at {host}:{port} answers, but not a Ray cluster")


def _tls() -> bool:
    """Whether this cluster's gRPC runs over TLS (Ray's ``RAY_USE_TLS`` setting)."""
    return os.environ.get("RAY_USE_TLS", "0").lower() in ("1", "true")


def _receive(connection: socket.socket, size: int) -> bytes:
    """Up to ``size`` bytes: fewer only when the other side closes."""
    data = b""
    while len(data) < size:
        chunk = connection.recv(size - len(data))
        if not chunk:
            break
        data += chunk
    return data
