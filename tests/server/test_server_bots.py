"""issue 13 item 7: bots on the server; search bots in worker processes, cheap ones inline."""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import os
import signal
from collections.abc import Callable, MutableMapping, Sequence
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, cast

import pytest
from server_harness import running_server

from gamenight.bots.factory import make_agent
from gamenight.core import Match, MatchRecord
from gamenight.core.agent import Agent, Observer
from gamenight.core.game import AnyGame, View
from gamenight.core.registry import make_game
from gamenight.core.rng import Rng
from gamenight.server import tables
from gamenight.server.bots import (
    BotRunner,
    NeedEvents,
    SeatEvents,
    SeatHistory,
    SeenAction,
    WatchingBots,
    apply_watched,
    replay_history,
)


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


# -- issue 17: a bot that watches the match is told it on the server too ---------------------

GAME = "gnome"  # 3 players: two watching seats, a few dozen decisions, some of them changed
WATCHING = "ismcts:iters=30,infer=on,particles=8"
"""A watching bot (an Observer) small enough for tests."""
UNIFORM = "ismcts:iters=30"
"""The same search without inference."""


def seat_saw(
    game: AnyGame, players: int, seed: int, actions: list[tuple[int, str]], seat: int
) -> tuple[View, list[SeenAction]]:
    """``seat``'s view at the start and what it saw of each action, rebuilt from the record
    with the game alone (as ``play_match`` tells a watcher)."""
    state = game.new_state(players, seed)
    start = game.view(state, seat)
    seen: list[SeenAction] = []
    for actor, text in actions:
        action = game.parse_action(text)
        public = game.public_action(state, actor, action)
        game.apply(state, actor, action)
        seen.append((actor, text if actor == seat else public, game.view(state, seat)))
    return start, seen


@dataclasses.dataclass
class Decision:
    seat: int
    watch_seed: int
    told: int  # events before the decision
    view: View
    legal: list[str]
    seed: int
    chose: str


