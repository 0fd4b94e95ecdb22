"""Load on the game server: many concurrent tables played through real WebSockets.

Run from the repository root (after `pip install .`, or with `PYTHONPATH=src`):

    python benchmarks/server_load.py                       # 200 tables for 60 s
    python benchmarks/server_load.py --tables 50 --seconds 20 --think 0 --json

It starts `gamenight serve` as a subprocess on 127.0.0.1 (a fresh database in a temporary
folder) and holds `--tables` tables in play at once: every seat is a client in this process
that picks random legal actions after `--think` seconds (a brisk person; 0 makes every table
go as fast as the server lets it). A table that finishes is replaced by a new one, so the
count holds for the whole run. It reports the tables held, the tables finished, accepted
actions per second, and the latency from an action's send to its broadcast reaching each
other seat of the table (p50, p95, p99). Both processes share the machine: the clients'
own work counts against the server.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed

from gamenight.server.client import SeatClient
from gamenight.server.process import free_port, serving


def cpu_seconds(pid: int) -> float | None:
    """User plus system CPU time of a process so far (Linux /proc), or None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Figures:
    """Send times of acknowledged actions and arrival times of broadcasts, by (table, seq)."""

    def __init__(self) -> None:
        self.server_cpu: float | None = None
        self.sent: dict[tuple[str, int], float] = {}
        self.arrived: dict[tuple[str, int], list[float]] = {}
        self.finished = 0
        self.started = 0
        self.errors = 0
        self.held = 0
        self.most_held = 0

    def latencies(self) -> list[float]:
        return [
            arrival - self.sent[key]
            for key, arrivals in self.arrived.items()
            if key in self.sent
            for arrival in arrivals
        ]


def create_table(port: int, game: str, players: int) -> dict[str, Any]:
    body = json.dumps({"game": game, "players": players, "listed": False}).encode()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/tables",
        data=body,
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        created: dict[str, Any] = json.loads(response.read())
        return created


async def one_table(
    port: int, args: argparse.Namespace, figures: Figures, rng: random.Random
) -> None:
    created = await asyncio.to_thread(create_table, port, args.game, args.players)
    table = created["table"]
    figures.started += 1
    base = f"ws://127.0.0.1:{port}"
    pending: dict[int, float] = {}  # seat -> send time of its action in flight

    async def seat(seat_number: int, token: str) -> None:
        def on_send(frame: dict[str, Any], sent: float) -> None:
            pending[seat_number] = sent

        def on_frame(frame: dict[str, Any], _: str, arrived: float) -> None:
            if frame["type"] == "error":
                figures.errors += 1
            if frame["type"] != "state":
                return
            key = (table, frame["seq"])
            if "ack" in frame and seat_number in pending:
                figures.sent[key] = pending.pop(seat_number)
            elif "ack" not in frame:
                figures.arrived.setdefault(key, []).append(arrived)

        def choose(legal: list[str]) -> str:
            return legal[rng.randrange(len(legal))]

        async with SeatClient(base, table, token, on_frame=on_frame, on_send=on_send) as client:
            await client.play(choose, timeout=args.seconds + 120, think=args.think)

    invites = created["invites"]
    await asyncio.gather(*(seat(i["seat"], i["token"]) for i in invites))
    figures.finished += 1


