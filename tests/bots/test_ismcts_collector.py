"""issue 16 item 3: ISMCTS pauses the cyclic garbage collector while it searches.

Left running, the collector is triggered several times per iteration by the playouts'
allocations and walks the growing trees each time. The search pauses it, collects only the
youngest generation now and then (some games' playouts leave short-lived cycles), and leaves it
as it found it, whatever happens.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from gamenight.bots import ismcts
from gamenight.bots.ismcts import ISMCTSAgent
from gamenight.core.registry import PlayoutPolicy, make_game
from gamenight.core.rng import Rng

GAME = make_game("requirements")


class Watching(PlayoutPolicy):
    """Plays uniformly at random and notes whether the collector was running at each move."""

    def __init__(self, fail_after: int | None = None) -> None:
        self.collector_running: list[bool] = []
        self.fail_after = fail_after

    def choose(self, state: Any, seat: int, legal: Sequence[Any], rng: Rng) -> Any:
        self.collector_running.append(gc.isenabled())
        if self.fail_after is not None and len(self.collector_running) > self.fail_after:
            raise RuntimeError("a rollout policy failed")
        return legal[rng.randbelow(len(legal))]


@pytest.fixture
def collector_on() -> Iterator[None]:
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def search(policy: Watching, iterations: int = 40) -> Any:
    state = GAME.new_state(2, 3)
    seat = GAME.to_act(state)[0]
    agent = ISMCTSAgent(GAME, iterations=iterations, rollout=policy)
    return agent.act(GAME.view(state, seat), GAME.legal_actions(state, seat), Rng(1))


def test_the_collector_is_paused_during_the_search_and_running_after(collector_on: None) -> None:
    policy = Watching()
    search(policy)
    assert policy.collector_running
    assert not any(policy.collector_running)
    assert gc.isenabled()


def test_a_collector_paused_by_the_caller_stays_paused(collector_on: None) -> None:
    gc.disable()
    search(Watching())
    assert not gc.isenabled()


def test_the_collector_runs_again_when_the_search_fails(collector_on: None) -> None:
    with pytest.raises(RuntimeError, match="a rollout policy failed"):
        search(Watching(fail_after=30))
    assert gc.isenabled()


def test_the_youngest_generation_is_collected_every_so_many_iterations(
    collector_on: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Memory stays bounded in long searches: short-lived cycles are still freed."""
    collected: list[int] = []
    monkeypatch.setattr(gc, "collect", lambda generation=2: collected.append(generation))
    search(Watching(), iterations=3 * ismcts.COLLECT_EVERY + 5)
    assert collected == [0, 0, 0]