def test_issue17_a_watching_bot_at_an_online_table_decides_as_play_match_tells_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 17: an ``ismcts:infer=on`` seat at a table gets begin_match and one observe per
    action, from its seat's views and public texts only: every decision the server's worker
    takes is the decision of the same bot fed those calls directly with the same seeds; and
    the watching mattered (some decision differs from what infer=off takes)."""
    seeds = itertools.count(1000)
    monkeypatch.setattr(tables, "new_seed", lambda: next(seeds))  # reproducible seeds
    decisions: list[Decision] = []
    histories: dict[str, SeatHistory] = {}
    choose = BotRunner.choose

    async def spying(
        runner: BotRunner,
        game: AnyGame,
        spec: str,
        view: View,
        legal: Sequence[Any],
        seed: int,
        agents: MutableMapping[str, Agent],
        history: Callable[[], SeatHistory] | None = None,
    ) -> Any:
        if spec != WATCHING:
            return await choose(runner, game, spec, view, legal, seed, agents, history)
        assert history is not None
        seat_history = history()
        histories[seat_history.key] = seat_history
        told = len(seat_history.events)
        action = await choose(runner, game, spec, view, legal, seed, agents, history)
        texts = [str(a) for a in legal]
        decisions.append(
            Decision(seat_history.seat, seat_history.seed, told, view, texts, seed, str(action))
        )
        return action

    monkeypatch.setattr(BotRunner, "choose", spying)
    game = make_game(GAME)
    with running_server(tmp_path / "watch.sqlite3") as server:
        created = server.create(game=GAME, players=3, seats=[WATCHING, "random", WATCHING])
        watcher = server.client(created["table"])
        watcher.until(lambda f: f["type"] == "state" and f["status"] == "finished", timeout=90)
        watcher.close()
        answer = server.http.get(f"/api/tables/{created['table']}/record")
    record = MatchRecord.from_dict(answer.json())
    actions = [(seat, text) for seat, text in record.actions]
    saw = {seat: seat_saw(game, 3, record.seed, actions, seat) for seat in (0, 2)}

    # what crossed to the workers: the seat's own views and public texts, nothing else
    assert sorted(h.seat for h in histories.values()) == [0, 2]
    for history in histories.values():
        start, seen = saw[history.seat]
        assert (history.start, history.seen()) == (start, seen)

    told: dict[int, tuple[Agent, int]] = {}
    differs = 0
    for decision in decisions:
        seat = decision.seat
        start, seen = saw[seat]
        agent, fed = told.get(seat, (None, 0))
        if agent is None:
            agent = make_agent(WATCHING, game)
            cast(Observer, agent).begin_match(seat, start, Rng(decision.watch_seed))
        for actor, public, view in seen[fed : decision.told]:
            cast(Observer, agent).observe(seat, actor, public, view)
        told[seat] = agent, decision.told
        assert decision.view == (seen[decision.told - 1][2] if decision.told else start)
        legal = [game.parse_action(text) for text in decision.legal]
        assert str(agent.act(decision.view, legal, Rng(decision.seed))) == decision.chose
        uniform = make_agent(UNIFORM, game).act(decision.view, legal, Rng(decision.seed))
        differs += str(uniform) != decision.chose
    assert len(decisions) >= 4
    assert differs > 0, "every decision was infer=off's: the test could not tell them apart"


class CountingHistory(SeatHistory):
    """A seat history that notes from which event each request starts."""

    firsts: list[int]

    def since(self, first: int, upto: int) -> SeatEvents:
        self.firsts.append(first)
        return super().since(first, upto)


def play_randomly_until(
    match: Match, seat: int, histories: dict[int, SeatHistory], rng: Rng
) -> None:
    """Random moves (the watching seat's too) until ``seat`` is to act again."""
    while True:
        actor = match.to_act()[0]
        legal = match.legal_actions(actor)
        apply_watched(match, histories, actor, str(legal[rng.randbelow(len(legal))]))
        if seat in match.to_act():
            return


def test_issue17_a_watching_bot_survives_a_dead_worker_and_a_restarted_server() -> None:
    """issue 17: workers remember nothing the server relies on. A worker is sent only the
    events it has not had; a new worker (the old one killed) or a new pool (the server
    restarted, the table's history rebuilt from its record) asks for the whole history and
    rebuilds the bot, deciding as a bot told every call directly."""
    game = make_game("gnome")
    match = Match(game, 3, 7)
    seat, watch_seed = 1, 4242
    history = CountingHistory("table/1/1/test", seat, watch_seed, match.view(seat))
    history.firsts = []
    histories: dict[int, SeatHistory] = {seat: history}
    direct = make_agent(WATCHING, game)
    cast(Observer, direct).begin_match(seat, history.start, Rng(watch_seed))
    runner = BotRunner(1)
    rng = Rng(5)

    def decide(on: BotRunner, seen: SeatHistory, seed: int) -> tuple[str, str]:
        view, legal = match.view(seat), match.legal_actions(seat)
        served = asyncio.run(on.choose(game, WATCHING, view, legal, seed, {}, lambda: seen))
        return str(served), str(direct.act(view, legal, Rng(seed)))

    def catch_up(fed: int) -> int:
        for actor, public, view in history.seen()[fed:]:
            cast(Observer, direct).observe(seat, actor, public, view)
        return len(history.events)

    try:
        fed = 0
        play_randomly_until(match, seat, histories, rng)
        for round_ in range(2):  # the worker builds the bot, then is sent only what is new
            fed = catch_up(fed)
            served, told = decide(runner, history, 10 + round_)
            assert served == told
            play_randomly_until(match, seat, histories, rng)
        assert history.firsts[0] == 0
        assert history.firsts[1] > 0
        pool = runner._pool
        assert pool is not None
        for pid in list(pool._processes):
            os.kill(pid, signal.SIGKILL)
        with pytest.raises(BrokenProcessPool):
            decide(runner, history, 12)
        history.firsts.clear()
        fed = catch_up(fed)
        delivered = history.delivered
        assert 0 < delivered < len(history.events)
        served, told = decide(runner, history, 13)
        assert served == told
        assert history.firsts == [delivered, 0]  # the new events; asked, all of them
    finally:
        runner.close()

    restarted = BotRunner(1)  # the server restarted: the table rebuilds the seat's history
    try:
        rebuilt = replay_history(match, seat, "table/1/1/after-restart", watch_seed)
        assert (rebuilt.start, rebuilt.seen()) == (history.start, history.seen())
        served, told = decide(restarted, rebuilt, 14)
        assert served == told
    finally:
        restarted.close()


def test_issue17_watching_bots_are_bounded_and_rebuilt_when_dropped() -> None:
    """issue 17: a process keeps a bounded number of watching bots; one it dropped, asked
    with only the latest events, asks for them all, and rebuilt from them decides as before."""
    game = make_game("gnome")
    match = Match(game, 3, 8)
    histories = {
        seat: replay_history(match, seat, f"table/1/{seat}/test", 70 + seat) for seat in range(3)
    }
    rng = Rng(2)
    play_randomly_until(match, 0, histories, rng)
    play_randomly_until(match, 0, histories, rng)
    bots = WatchingBots(capacity=2)

    def build() -> Agent:
        return make_agent(WATCHING, game)

    upto = len(histories[0].events)
    first = bots.caught_up(WATCHING, build, histories[0].since(0, upto))
    assert not isinstance(first, NeedEvents)
    view, legal = match.view(0), match.legal_actions(0)
    before = str(first.act(view, legal, Rng(3)))
    for seat in (1, 2):
        assert not isinstance(
            bots.caught_up(WATCHING, build, histories[seat].since(0, upto)), NeedEvents
        )
    assert len(bots) == 2  # seat 0's bot, the least recently used, was dropped
    assert bots.caught_up(WATCHING, build, histories[0].since(upto, upto)) == NeedEvents(0)
    again = bots.caught_up(WATCHING, build, histories[0].since(0, upto))
    assert not isinstance(again, NeedEvents)
    assert again is not first
    assert str(again.act(view, legal, Rng(3))) == before
    assert len(bots) == 2
    assert bots.caught_up(WATCHING, build, histories[1].since(upto, upto)) == NeedEvents(0)
    play_randomly_until(match, 0, histories, rng)
    later = len(histories[2].events)
    assert later > upto
    # a worker that has fewer events than the request starts from asks for the gap
    assert bots.caught_up(WATCHING, build, histories[2].since(later, later)) == NeedEvents(upto)
