"""Shuffling with the match's seeded generator, cheaper than one draw per card."""

from __future__ import annotations

from math import factorial

from gamenight.core.rng import Rng

_WHOLE_DECK = 63
"""Decks of up to this many cards draw their whole order at once (as every G.Nome deal has)."""
_BLOCK_ORDERS = factorial(_WHOLE_DECK)
"""A block of swaps covers at most this many orders, so every block costs about the same."""


def shuffle(rng: Rng, items: list[int]) -> None:
    """Fisher-Yates with the swap indices of each block read off one random number.

    A block is a run of swaps whose choices multiply to at most 63! orders; its swap indices
    are the mixed-radix digits of one number below that product, drawn from a few 64-bit words.
    This costs far less than one draw per card, and the extra 48 bits per block keep the bias
    below 2**-48. Any deck of up to 63 cards (every G.Nome deck under the rules) is a single
    block: one number below n!, exactly as before blocks existed (empty and one-card decks
    still draw a word, so the generator moves on as in every recorded match). Bigger decks
    are cut into blocks, so the cost grows linearly with the deck, not quadratically as one
    number below n! would (issue 11 item 11).
    """
    count = len(items)
    if count <= _WHOLE_DECK:  # the hot path (setup and every determinization), inlined
        value = 0
        for _ in range(_WORDS[count]):
            value = (value << 64) | rng.next_u64()
        value = (value * _FACTORIALS[count]) >> (64 * _WORDS[count])
        for i in range(count - 1, 0, -1):
            value, j = divmod(value, i + 1)
            items[i], items[j] = items[j], items[i]
        return
    top = count - 1
    while top > 0:
        bottom, orders = _block(top)
        value = _uniform_below(rng, orders)
        for i in range(top, bottom - 1, -1):
            value, j = divmod(value, i + 1)
            items[i], items[j] = items[j], items[i]
        top = bottom - 1


def _block(top: int) -> tuple[int, int]:
    """The lowest swap of the block starting at swap ``top``, and that block's number of orders.

    Swap ``i`` picks one of ``i + 1`` places. The block grows downwards while the product
    stays within ``_BLOCK_ORDERS``; the last block, under 64 cards, is a factorial.
    """
    if top < _WHOLE_DECK:
        return 1, _FACTORIALS[top + 1]
    orders = top + 1
    bottom = top
    while bottom > 1 and orders * bottom <= _BLOCK_ORDERS:
        orders *= bottom
        bottom -= 1
    return bottom, orders


def _uniform_below(rng: Rng, orders: int) -> int:
    """A number uniform in ``range(orders)`` up to a bias below 2**-48, from whole 64-bit words."""
    words = _words(orders)
    value = 0
    for _ in range(words):
        value = (value << 64) | rng.next_u64()
    return (value * orders) >> (64 * words)


def _words(orders: int) -> int:
    """64-bit words to draw for a number below ``orders`` with 48 bits to spare."""
    return (orders.bit_length() + 48 + 63) // 64


_FACTORIALS = [factorial(n) for n in range(_WHOLE_DECK + 1)]
_WORDS = [_words(orders) for orders in _FACTORIALS]
