"""The state of a match of Game to Pick a Game: plain data and a fast clone.

Chips are numbered ``seat * per_seat + slot``: slots ``0..B-1`` are the seat's Bid chips (in
the order of ``params.bid_chips``), slot ``B`` its Trait chip. ``kinds[chip]`` gives the kind
of every chip (fixed for the match, shared between clones). A seat's hand is a bit mask over
its slots; ``face_up`` and ``seen[p]`` are bit masks over chip numbers: ``face_up`` marks chips
whose kind everybody knows, ``seen[p]`` the chips seat ``p`` looked at with Scout (G3, G7).
Nominations are numbered in the order they were made; ``piles[j]`` lists the chips on
Nomination ``j`` in the order they arrived (G2).
"""

from __future__ import annotations

import json
from enum import IntEnum
from typing import Any, Final

from gamenight.core.journal import Journal
from gamenight.core.rng import Rng


class Phase(IntEnum):
    NOMINATION = 0  # R2, D4: the actor nominates a game or passes
    BIDDING = 1  # R3-R6, D5: the actor plays one chip
    TRAIT = 2  # D2, D5: the actor finishes a Trait (second chip, destination, second look)
    BOOSTING = 3  # R12, D6: a passer adds a Boost or declines
    TIE = 4  # R15, D7: the actor plays one Bid chip on a tied Nomination
    OVER = 5


# Plain ints for the hot path: comparing against an enum member costs an attribute lookup.
# Final literals, so that compiled modules inline them (tests check they match Phase).
NOMINATION: Final = 0
BIDDING: Final = 1
TRAIT: Final = 2
BOOSTING: Final = 3
TIE: Final = 4
OVER: Final = 5
PHASE_NAMES = tuple(phase.name.lower() for phase in Phase)
"""A phase's name in views, by number."""


FIELDS = (
    "active",
    "actor",
    "boost_queue",
    "boosts",
    "capped",
    "chars",
    "drawn",
    "end_reason",
    "face_up",
    "hand",
    "journal",
    "kinds",
    "last_chip",
    "last_turn",
    "looked",
    "nominators",
    "num_players",
    "passed",
    "pending",
    "pending_trait",
    "phase",
    "picked",
    "piles",
    "prefs",
    "rng",
    "round",
    "seen",
    "shown",
    "smashed",
    "start",
    "steps",
    "tally",
    "tie_boosts",
    "tie_flips",
    "tie_history",
    "tie_round",
    "titles",
    "turn",
    "turns_left",
    "used",
)
"""Every field of a state, in ``to_dict``'s order (compiled classes have no ``__slots__``)."""


