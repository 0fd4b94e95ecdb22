"""The actions of Pink Godzilla Dev Kit and their text notation.

Cards are named by their label (``play Potion B2 on 1``), so two copies of one card are one
action (a Pink Godzilla trade names two cards: the Row card taken and the Pink Godzilla
given, ``godzilla Easter Egg O7 with Pink Godzilla 3``); games in development count from 1
(``on 2``, ``gold 1``), seats from 0 as everywhere in gamenight (``rob seat 2``). Every
action of a game instance is built once, in an :class:`ActionBook`; ``legal_actions`` hands
out those shared values.
"""

from __future__ import annotations

import dataclasses
import re
from enum import IntEnum
from typing import Final

from gamenight.core.errors import ActionParseError
from gamenight.games.pgdk.cards import CardList


class Kind(IntEnum):
    GODZILLA = 0  # D6, G2: trade Pink Godzilla (give) from hand for Row card (card)
    PASS = 1  # D6, D7: let a window go by
    TRADE = 2  # R7: trade for Row card (card)
    OFFER = 3  # R7: offer hand card (card) in the trade
    OFFER_DONE = 4  # R7: the offer is complete
    AUCTION = 5  # R8: put Row card (card) under auction
    AUCTION_GO = 6  # R8: start the bidding
    DISCARD_LOWEST = 7  # R9: discard the lowest Row cards
    BID = 8  # R8, D4: add hand card (card) to the hidden bid
    BID_DONE = 9  # R8, D4: commit the bid
    NO_BID = 10  # R8, D4: commit "no bid"
    PLAY = 11  # R10, D3: play hand card (card) onto own game (slot; -1 a new one)
    TABLE = 12  # R14, R30: put Special Ability (card) on the table
    USE = 13  # R14, R29, R27: use a Power Up or a Good/Evil Guardian's power
    USE_ON = 14  # R27: the Neutral Guardian's power on own game (slot)
    RETRIEVE = 15  # R27: Good Guardian: take discard pile card (card)
    ROB = 16  # R27: Evil Guardian: look at the hand of (seat)
    STEAL = 17  # R27: Evil Guardian: take (card) from that hand
    HUNT = 18  # C3: Headhunter: take Row card (card)
    CUT = 19  # C3: Budget Cut: discard (card) from game (slot) of (seat)
    KEEP = 20  # C3: Market Research: keep (card)
    DONE = 21  # R10, R15, D8: end the plays / declarations
    GOLD = 22  # R15, D8: declare own game (slot) complete
    DISCARD = 23  # R16, D9: discard hand card (card) down to the hand limit
    OFFER_CANCEL = 24  # G25: give up the trade being offered for; choose the purchase again


GODZILLA: Final = int(Kind.GODZILLA)
PASS: Final = int(Kind.PASS)
TRADE: Final = int(Kind.TRADE)
OFFER: Final = int(Kind.OFFER)
OFFER_DONE: Final = int(Kind.OFFER_DONE)
AUCTION: Final = int(Kind.AUCTION)
AUCTION_GO: Final = int(Kind.AUCTION_GO)
DISCARD_LOWEST: Final = int(Kind.DISCARD_LOWEST)
BID: Final = int(Kind.BID)
BID_DONE: Final = int(Kind.BID_DONE)
NO_BID: Final = int(Kind.NO_BID)
PLAY: Final = int(Kind.PLAY)
TABLE: Final = int(Kind.TABLE)
USE: Final = int(Kind.USE)
USE_ON: Final = int(Kind.USE_ON)
RETRIEVE: Final = int(Kind.RETRIEVE)
ROB: Final = int(Kind.ROB)
STEAL: Final = int(Kind.STEAL)
HUNT: Final = int(Kind.HUNT)
CUT: Final = int(Kind.CUT)
KEEP: Final = int(Kind.KEEP)
DONE: Final = int(Kind.DONE)
GOLD: Final = int(Kind.GOLD)
DISCARD: Final = int(Kind.DISCARD)
OFFER_CANCEL: Final = int(Kind.OFFER_CANCEL)


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    kind: int
    card: int = -1  # a card kind (CardKind.index)
    seat: int = -1
    slot: int = -1  # a game in development, counted from 0; -1 for a new one
    text: str = dataclasses.field(default="", compare=False)
    give: int = -1  # GODZILLA: the kind of the Pink Godzilla given (G2)

    def __str__(self) -> str:
        return self.text


