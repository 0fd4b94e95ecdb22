"""Every number and component list of A Game of Requirements, as data (RULES.md C1-C3)."""

from __future__ import annotations

import dataclasses
from functools import cached_property

from gamenight.core.errors import InvalidParamsError
from gamenight.core.params import Params

TRAITS = ("Moxie", "Spunk", "Cheek", "Verve", "Guts", "Focus", "Pluck")


@dataclasses.dataclass(frozen=True)
class RequirementsParams(Params):
    traits: tuple[str, ...] = TRAITS
    """C1: the traits; tiles and coins are every unordered pair of them (C2, C3)."""
    doubles: bool = True
    """C2, C3: whether the same-trait pairs (Moxie/Moxie...) are among the tiles and coins."""
    failure_limit: int = 5
    """R7, R16: the game ends when this many tiles lie on the Pile of Failed Requirements."""
    matching_substitute: int = 2
    """R11a: this many coins showing one other trait pay for a trait."""
    distinct_substitute: int = 3
    """R11b: this many coins showing different other traits pay for a trait."""
    first_player: int | None = None
    """D2: seat holding the first-player marker in round 1; None draws it at random."""
    max_actions: int = 5000
    """G5: safety cap on the number of actions; the game is then scored and marked capped."""

    def validate(self) -> None:
        names = [name.strip() for name in self.traits]
        if len(names) < 2:
            raise InvalidParamsError("traits: at least two traits are needed")
        if len(names) > 16:
            raise InvalidParamsError("traits: at most 16 traits are supported")
        if any(not name or " " in name for name in names):
            raise InvalidParamsError("traits: every trait needs a one-word name")
        if len({name.lower() for name in names}) != len(names):
            raise InvalidParamsError("traits: trait names must differ")
        if self.failure_limit < 1:
            raise InvalidParamsError("failure_limit must be at least 1")
        if self.matching_substitute < 1:
            raise InvalidParamsError("matching_substitute must be at least 1")
        if not 1 <= self.distinct_substitute <= len(names) - 1:
            raise InvalidParamsError(
                f"distinct_substitute must be between 1 and {len(names) - 1} "
                "(the other traits there are)"
            )
        if self.first_player not in (None, 0, 1):
            raise InvalidParamsError("first_player must be 0, 1 or null (drawn at random)")
        if self.max_actions < 1:
            raise InvalidParamsError("max_actions must be at least 1")

    @cached_property
    def pairs(self) -> tuple[tuple[int, int], ...]:
        """The trait pairs (low, high) shown by tile ``i`` and by coin ``i``."""
        n = len(self.traits)
        start = 0 if self.doubles else 1
        return tuple((a, b) for a in range(n) for b in range(a + start, n))

    @cached_property
    def pair_index(self) -> dict[tuple[int, int], int]:
        return {pair: index for index, pair in enumerate(self.pairs)}
