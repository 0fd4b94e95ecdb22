"""Bots on the server: cheap ones in the event loop, search bots in worker processes.

A bot sees what a bot always sees: its seat's view and legal actions (``Agent.act``). The
random and heuristic bots answer in a few milliseconds and run inline; anything else (the
ISMCTS search, whose budget the table settings bound) runs in a process pool, so no search
ever holds up the tables. Workers keep the games and bots they built, keyed by their specs.

A bot that watches the match between its decisions (an ``Observer``, such as
``ismcts:infer=on``; issue 17) gets the calls ``sim.runner.play_match`` makes: ``begin_match``
with its seat's view at the start, then one ``observe`` per action with what the seat saw of
it and its view after it. Workers are separate processes that may die, be replaced, or serve
any table, so none is trusted to remember: the table keeps each watching seat's history
(:class:`SeatHistory`: that seat's views and public texts only, never the state), and each
decision request carries the events that worker has not had yet. A worker keeps its watching
bots in a small cache (:class:`WatchingBots`) keyed by table, match and seat; a worker that
lacks one (new, restarted, evicted, or simply another worker of the pool) answers
:class:`NeedEvents` and is sent the whole history, from which it rebuilds the bot exactly: the
same calls with the same seeds give the same decisions as ``play_match``.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import dataclasses
import functools
import json
import multiprocessing
import pickle
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from concurrent.futures.process import BrokenProcessPool
from typing import Any, cast

from gamenight.bots.base import parse_bot_spec
from gamenight.bots.factory import make_table_agent
from gamenight.core import registry
from gamenight.core.agent import Agent, Observer
from gamenight.core.engine import Match
from gamenight.core.errors import BotError
from gamenight.core.game import AnyGame, View
from gamenight.core.rng import Rng

INLINE_BOTS = frozenset({"random", "heuristic"})
"""Bots fast enough (a few milliseconds a move) to run in the event loop."""

WATCHING_BOTS_KEPT = 32
"""Watching bots a process keeps between decisions (each holds its particles); the least
recently used is dropped first, and rebuilt from its seat's history if it is asked again."""

SeenAction = tuple[int, str, View]
"""One action as a watching seat saw it: the actor, the public text, the seat's view after."""

KeptAction = tuple[int, str, bytes]
"""A :data:`SeenAction` as a history keeps it, the view pickled: a view's dicts take several
times the memory of its pickle, and the pickle crosses to a worker as it is."""


@dataclasses.dataclass
class SeatHistory:
    """What one seat saw of the current match, kept by its table for a bot that watches.

    ``key`` names the table, match and seat (with a random part, so a history rebuilt after a
    restart is never mistaken for the one before); ``seed`` seeds the bot's ``begin_match``.
    ``delivered`` counts the events some worker has had (a hint: a worker that has fewer asks).
    """

    key: str
    seat: int
    seed: int
    start: View
    events: list[KeptAction] = dataclasses.field(default_factory=list)
    delivered: int = 0

    def add(self, actor: int, public: str, view: View) -> None:
        self.events.append((actor, public, pickle.dumps(view, pickle.HIGHEST_PROTOCOL)))

    def seen(self) -> list[SeenAction]:
        """Every event so far, as the seat saw it."""
        return unpickled(self.events)

    def since(self, first: int, upto: int) -> SeatEvents:
        return SeatEvents(
            self.key, self.seat, self.seed, self.start, first, tuple(self.events[first:upto])
        )


def unpickled(events: Sequence[KeptAction]) -> list[SeenAction]:
    return [(actor, public, pickle.loads(view)) for actor, public, view in events]


def replay_history(match: Match, seat: int, key: str, seed: int) -> SeatHistory:
    """``seat``'s history of ``match`` so far, rebuilt by replaying its record privately.

    Used when a watching bot first needs it (a bot's first decision, a stand-in taking a seat,
    a server restarted): the replay is a second match from the same seed and actions, so it
    passes through the very positions the table did.
    """
    replay = Match(match.game, match.num_players, match.seed, narrate=False)
    history = SeatHistory(key, seat, seed, replay.view(seat))
    for actor, text in match.record.actions:
        apply_watched(replay, {seat: history}, actor, text)
    return history


def apply_watched(
    match: Match, histories: Mapping[int, SeatHistory], actor: int, text: str
) -> None:
    """Apply ``actor``'s action ``text`` to ``match`` (checked, as ``Match.apply`` does) and
    add to each watching seat's history what it saw: the action itself if it took it, its
    public text otherwise, and the seat's view after it."""
    action = match.check(actor, text)  # an illegal action raises here, before anything
    public = match.public_action(actor, action)  # before applying: what it reveals then
    own = str(match.apply(actor, action))
    for seat, history in histories.items():
        history.add(actor, own if seat == actor else public, match.view(seat))


@dataclasses.dataclass(frozen=True)
class SeatEvents:
    """A watching seat's events ``first`` to ``first + len(events)``, sent with a decision."""

    key: str
    seat: int
    seed: int
    start: View
    first: int
    events: tuple[KeptAction, ...]


@dataclasses.dataclass(frozen=True)
class NeedEvents:
    """A worker's answer instead of a decision: send the seat's events from ``first`` on."""

    first: int


