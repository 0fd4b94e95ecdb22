"""The seeded generator behind every chance event in gamenight.

`random.Random` is fast, but the way its methods turn raw bits into shuffles and choices has
changed between Python releases, and cloning it copies 2.5 KB of state. Match records must
replay identically on any machine and any Python version, and search bots clone states by the
million, so the engine uses its own generator: SplitMix64 (Steele, Lea and Flood, 2014), whose
whole state is one 64-bit integer. It is pure integer arithmetic, hence identical everywhere,
and a clone is a single int copy.
"""

from __future__ import annotations

import struct
from collections.abc import MutableSequence, Sequence
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Final, TypeVar

from mypy_extensions import i64

T = TypeVar("T")

_MASK64: Final = (1 << 64) - 1
_GOLDEN_GAMMA: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB

# How the state is kept, and why (issue 16). SplitMix64's state is an unsigned 64-bit number.
# Compiled, mypyc keeps a Python int unboxed only below 2**62: every operation on a bigger one
# allocates a heap object, which made the generator slower compiled than interpreted. So the
# state is stored as a native signed 64-bit integer (``i64``; a plain int when interpreted),
# offset by 2**63 (``stored = state - 2**63``: the state with its top bit flipped), which always
# fits. Interpreted code draws with Python's wide integers, where the offset costs one
# subtraction per draw; compiled code draws in 32-bit halves (below), where no intermediate value
# ever leaves i64's range. Both give exactly the same numbers (tests/core/test_rng_native.py).
_OFFSET: Final = 1 << 63
_OFFSET_PLUS_GAMMA: Final = _OFFSET + _GOLDEN_GAMMA  # the offset undone and a step taken at once

# Which arithmetic draws: the halves only pay off compiled (interpreted, they cost about five
# times as much as wide integers), so they are used only when this module is an extension.
_NATIVE: Final = __file__.endswith(tuple(EXTENSION_SUFFIXES))
_NATIVE_BOUND: Final = 1 << 31  # the halves scale draws to bounds below this (no i64 overflow)

_LOW32: Final[i64] = 0xFFFFFFFF
_LOW16: Final[i64] = 0xFFFF
_TOP_BIT32: Final[i64] = 1 << 31  # the offset's bit, in the high half
_TWO32: Final[i64] = 1 << 32
_GAMMA_HI: Final[i64] = _GOLDEN_GAMMA >> 32
_GAMMA_LO: Final[i64] = _GOLDEN_GAMMA & 0xFFFFFFFF
# The multipliers cut into 16-bit pieces, lowest first: a 32-bit half times a piece stays
# below 2**48.
_MIX1_0: Final[i64] = _MIX1 & 0xFFFF
_MIX1_1: Final[i64] = (_MIX1 >> 16) & 0xFFFF
_MIX1_2: Final[i64] = (_MIX1 >> 32) & 0xFFFF
_MIX1_3: Final[i64] = _MIX1 >> 48
_MIX2_0: Final[i64] = _MIX2 & 0xFFFF
_MIX2_1: Final[i64] = (_MIX2 >> 16) & 0xFFFF
_MIX2_2: Final[i64] = (_MIX2 >> 32) & 0xFFFF
_MIX2_3: Final[i64] = _MIX2 >> 48


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


# The lane shuffle's step counts: below 5 steps its fixed cost (a conversion to bytes and
# back) outweighs the loop's; above 1024 its cached tables would grow large.
_FEWEST_LANES: Final = 5
_MOST_LANES: Final = 1024
# randbelow_each's: 3 draws cost as much either way, 4 about 16% less, 9 about 40% (callgrind)
_FEWEST_DRAW_LANES: Final = 4


