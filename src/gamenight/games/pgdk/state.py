"""The state of a match of Pink Godzilla Dev Kit: plain data and a fast clone.

Physical cards are numbered 0..N-1 (copies of one kind get consecutive numbers); the game
instance holds the per-card tables (type, value, colours...). Zones are lists of card numbers;
the top of the draw deck is the end of ``deck``. ``known[c]`` is a bit mask of the seats that
know where card ``c`` lies while it is in a hidden zone (a hand or the deck); the owner of a
hand always knows its cards and needs no bit (RULES.md G6).

A :class:`Project` (a videogame in development, or a completed one) is never changed in
place: every play builds a new one, so clones share projects freely.
"""

from __future__ import annotations

import json
from enum import IntEnum
from typing import Any, Final

from gamenight.core.journal import Journal
from gamenight.core.rng import Rng
from gamenight.games.pgdk.cards import CHARACTER, EGG, GEAR, GUARDIAN, TITLE, UPGRADE, WILD

_ALWAYS_OPEN: Final = 1 << CHARACTER | 1 << UPGRADE | 1 << GUARDIAN
_TITLE_OPEN: Final = 1 << TITLE
_GEAR_OPEN: Final = 1 << GEAR
_WILD_OPEN: Final = 1 << WILD
_EGG_OPEN: Final = 1 << EGG

# ``Project.pairs`` numbers a (card type, colour) pair as bit ``colour * PAIR_TYPES + type``, for
# the types a game takes (Title to Easter Egg): no number of colours needed, so a Project works
# its pairs out itself. COLOUR_SPREAD moves colour bit i to bit i * PAIR_TYPES, for every mask
# of at most 8 colours (cards.parse_genres); times a mask of types, that gives the pairs.
PAIR_TYPES: Final = EGG + 1


def _spread(colours: int) -> int:
    spread = 0
    for colour in range(8):
        if colours >> colour & 1:
            spread |= 1 << colour * PAIR_TYPES
    return spread


COLOUR_SPREAD: Final = tuple(_spread(colours) for colours in range(256))


class Phase(IntEnum):
    GODZILLA = 0  # D6: Pink Godzilla window; actor may trade a Pink Godzilla or pass
    PURCHASE = 1  # R6: trade, auction or discard
    OFFER = 2  # R7: the trader offers hand cards for the chosen Row card
    AUCTION = 3  # R8: the auctioneer picks up to three Row cards
    BIDDING = 4  # R8, D4: every seat commits a hidden bid (simultaneous)
    DEVELOP = 5  # R10, D3: up to two plays
    RETRIEVE = 6  # R27: Good Guardian: take a card from the discard pile
    ROB = 7  # R27: Evil Guardian: choose the rival
    STEAL = 8  # R27: Evil Guardian: take a card from the rival's hand
    HUNT = 9  # C3: Headhunter: take a Row card
    CUT = 10  # C3: Budget Cut: discard a card from a rival's game
    RESEARCH = 11  # C3: Market Research: keep one of the cards looked at
    GOLD = 12  # R15: declare ready games complete
    CLONE = 13  # R33, D7: Clone The Clone window
    LIMIT = 14  # R16, D9: discard down to the hand limit
    FINAL = 15  # R18, D8: final declarations after the game has ended
    OVER = 16


GODZILLA: Final = int(Phase.GODZILLA)
PURCHASE: Final = int(Phase.PURCHASE)
OFFER: Final = int(Phase.OFFER)
AUCTION: Final = int(Phase.AUCTION)
BIDDING: Final = int(Phase.BIDDING)
DEVELOP: Final = int(Phase.DEVELOP)
RETRIEVE: Final = int(Phase.RETRIEVE)
ROB: Final = int(Phase.ROB)
STEAL: Final = int(Phase.STEAL)
HUNT: Final = int(Phase.HUNT)
CUT: Final = int(Phase.CUT)
RESEARCH: Final = int(Phase.RESEARCH)
GOLD: Final = int(Phase.GOLD)
CLONE: Final = int(Phase.CLONE)
LIMIT: Final = int(Phase.LIMIT)
FINAL: Final = int(Phase.FINAL)
OVER: Final = int(Phase.OVER)

