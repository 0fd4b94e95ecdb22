"""issue 15 item 5: the Ray backend gives the local backend's figures, whatever the batch
sizes; a bot's error and Ctrl-C stop it keeping what finished; a local Ray plays this
checkout's sources; an address that cannot be reached fails in seconds, in one line.

One local Ray (2 CPUs) serves the whole module.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ray = pytest.importorskip("ray")

from backend_checks import (  # noqa: E402 - after the skip: these tests need Ray
    figures,
    kept_as_played,
    make_blunder,
    rows,
    two_variants_and_a_ladder,
)
from typer.testing import CliRunner  # noqa: E402

import gamenight  # noqa: E402
from gamenight.bots.factory import GENERIC_BOTS  # noqa: E402
from gamenight.cli import app  # noqa: E402
from gamenight.sim.playtest import backends  # noqa: E402
from gamenight.sim.playtest.backends import LocalBackend  # noqa: E402
from gamenight.sim.playtest.ray_backend import (  # noqa: E402
    RayBackend,
    RayClusterError,
    host_port,
    local_ray_options,
    probe,
)
from gamenight.sim.playtest.run import run_playtest  # noqa: E402

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """A local Ray as the backend starts one, plus the broken bot in every worker."""
    assert not ray.is_initialized()
    options = local_ray_options()
    env = options["runtime_env"]["env_vars"]
    env["PYTHONPATH"] = f"{env['PYTHONPATH']}:{HERE}"  # backend_checks, for the hook
    options["runtime_env"]["worker_process_setup_hook"] = "backend_checks.install"
    ray.init(num_cpus=2, **options)
    yield
    ray.shutdown()


def free_port() -> int:
    with socket.socket() as probe_socket:
        probe_socket.bind(("127.0.0.1", 0))
        port: int = probe_socket.getsockname()[1]
        return port


def test_issue15_item5_the_ray_backend_starts_and_stops_its_own_ray() -> None:
    """First in the module, before the module's Ray starts (skipped if one is running)."""
    if ray.is_initialized():
        pytest.skip("a Ray is running in this process")
    spec = two_variants_and_a_ladder(games=10, ladder_games=0)
    run = run_playtest(spec, RayBackend())
    assert run.matches == run.planned
    assert not ray.is_initialized()


@pytest.mark.usefixtures("local_ray")
def test_issue15_item5_ray_gives_the_figures_of_the_local_backend() -> None:
    spec = two_variants_and_a_ladder()
    on_ray = run_playtest(spec, RayBackend())
    assert on_ray.backend == "ray"
    assert on_ray.matches == on_ray.planned == 2 * (150 + 20)
    for jobs in (1, 2):
        local = run_playtest(spec, LocalBackend(jobs))
        assert rows(on_ray) == rows(local)
        assert figures(on_ray) == figures(local)


@pytest.mark.usefixtures("local_ray")
def test_issue15_item5_batch_sizes_on_ray_do_not_change_the_figures(monkeypatch: Any) -> None:
    spec = two_variants_and_a_ladder(games=40, ladder_games=6)
    expected = run_playtest(spec, LocalBackend(1))
    sizes: list[int] = []
    monkeypatch.setattr(backends, "FIRST_BATCH", 1)
    monkeypatch.setattr(backends, "TARGET_SECONDS", 1e-9)  # every batch a single match
    tiny = run_playtest(spec, RayBackend(), sizes.append)
    assert set(sizes) == {1}
    sizes.clear()
    monkeypatch.setattr(backends, "FIRST_BATCH", 1000)  # every series in one batch
    big = run_playtest(spec, RayBackend(), sizes.append)
    assert sorted(sizes) == sorted(series.games for series in spec.series())
    assert rows(tiny) == rows(big) == rows(expected)
    assert figures(tiny) == figures(big) == figures(expected)


@pytest.mark.usefixtures("local_ray")
def test_issue15_item5_a_bot_error_on_ray_stops_the_run_keeping_what_finished(
    monkeypatch: Any,
) -> None:
    monkeypatch.setitem(GENERIC_BOTS, "blunder", make_blunder)  # the workers have it by hook
    spec = two_variants_and_a_ladder(games=400, bots=("blunder:after=300", "random"),
                                     ladder_games=0)
    run = run_playtest(spec, RayBackend())
    assert run.error is not None
    assert "bot 'blunder:after=300' in seat" in run.error
    assert "which is not legal" in run.error
    assert 0 < run.matches < run.planned
    assert kept_as_played(run)


