"""issue 13 item 7: bots on the server; search bots in worker processes, cheap ones inline."""

from __future__ import annotations

import asyncio
import os
import signal
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pytest

from gamenight.core import Match
from gamenight.core.agent import Agent
from gamenight.core.registry import make_game
from gamenight.server.bots import BotRunner


def position() -> tuple[Match, int]:
    match = Match(make_game("requirements"), 2, 3)
    return match, match.to_act()[0]


def test_cheap_bots_answer_inline_without_a_pool() -> None:
    match, seat = position()
    runner = BotRunner(1)
    agents: dict[str, Agent] = {}

    async def ask() -> Any:
        return await runner.choose(
            match.game, "heuristic", match.view(seat), match.legal_actions(seat), 5, agents
        )

    assert asyncio.run(ask()) in match.legal_actions(seat)
    assert runner._pool is None
    assert set(agents) == {"heuristic"}


def test_a_search_bot_runs_in_a_worker_and_survives_a_dead_worker() -> None:
    match, seat = position()
    runner = BotRunner(1)
    legal = match.legal_actions(seat)

    async def ask() -> Any:
        return await runner.choose(match.game, "ismcts:iters=10", match.view(seat), legal, 5, {})

    try:
        assert asyncio.run(ask()) in legal
        pool = runner._pool
        assert pool is not None
        for pid in list(pool._processes):  # a worker killed from outside
            os.kill(pid, signal.SIGKILL)
        with pytest.raises(BrokenProcessPool):
            asyncio.run(ask())
        assert runner._pool is None
        assert asyncio.run(ask()) in legal  # a fresh pool next time
    finally:
        runner.close()