_SIMPLE = {
    PASS: "pass",
    OFFER_DONE: "offer done",
    OFFER_CANCEL: "offer cancel",
    AUCTION_GO: "auction go",
    DISCARD_LOWEST: "discard lowest",
    BID_DONE: "bid done",
    NO_BID: "no bid",
    DONE: "done",
}
_CARD_VERBS = {
    TRADE: "trade",
    OFFER: "offer",
    AUCTION: "auction",
    BID: "bid",
    TABLE: "table",
    USE: "use",
    RETRIEVE: "retrieve",
    STEAL: "steal",
    HUNT: "hunt",
    KEEP: "keep",
    DISCARD: "discard",
}
_VERB_KIND = {verb: kind for kind, verb in _CARD_VERBS.items()}
_PLAY_NEW = re.compile(r"^play (.+) new$")
_PLAY_ON = re.compile(r"^play (.+) on (\d+)$")
_USE_ON = re.compile(r"^use (.+) on (\d+)$")
_CUT = re.compile(r"^cut (.+) from seat (\d+) game (\d+)$")
_ROB = re.compile(r"^rob seat (\d+)$")
_GOLD = re.compile(r"^gold (\d+)$")
HELP = (
    "pass, godzilla CARD with PINK GODZILLA, trade CARD, offer CARD, offer done, offer cancel, "
    "auction CARD, "
    "auction go, discard lowest, bid CARD, bid done, no bid, play CARD new, play CARD on N, "
    "table CARD, use CARD, use CARD on N, retrieve CARD, rob seat N, steal CARD, hunt CARD, "
    "cut CARD from seat S game N, keep CARD, gold N, done, discard CARD"
)