class _Lanes:
    """The constants of ``k`` outputs drawn at once (see ``Rng._lane_outputs``)."""

    __slots__ = ("layout", "mask", "ones", "ramp", "size")

    def __init__(self, k: int) -> None:
        self.ones = sum(1 << (128 * i) for i in range(k))  # 1 in every lane
        self.mask = self.ones * _MASK64  # the low 64 bits of every lane
        self.ramp = sum((((i + 1) * _GOLDEN_GAMMA) & _MASK64) << (128 * i) for i in range(k))
        self.size = 16 * k  # bytes
        self.layout = struct.Struct("<" + "QQ" * k)


_LANES: dict[int, _Lanes] = {}

SMALL_BOUND: Final = 256  # a planned draw's largest bound: its result is one byte


class DrawPlan:
    """A fixed sequence of draws, made at once by :meth:`Rng.draw_planned`: for each bound
    ``n`` of ``bounds``, ``randbelow(n)`` where ``1 <= n <= 256``, or a whole output
    (``next_u64``) where ``n == 0``. A game's setup whose draws never change (shuffles of
    fixed sizes, flips, a first player) builds one plan and pays for one pass a match.

    Interpreted, the outputs are computed in lanes as ``Rng._lane_outputs`` computes them, and
    scaled all at once too: an output times its bound is the sum of the output shifted by each
    of the bound's set bits, so one addition per bit of the largest bound scales every lane,
    and ``(output * bound) >> 64``, below 256, is byte 8 of its 16-byte lane.
    """

    __slots__ = ("bound_bits", "bounds", "lanes", "whole")

    def __init__(self, bounds: Sequence[int]) -> None:
        for n in bounds:
            if not 0 <= n <= SMALL_BOUND:
                raise ValueError(f"a planned draw needs a bound from 0 to 256, got {n}")
        self.bounds = tuple(bounds)
        self.lanes = _Lanes(len(bounds))
        # for each bit of the bounds, the low halves of the lanes whose bound has it
        self.bound_bits = tuple(
            (bit, sum(_MASK64 << (128 * i) for i, n in enumerate(bounds) if n >> bit & 1))
            for bit in range(max(bounds, default=0).bit_length())
        )
        self.whole = tuple(i for i, n in enumerate(bounds) if n == 0)  # lanes read whole