class WatchingBots:
    """The watching bots of one process, one per (seat history, spec), least recent dropped."""

    def __init__(self, capacity: int = WATCHING_BOTS_KEPT) -> None:
        self.capacity = capacity
        self._bots: collections.OrderedDict[tuple[str, str], tuple[Agent, int]] = (
            collections.OrderedDict()
        )

    def caught_up(
        self, spec: str, build: Callable[[], Agent], events: SeatEvents
    ) -> Agent | NeedEvents:
        """The bot for ``events``' seat, told every event up to the last one sent; or what
        it still needs (the events before those sent, when it has not had them)."""
        key = (events.key, spec)
        kept = self._bots.pop(key, None)
        if kept is not None and kept[1] > events.first + len(events.events):
            kept = None  # told more than the history holds: not this history's bot
        if kept is None:
            if events.first > 0:
                return NeedEvents(0)
            agent = build()
            cast(Observer, agent).begin_match(events.seat, events.start, Rng(events.seed))
            kept = agent, 0
        agent, told = kept
        if told < events.first:
            self._bots[key] = kept
            return NeedEvents(told)
        watcher = cast(Observer, agent)
        for actor, public, view in unpickled(events.events[told - events.first :]):
            watcher.observe(events.seat, actor, public, view)
        self._bots[key] = agent, events.first + len(events.events)
        while len(self._bots) > self.capacity:
            self._bots.popitem(last=False)
        return agent

    def __len__(self) -> int:
        return len(self._bots)


_WATCHING = WatchingBots()
"""This process's watching bots (in a worker, or in the server for inline ones)."""


@functools.lru_cache(maxsize=64)
def _worker_agent(game_name: str, params_json: str, spec: str) -> tuple[AnyGame, Agent]:
    game = registry.make_game(game_name, json.loads(params_json))
    return game, make_table_agent(spec, game)


def observes(game_name: str, params_json: str, spec: str) -> bool:
    """Whether the bot ``spec`` watches the match between its decisions."""
    return bool(getattr(_worker_agent(game_name, params_json, spec)[1], "observes", False))


def choose_in_worker(
    game_name: str,
    params_json: str,
    spec: str,
    view: View,
    legal: Sequence[str],
    seed: int,
    events: SeatEvents | None = None,
) -> int | NeedEvents:
    """Run in a worker process: the index in ``legal`` of the bot's choice.

    With ``events`` (a bot that watches), the bot is this process's one for that seat, told
    the events first; if it lacks earlier ones, the answer is :class:`NeedEvents` instead.
    """
    game, agent = _worker_agent(game_name, params_json, spec)
    if events is not None:
        build = functools.partial(make_table_agent, spec, game)
        watching = _WATCHING.caught_up(spec, build, events)
        if isinstance(watching, NeedEvents):
            return watching
        agent = watching
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
        history: Callable[[], SeatHistory] | None = None,
    ) -> Any:
        """The action the bot ``spec`` takes from ``view``, one of ``legal``.

        ``agents`` caches the inline bots built for ``game`` (the caller's, one per match).
        ``history`` gives the seat's :class:`SeatHistory` (built when first asked for), so
        that a bot that watches is told the match as ``play_match`` tells it; without it such
        a bot decides from the view alone.
        """
        name, _ = parse_bot_spec(spec)
        params_json = json.dumps(game.params.changed(), sort_keys=True)
        if history is not None and observes(game.spec.name, params_json, spec):
            args = (game.spec.name, params_json, spec, view, legal, seed)
            return legal[await self._watching_choice(*args, history())]
        if name in INLINE_BOTS:
            agent = agents.get(spec)
            if agent is None:
                agent = agents[spec] = make_table_agent(spec, game)
            return agent.act(view, legal, Rng(seed))
        args = (game.spec.name, params_json, spec, view, [str(a) for a in legal], seed)
        return legal[cast(int, await self._in_worker(*args))]

    async def _watching_choice(
        self,
        game_name: str,
        params_json: str,
        spec: str,
        view: View,
        legal: Sequence[Any],
        seed: int,
        history: SeatHistory,
    ) -> int:
        """A watching bot's choice, sending its worker the events it has not had."""
        inline = parse_bot_spec(spec)[0] in INLINE_BOTS
        upto = len(history.events)  # taken now: the table may move on while the bot thinks
        first = min(history.delivered, upto)
        texts = [str(action) for action in legal]
        for _ in range(2):  # the events since the last delivery; all of them if it lacks those
            args = (game_name, params_json, spec, view, texts, seed, history.since(first, upto))
            reply = choose_in_worker(*args) if inline else await self._in_worker(*args)
            if not isinstance(reply, NeedEvents):
                history.delivered = max(history.delivered, upto)
                return reply
            first = reply.first
        raise BotError(f"bot {spec!r} could not be told the match so far")

    async def _in_worker(self, *args: Any) -> int | NeedEvents:
        if self._pool is None:
            # spawn, not fork: the server runs threads (the store's writer) that fork would copy
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn")
            )
        loop = asyncio.get_running_loop()
        try:
            reply: int | NeedEvents = await loop.run_in_executor(
                self._pool, choose_in_worker, *args
            )
        except BrokenProcessPool:
            self._pool = None  # a worker died (killed, out of memory): start afresh next time
            raise
        return reply

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
