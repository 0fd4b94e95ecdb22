"""The setup's draws (R1, D1, D2) as one planned pass of the generator (``core.rng.DrawPlan``).

``new_state`` draws, in this order: a shuffle of the tiles (``Rng.shuffle``: ``randbelow(i +
1)`` for each place i from the last down to 1), the coins' flips (``Rng.bits``: whole outputs,
the first word highest), a shuffle of the coins, and the first player (``randbelow(2)``) unless
the params fix it. Their bounds never change for a game, so they form one plan: interpreted,
one pass over all of them costs less than a quarter of the calls one by one. Only the swaps
are left, one step apiece. tests/games/requirements/test_requirements_chance.py checks that
the deal, and the generator left, are those of the calls.
"""

from __future__ import annotations

from gamenight.core.rng import SMALL_BOUND, DrawPlan, Rng


class SetupDraws:
    """The draws of ``new_state`` for ``count`` tiles and coins, and the first player's if
    ``draw_first``, made at once."""

    def __init__(self, count: int, draw_first: bool) -> None:
        swaps = max(count - 1, 0)  # a shuffle draws once for each place but the first
        words = (count + 63) // 64  # Rng.bits(count)
        bounds = [*range(count, 1, -1), *[0] * words, *range(count, 1, -1)]
        if draw_first:
            bounds.append(2)
        self.plan = DrawPlan(bounds)
        self.count = count
        self.swaps = swaps
        self.draw_first = draw_first
        self.places = tuple(range(count - 1, 0, -1))  # a shuffle's places, as Rng.shuffle's

    @staticmethod
    def fits(count: int) -> bool:
        """Whether a plan can draw for ``count`` tiles (a planned bound is at most 256)."""
        return count <= SMALL_BOUND

    def draw(self, rng: Rng, tiles: list[int], coins: list[int]) -> tuple[int, int]:
        """Shuffles ``tiles`` then ``coins`` in place, as ``rng.shuffle`` would with the draws
        around them; returns the flips (``rng.bits``) and the first player's draw (-1 if not
        drawn). ``rng`` moves on as far as those calls would move it."""
        drawn, whole = rng.draw_planned(self.plan)
        swaps, places = self.swaps, self.places
        for i, j in zip(places, drawn[:swaps], strict=True):  # R1
            tiles[i], tiles[j] = tiles[j], tiles[i]
        flips = 0  # D1: Rng.bits, the first word highest
        for word in whole:
            flips = flips << 64 | word
        flips &= (1 << self.count) - 1
        start = swaps + len(whole)
        for i, j in zip(places, drawn[start : start + swaps], strict=True):  # D1
            coins[i], coins[j] = coins[j], coins[i]
        return flips, drawn[-1] if self.draw_first else -1
