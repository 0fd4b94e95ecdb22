"""issue 16 item 3: ISMCTS postpones the garbage collector's full collections while it searches.

Left as they are, the playouts' allocations trigger a full collection every few iterations, and
each walks every object of the process, the growing search trees included. The search raises
the oldest generation's threshold out of reach, keeps the young generations collected as usual
(some games' playouts leave short-lived cycles), and puts the thresholds back, whatever happens.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from gamenight.bots.ismcts import NEVER, ISMCTSAgent
from gamenight.core.registry import PlayoutPolicy, make_game
from gamenight.core.rng import Rng

GAME = make_game("requirements")


class Watching(PlayoutPolicy):
    """Plays uniformly at random and notes the collector's state at each move."""

    def __init__(self, fail_after: int | None = None) -> None:
        self.seen: list[tuple[bool, tuple[int, ...]]] = []
        self.fail_after = fail_after

    def choose(self, state: Any, seat: int, legal: Sequence[Any], rng: Rng) -> Any:
        self.seen.append((gc.isenabled(), gc.get_threshold()))
        if self.fail_after is not None and len(self.seen) > self.fail_after:
            raise RuntimeError("a rollout policy failed")
        return legal[rng.randbelow(len(legal))]


@pytest.fixture
def thresholds() -> Iterator[tuple[int, ...]]:
    """The usual thresholds, set for the test and restored after it."""
    saved = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield (700, 10, 10)
    gc.set_threshold(*saved)


def search(policy: Watching) -> Any:
    state = GAME.new_state(2, 3)
    seat = GAME.to_act(state)[0]
    agent = ISMCTSAgent(GAME, iterations=40, rollout=policy)
    return agent.act(GAME.view(state, seat), GAME.legal_actions(state, seat), Rng(1))


def test_full_collections_wait_for_the_end_of_the_search(thresholds: tuple[int, ...]) -> None:
    policy = Watching()
    search(policy)
    assert policy.seen
    assert set(policy.seen) == {(True, (700, 10, NEVER))}  # young generations still collected
    assert gc.get_threshold() == thresholds


def test_thresholds_are_restored_when_the_search_fails(thresholds: tuple[int, ...]) -> None:
    with pytest.raises(RuntimeError, match="a rollout policy failed"):
        search(Watching(fail_after=30))
    assert gc.get_threshold() == thresholds


def test_a_search_inside_another_leaves_the_postponement_to_the_outer_one(
    thresholds: tuple[int, ...],
) -> None:
    """Two searches at once (threads, nested bots): the inner one must not restore first."""
    gc.set_threshold(700, 10, NEVER)  # as an outer search leaves them
    policy = Watching()
    search(policy)
    assert {seen[1] for seen in policy.seen} == {(700, 10, NEVER)}
    assert gc.get_threshold() == (700, 10, NEVER)
