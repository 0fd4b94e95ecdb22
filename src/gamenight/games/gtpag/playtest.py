"""What the playtest lab measures in Game to Pick a Game (RULES.md M1-M3).

Only the lab calls these, never a search or a seat: they read the full state (face-down chips
and every seat's preferences included), like an umpire, and their figures reach reports only.
One exception: the rules' final tally (R13) reads its Score from ``Tallies.score`` too, as the
Score of the counts ``apply`` keeps is the Score of the pile.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from gamenight.games.gtpag import actions as kinds
from gamenight.games.gtpag import state as phases
from gamenight.games.gtpag.actions import KIND_TRAIT, PLACED_TRAITS, Action
from gamenight.games.gtpag.params import INVERT, TRAIT_NAMES
from gamenight.games.gtpag.state import GtpagState

if TYPE_CHECKING:
    from gamenight.games.gtpag.rules import GtpagGame

CACHE_LIMIT = 20_000  # Scores remembered per game instance, at most

Uses = tuple[tuple[int, str], ...]

BOOST_CHIP = "chip Boost"
"""M2: a Boost, shown by the booster's Character chip (G5)."""

FIELD = 6
"""Bits per count in ``state.tally``: a Nomination holds at most 48 chips of one kind (8
characters with 6 Bid chips each, C3) and 8 Boosts."""
BOOST_FIELD = 9  # after up to 6 Bid chip kinds and the 3 placed Traits (D2.3-D2.5)
BOOST_UNIT = 1 << FIELD * BOOST_FIELD
"""What a Boost adds to its Nomination's ``state.tally``."""


class Tallies:
    """M1: a Nomination's Score (R13) from its packed counts, and the standings it gives.

    ``state.tally[j]`` counts the chips of each kind on Nomination j, and its Boosts, one
    FIELD-bit field per kind; ``apply`` keeps it (an addition per chip that moves), so the
    lab's standings after every action cost a few lookups instead of a tally of every chip.
    A Score depends only on those counts, so each distinct count is tallied once per game.
    """

    def __init__(self, game: GtpagGame) -> None:
        from gamenight.games.gtpag.rules import TRAIT_BASE  # rules imports this module

        self.game = game
        # the kind codes that count in a tally, by field; Traits that never lie on a
        # Nomination (Spotlight, Scout...) count nothing, as in the tally itself
        self.field_kinds = (*range(game.num_kinds), *(TRAIT_BASE + t for t in PLACED_TRAITS))
        unit = [0] * (TRAIT_BASE + len(TRAIT_NAMES))
        for field, kind in enumerate(self.field_kinds):
            unit[kind] = 1 << FIELD * field
        self.unit = tuple(unit)
        self.score: dict[int, int] = _Memo(self._score)
        # the match whose preferences were read last, by candidate (C6), and its ties' means
        self.prefs: tuple[tuple[float, ...], ...] = ()
        self.by_title: tuple[tuple[float, ...], ...] = ()
        self._shared: dict[tuple[int, ...], tuple[float, ...]] = {}

    def count(self, state: GtpagState) -> list[int]:
        """Every Nomination's packed counts, from scratch."""
        unit, kinds = self.unit, state.kinds
        return [
            sum(unit[kinds[chip]] for chip in pile) + BOOST_UNIT * len(boosts)
            for pile, boosts in zip(state.piles, state.boosts, strict=True)
        ]

    def _score(self, counts: int) -> int:
        """R13, D1, G12: values, then Inverts (none under a House Rule), then Hype and Boosts:
        the same reckoning as ``GtpagGame.tally``, over counts instead of chips."""
        game = self.game
        values = inverts = bonus = house_rule = 0
        mask = (1 << FIELD) - 1
        for field, kind in enumerate(self.field_kinds):
            count = counts >> FIELD * field & mask
            values += count * game._kind_value[kind]
            inverts += count * game._kind_invert[kind]
            bonus += count * game._kind_bonus[kind]
            house_rule |= count and game._kind_house[kind]
        if house_rule:
            inverts = 0
        boosts = game._boost_value * (counts >> FIELD * BOOST_FIELD)
        return (-values if inverts & 1 else values) + bonus + boosts

    def read(self, prefs: tuple[tuple[float, ...], ...]) -> None:
        """Turn to the match with these preferences (one dict per match, not per call)."""
        self.by_title = tuple(zip(*prefs, strict=True))
        self._shared = {}
        self.prefs = prefs

    def shared(self, prefs: tuple[tuple[float, ...], ...], titles: list[int]) -> tuple[float, ...]:
        """Every seat's mean preference over several candidates tied at the top."""
        key = tuple(titles)
        found = self._shared.get(key)
        if found is None:
            found = self._shared[key] = tuple(
                sum(seat[title] for title in titles) / len(titles) for seat in prefs
            )
        return found


