"""What the rules of Pink Godzilla Dev Kit read, worked out once from the params.

:class:`PgdkTables` is the first of three layers of :class:`~gamenight.games.pgdk.rules.PgdkGame`:
the tables here (card kinds, physical cards, interned actions, where each kind fits) and the
games (``Project``) built from cards; ``options.py`` adds the legal actions; ``rules.py`` the
set-up, the effects of actions, the turn structure and scoring. The split is by what a reader
looks for, not a seam of the contract: only ``PgdkGame`` is a game.

Rule numbers (R…, C…, D…, G…) refer to RULES.md beside this file.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Final, TypeVar

from gamenight.core.game import Game
from gamenight.games.pgdk import actions as kinds
from gamenight.games.pgdk import cards as cardlib
from gamenight.games.pgdk import playtest
from gamenight.games.pgdk import state as phases
from gamenight.games.pgdk.actions import Action, ActionBook
from gamenight.games.pgdk.params import PgdkParams
from gamenight.games.pgdk.state import COLOUR_SPREAD, PgdkState, Project

# Final: compiled, these are C constants rather than look-ups in the module's dictionary.
P_GODZILLA: Final = phases.GODZILLA
P_PURCHASE: Final = phases.PURCHASE
P_OFFER: Final = phases.OFFER
P_AUCTION: Final = phases.AUCTION
P_BIDDING: Final = phases.BIDDING
P_DEVELOP: Final = phases.DEVELOP
P_RETRIEVE: Final = phases.RETRIEVE
P_ROB: Final = phases.ROB
P_STEAL: Final = phases.STEAL
P_HUNT: Final = phases.HUNT
P_CUT: Final = phases.CUT
P_RESEARCH: Final = phases.RESEARCH
P_GOLD: Final = phases.GOLD
P_CLONE: Final = phases.CLONE
P_LIMIT: Final = phases.LIMIT
P_FINAL: Final = phases.FINAL
P_OVER: Final = phases.OVER
NOT_COMMITTED: Final = phases.NOT_COMMITTED
NO_BID: Final = phases.NO_BID
BID: Final = phases.BID

K_GODZILLA: Final = kinds.GODZILLA
K_PASS: Final = kinds.PASS
K_TRADE: Final = kinds.TRADE
K_OFFER: Final = kinds.OFFER
K_OFFER_DONE: Final = kinds.OFFER_DONE
K_AUCTION: Final = kinds.AUCTION
K_AUCTION_GO: Final = kinds.AUCTION_GO
K_DISCARD_LOWEST: Final = kinds.DISCARD_LOWEST
K_BID: Final = kinds.BID
K_BID_DONE: Final = kinds.BID_DONE
K_NO_BID: Final = kinds.NO_BID
K_PLAY: Final = kinds.PLAY
K_TABLE: Final = kinds.TABLE
K_USE: Final = kinds.USE
K_USE_ON: Final = kinds.USE_ON
K_RETRIEVE: Final = kinds.RETRIEVE
K_ROB: Final = kinds.ROB
K_STEAL: Final = kinds.STEAL
K_HUNT: Final = kinds.HUNT
K_CUT: Final = kinds.CUT
K_KEEP: Final = kinds.KEEP
K_DONE: Final = kinds.DONE
K_GOLD: Final = kinds.GOLD
K_DISCARD: Final = kinds.DISCARD
K_OFFER_CANCEL: Final = kinds.OFFER_CANCEL

TITLE: Final = cardlib.TITLE
CHARACTER: Final = cardlib.CHARACTER
GEAR: Final = cardlib.GEAR
UPGRADE: Final = cardlib.UPGRADE
WILD: Final = cardlib.WILD
GUARDIAN: Final = cardlib.GUARDIAN
EGG: Final = cardlib.EGG
ABILITY: Final = cardlib.ABILITY
POWERUP: Final = cardlib.POWERUP

DEVELOPMENTS_KEPT: Final = 4096  # games remembered by development(), grow() and completed()

Key = TypeVar("Key", bound=Hashable)


def _kept(games: dict[Key, Project], key: Key, game: Project) -> Project:
    """``game`` remembered under ``key``; a memory full of games starts afresh (the caches of
    ``development``, ``grow`` and ``completed``, asked again and again by searches)."""
    if len(games) >= DEVELOPMENTS_KEPT:
        games.clear()
    games[key] = game
    return game


# How ``_develop_options`` offers a card kind in hand (the first field of ``_develops``); the
# kinds that go into a game come first (``how <= DEV_EGG``).
DEV_PLAY: Final = 0  # into a game: a new one, or one of the player's that takes it
DEV_GUARDIAN: Final = 1  # as DEV_PLAY, and its power besides (R27)
DEV_EGG: Final = 2  # onto a ready game only (R28), never a new one
DEV_ALWAYS: Final = 3  # a Special Ability to table (R14), or Crunch Time (it always has a target)
DEV_USE: Final = 4  # a Power Up whose power needs a target (D5, G18: ``_has_target``)
DEV_NEVER: Final = 5  # a Power Up with no use here (Clone The Clone: a reaction only, D7)
# the powers ``_has_target`` may allow (any other has no target in the Development Phase)
_TARGETED: Final = frozenset(
    {
        cardlib.PUBLISHER_ADVANCE,
        cardlib.MARKET_RESEARCH,
        cardlib.HEADHUNTER,
        cardlib.GOOD_GUARDIAN,
        cardlib.EVIL_GUARDIAN,
        cardlib.BUDGET_CUT,
    }
)


def _waiting_table(max_players: int) -> dict[tuple[int, ...], tuple[int, ...]]:
    """to_act during the sealed bids, for every ``committed`` list a match can hold: the seats
    still to commit, looked up in one step instead of rebuilt on each of the many bid steps."""
    table: dict[tuple[int, ...], tuple[int, ...]] = {}
    rows: list[tuple[int, ...]] = [()]
    for _ in range(max_players):
        rows = [(*row, c) for row in rows for c in (NOT_COMMITTED, NO_BID, BID)]
        for row in rows:
            table[row] = tuple([s for s, c in enumerate(row) if c == NOT_COMMITTED])
    return table


class PgdkTables(Game[PgdkState, Action, PgdkParams]):
    """The tables of :class:`~gamenight.games.pgdk.rules.PgdkGame` and the games built from
    cards (see the module's docstring)."""

    # Every table below as a slot. Interpreted, an instance dictionary of more than 30 keys
    # (CPython's limit for a split dictionary) turns off the specialised look-up of methods:
    # each ``self._method(...)`` and each ``game.apply(...)`` of a caller (a playout, a search)
    # then costs a full look-up in the type and the dictionary. With slots, the dictionary
    # the base class gives keeps only ``params``.
    __slots__ = (
        "_adds",
        "_auction_by_card",
        "_auction_go",
        "_auction_max_cards",
        "_auctions",
        "_bid_by_card",
        "_bid_done",
        "_cards_kept",
        "_completions",
        "_developments",
        "_develops",
        "_discard_lowest",
        "_done",
        "_finance_draw",
        "_fits",
        "_godzilla_trades",
        "_kind_at",
        "_max_turns",
        "_no_bid",
        "_offer_by_card",
        "_offer_cancel",
        "_offer_done",
        "_only_copy",
        "_pass",
        "_pinks_by_value",
        "_plays_per_turn",
        "_row_size",
        "_special_draw",
        "_stall_rounds",
        "_tally",
        "_trade_by_card",
        "_trades_any",
        "_waiting",
        "book",
        "card_label",
        "card_names",
        "clone_the_clones",
        "colour_text",
        "copies",
        "ctype",
        "deck_list",
        "genre_names",
        "k_allow",
        "k_gear",
        "k_name",
        "k_power",
        "k_type",
        "k_value",
        "kind_by_label",
        "kind_of",
        "labels",
        "num_cards",
        "num_colours",
        "pink_godzillas",
        "power",
        "value",
    )

    def __init__(self, params: PgdkParams | None = None) -> None:
        super().__init__(params)
        p = self.params
        deck = p.cards
        self.deck_list = deck
        self.book = ActionBook(deck)
        self.num_colours = len(deck.genres)
        gear_index = {name.lower(): i for i, name in enumerate(deck.gear_names)}
        gear_fits = [0] * len(deck.gear_names)
        for i, genre in enumerate(deck.genres):
            for gear in genre.gear:
                gear_fits[gear_index[gear.lower()]] |= 1 << i
        names: dict[str, int] = {}
        for kind in deck.kinds:
            names.setdefault(kind.name.lower(), len(names))
        # per kind
        self.k_type = tuple(k.type for k in deck.kinds)
        self.k_value = tuple(k.value for k in deck.kinds)
        self.k_power = tuple(k.power for k in deck.kinds)
        self.k_name = tuple(1 << names[k.name.lower()] for k in deck.kinds)
        self.k_gear = tuple(
            1 << gear_index[k.name.lower()] if k.type == GEAR else 0 for k in deck.kinds
        )
        self.k_allow = tuple(
            k.colours & gear_fits[gear_index[k.name.lower()]] if k.type == GEAR else k.colours
            for k in deck.kinds
        )
        self.labels = self.book.labels
        self.kind_by_label = {label: k for k, label in enumerate(self.labels)}
        # per physical card
        kind_of: list[int] = []
        for kind in deck.kinds:
            kind_of += [kind.index] * kind.count
        self.kind_of = tuple(kind_of)
        # copies of a kind numbered consecutively, kinds in order: _one_per_kind relies on it
        assert kind_of == sorted(kind_of), "cards are numbered kind by kind"
        self._kind_at = self.kind_of.__getitem__
        self.card_label = tuple(self.labels[k] for k in kind_of)
        self.colour_text = tuple(
            deck.colour_mask_text(mask) for mask in range(deck.all_colours + 1)
        )
        self.num_cards = len(kind_of)
        self.value = tuple(self.k_value[k] for k in kind_of)
        self.ctype = tuple(self.k_type[k] for k in kind_of)
        self.power = tuple(self.k_power[k] for k in kind_of)
        self.pink_godzillas = frozenset(
            c for c, k in enumerate(kind_of) if self.k_power[k] == cardlib.PINK_GODZILLA
        )
        # the Pink Godzilla kinds, lowest value first (then by kind): the order of G2's offers
        self._pinks_by_value = tuple(
            sorted({kind_of[c] for c in self.pink_godzillas}, key=lambda k: (self.k_value[k], k))
        )
        # G2's trades, by the Pink Godzilla kind given, then by the Row card kind taken
        self._godzilla_trades = {
            give: tuple(self.book.godzilla(k, give) for k in range(len(deck.kinds)))
            for give in self._pinks_by_value
        }
        self.clone_the_clones = frozenset(
            c for c, k in enumerate(kind_of) if self.k_power[k] == cardlib.CLONE_THE_CLONE
        )
        self.copies: tuple[tuple[int, ...], ...] = tuple(
            tuple(c for c, k in enumerate(kind_of) if k == kind.index) for kind in deck.kinds
        )
        # by card kind, its only card, or -1 for a kind with several copies (most kinds have
        # one: ``_pick`` and ``_first`` then need no search for the copy to take)
        self._only_copy = tuple(cards[0] if len(cards) == 1 else -1 for cards in self.copies)
        self._pass = self.book.simple[K_PASS]
        # each card verb's actions by card kind, for the hot paths (no book or dict look-up)
        by_card = self.book.by_card
        # ... and by physical card, for _one_per_kind
        self._trade_by_card = tuple(by_card[K_TRADE][k] for k in kind_of)
        self._offer_by_card = tuple(by_card[K_OFFER][k] for k in kind_of)
        self._auction_by_card = tuple(by_card[K_AUCTION][k] for k in kind_of)
        self._bid_by_card = tuple(by_card[K_BID][k] for k in kind_of)
        # a hand worth this much may trade for any card (_purchase_options stops summing
        # there); no partial sum reaches it if some card is worth less than nothing
        unreachable = sum(map(abs, self.value)) + 1
        self._trades_any = max(self.value) if min(self.value) >= 0 else unreachable
        # what decides where a card kind fits (type, name bit, colours, and the (type, colour)
        # pairs it may go in as, numbered as in ``Project.pairs``), read as one tuple
        self._fits = tuple(
            (ktype, name, allow, (1 << ktype if ktype <= EGG else 0) * COLOUR_SPREAD[allow])
            for ktype, name, allow in zip(self.k_type, self.k_name, self.k_allow, strict=True)
        )
        # how _develop_options offers each kind: (DEV_..., its name bit, its pairs as in _fits,
        # its ``use``/``table`` action), one tuple read
        use, table = by_card[K_USE], by_card[K_TABLE]
        develops: list[tuple[int, int, int, Action]] = []
        for k, (ktype, name, _allow, pairs) in enumerate(self._fits):
            power = self.k_power[k]
            action = use[k]
            if ktype == GUARDIAN:
                how = DEV_GUARDIAN
            elif ktype == EGG:
                how = DEV_EGG
            elif ktype < EGG:
                how = DEV_PLAY
            elif ktype == ABILITY:
                how, action = DEV_ALWAYS, table[k]
            elif power == cardlib.CRUNCH_TIME:
                how = DEV_ALWAYS
            else:
                how = DEV_USE if power in _TARGETED else DEV_NEVER
            develops.append((how, name, pairs, action))
        self._develops = tuple(develops)
        # what a card of each kind adds to a game (add_card): colours it allows, name bit,
        # Title or not, gear bit, Wilds, Characters (2: a Guardian, one unless its power is
        # used), Gear Upgrades, value
        self._adds = tuple(
            (
                self.k_allow[k],
                self.k_name[k],
                ktype == TITLE,
                self.k_gear[k],
                1 if ktype == WILD else 0,
                1 if ktype == CHARACTER else 2 if ktype == GUARDIAN else 0,
                1 if ktype == UPGRADE else 0,
                self.k_value[k],
            )
            for k, ktype in enumerate(self.k_type)
        )
        self._done = self.book.simple[K_DONE]
        self._offer_done = self.book.simple[K_OFFER_DONE]
        self._offer_cancel = self.book.simple[K_OFFER_CANCEL]
        self._auction_go = self.book.simple[K_AUCTION_GO]
        self._discard_lowest = self.book.simple[K_DISCARD_LOWEST]
        self._bid_done = self.book.simple[K_BID_DONE]
        self._no_bid = self.book.simple[K_NO_BID]
        # the numbers of the rules the hot paths read, as plain attributes (params is an
        # interpreted dataclass, slow to read from compiled code)
        self._row_size = p.row_size
        self._finance_draw = p.finance_draw
        self._cards_kept = p.hand_limit  # R16
        self._auctions = p.auctions
        self._auction_max_cards = p.auction_max_cards
        self._plays_per_turn = p.plays_per_turn
        self._max_turns = p.max_turns
        self._stall_rounds = p.stall_rounds
        self._special_draw = p.special_draw
        self.card_names = playtest.card_names(self)  # M2, by card kind
        self.genre_names = playtest.genre_names(self)  # M2, by colour bit
        self._tally = playtest.Tally()  # M1: follows the state the lab asks about
        self._waiting = _waiting_table(max(self.spec.player_counts))  # see to_act
        self._developments: dict[tuple[int, ...], Project] = {}  # see development()
        self._completions: dict[tuple[tuple[int, ...], bool, int], Project] = {}  # completed()

    @classmethod
    def default_params(cls) -> PgdkParams:
        return PgdkParams()

    # -- games built from cards ---------------------------------------------------------------
    def add_card(self, project: Project | None, card: int, as_character: bool = True) -> Project:
        """A new project: ``project`` (None: a new game) with ``card`` played onto it."""
        allow, name, titled, gear, wild, char, upgrade, value = self._adds[self.kind_of[card]]
        chars = 1 if char == 1 or (char == 2 and as_character) else 0
        if project is None:
            return Project(
                (card,), allow, name, card if titled else -1, gear, wild, chars, upgrade, value
            )
        return Project(
            (*project.cards, card),
            project.colours & allow,
            project.names | name,
            card if titled else project.title,
            project.gears | gear,
            project.wild + wild,
            project.chars + chars,
            project.upgrades + upgrade,
            project.value + value,
        )

    def grow(self, project: Project | None, card: int) -> Project:
        """``add_card`` (a Guardian as a Character), shared as ``development`` shares games:
        random play builds the same few games again and again, and a game in development is
        what a fresh build of its cards gives (``_neutral``'s game, whose Guardian is no
        Character, is completed at once and never grows)."""
        cards = (card,) if project is None else (*project.cards, card)
        found = self._developments.get(cards)
        if found is None:
            found = _kept(self._developments, cards, self.add_card(project, card))
        return found

    def build(
        self,
        cards: list[int] | tuple[int, ...],
        *,
        gold: bool = False,
        first: bool = False,
        powered: int = -1,
    ) -> Project | None:
        """A game holding ``cards`` (Guardians as Characters but ``powered``), or None."""
        if not cards:
            return None
        kind_of, k_type, k_allow = self.kind_of, self.k_type, self.k_allow
        colours = self.deck_list.all_colours
        names = gears = wild = chars = upgrades = value = 0
        title = -1
        for card in cards:
            kind = kind_of[card]
            ktype = k_type[kind]
            colours &= k_allow[kind]
            names |= self.k_name[kind]
            value += self.k_value[kind]
            if ktype == TITLE:
                title = card
            elif ktype == GEAR:
                gears |= self.k_gear[kind]
            elif ktype == WILD:
                wild += 1
            elif ktype == UPGRADE:
                upgrades += 1
            elif ktype == CHARACTER or (ktype == GUARDIAN and card != powered):
                chars += 1
        return Project(
            tuple(cards),
            colours,
            names,
            title,
            gears,
            wild,
            chars,
            upgrades,
            value,
            gold,
            first,
            powered,
        )

    def development(self, cards: tuple[int, ...]) -> Project:
        """The game in development that holds ``cards``, built once and then shared.

        ``determinize`` rebuilds every game on the table from its labels on every call, and a
        search makes thousands of calls from one view; a Project is never changed in place.
        """
        found = self._developments.get(cards)
        if found is None:
            built = self.build(cards)
            assert built is not None, "a game in development holds at least one card"
            found = _kept(self._developments, cards, built)
        return found

    def completed(self, cards: tuple[int, ...], first: bool, powered: int) -> Project:
        """The completed game that holds ``cards``, built once and then shared, as
        ``development`` does for games in development (``determinize`` rebuilds them all)."""
        key = (cards, first, powered)
        found = self._completions.get(key)
        if found is None:
            built = self.build(cards, gold=True, first=first, powered=powered)
            assert built is not None, "a completed game holds at least one card"
            found = _kept(self._completions, key, built)
        return found