class Rng:
    """A small, fast, reproducible generator (SplitMix64).

    Every method draws from the same stream, so a fixed sequence of calls from a fixed seed
    always gives the same results. Not for cryptography.
    """

    __slots__ = ("_state",)

    def __init__(self, seed: int = 0, _state: int | None = None) -> None:
        """A generator seeded with ``seed``. ``_state`` is for :meth:`clone` only."""
        # the stored form: the state offset by 2**63 (see _OFFSET)
        self._state: i64 = mix64(seed) - _OFFSET if _state is None else _state

    def clone(self) -> Rng:
        # Through the constructor, not ``Rng.__new__(Rng)``: compiled (docs/speed.md),
        # ``__new__`` runs ``__init__`` too. Passing the state positionally costs next to
        # nothing more interpreted.
        return Rng(0, self._state)

    def next_u64(self) -> int:
        if _NATIVE:
            self._state = stored = _next_stored(self._state)
            high, low = _output_halves(stored)
            return (int(high) << 32) | int(low)
        wide: int = self._state
        state = (wide + _OFFSET_PLUS_GAMMA) & _MASK64
        self._state = state - _OFFSET
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
        if _NATIVE and n < _NATIVE_BOUND:
            self._state = stored = _next_stored(self._state)
            high, low = _output_halves(stored)
            return _scaled(high, low, n)
        wide: int = self._state
        state = (wide + _OFFSET_PLUS_GAMMA) & _MASK64
        self._state = state - _OFFSET
        z = ((state ^ (state >> 30)) * _MIX1) & _MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
        return ((z ^ (z >> 31)) * n) >> 64

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        if _NATIVE:
            self._state = stored = _next_stored(self._state)
            high, low = _output_halves(stored)
            return float(high * (1 << 21) + (low >> 11)) * (1.0 / (1 << 53))
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise IndexError("cannot choose from an empty sequence")
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place (the same draws as ``randbelow(i + 1)``, inlined)."""
        if _NATIVE and len(items) <= _NATIVE_BOUND:
            self._shuffle_native(items)
            return
        if _FEWEST_LANES < len(items) <= _MOST_LANES + 1:  # where the lanes are quicker
            self._shuffle_lanes(items)
            return
        wide: int = self._state
        state = (wide + _OFFSET) & _MASK64
        for i in range(len(items) - 1, 0, -1):
            state = (state + _GOLDEN_GAMMA) & _MASK64
            z = ((state ^ (state >> 30)) * _MIX1) & _MASK64
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self._state = state - _OFFSET

    def _shuffle_lanes(self, items: MutableSequence[T]) -> None:
        """The interpreted shuffle, every draw at once (the same numbers as the loop above)."""
        k = len(items) - 1
        words = self._lane_outputs(k)
        step = 0
        for i in range(k, 0, -1):  # lane `step` holds the draw for position i
            j = (words[step] * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
            step += 2  # each lane is two 64-bit words, the draw in the low one

    def randbelow_each(self, bounds: Sequence[int]) -> list[int]:
        """``[self.randbelow(n) for n in bounds]``: the same numbers, in order, and the
        generator left where they leave it. Interpreted, from 4 bounds on, they are drawn at
        once (``_lane_outputs``): a game's setup that draws several numbers (every seat's
        ranking, then the first seat) pays for one pass instead of one per number."""
        for n in bounds:  # all checked first: a bad bound leaves the stream untouched
            if n <= 0:
                raise ValueError(f"randbelow needs a positive bound, got {n}")
        if _NATIVE or not _FEWEST_DRAW_LANES <= len(bounds) <= _MOST_LANES:
            return [self.randbelow(n) for n in bounds]
        words = self._lane_outputs(len(bounds))
        return [(word * n) >> 64 for word, n in zip(words[::2], bounds, strict=True)]

    def draw_planned(self, plan: DrawPlan) -> tuple[bytes, list[int]]:
        """The draws of ``plan``: ``small[i]`` is draw i where its bound is positive (0 where
        it is 0), ``whole`` the whole outputs in order. The same numbers as the calls one by
        one (``randbelow(n)``, ``next_u64()``), and the generator left where they leave it."""
        if _NATIVE:  # compiled, the calls are quicker than wide integers
            small = bytearray(len(plan.bounds))
            whole: list[int] = []
            for i, n in enumerate(plan.bounds):
                if n:
                    small[i] = self.randbelow(n)
                else:
                    whole.append(self.next_u64())
            return bytes(small), whole
        lanes = plan.lanes
        z = self._lanes_value(lanes, len(plan.bounds))
        scaled = 0  # every lane's output times its bound
        for bit, with_bit in plan.bound_bits:
            scaled += (z & with_bit) << bit
        return (
            scaled.to_bytes(lanes.size, "little")[8::16],
            [z >> (128 * i) & _MASK64 for i in plan.whole],
        )

    def _lane_outputs(self, k: int) -> tuple[int, ...]:
        """The next ``k`` outputs of the stream, computed at once; the stream moves on by k.

        Interpreted, each SplitMix64 step is a dozen operations on Python integers, and their
        cost is mostly per operation, not per bit. So the k states are laid side by side in
        128-bit lanes of one integer (lane i holds the state plus (i + 1) golden gammas), and
        each step of the finaliser runs once over all lanes: a lane's value stays below 2**64
        after every mask, so a product by a 64-bit multiplier never carries into the next lane,
        and a right shift by at most 31 only moves the next lane's bits into this lane's top
        half, which the mask clears. Returns the lanes as 64-bit words, low word first: output
        i is word 2i.
        """
        lanes = _LANES.get(k)
        if lanes is None:
            lanes = _LANES[k] = _Lanes(k)
        z = self._lanes_value(lanes, k)
        words: tuple[int, ...] = lanes.layout.unpack(z.to_bytes(lanes.size, "little"))
        return words

    def _lanes_value(self, lanes: _Lanes, k: int) -> int:
        """The next ``k`` outputs in the 128-bit lanes of one integer (``_lane_outputs``);
        the stream moves on by k."""
        wide: int = self._state  # a Python int: compiled, an i64 plus 2**63 would overflow
        state = (wide + _OFFSET) & _MASK64
        mask = lanes.mask
        z = (state * lanes.ones + lanes.ramp) & mask
        z = ((z ^ (z >> 30)) & mask) * _MIX1 & mask
        z = ((z ^ (z >> 27)) & mask) * _MIX2 & mask
        self._state = ((state + k * _GOLDEN_GAMMA) & _MASK64) - _OFFSET
        return (z ^ (z >> 31)) & mask

    def _shuffle_native(self, items: MutableSequence[T]) -> None:
        stored = self._state
        for i in range(len(items) - 1, 0, -1):
            stored = _next_stored(stored)
            high, low = _output_halves(stored)
            j = _scaled(high, low, i + 1)
            items[i], items[j] = items[j], items[i]
        self._state = stored

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


# -- the compiled build's arithmetic: 64-bit values as two 32-bit halves, all within i64 --------


def _next_stored(stored: i64) -> i64:
    """The stored form of the next state: the state plus the golden gamma, modulo 2**64."""
    high = ((stored >> 32) & _LOW32) ^ _TOP_BIT32  # the state's high half (offset undone)
    low = (stored & _LOW32) + _GAMMA_LO
    high = (high + _GAMMA_HI + (low >> 32)) & _LOW32
    return (high - _TOP_BIT32) * _TWO32 + (low & _LOW32)  # offset again, without overflow


def _output_halves(stored: i64) -> tuple[i64, i64]:
    """SplitMix64's output for the state ``stored`` holds, as (high, low) halves."""
    high = ((stored >> 32) & _LOW32) ^ _TOP_BIT32
    low = stored & _LOW32
    high, low = _xor_shifted(high, low, 30)
    high, low = _times(high, low, _MIX1_0, _MIX1_1, _MIX1_2, _MIX1_3)
    high, low = _xor_shifted(high, low, 27)
    high, low = _times(high, low, _MIX2_0, _MIX2_1, _MIX2_2, _MIX2_3)
    return _xor_shifted(high, low, 31)