class _Memo(dict[int, int]):
    """A dict that computes (and keeps) what it lacks."""

    def __init__(self, compute: Callable[[int], int]) -> None:
        super().__init__()
        self.compute = compute

    def __missing__(self, key: int) -> int:
        if len(self) > CACHE_LIMIT:  # odd chip sets: keep memory bounded
            self.clear()
        value = self[key] = self.compute(key)
        return value


class ComponentNames:
    """Every component kind's name, built once per game instance (M2)."""

    def __init__(self, labels: tuple[str, ...]) -> None:
        # by Bid chip kind (``Action.a`` of a bid), as C3 names them
        self.bid = tuple(f"chip {'Invert' if label == INVERT else label}" for label in labels)
        # by action kind: the Trait that action plays (every Trait has one, D2)
        self.trait = {kind: f"trait {TRAIT_NAMES[trait]}" for kind, trait in KIND_TRAIT.items()}

    def every(self) -> frozenset[str]:
        """Every name ``component_uses`` may give."""
        return frozenset((*self.bid, *self.trait.values(), BOOST_CHIP))


def standings(game: GtpagGame, state: GtpagState) -> tuple[float, ...]:
    """M1: each seat's preference (D3) for the Nomination the full tally (R13, face-down chips
    and Boosts included) puts ahead now: the result if the match ended here. Several ahead:
    the seat's mean preference for them. Nothing nominated: 0 (as G18). Once a game is
    picked: its preference, the seat's score (G16)."""
    tallies = game.tallies
    if state.prefs is not tallies.prefs:
        tallies.read(state.prefs)
    titles = state.titles
    if state.picked >= 0:
        return tallies.by_title[titles[state.picked]]
    if not titles:
        return (0.0,) * state.num_players
    scores: list[float] = list(map(tallies.score.__getitem__, state.tally))
    if state.tie_round:  # R15: only the tied Nominations are still in play
        active = state.active
        scores = [s if active >> j & 1 else -math.inf for j, s in enumerate(scores)]
    best = max(scores)
    if scores.count(best) == 1:
        return tallies.by_title[titles[scores.index(best)]]
    return tallies.shared(state.prefs, [titles[j] for j, s in enumerate(scores) if s == best])


def component_uses(game: GtpagGame, state: GtpagState, player: int, action: Action) -> Uses:
    """M2: the Bid chip played (R5, D7), the Trait played (R6, D2) or the Boost given (R12)."""
    kind = action.kind
    if kind == kinds.BID:
        return ((player, game.component_names.bid[action.a]),)
    if kind == kinds.BOOST:
        return ((player, BOOST_CHIP),)
    # a Trait is played by its first choice in the Bidding; what follows only finishes it
    if state.phase == phases.BIDDING:
        trait = game.component_names.trait.get(kind)
        if trait is not None:
            return ((player, trait),)
    return ()


def rounds_played(state: GtpagState) -> int:
    """M3: the Nomination round (R2), the Bidding rounds begun (R3, R7) and the tie rounds
    (R15, D7)."""
    return 1 + state.round + state.tie_round
