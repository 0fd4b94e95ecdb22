"""The state of a match of G.Nome: plain data and a fast clone.

Research and Secret cards are card kinds (ints, see params.py): cards of one kind are
identical, so no card carries an id that could betray anything (G2). A player's Teamwork cards
in hand are a bit mask (bit ``v`` set: card ``v`` not yet played), so legal plays are looked up
by mask. The steps of a round still to come (who picks, what kind of card) form a queue, the
next step last.
"""

from __future__ import annotations

import json
from enum import IntEnum
from typing import Any, Final, NamedTuple

from gamenight.core.journal import Journal
from gamenight.core.rng import Rng


class Phase(IntEnum):
    COMMIT = 0  # R7, D3: every seat that has not yet committed plays a Teamwork card face down
    PICK = 1  # R12: the actor chooses one of the Research cards on offer
    PARTNER = 2  # R36, D6: the 3-player lowest seat chooses whom to share the card with
    OVER = 3


class Step(IntEnum):
    INDIVIDUAL = 0  # the seat keeps the card it picks
    SHARED = 1  # the seat picks a card shared with ``partner``
    CHOOSE_PARTNER = 2  # 3 players: the seat picks, then names who shares it (R36)
    DEAL = 3  # R32, D5: a random card on offer goes to seat and partner as a Shared card


# Plain ints for the hot path: comparing against an enum member costs an attribute lookup.
COMMIT: Final = int(Phase.COMMIT)
PICK: Final = int(Phase.PICK)
PARTNER: Final = int(Phase.PARTNER)
OVER: Final = int(Phase.OVER)
INDIVIDUAL: Final = int(Step.INDIVIDUAL)
SHARED: Final = int(Step.SHARED)
CHOOSE_PARTNER: Final = int(Step.CHOOSE_PARTNER)
DEAL: Final = int(Step.DEAL)


class GameRecord(NamedTuple):
    """R29, D9, G9: one finished game of a session, all of it public once the game is over.

    Everything by seat; ``individual`` and ``shared`` are the collections it ended with, so
    the game's final reveal and its score sheet can be told again later.
    """

    scores: tuple[int, ...]
    highest_left: tuple[int, ...]  # R25: the highest Teamwork card each seat kept
    left_sum: tuple[int, ...]  # D9: the sum of the Teamwork cards each seat kept
    secrets: tuple[int, ...]  # card kinds, -1 for none
    teams: tuple[tuple[int, int], ...]
    individual: tuple[tuple[int, ...], ...]
    shared: tuple[tuple[int, int, int], ...]  # (card kind, seat, seat)


# Every field of the state, in one place: ``to_dict`` lists them from here (a compiled class
# has no ``__slots__`` to read).
FIELDS = (
    "actor",
    "actors",
    "aside",
    "commit",
    "deck",
    "discard",
    "end_reason",
    "game_number",
    "hand",
    "history",
    "individual",
    "journal",
    "num_players",
    "offer",
    "partner",
    "pending",
    "phase",
    "played",
    "queue",
    "rng",
    "round",
    "secret",
    "secret_aside",
    "shared",
    "steps",
    "teams",
)


class GnomeState:
    __slots__ = FIELDS

    def __init__(self, num_players: int, rng: Rng, *, blank: bool = False) -> None:
        """A match before the deal; ``blank`` leaves all but the first fields for ``clone``
        to fill (a compiled class cannot be made without running ``__init__``)."""
        self.num_players = num_players
        self.rng = rng
        self.journal: Journal | None = None  # kept only for a real match
        if blank:
            return
        self.game_number = 0  # R29: which game of a session (0-based)
        self.teams: tuple[tuple[int, int], ...] = ()
        self.partner: tuple[int, ...] = (-1,) * num_players  # teammate by seat, -1 for none
        self.deck: list[int] = []  # face-down Research cards still to draw; the top is last
        self.aside: tuple[int, ...] = ()  # G8: Research cards left out of this game, unseen
        self.offer: list[int] = []  # the Research cards face up this round (R6)
        self.discard: list[int] = []  # face up: cards nobody took (R28, R33, D4)
        self.secret: tuple[int, ...] = (-1,) * num_players  # R3; -1 for none (R34)
        self.secret_aside: tuple[int, ...] = ()  # Secret cards not dealt, unseen
        self.hand: list[int] = [0] * num_players  # bit v: Teamwork card v not yet played
        self.commit: list[int] = [0] * num_players  # the face-down card of this round, 0: none
        self.played: list[list[int]] = [[] for _ in range(num_players)]  # revealed, by round
        self.individual: list[list[int]] = [[] for _ in range(num_players)]
        self.shared: list[tuple[int, int, int]] = []  # (card kind, seat, seat) in arrival order
        self.queue: list[tuple[int, int, int]] = []  # (step, seat, partner); next step last
        self.pending = -1  # R36: the card the 3-player lowest seat is about to share
        self.phase = COMMIT
        self.actor = -1  # who picks (PICK, PARTNER phases)
        self.actors: tuple[int, ...] = ()  # what to_act returns
        self.round = 0
        self.steps = 0  # actions taken in the whole match, for the safety cap (G11)
        self.end_reason = ""
        self.history: tuple[GameRecord, ...] = ()  # R29, D9: the finished games of a session

    def clone(self) -> GnomeState:
        twin = GnomeState(self.num_players, self.rng.clone(), blank=True)  # never narrates
        twin.game_number = self.game_number
        twin.teams = self.teams
        twin.partner = self.partner
        twin.deck = self.deck[:]
        twin.aside = self.aside
        twin.offer = self.offer[:]
        twin.discard = self.discard[:]
        twin.secret = self.secret
        twin.secret_aside = self.secret_aside
        twin.hand = self.hand[:]
        twin.commit = self.commit[:]
        twin.played = [cards[:] for cards in self.played]
        twin.individual = [cards[:] for cards in self.individual]
        twin.shared = self.shared[:]
        twin.queue = self.queue[:]
        twin.pending = self.pending
        twin.phase = self.phase
        twin.actor = self.actor
        twin.actors = self.actors
        twin.round = self.round
        twin.steps = self.steps
        twin.end_reason = self.end_reason
        twin.history = self.history
        return twin

    def collection(self, seat: int) -> list[int]:
        """R19: every Research card the seat scores: Secret, Individual and Shared cards."""
        cards = [kind for kind, a, b in self.shared if seat in (a, b)]
        cards += self.individual[seat]
        if self.secret[seat] >= 0:
            cards.append(self.secret[seat])
        return cards

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