@pytest.mark.usefixtures("local_ray")
def test_issue15_item5_ctrl_c_on_ray_keeps_what_finished(monkeypatch: Any) -> None:
    """The batches in flight at the stop end (ray.cancel racing a task's end can abort the
    driver) and their results are dropped; no new batch starts."""
    cancelled: list[Any] = []
    monkeypatch.setattr(ray, "cancel", lambda ref, **options: cancelled.append(ref))
    waits: list[tuple[list[Any], dict[str, Any]]] = []
    real_wait = ray.wait

    def recording_wait(refs: list[Any], **options: Any) -> Any:
        waits.append((list(refs), options))
        return real_wait(refs, **options)

    monkeypatch.setattr(ray, "wait", recording_wait)
    spec = two_variants_and_a_ladder(games=5000, ladder_games=0)
    seen: list[int] = []

    def interrupt_after_three(matches: int) -> None:
        seen.append(matches)
        if len(seen) == 3:
            raise KeyboardInterrupt

    run = run_playtest(spec, RayBackend(), interrupt_after_three)
    assert run.interrupted
    assert run.matches == sum(seen) > 0
    assert run.matches < run.planned  # stopped, not played out (10,000 matches)
    assert ray.is_initialized()  # the test's Ray: not the backend's to shut down
    assert cancelled == []
    left, options = waits[-1]  # the last wait: for every batch in flight at the stop
    assert left
    assert options["num_returns"] == len(left)
    assert not real_wait(left, num_returns=len(left), timeout=0)[1]  # all of them ended


@pytest.mark.usefixtures("local_ray")
def test_issue15_item5_a_local_ray_plays_this_checkout() -> None:
    @ray.remote
    def where_gamenight_is() -> str:
        import gamenight

        return gamenight.__file__

    assert ray.get(where_gamenight_is.remote()) == gamenight.__file__


@pytest.mark.usefixtures("local_ray")
def test_issue15_item5_the_probe_knows_a_ray_cluster() -> None:
    probe(ray.get_runtime_context().gcs_address)  # no error: it answers as Ray does


@pytest.mark.parametrize(
    ("address", "expected"),
    [
        ("10.0.0.1:6380", ("10.0.0.1", 6380)),
        ("head", ("head", 6379)),
        ("ray://head:10002", ("head", 10002)),
        ("ray://head", ("head", 10001)),
        ("[::1]:6379", ("::1", 6379)),
    ],
)
def test_issue15_item5_cluster_addresses(address: str, expected: tuple[str, int]) -> None:
    assert host_port(address) == expected


@pytest.mark.parametrize(
    ("address", "reason"),
    [
        ("http://head:8265", "give HOST:PORT or ray://HOST:PORT"),
        ("head:port", "'port' is not a port number"),
        ("head:70000", "'70000' is not a port number"),
        (":6379", "no host named"),
    ],
)
def test_issue15_item5_bad_addresses_are_named(address: str, reason: str) -> None:
    with pytest.raises(RayClusterError) as caught:
        host_port(address)
    assert str(caught.value).startswith(f"cannot reach the Ray cluster at {address}: {reason}")


def test_issue15_item5_a_port_that_is_not_ray_fails_in_seconds() -> None:
    """Something listens but says nothing (ray.init would wait for minutes), or answers
    in another protocol."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        address = f"127.0.0.1:{silent.getsockname()[1]}"
        began = time.perf_counter()
        with pytest.raises(RayClusterError, match=r"no answer within 0\.5 s"):
            probe(address, seconds=0.5)
        assert time.perf_counter() - began < 30  # a guard against waiting for minutes
    with socket.socket() as chatty:
        chatty.bind(("127.0.0.1", 0))
        chatty.listen()

        def answer_in_http() -> None:
            connection, _ = chatty.accept()
            with connection:
                connection.recv(64)
                connection.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n")

        server = threading.Thread(target=answer_in_http)
        server.start()
        address = f"127.0.0.1:{chatty.getsockname()[1]}"
        with pytest.raises(RayClusterError, match="answers, but not a Ray cluster"):
            probe(address)
        server.join()


def test_issue15_item5_an_unreachable_address_is_one_line_in_seconds() -> None:
    address = f"127.0.0.1:{free_port()}"
    began = time.perf_counter()
    result = CliRunner().invoke(app, ["playtest", "requirements", "-n", "20",
                                      "--backend", "ray", "--address", address])
    # a guard against Ray's own retries (minutes), not a speed test: loose for busy machines
    assert time.perf_counter() - began < 60
    assert result.exit_code == 2, result.output
    assert result.output.strip().splitlines() == [
        f"error: cannot reach the Ray cluster at {address}: Connection refused"
    ]