async def hold_tables(port: int, args: argparse.Namespace, figures: Figures) -> float:
    """Keep ``args.tables`` tables in play until ``args.seconds`` have passed."""
    stop_at = time.monotonic() + args.seconds
    rng = random.Random(args.seed)

    async def slot(number: int) -> None:
        await asyncio.sleep(number * args.ramp / max(1, args.tables))  # spread the starts
        while time.monotonic() < stop_at:
            figures.held += 1
            figures.most_held = max(figures.most_held, figures.held)
            try:
                await one_table(port, args, figures, random.Random(rng.random()))
            except (ConnectionClosed, OSError, TimeoutError) as error:
                figures.errors += 1
                print(f"slot {number}: {type(error).__name__}: {error}", file=sys.stderr)
            finally:
                figures.held -= 1

    started = time.monotonic()
    slots = [asyncio.create_task(slot(n)) for n in range(args.tables)]
    await asyncio.wait(slots, timeout=args.seconds + 2)  # tables still in play are left
    for task in slots:
        task.cancel()
    return time.monotonic() - started


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200, help="tables held at once")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to hold them")
    parser.add_argument("--game", default="requirements")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--think", type=float, default=0.5, help="seconds before each action")
    parser.add_argument("--ramp", type=float, default=5.0, help="seconds to open all tables")
    parser.add_argument("--rate-limit", type=float, default=10.0, help="server's frames/s")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--connect", type=int, metavar="PORT", help="use a server already on 127.0.0.1:PORT"
    )
    args = parser.parse_args(argv)
    if not 1 <= args.tables <= 2000 or not 0 < args.seconds <= 3600:
        parser.error("--tables must be 1-2000 and --seconds 0-3600")
    figures = Figures()
    if args.connect is not None:
        elapsed = asyncio.run(hold_tables(args.connect, args, figures))
    else:
        with tempfile.TemporaryDirectory() as folder:
            port = free_port()
            try:
                with serving(
                    Path(folder) / "load.sqlite3", port, "--bot-pause", "0",
                    "--rate-limit", str(args.rate_limit),
                ) as process:  # fmt: skip
                    started_cpu = cpu_seconds(process.pid)
                    elapsed = asyncio.run(hold_tables(port, args, figures))
                    ended_cpu = cpu_seconds(process.pid)
            except RuntimeError as error:  # the server did not start: say so in one line
                raise SystemExit(str(error)) from None
            if started_cpu is not None and ended_cpu is not None:
                figures.server_cpu = ended_cpu - started_cpu
    latencies = [1000 * x for x in figures.latencies()]
    actions = len(figures.sent)
    report = {
        "tables": args.tables,
        "most_held": figures.most_held,
        "tables_started": figures.started,
        "tables_finished": figures.finished,
        "game": args.game,
        "players": args.players,
        "think_s": args.think,
        "seconds": round(elapsed, 1),
        "actions": actions,
        "actions_per_s": round(actions / elapsed, 1) if elapsed else 0.0,
        "broadcasts_timed": len(latencies),
        "latency_ms": {
            "p50": round(percentile(latencies, 0.50), 1),
            "p95": round(percentile(latencies, 0.95), 1),
            "p99": round(percentile(latencies, 0.99), 1),
            "mean": round(statistics.fmean(latencies), 1) if latencies else float("nan"),
        },
        "errors": figures.errors,
        "server_cpu_s": round(figures.server_cpu, 1) if figures.server_cpu is not None else None,
        "server_cpu_ms_per_action": (
            round(1000 * figures.server_cpu / actions, 2)
            if figures.server_cpu is not None and actions
            else None
        ),
        "client_cpu_s": round(
            resource.getrusage(resource.RUSAGE_SELF).ru_utime
            + resource.getrusage(resource.RUSAGE_SELF).ru_stime,
            1,
        ),
        "cpus": os.cpu_count(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    if args.json:
        print(json.dumps(report))
    else:
        lat = report["latency_ms"]
        print(
            f"{args.tables} tables of {args.game} ({args.players} players, think {args.think}s)"
            f" held {report['most_held']} at once for {report['seconds']} s:"
            f" {report['tables_finished']} finished, {actions} actions"
            f" ({report['actions_per_s']}/s); send-to-broadcast latency p50 {lat['p50']} ms,"
            f" p95 {lat['p95']} ms, p99 {lat['p99']} ms; errors {figures.errors};"
            f" server CPU {report['server_cpu_s']} s ({report['server_cpu_ms_per_action']} ms"
            f" an action), clients' CPU {report['client_cpu_s']} s;"
            f" load average {report['load_average']} on {report['cpus']} CPUs"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