class ActionBook:
    """Every action of one card list, each built once on first use, and the parser."""

    def __init__(self, cards: CardList) -> None:
        self.cards = cards
        self.labels = tuple(kind.label for kind in cards.kinds)
        self.simple = {kind: Action(kind, text=text) for kind, text in _SIMPLE.items()}
        self.by_card: dict[int, tuple[Action, ...]] = {
            kind: tuple(
                Action(kind, card, text=f"{verb} {label}") for card, label in enumerate(self.labels)
            )
            for kind, verb in _CARD_VERBS.items()
        }
        self._play: list[list[Action]] = [[] for _ in self.labels]
        # by card kind, the plays built so far (``plays``'s lists; the rules read them directly),
        # ``play CARD new`` from the start: every list has its first play
        self.play_lists = self._play
        for card in range(len(self.labels)):
            self.play(card, -1)
        self._use_on: list[list[Action]] = [[] for _ in self.labels]
        self._gold: list[Action] = []
        self._rob: list[Action] = []
        self._cut: dict[tuple[int, int, int], Action] = {}
        self._godzilla: dict[tuple[int, int], Action] = {}

    def play(self, card: int, slot: int) -> Action:
        """``play CARD new`` (slot -1) or ``play CARD on slot+1``."""
        made = self._play[card]
        while len(made) <= slot + 1:
            at = len(made) - 1
            where = "new" if at < 0 else f"on {at + 1}"
            made.append(Action(PLAY, card, -1, at, f"play {self.labels[card]} {where}"))
        return made[slot + 1]

    def plays(self, card: int, count: int) -> list[Action]:
        """``play CARD new`` then ``play CARD on 1..count``, as one shared list."""
        made = self._play[card]
        if len(made) <= count:
            self.play(card, count - 1)
        return made

    def use_on(self, card: int, slot: int) -> Action:
        made = self._use_on[card]
        while len(made) <= slot:
            at = len(made)
            made.append(Action(USE_ON, card, -1, at, f"use {self.labels[card]} on {at + 1}"))
        return made[slot]

    def gold(self, slot: int) -> Action:
        while len(self._gold) <= slot:
            at = len(self._gold)
            self._gold.append(Action(GOLD, -1, -1, at, f"gold {at + 1}"))
        return self._gold[slot]

    def rob(self, seat: int) -> Action:
        while len(self._rob) <= seat:
            at = len(self._rob)
            self._rob.append(Action(ROB, -1, at, -1, f"rob seat {at}"))
        return self._rob[seat]

    def cut(self, card: int, seat: int, slot: int) -> Action:
        key = (card, seat, slot)
        found = self._cut.get(key)
        if found is None:
            text = f"cut {self.labels[card]} from seat {seat} game {slot + 1}"
            found = self._cut[key] = Action(CUT, card, seat, slot, text)
        return found

    def godzilla(self, card: int, give: int) -> Action:
        """``godzilla CARD with PINK``: Row card ``card`` for Pink Godzilla ``give`` (G2)."""
        key = (card, give)
        found = self._godzilla.get(key)
        if found is None:
            text = f"godzilla {self.labels[card]} with {self.labels[give]}"
            found = self._godzilla[key] = Action(GODZILLA, card, text=text, give=give)
        return found

    # -- parsing ------------------------------------------------------------------------------
    def _card(self, label: str, text: str) -> int:
        try:
            return self.cards.find(label).index
        except KeyError:
            raise ActionParseError(
                f"'{text}': there is no card {label!r} (cards are named as shown, "
                "e.g. 'Potion B2', 'Pink Godzilla 4', 'Pinktroid Prime')"
            ) from None

    def parse(self, text: str) -> Action:
        key = " ".join(text.lower().split())
        for action in self.simple.values():
            if action.text == key:
                return action
        found = _PLAY_NEW.match(key)
        if found:
            return self.play(self._card(found.group(1), text), -1)
        found = _PLAY_ON.match(key)
        if found:
            return self.play(self._card(found.group(1), text), _slot(found.group(2), text))
        found = _USE_ON.match(key)
        if found:
            return self.use_on(self._card(found.group(1), text), _slot(found.group(2), text))
        found = _CUT.match(key)
        if found:
            card = self._card(found.group(1), text)
            return self.cut(card, _seat(found.group(2), text), _slot(found.group(3), text))
        found = _ROB.match(key)
        if found:
            return self.rob(_seat(found.group(1), text))
        found = _GOLD.match(key)
        if found:
            return self.gold(_slot(found.group(1), text))
        verb, _, rest = key.partition(" ")
        if verb == "godzilla" and rest:
            return self._parse_godzilla(rest, text)
        if verb in _VERB_KIND and rest:
            return self.by_card[_VERB_KIND[verb]][self._card(rest, text)]
        if verb == "play":
            raise ActionParseError(f"'{text}': write 'play CARD new' or 'play CARD on N'")
        raise ActionParseError(
            f"'{text}' is not an action of Pink Godzilla Dev Kit (actions: {HELP})"
        )

    def _parse_godzilla(self, rest: str, text: str) -> Action:
        """``godzilla CARD with PINK GODZILLA``. A card's name may hold " with " itself, so
        every split is tried; the first that names two cards is the action."""
        parts = rest.split(" with ")
        if len(parts) < 2:
            raise ActionParseError(
                f"'{text}': write 'godzilla CARD with PINK GODZILLA', naming the Row card "
                "taken and the Pink Godzilla given (e.g. 'godzilla Potion B5 with Pink Godzilla 3')"
            )
        named = self.cards.by_label  # keyed like ``key`` in parse: lower case, single spaces
        for cut in range(1, len(parts)):
            wanted, given = " with ".join(parts[:cut]), " with ".join(parts[cut:])
            if wanted in named and given in named:
                return self.godzilla(named[wanted].index, named[given].index)
        self._card(" with ".join(parts[:-1]), text)  # raises, naming the card that is not
        self._card(parts[-1], text)
        raise ActionParseError(f"'{text}': no card is named {rest!r}")  # never reached


def _slot(digits: str, text: str) -> int:
    value = int(digits)
    if not 1 <= value <= 99:
        raise ActionParseError(f"'{text}': games are numbered from 1 (to 99)")
    return value - 1


def _seat(digits: str, text: str) -> int:
    value = int(digits)
    if value > 9:
        raise ActionParseError(f"'{text}': there is no seat {value}")
    return value
