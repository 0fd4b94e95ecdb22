"""issue 16 item 3: the generator's faster arithmetic draws exactly the numbers it drew before.

``Rng`` has two ways to draw: Python's wide integers (interpreted) and 32-bit halves held in
native 64-bit integers (compiled, where wide integers are boxed). Each test below runs both ways
(``_NATIVE`` forced; compiled, the flag is fixed at build time and both runs take the halves)
against SplitMix64 written out here plainly, the way its authors publish it, for thousands of
draws from several seeds, including the seeds whose state crosses 2**63 and 2**64.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gamenight.core import rng as rng_module
from gamenight.core.rng import Rng

MASK = (1 << 64) - 1
SEEDS = (0, 1, 7, 42, 2**31 - 1, 2**32, 2**63 - 1, 2**63, 2**64 - 1, 0x9E3779B97F4A7C15)


def reference_mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


class Reference:
    """SplitMix64 with the helpers' documented definitions, one draw at a time."""

    def __init__(self, seed: int) -> None:
        self.state = reference_mix(seed & MASK)

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        return reference_mix(self.state)

    def randbelow(self, n: int) -> int:
        return (self.next_u64() * n) >> 64

    def random(self) -> float:
        return (self.next_u64() >> 11) / 2**53

    def shuffle(self, items: list[int]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: list[int], k: int) -> list[int]:
        pool = list(items)
        for i in range(k):
            j = i + self.randbelow(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]


@pytest.fixture(params=[False, True], ids=["wide", "halves"])
def native(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    monkeypatch.setattr(rng_module, "_NATIVE", request.param)
    return bool(request.param)


def bounds() -> Iterator[int]:
    """Small bounds, the halves' limit on either side, and a few huge ones."""
    yield from range(1, 60)
    yield from (2**31 - 2, 2**31 - 1, 2**31, 2**31 + 1, 2**32, 10**12, 2**63, 2**64, 2**70 + 3)


@pytest.mark.parametrize("seed", SEEDS)
def test_draws_match_the_reference(native: bool, seed: int) -> None:
    """issue 16 item 3: next_u64, randbelow, random and choice, 3,000 draws per seed."""
    rng, reference = Rng(seed), Reference(seed)
    cards = list(range(50))
    for round_ in range(40):
        assert rng.next_u64() == reference.next_u64()
        for n in bounds():
            assert rng.randbelow(n) == reference.randbelow(n), (round_, n)
        assert rng.random() == reference.random()
        assert rng.choice(cards) == cards[reference.randbelow(50)]


@pytest.mark.parametrize("seed", SEEDS)
def test_shuffles_and_samples_match_the_reference(native: bool, seed: int) -> None:
    """issue 16 item 3: 200 shuffles of 0-60 cards and samples per seed, clones included."""
    rng, reference = Rng(seed), Reference(seed)
    for size in range(200):
        cards = list(range(size % 61))
        expected = list(cards)
        rng.shuffle(cards)
        reference.shuffle(expected)
        assert cards == expected
        k = size % (len(cards) + 1)
        assert rng.sample(cards, k) == reference.sample(cards, k)
        rng = rng.clone()  # a clone continues the stream exactly
    assert rng.next_u64() == reference.next_u64()


def test_the_halves_are_used_exactly_when_the_module_is_compiled() -> None:
    """The halves cost about five times as much interpreted: only a compiled build uses them."""
    compiled = not rng_module.__file__.endswith(".py")
    assert compiled == rng_module._NATIVE