def _xor_shifted(high: i64, low: i64, shift: i64) -> tuple[i64, i64]:
    """``z ^ (z >> shift)`` for ``0 < shift < 32``."""
    return high ^ (high >> shift), low ^ ((low >> shift) | ((high << (32 - shift)) & _LOW32))


def _times(high: i64, low: i64, low0: i64, low1: i64, high0: i64, high1: i64) -> tuple[i64, i64]:
    """``z * factor`` modulo 2**64, the factor in 16-bit pieces (its low half's, then high's)."""
    low_by_low0 = low * low0  # the full product low * (factor's low half), in two parts
    low_by_low1 = low * low1
    bottom = low_by_low0 + ((low_by_low1 & _LOW16) << 16)
    carry = (bottom >> 32) + (low_by_low1 >> 16)
    top = carry + _times_low32(high, low0, low1) + _times_low32(low, high0, high1)
    return top & _LOW32, bottom & _LOW32


def _times_low32(value: i64, piece0: i64, piece1: i64) -> i64:
    """``value * (piece1 * 2**16 + piece0)`` modulo 2**32, for a 32-bit value."""
    return (value * piece0 + (((value * piece1) & _LOW16) << 16)) & _LOW32


def _scaled(high: i64, low: i64, n: i64) -> int:
    """``(z * n) >> 64`` for ``n < 2**31``: Lemire's multiply-shift, exact, in halves."""
    return (high * n + ((low * n) >> 32)) >> 32