NOT_COMMITTED: Final = -1
NO_BID: Final = 0
BID: Final = 1

LastAuction = tuple[int, tuple[int, ...], tuple[tuple[int, ...] | None, ...], tuple[int, ...], int]


# The fields ``to_dict`` lists (a compiled class has no ``__slots__`` to read); ``open``,
# ``progress`` and ``ready`` follow from them.
PROJECT_FIELDS = (
    "cards",
    "chars",
    "colours",
    "first",
    "gears",
    "gold",
    "names",
    "powered",
    "title",
    "upgrades",
    "value",
    "wild",
)


class Project:
    """A videogame on the table: its cards and what the rules need to know about them."""

    __slots__ = (*PROJECT_FIELDS, "open", "pairs", "progress", "ready")

    def __init__(
        self,
        cards: tuple[int, ...],
        colours: int,
        names: int,
        title: int,
        gears: int,
        wild: int,
        chars: int,
        upgrades: int,
        value: int,
        gold: bool = False,
        first: bool = False,
        powered: int = -1,
    ) -> None:
        self.cards = cards
        self.colours = colours  # colours every card shares (D1)
        self.names = names  # bit mask of card names in it (R12)
        self.title = title  # the Title card, or -1
        self.gears = gears  # bit mask of Required Gear types in it
        self.wild = wild  # Wild cards in it (0 or 1)
        self.chars = chars  # cards played as Characters
        self.upgrades = upgrades  # Gear Upgrades (R32)
        self.value = value  # points it is worth once complete (R15)
        self.gold = gold  # completed (R15, R28, D3)
        self.first = first  # the first completed game of its colour (R15)
        self.powered = powered  # the Neutral Guardian that completed it by its power, or -1
        gear = gears.bit_count() + wild
        titled = title >= 0
        # pieces of the four a game needs (a Title, two Required Gear, a Character) it has:
        # what the playout policy weighs a game by, kept here since a Project never changes
        self.progress = titled + (gear if gear < 2 else 2) + (chars > 0)
        # D2: a Title, the genre's two Required Gear (or a Wild), at least one Character
        ready = self.ready = titled and chars > 0 and gear == 2
        # bit mask of the card types that may still go on (D1, R21, R28); the hot path of plays
        # (built with plain branches: a game is built on every play)
        open_types = 0
        if not gold:
            open_types = _ALWAYS_OPEN
            if not titled:
                open_types |= _TITLE_OPEN
            if gear < 2:
                open_types |= _GEAR_OPEN if wild else _GEAR_OPEN | _WILD_OPEN
            if ready:
                open_types |= _EGG_OPEN
        self.open = open_types
        # the (type, colour) pairs it takes (see PAIR_TYPES): a card kind whose pairs
        # (``PgdkGame._develops``) share none does not fit, by type or by colour
        self.pairs = open_types * COLOUR_SPREAD[colours]

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in PROJECT_FIELDS}


# Every field of the state, in one place: ``to_dict`` lists them from here (a compiled class
# has no ``__slots__`` to read).
FIELDS = (
    "abilities",
    "active",
    "actor",
    "auction",
    "bids",
    "clone_owner",
    "colours_done",
    "committed",
    "completed",
    "ctc",
    "deck",
    "discard",
    "end_reason",
    "ender",
    "hands",
    "journal",
    "known",
    "last_auction",
    "locked",
    "num_players",
    "offer",
    "payouts",
    "peek",
    "phase",
    "plays_left",
    "projects",
    "quiet",
    "rng",
    "rob",
    "row",
    "specials",
    "take",
    "turn",
    "using",
    "window",
    "window_left",
)


