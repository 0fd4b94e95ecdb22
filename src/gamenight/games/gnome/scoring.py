"""Research results (RULES.md R19-R24, D7): squares per colour, Multicolour, White, the set.

A Multicolour card counts as one GNA colour, chosen per holder to maximise that holder's total
(D7), so the best assignment is searched for: a small dynamic programme over the colours that
tracks how many Multicolour cards are used and whether every colour is present yet (for the
set bonus). It makes no assumption about the score table, so designer tables that are not
convex still score correctly.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from gamenight.games.gnome.params import GnomeParams

_NONE = -(10**9)


class Scorer:
    """The research result of one collection, for one parameter set."""

    def __init__(self, params: GnomeParams) -> None:
        self.num_colours = len(params.colours)
        self.white = params.white_kind
        self.multi = params.multi_kind
        self.bonus = params.set_bonus
        self.needs_white = params.set_needs_white
        self._colour_score = params.colour_score
        self.best = lru_cache(maxsize=65536)(self._best)

    def counts(self, cards: Iterable[int]) -> tuple[int, ...]:
        """How many cards of each kind (colours, White, Multicolour)."""
        counts = [0] * (self.num_colours + 2)
        for kind in cards:
            counts[kind] += 1
        return tuple(counts)

    def score(self, cards: Iterable[int]) -> int:
        """R19-R24: the research result of a collection (Secret, Individual, Shared cards)."""
        return self.best(self.counts(cards))[0]

    def _best(self, counts: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        """(total, colour each Multicolour card counts as) for kind counts ``counts``."""
        colours = counts[: self.num_colours]
        whites = counts[self.white]
        multis = counts[self.multi]
        value = self._colour_score
        # dp[used][complete]: best sum over the colours so far with ``used`` Multicolour
        # cards placed; ``complete`` says every colour so far holds at least one card.
        # steps[i][used][complete] remembers (previous used, previous complete, extra).
        dp = [[_NONE, _NONE] for _ in range(multis + 1)]
        dp[0][1] = 0
        steps: list[list[list[tuple[int, int, int]]]] = []
        for count in colours:
            nxt = [[_NONE, _NONE] for _ in range(multis + 1)]
            back = [[(0, 0, 0), (0, 0, 0)] for _ in range(multis + 1)]
            for used in range(multis + 1):
                for complete in (0, 1):
                    base = dp[used][complete]
                    if base == _NONE:
                        continue
                    for extra in range(multis - used + 1):
                        held = count + extra
                        flag = complete if held else 0
                        total = base + value(held)
                        if total > nxt[used + extra][flag]:
                            nxt[used + extra][flag] = total
                            back[used + extra][flag] = (used, complete, extra)
            steps.append(back)
            dp = nxt
        plain_flag = 0 if dp[multis][0] >= dp[multis][1] else 1
        total, flag = dp[multis][plain_flag], plain_flag
        if (whites > 0 or not self.needs_white) and dp[multis][1] != _NONE:
            with_set = dp[multis][1] + self.bonus
            if with_set > total:
                total, flag = with_set, 1
        # walk back to report which colour each Multicolour card stands for
        assigned: list[int] = []
        used = multis
        for colour in range(self.num_colours - 1, -1, -1):
            used, flag, extra = steps[colour][used][flag]
            assigned += [colour] * extra
        return total, tuple(sorted(assigned))
