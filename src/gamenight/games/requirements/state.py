"""The state of a match of A Game of Requirements: plain data and a fast clone.

Tiles and coins are numbered by the trait pair they show (``params.pairs``). A coin's sides
never turn over once it lies on the table (rule 6), so ``coin_up``/``coin_down`` are fixed at
setup and shared between clones. Knowledge is kept as bit masks: bit ``c`` of ``seen[p]`` says
seat ``p`` has looked at coin ``c``; bit ``c`` of ``proven`` says its hidden side is public.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from enum import IntEnum
from typing import Any, Final

from gamenight.core.journal import Journal
from gamenight.core.rng import Rng


class Phase(IntEnum):
    RECEPTIVE = 0  # R10: the actor may meet the Requirement (first pay pick) or pass
    PAYING = 1  # R11: the actor picks the rest of the payment
    PLACING = 2  # R11, R15b, D4: the actor chooses which Accomplishment grows
    BIDDING = 3  # R12: the actor bids or declines
    CLAIMING = 4  # R12: the actor, having seen the coin just bid, claims or not
    CHALLENGE = 5  # R14: the other player challenges the claim or lets it stand
    PROOF = 6  # R14: the claimant proves or declines to
    TAKING = 7  # R14, D6: the winner of the challenge takes one of the other's bid coins
    SPECTACLE = 8  # R15c, D8: the winner puts matching bid coins on the Accomplishment
    OVER = 9


# Why a game ended (``outcome().reason``).
FAILURES = "failure limit reached"  # R16
STACK_EMPTY = "requirement stack exhausted"  # D9
CAPPED = "safety cap reached"  # G5

# Plain ints for the hot path: comparing against an enum member costs a class-attribute lookup.
(RECEPTIVE, PAYING, PLACING, BIDDING, CLAIMING, CHALLENGE, PROOF, TAKING, SPECTACLE, OVER) = (
    int(phase) for phase in Phase
)


FIELDS = (
    "acc_coins",
    "acc_tiles",
    "actor",
    "bid",
    "claimant",
    "coin_down",
    "coin_up",
    "declines",
    "discard",
    "end_reason",
    "failed",
    "first",
    "journal",
    "need",
    "num_players",
    "phase",
    "pool",
    "proven",
    "requirement",
    "reserve",
    "rng",
    "round",
    "routes",
    "score",
    "seen",
    "spectacle_trait",
    "stack",
    "steps",
    "target",
    "winner",
)
"""Every field of a state, in ``to_dict``'s order (compiled classes have no ``__slots__``)."""

COUNTERS = ("reserve_shown",)
"""Counts kept for speed, which a recount from the fields rebuilds (``recount``). ``to_dict``
leaves them out: it shows the table, and the table is the same whether or not they are kept."""


TRAIT_BITS: Final = 5
"""Bits per trait in a packed count: at most 16 coins can show a trait (the params allow 16
traits at most), so every count fits."""
TRAIT_COUNT: Final = (1 << TRAIT_BITS) - 1


def trait_unit(trait: int) -> int:
    """One coin showing ``trait``, in a packed count."""
    return 1 << TRAIT_BITS * trait


def shown_code(traits: Iterable[int]) -> int:
    """The packed count of some exposed traits: ``TRAIT_BITS`` bits per trait, trait 0 lowest.

    As an int it is its own cache key (two reserves showing the same traits have the same
    code) and it is updated by adding or subtracting ``trait_unit``.
    """
    return sum(1 << TRAIT_BITS * trait for trait in traits)


def shown_count(code: int, trait: int) -> int:
    """How many coins of the packed count ``code`` show ``trait``."""
    return code >> TRAIT_BITS * trait & TRAIT_COUNT