class GtpagState:
    __slots__ = FIELDS

    def __init__(
        self,
        num_players: int,
        rng: Rng,
        blank: bool = False,
        chars: tuple[int, ...] = (),
        kinds: tuple[int, ...] = (),
        prefs: tuple[tuple[float, ...], ...] = (),
        first: int = 0,
        hand: int = 0,
    ) -> None:
        """``chars`` to ``hand``: a new match's setup (``GtpagGame.new_state`` passes them by
        position, as each field stored twice cost a new match's instructions): the seats'
        characters, the chips' kinds, the preferences, the first seat and every seat's hand."""
        self.num_players = num_players
        self.rng = rng
        self.journal: Journal | None = None  # kept only for a real match
        if blank:  # clone() sets every other field itself
            return
        self.prefs = prefs  # C6: seat -> candidate -> preference
        self.chars = chars  # C1: seat -> character index (0-based)
        self.kinds = kinds  # chip -> kind (Bid kinds, then 100 + Trait code)
        self.phase = NOMINATION
        self.actor = first
        self.start = first  # D4: the character that started the Nominations
        self.turns_left = 0  # turns still to come in this round, the actor's included
        self.titles: list[int] = []  # Nomination j -> candidate index
        self.nominators: list[int] = []  # Nomination j -> seat
        self.passed = 0  # bit mask of seats that passed in the Nomination round (R12)
        self.active = 0  # bit mask of Nominations still in play (R15)
        self.piles: list[list[int]] = []
        self.boosts: list[list[int]] = []  # Nomination j -> seats that Boosted it (G5)
        # Nomination j -> how many chips of each kind lie on it and its Boosts, packed in one
        # int: kept by apply, read by the rules' final tally and the playtest lab (RULES.md
        # M1; playtest.py); a state built by hand needs GtpagGame.recount_tally
        self.tally: list[int] = []
        self.hand: list[int] = [hand] * num_players  # seat -> bit mask of slots still held
        self.face_up = 0
        # (nomination, chip) of every face-up chip on the Nominations before the final flip:
        # face-up chips never move (G11), so the between-rounds tally reads only these
        self.shown: tuple[tuple[int, int], ...] = ()
        self.seen: list[int] = [0] * num_players
        # rarely changed, so tuples (replaced, never mutated): clones share them
        self.used: tuple[int, ...] = ()  # Trait chips used up (Spotlight, Switcheroo...), in order
        self.smashed: tuple[int, ...] = ()  # D2.8: chips removed from the game
        self.round = 0  # the Bidding round, 1-based; 0 during the Nominations
        self.tie_round = 0  # tie rounds started so far (D7)
        self.turn = 0  # chips played so far
        self.last_turn: list[int] = [-1] * num_players  # seat -> number of its latest chip
        self.last_chip = -1  # the seat that played the latest chip
        self.pending_trait = -1  # D2: the Trait being resolved in phase TRAIT
        self.pending = -1  # its first chip (Switcheroo, Raid), as nomination * 256 + position
        self.looked: tuple[int, ...] = ()  # chips looked at by the Scout in progress
        self.boost_queue: tuple[int, ...] = ()  # passers still to Boost, in order (D6)
        self.tie_history: tuple[tuple[tuple[int, int], ...], ...] = ()  # (nomination, score) a tie
        # the chips on every Nomination when a tie sent them home: the table saw them face up
        self.tie_flips: tuple[tuple[tuple[int, ...], ...], ...] = ()
        self.tie_boosts: tuple[tuple[tuple[int, ...], ...], ...] = ()  # and their Boosts
        self.picked = -1  # the winning Nomination
        self.drawn = False  # D7: picked by a random draw among the tied
        self.capped = False
        self.steps = 0
        self.end_reason = ""

    def clone(self) -> GtpagState:
        # through __init__, not __new__: compiled, __new__ would run __init__ anyway;
        # a copy never narrates (core.journal), so its journal stays None
        # ``blank`` passed by position: interpreted, a keyword argument costs a slower call
        twin = GtpagState(self.num_players, self.rng.clone(), True)
        twin.prefs = self.prefs
        twin.chars = self.chars
        twin.kinds = self.kinds
        twin.phase = self.phase
        twin.actor = self.actor
        twin.start = self.start
        twin.turns_left = self.turns_left
        twin.titles = self.titles[:]
        twin.nominators = self.nominators[:]
        twin.passed = self.passed
        twin.active = self.active
        twin.piles = [pile[:] for pile in self.piles]
        twin.boosts = [boosts[:] for boosts in self.boosts]
        twin.tally = self.tally[:]
        twin.hand = self.hand[:]
        twin.face_up = self.face_up
        twin.shown = self.shown
        twin.seen = self.seen[:]
        twin.used = self.used
        twin.smashed = self.smashed
        twin.round = self.round
        twin.tie_round = self.tie_round
        twin.turn = self.turn
        twin.last_turn = self.last_turn[:]
        twin.last_chip = self.last_chip
        twin.pending_trait = self.pending_trait
        twin.pending = self.pending
        twin.looked = self.looked
        twin.boost_queue = self.boost_queue
        twin.tie_history = self.tie_history
        twin.tie_flips = self.tie_flips
        twin.tie_boosts = self.tie_boosts
        twin.picked = self.picked
        twin.drawn = self.drawn
        twin.capped = self.capped
        twin.steps = self.steps
        twin.end_reason = self.end_reason
        return twin

    def to_dict(self) -> dict[str, Any]:
        """Everything, secrets included (tests and debugging only; never shown to players)."""
        data: dict[str, Any] = {}
        for name in FIELDS:
            if name == "journal":
                continue
            value = getattr(self, name)
            if name == "rng":
                value = value.clone().next_u64()
            elif name == "phase":
                value = Phase(value).name
            data[name] = value
        copied: dict[str, Any] = json.loads(json.dumps(data))
        return copied


def random_preferences(count: int, rng: Rng) -> tuple[float, ...]:
    """G6: a random ranking: ``count`` for the favourite down to 1 for the least liked."""
    values = [float(v) for v in range(1, count + 1)]
    rng.shuffle(values)
    return tuple(values)