class PgdkState:
    __slots__ = FIELDS

    def __init__(
        self, num_players: int, num_cards: int, num_colours: int, rng: Rng, *, blank: bool = False
    ) -> None:
        """A match before the deal; ``blank`` leaves all but the first fields for ``clone``
        to fill (a compiled class cannot be made without running ``__init__``)."""
        self.num_players = num_players
        self.rng = rng
        self.journal: Journal | None = None  # kept only for a real match
        if blank:
            return
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.row: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(num_players)]
        self.known: list[int] = [0] * num_cards
        self.projects: list[list[Project]] = [[] for _ in range(num_players)]
        self.completed: list[list[Project]] = [[] for _ in range(num_players)]
        self.specials: list[list[int]] = [[] for _ in range(num_players)]
        self.abilities: list[int] = [0] * num_players  # bit mask of Special Ability powers
        self.clone_owner: list[int] = [-1] * num_colours  # seat owning each colour's Clone
        self.colours_done = 0  # colours with a completed game (R15: first of its colour)
        self.turn = 1
        self.quiet = 0  # G12: turns since a game was last completed
        self.active = 0
        self.phase = PURCHASE
        self.actor = 0
        self.plays_left = 0
        self.take = -1  # R7: the Row card being traded for
        self.offer: list[int] = []  # R7: hand cards offered so far
        self.auction: list[int] = []  # R8: Row cards under auction
        self.bids: list[list[int]] = [[] for _ in range(num_players)]  # hand cards bid
        self.committed: list[int] = [NOT_COMMITTED] * num_players
        # the last revealed auction, for views: auctioneer, lots, bids (None: no bid), totals
        # (-1: no bid) and winner (-1: none)
        self.last_auction: LastAuction | None = None
        self.window = 0  # D6: 1 after the Finance Phase, 2 after the Purchase Phase
        self.window_left = 0  # seats still to be asked in this window, the actor included
        self.payouts: list[int] = []  # R15, D3: indices of the active player's games to pay
        self.ctc: tuple[int, int, int, int] = (-1, -1, 0, 0)  # completer, owner, stake, left
        self.peek: list[int] = []  # C3: Market Research: the cards looked at
        self.rob = -1  # R27: the Evil Guardian's victim
        self.using = -1  # R29: the Power Up or Guardian whose power is being resolved
        self.locked = 0  # G7: bit mask of the payment cards drawn in this turn
        self.ender = -1  # R18: the seat whose game ended the match
        self.end_reason = ""

    def clone(self) -> PgdkState:
        twin = PgdkState(self.num_players, 0, 0, self.rng.clone(), blank=True)  # never narrates
        twin.deck = self.deck[:]
        twin.discard = self.discard[:]
        twin.row = self.row[:]
        twin.hands = [hand[:] for hand in self.hands]
        twin.known = self.known[:]
        twin.projects = [projects[:] for projects in self.projects]
        twin.completed = [games[:] for games in self.completed]
        twin.specials = [cards[:] for cards in self.specials]
        twin.abilities = self.abilities[:]
        twin.clone_owner = self.clone_owner[:]
        twin.colours_done = self.colours_done
        twin.turn = self.turn
        twin.quiet = self.quiet
        twin.active = self.active
        twin.phase = self.phase
        twin.actor = self.actor
        twin.plays_left = self.plays_left
        twin.take = self.take
        twin.offer = self.offer[:]
        twin.auction = self.auction[:]
        twin.bids = [bid[:] for bid in self.bids]
        twin.committed = self.committed[:]
        twin.last_auction = self.last_auction  # replaced, never changed in place
        twin.window = self.window
        twin.window_left = self.window_left
        twin.payouts = self.payouts[:]
        twin.ctc = self.ctc
        twin.peek = self.peek[:]
        twin.rob = self.rob
        twin.using = self.using
        twin.locked = self.locked
        twin.ender = self.ender
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
            elif name in ("projects", "completed"):
                value = [[p.to_dict() for p in projects] for projects in value]
            data[name] = value
        copied: dict[str, Any] = json.loads(json.dumps(data))
        return copied