class RequirementsState:
    __slots__ = FIELDS + COUNTERS

    def __init__(self, num_players: int, rng: Rng, *, blank: bool = False) -> None:
        self.num_players = num_players
        self.rng = rng
        self.journal: Journal | None = None  # kept only for a real match
        if blank:  # clone() sets every other field itself
            return
        self.coin_up: tuple[int, ...] = ()
        self.coin_down: tuple[int, ...] = ()
        self.stack: list[int] = []  # face-down tiles; the top is the last
        self.requirement = -1  # the face-up tile of this round, or -1
        self.failed: list[int] = []
        self.pool: list[list[int]] = []  # one stack per exposed trait; the top is the last
        self.reserve: list[list[int]] = [[] for _ in range(num_players)]
        # per seat, the exposed traits of its reserve as a packed count (see shown_code):
        # kept by apply, so that "can it pay, can it bid" needs no scan of the reserve
        self.reserve_shown: list[int] = [0] * num_players
        self.bid: list[list[int]] = [[] for _ in range(num_players)]
        self.acc_tiles: list[list[list[int]]] = [[] for _ in range(num_players)]
        self.acc_coins: list[list[list[int]]] = [[] for _ in range(num_players)]
        self.discard: list[int] = []
        self.seen: list[int] = [0] * num_players
        self.proven = 0
        self.round = 0
        self.first = 0
        self.phase = RECEPTIVE
        self.actor = 0
        self.declines = 0  # consecutive declines in the Deceptive phase (R13)
        self.need = 0  # which trait of the Requirement is being paid (0 or 1)
        self.routes: list[list[int]] = [[], []]  # reserve positions paying each need
        self.claimant = -1
        self.winner = -1  # who won the tile in the Deceptive phase, -1 if nobody yet
        self.target = -1  # the Accomplishment just grown (for Spectacle)
        self.spectacle_trait = -1  # exposed trait of the Spectacle coins picked so far
        self.steps = 0  # actions taken, for the safety cap (G5)
        self.end_reason = ""
        # R17 applied to the table as it is, per seat, kept by apply for the playtest lab (M1):
        # a tuple replaced on the rare change, so clones share it
        self.score: tuple[float, ...] = (0.0,) * num_players

    def clone(self) -> RequirementsState:
        # through __init__, not __new__: compiled, __new__ would run __init__ anyway;
        # a copy never narrates (core.journal), so its journal stays None
        twin = RequirementsState(self.num_players, self.rng.clone(), blank=True)
        twin.coin_up = self.coin_up
        twin.coin_down = self.coin_down
        twin.stack = self.stack[:]
        twin.requirement = self.requirement
        twin.failed = self.failed[:]
        twin.pool = [stack[:] for stack in self.pool]
        twin.reserve = [coins[:] for coins in self.reserve]
        twin.reserve_shown = self.reserve_shown[:]
        twin.bid = [coins[:] for coins in self.bid]
        twin.acc_tiles = [[tiles[:] for tiles in accs] for accs in self.acc_tiles]
        twin.acc_coins = [[coins[:] for coins in accs] for accs in self.acc_coins]
        twin.discard = self.discard[:]
        twin.seen = self.seen[:]
        twin.proven = self.proven
        twin.round = self.round
        twin.first = self.first
        twin.phase = self.phase
        twin.actor = self.actor
        twin.declines = self.declines
        twin.need = self.need
        twin.routes = [self.routes[0][:], self.routes[1][:]]
        twin.claimant = self.claimant
        twin.winner = self.winner
        twin.target = self.target
        twin.spectacle_trait = self.spectacle_trait
        twin.steps = self.steps
        twin.end_reason = self.end_reason
        twin.score = self.score
        return twin

    def recount_score(self) -> None:
        """Set ``score`` from the Accomplishments (R17), for a state not built by ``apply``."""
        self.score = tuple(
            float(sum(len(tiles) * len(coins) for tiles, coins in zip(*seat, strict=True)))
            for seat in zip(self.acc_tiles, self.acc_coins, strict=True)
        )

    def recount_reserves(self) -> None:
        """Set ``reserve_shown`` from the reserves, for a state not built by ``apply``."""
        up = self.coin_up
        self.reserve_shown = [shown_code([up[coin] for coin in coins]) for coins in self.reserve]

    def recount(self) -> None:
        """Set every counter ``apply`` keeps (score, reserve_shown), for a state built by hand."""
        self.recount_score()
        self.recount_reserves()

    def add_score(self, seat: int, points: int) -> None:
        """R17: ``seat``'s Greatness x Spectacle grew by ``points`` (a tile or a coin joined)."""
        score = list(self.score)
        score[seat] += points
        self.score = tuple(score)

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
