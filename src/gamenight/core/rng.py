"""The seeded generator behind every chance event in gamenight.

`random.Random` is fast, but the way its methods turn raw bits into shuffles and choices has
changed between Python releases, and cloning it copies 2.5 KB of state. Match records must
replay identically on any machine and any Python version, and search bots clone states by the
million, so the engine uses its own generator: SplitMix64 (Steele, Lea and Flood, 2014), whose
whole state is one 64-bit integer. It is pure integer arithmetic, hence identical everywhere,
and a clone is a single int copy.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_GOLDEN_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


def mix64(value: int) -> int:
    """The SplitMix64 finaliser: a bijective scramble of a 64-bit value."""
    z = value & _MASK64
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK64
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
    return z ^ (z >> 31)


def derive_seed(seed: int, *path: int) -> int:
    """A seed for a sub-stream, e.g. game number ``i`` of a simulation seeded with ``seed``.

    Distinct paths give statistically independent streams; the result is stable forever.
    """
    value = mix64(seed)
    for step in path:
        value = mix64(value ^ mix64(step + _GOLDEN_GAMMA))
    return value


class Rng:
    """A small, fast, reproducible generator (SplitMix64).

    Every method draws from the same stream, so a fixed sequence of calls from a fixed seed
    always gives the same results. Not for cryptography.
    """

    __slots__ = ("_state",)

    def __init__(self, seed: int = 0, _state: int | None = None) -> None:
        """A generator seeded with ``seed``. ``_state`` is for :meth:`clone` only."""
        self._state = mix64(seed) if _state is None else _state

    def clone(self) -> Rng:
        # Through the constructor, not ``Rng.__new__(Rng)``: compiled (docs/speed.md),
        # ``__new__`` runs ``__init__`` too. Passing the state positionally costs next to
        # nothing more interpreted.
        return Rng(0, self._state)

    def next_u64(self) -> int:
        self._state = state = (self._state + _GOLDEN_GAMMA) & _MASK64
        z = ((state ^ (state >> 30)) * _MIX1) & _MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)``.

        Multiply-shift (Lemire) without the rejection step: the bias is below n / 2**64,
        far beneath anything a game could notice.
        """
        if n <= 0:
            raise ValueError(f"randbelow needs a positive bound, got {n}")
        self._state = state = (self._state + _GOLDEN_GAMMA) & _MASK64
        z = ((state ^ (state >> 30)) * _MIX1) & _MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
        return ((z ^ (z >> 31)) * n) >> 64

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise IndexError("cannot choose from an empty sequence")
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place (the same draws as ``randbelow(i + 1)``, inlined)."""
        state = self._state
        for i in range(len(items) - 1, 0, -1):
            state = (state + _GOLDEN_GAMMA) & _MASK64
            z = ((state ^ (state >> 30)) * _MIX1) & _MASK64
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self._state = state

    def bits(self, count: int) -> int:
        """``count`` random bits (any count) as one integer, 64 bits per draw."""
        value = 0
        for _ in range((count + 63) // 64):
            value = (value << 64) | self.next_u64()
        return value & ((1 << count) - 1)

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct elements in random order."""
        if not 0 <= k <= len(items):
            raise ValueError(f"cannot sample {k} of {len(items)} items")
        pool = list(items)
        for i in range(k):
            j = i + self.randbelow(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def spawn(self) -> Rng:
        """An independent generator seeded from this one (advances this stream once)."""
        return Rng(self.next_u64())
