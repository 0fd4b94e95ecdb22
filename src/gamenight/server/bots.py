"""Bots on the server: cheap ones in the event loop, search bots in worker processes.

A bot sees what a bot always sees: its seat's view and legal actions (``Agent.act``). The
random and heuristic bots answer in a few milliseconds and run inline; anything else (the
ISMCTS search, whose budget the table settings bound) runs in a process pool, so no search
ever holds up the tables. Workers keep the games and bots they built, keyed by their specs.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import json
import multiprocessing
from collections.abc import MutableMapping, Sequence
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from gamenight.bots.base import parse_bot_spec
from gamenight.bots.factory import make_table_agent
from gamenight.core import registry
from gamenight.core.agent import Agent
from gamenight.core.game import AnyGame, View
from gamenight.core.rng import Rng

INLINE_BOTS = frozenset({"random", "heuristic"})
"""Bots fast enough (a few milliseconds a move) to run in the event loop."""


@functools.lru_cache(maxsize=64)
def _worker_agent(game_name: str, params_json: str, spec: str) -> tuple[AnyGame, Agent]:
    game = registry.make_game(game_name, json.loads(params_json))
    return game, make_table_agent(spec, game)


def choose_in_worker(
    game_name: str, params_json: str, spec: str, view: View, legal: Sequence[str], seed: int
) -> int:
    """Run in a worker process: the index in ``legal`` of the bot's choice."""
    game, agent = _worker_agent(game_name, params_json, spec)
    actions = [game.parse_action(text) for text in legal]
    choice = agent.act(view, actions, Rng(seed))
    return actions.index(choice)


class BotRunner:
    """Asks bots for moves without blocking the event loop."""

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    async def choose(
        self,
        game: AnyGame,
        spec: str,
        view: View,
        legal: Sequence[Any],
        seed: int,
        agents: MutableMapping[str, Agent],
    ) -> Any:
        """The action the bot ``spec`` takes from ``view``, one of ``legal``.

        ``agents`` caches the inline bots built for ``game`` (the caller's, one per match).
        """
        name, _ = parse_bot_spec(spec)
        if name in INLINE_BOTS:
            agent = agents.get(spec)
            if agent is None:
                agent = agents[spec] = make_table_agent(spec, game)
            return agent.act(view, legal, Rng(seed))
        if self._pool is None:
            # spawn, not fork: the server runs threads (the store's writer) that fork would copy
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn")
            )
        loop = asyncio.get_running_loop()
        try:
            index = await loop.run_in_executor(
                self._pool,
                choose_in_worker,
                game.spec.name,
                json.dumps(game.params.changed(), sort_keys=True),
                spec,
                view,
                [str(action) for action in legal],
                seed,
            )
        except BrokenProcessPool:
            self._pool = None  # a worker died (killed, out of memory): start afresh next time
            raise
        return legal[index]

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
