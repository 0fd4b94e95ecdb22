"""Shuffling with the match's seeded generator, cheaper than one draw per card."""

from __future__ import annotations

from math import factorial

from gamenight.core.rng import Rng


def shuffle(rng: Rng, items: list[int]) -> None:
    """Fisher-Yates with every swap index read off one random number below n!.

    Drawing a whole permutation from two or three 64-bit words costs far less than one draw
    per card; the extra 48 bits keep the bias below 2**-48.
    """
    count = len(items)
    orders = _FACTORIALS[count] if count < len(_FACTORIALS) else factorial(count)
    words = (orders.bit_length() + 48 + 63) // 64
    value = 0
    for _ in range(words):
        value = (value << 64) | rng.next_u64()
    value = (value * orders) >> (64 * words)  # uniform in range(n!), up to that bias
    for i in range(count - 1, 0, -1):
        value, j = divmod(value, i + 1)
        items[i], items[j] = items[j], items[i]


_FACTORIALS = [factorial(n) for n in range(64)]
