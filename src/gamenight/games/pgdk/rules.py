"""The rules of Pink Godzilla Dev Kit: setup, legal actions, their effects, scoring.

Rule numbers (R…, C…, D…, G…) refer to RULES.md beside this file.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar, Final

from gamenight.core.game import Game, GameSpec, Outcome, Variant, View, winners_by_score
from gamenight.core.journal import Journal
from gamenight.core.rng import Rng
from gamenight.games.pgdk import actions as kinds
from gamenight.games.pgdk import cards as cardlib
from gamenight.games.pgdk import narrate, playtest, views
from gamenight.games.pgdk import state as phases
from gamenight.games.pgdk.actions import Action, ActionBook
from gamenight.games.pgdk.explain import explain
from gamenight.games.pgdk.params import PgdkParams
from gamenight.games.pgdk.state import PgdkState, Project

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

CAPPED: Final = "safety cap reached"
STALLED: Final = "stalled"  # G12: the reason of a stalled match starts so
DEVELOPMENTS_KEPT: Final = 4096  # games in development remembered by development()
_ALONE: Final = tuple((seat,) for seat in range(8))  # shared one-seat answers of to_act


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


def _pairs(open_types: int, colours: int, stride: int) -> int:
    """The (card type, colour) pairs a game whose ``Project.open`` is ``open_types`` and whose
    cards share ``colours`` takes, as bits ``type * stride + colour`` (a kind's pairs in
    ``PgdkGame._fits`` are numbered alike): no shared bit, no play of the kind onto the game."""
    pairs = 0
    for ktype in range(EGG + 1):
        if open_types >> ktype & 1:
            pairs |= colours << ktype * stride
    return pairs


def _copy_key(state: PgdkState, seat: int, card: int) -> int:
    """How ``_pick`` ranks a copy in ``seat``'s hand, from what the holder's view shows:
    unlocked first (G7), then how many know it, then who (seat bits stay below 1 << 12)."""
    bits = state.known[card] & ~(1 << seat)
    return (0 if state.locked >> card & 1 else 1 << 24) | bits.bit_count() << 12 | bits


def _one_per_kind(
    options: list[Action],
    by_card: tuple[Action, ...],
    cards: list[int],
    taken: list[int] | tuple[()] = (),
) -> list[Action]:
    """``options``, with the action of ``by_card`` appended for every card kind among ``cards``
    (but the cards in ``taken``), in kind order.

    Copies of a kind are numbered consecutively (``PgdkGame.kind_of`` never decreases), so
    sorted cards list the kinds in order with copies side by side: one pass, no set, no sort of
    kinds (the commonest work of the option lists, and a native loop when compiled).
    """
    last: Action | None = None
    for card in sorted(cards):
        action = by_card[card]
        if action is not last and card not in taken:
            options.append(action)
            last = action
    return options


class PgdkGame(Game[PgdkState, Action, PgdkParams]):
    spec: ClassVar[GameSpec] = GameSpec(
        name="pgdk",
        title="Pink Godzilla Dev Kit",
        player_counts=(2, 3, 4),
        version="2",  # 2: a Pink Godzilla trade names the Pink Godzilla given (G2)
        summary=(
            "Card game of videogame development: trade and auction for resources, build "
            "games of four genres, send them Gold (house-design card list)."
        ),
        variants=(
            Variant(
                "three-games",
                "recommended 4-player rule: the game ends when a player completes a third game",
                {"games_to_end": 3},
            ),
            Variant(
                "beginners",
                "recommended beginners' rule: no auctions (trade or discard only)",
                {"auctions": False},
            ),
        ),
        aliases=("pink-godzilla", "pink-godzilla-dev-kit", "pinkgodzilla"),
    )

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
        "_pairs_taken",
        "_pass",
        "_pinks_by_value",
        "_plays_per_turn",
        "_row_size",
        "_special_draw",
        "_stall_rounds",
        "_tally",
        "_trade_by_card",
        "_trades_any",
        "_value_at",
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
        self._value_at = self.value.__getitem__
        # a hand worth this much may trade for any card (_purchase_options stops summing
        # there); no partial sum reaches it if some card is worth less than nothing
        unreachable = sum(map(abs, self.value)) + 1
        self._trades_any = max(self.value) if min(self.value) >= 0 else unreachable
        # what decides where a card kind fits (type, name bit, colours, and the (type, colour)
        # pairs of _pairs_taken it may go in as), read as one tuple
        stride = self.num_colours
        self._fits = tuple(
            (ktype, name, allow, allow << ktype * stride if ktype <= EGG else 0)
            for ktype, name, allow in zip(self.k_type, self.k_name, self.k_allow, strict=True)
        )
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
        self._pairs_taken = tuple(
            tuple(_pairs(open_types, colours, stride) for colours in range(deck.all_colours + 1))
            for open_types in range(1 << EGG + 1)
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

    # -- setup --------------------------------------------------------------------------------
    def new_state(self, num_players: int, seed: int) -> PgdkState:
        self.check_player_count(num_players)
        p = self.params
        if p.first_player is not None and p.first_player >= num_players:
            from gamenight.core.errors import InvalidParamsError

            raise InvalidParamsError(
                f"first_player {p.first_player} is no seat of a {num_players}-player game"
            )
        rng = Rng(seed)
        state = PgdkState(num_players, self.num_cards, self.num_colours, rng)
        deck = list(range(self.num_cards))
        rng.shuffle(deck)  # R2
        state.deck = deck
        for _ in range(p.row_size):
            state.row.append(deck.pop())
        for seat in range(num_players):
            for _ in range(p.starting_hand):
                state.hands[seat].append(deck.pop())
        state.active = rng.randbelow(num_players) if p.first_player is None else p.first_player
        self._start_turn(state)
        return state

    def start_journal(self, state: PgdkState) -> Journal:
        """The log from the deal on: the Row, each seat's own hand, the first turn (R2, D0)."""
        journal = super().start_journal(state)
        narrate.setup(self, state, journal)
        return journal

    # -- whose turn, what is legal ------------------------------------------------------------
    def to_act(self, state: PgdkState) -> tuple[int, ...]:
        phase = state.phase
        if phase == P_BIDDING:
            return self._waiting[tuple(state.committed)]
        if phase == P_OVER:
            return ()
        return _ALONE[state.actor]

    def legal_actions(self, state: PgdkState, player: int) -> list[Action]:
        phase = state.phase
        if phase == P_BIDDING:  # R8, D4: a hand card more, or commit (the bid or no bid)
            if state.committed[player] != NOT_COMMITTED:
                return []
            bid = state.bids[player]
            options = [self._bid_done if bid else self._no_bid]
            return _one_per_kind(options, self._bid_by_card, state.hands[player], bid)
        if player != state.actor:
            return []
        # the phases by how often random play meets them: plain comparisons beat a table of
        # bound methods in pure Python and compile to a C switch
        if phase == P_GODZILLA:
            # D6: most seats asked in a window hold no Pink Godzilla and may only pass
            if self.pink_godzillas.isdisjoint(state.hands[player]):
                return [self._pass]
            return self._godzilla_options(state, player)
        if phase == P_DEVELOP:
            return self._develop_options(state, player)
        if phase == P_AUCTION:
            return self._auction_options(state, player)
        if phase == P_OFFER:
            return self._offer_options(state, player)
        if phase == P_PURCHASE:
            return self._purchase_options(state, player)
        if phase in (P_GOLD, P_FINAL):
            return self._gold_options(state, player)
        if phase == P_LIMIT:
            return self._limit_options(state, player)
        if phase == P_CLONE:
            return self._clone_options(state, player)
        if phase == P_HUNT:
            return self._hunt_options(state, player)
        if phase == P_CUT:
            return self._cut_options(state, player)
        if phase == P_RESEARCH:
            return self._keep_options(state, player)
        if phase == P_RETRIEVE:
            return self._retrieve_options(state, player)
        if phase == P_ROB:
            return self._rob_options(state, player)
        if phase == P_STEAL:
            return self._steal_options(state, player)
        return []  # P_OVER

    def _gold_options(self, state: PgdkState, player: int) -> list[Action]:
        gold = self.book.gold
        return [self._done] + [gold(j) for j in self._ready_slots(state, player)]

    def _limit_options(self, state: PgdkState, player: int) -> list[Action]:
        by = self.book.by_card[K_DISCARD]
        return [by[k] for k in self._hand_kinds(state.hands[player])]

    def _retrieve_options(self, state: PgdkState, player: int) -> list[Action]:
        by = self.book.by_card[K_RETRIEVE]
        return [by[k] for k in self._kinds(state.discard)]

    def _rob_options(self, state: PgdkState, player: int) -> list[Action]:
        return [self.book.rob(s) for s in self._rivals_with_cards(state, player)]

    def _steal_options(self, state: PgdkState, player: int) -> list[Action]:
        by = self.book.by_card[K_STEAL]
        return [by[k] for k in self._kinds(state.hands[state.rob])]

    def _hunt_options(self, state: PgdkState, player: int) -> list[Action]:
        by = self.book.by_card[K_HUNT]
        return [by[k] for k in self._kinds(state.row)]

    def _keep_options(self, state: PgdkState, player: int) -> list[Action]:
        by = self.book.by_card[K_KEEP]
        return [by[k] for k in self._kinds(state.peek)]

    def _kinds(self, cards: list[int]) -> list[int]:
        return sorted(set(map(self._kind_at, cards)))

    def _hand_kinds(self, hand: list[int]) -> list[int]:
        return sorted(set(map(self._kind_at, hand)))

    def _godzilla_options(self, state: PgdkState, player: int) -> list[Action]:
        """D6, G2: any Row card but a Pink Godzilla, for a Pink Godzilla of the player's
        choice from hand; for each Row card the lowest Pink Godzilla comes first."""
        pinks = self.pink_godzillas
        hand = state.hands[player]
        if pinks.isdisjoint(hand):
            return [self._pass]
        kind_of = self.kind_of
        held = [kind_of[c] for c in hand if c in pinks]
        given = [k for k in self._pinks_by_value if k in held]
        wanted: list[int] = []
        last = -1
        for card in sorted(state.row):  # each kind once, in order (see _one_per_kind)
            kind = kind_of[card]
            if kind != last and card not in pinks:
                wanted.append(kind)
                last = kind
        trades = self._godzilla_trades
        return [self._pass] + [trades[give][k] for k in wanted for give in given]

    def _purchase_options(self, state: PgdkState, player: int) -> list[Action]:
        """R6-R9: trade (if the hand is worth enough), auction, or discard the lowest."""
        options = [self._discard_lowest]
        value = self.value
        worth = 0
        enough = self._trades_any  # a hand worth this much may trade for any card
        for card in state.hands[player]:
            worth += value[card]
            if worth >= enough:
                break
        trade = self._trade_by_card
        auction = self._auction_by_card
        auctions = self._auctions
        lots: list[Action] = []
        kind_of = self.kind_of
        last = -1
        for card in sorted(state.row):  # each kind once, in order (see _one_per_kind)
            kind = kind_of[card]
            if kind != last:
                last = kind
                if value[card] <= worth:  # copies of a kind are worth the same
                    options.append(trade[card])
                if auctions:
                    lots.append(auction[card])
        options += lots
        return options

    def _offer_options(self, state: PgdkState, player: int) -> list[Action]:
        offered = state.offer
        value = self.value
        worth = 0
        for card in offered:
            worth += value[card]
        options = [self._offer_done] if worth >= value[state.take] else []
        _one_per_kind(options, self._offer_by_card, state.hands[player], offered)
        options.append(self._offer_cancel)  # G25: last, so the offers keep their places
        return options

    def _auction_options(self, state: PgdkState, player: int) -> list[Action]:
        options = [self._auction_go]
        if len(state.auction) < self._auction_max_cards:
            _one_per_kind(options, self._auction_by_card, state.row, state.auction)
        return options

    def _clone_options(self, state: PgdkState, player: int) -> list[Action]:
        """R33, D7, G7: Clone The Clone from hand, unless drawn in this Going Gold Phase."""
        ctcs = self.clone_the_clones
        locked = state.locked
        usable = [c for c in state.hands[player] if c in ctcs and not locked >> c & 1]
        if not usable:
            return [self._pass]
        by = self.book.by_card[K_USE]
        return [self._pass] + [by[k] for k in self._kinds(usable)]

    def _rivals_with_cards(self, state: PgdkState, player: int) -> list[int]:
        return [s for s in range(state.num_players) if s != player and state.hands[s]]

    def _cut_options(self, state: PgdkState, player: int) -> list[Action]:
        """C3: Budget Cut: any non-Title card of a rival's game in development."""
        book = self.book
        kind_of, ctype = self.kind_of, self.ctype
        options = []
        for seat in range(state.num_players):
            if seat == player:
                continue
            for slot, project in enumerate(state.projects[seat]):
                for card in sorted(project.cards, key=kind_of.__getitem__):
                    if ctype[card] != TITLE:
                        options.append(book.cut(kind_of[card], seat, slot))
        return options

    def _can_cut(self, state: PgdkState, player: int) -> bool:
        ctype = self.ctype
        return any(
            ctype[card] != TITLE
            for seat in range(state.num_players)
            if seat != player
            for project in state.projects[seat]
            for card in project.cards
        )

    def _ready_slots(self, state: PgdkState, player: int) -> list[int]:
        return [j for j, p in enumerate(state.projects[player]) if p.ready]

    def _has_ready(self, state: PgdkState, player: int) -> bool:
        """Whether ``player`` has a game ready to go Gold (R15, R18)."""
        return any(project.ready for project in state.projects[player])

    def _develop_options(self, state: PgdkState, player: int) -> list[Action]:
        """R10, R14, D3: plays onto own games, Special Abilities, Power Ups, Guardian powers.

        A card fits a game when no card of its name is there (R12), a colour is shared (R21,
        D1, G17) and its type is still open: one Title, two Required Gear of which one may be
        a Wild (R24, R26), an Easter Egg only when ready (R28); see ``Project.open``.
        """
        options = [self._done]
        hand = state.hands[player]
        if not hand:
            return options
        book = self.book
        fits, play_lists = self._fits, book.play_lists
        projects = state.projects[player]
        count = len(projects)
        taken = 0  # the (type, colour) pairs some game of the player takes
        pairs_taken = self._pairs_taken
        for project in projects:
            taken |= pairs_taken[project.open][project.colours]
        kind_of = self.kind_of
        last = -1
        for card in sorted(hand):  # each kind once, in order (see _one_per_kind)
            kind = kind_of[card]
            if kind == last:
                continue
            last = kind
            ktype, name, allow, pairs = fits[kind]
            if ktype <= EGG:  # a card that goes into a game (C2 order)
                plays = play_lists[kind]
                if len(plays) <= count:  # not all built yet
                    plays = book.plays(kind, count)
                if ktype != EGG:
                    options.append(plays[0])
                if taken & pairs:  # else no game takes its type in a colour it has
                    bit = 1 << ktype
                    for slot, project in enumerate(projects):
                        if (
                            project.open & bit
                            and project.colours & allow
                            and not project.names & name
                        ):
                            options.append(plays[slot + 1])
                if ktype == GUARDIAN:
                    power = self.k_power[kind]
                    if power == cardlib.NEUTRAL_GUARDIAN:
                        for slot, project in enumerate(projects):
                            if project.title >= 0 and not project.names & name:
                                options.append(book.use_on(kind, slot))
                    elif self._has_target(state, player, power):
                        options.append(book.by_card[K_USE][kind])
            elif ktype == ABILITY:
                options.append(book.by_card[K_TABLE][kind])
            elif self._has_target(state, player, self.k_power[kind]):
                options.append(book.by_card[K_USE][kind])
        return options

    def _has_target(self, state: PgdkState, player: int, power: int) -> bool:
        """D5, G18: a power with no legal target cannot be used."""
        if power == cardlib.CRUNCH_TIME:
            return True
        if power == cardlib.PUBLISHER_ADVANCE or power == cardlib.MARKET_RESEARCH:
            return bool(state.deck or state.discard)
        if power == cardlib.HEADHUNTER:
            return bool(state.row)
        if power == cardlib.GOOD_GUARDIAN:
            return bool(state.discard)
        if power == cardlib.EVIL_GUARDIAN:
            return bool(self._rivals_with_cards(state, player))
        if power == cardlib.BUDGET_CUT:
            return self._can_cut(state, player)
        return False  # Clone The Clone is a reaction only (D7)

    # -- effects ------------------------------------------------------------------------------
    def apply(self, state: PgdkState, player: int, action: Action) -> None:
        if state.journal is not None:
            narrate.action(self, state, player, action)
        # the kinds by how often random play takes them (see legal_actions); the commonest do
        # their work here, without a further call
        kind = action.kind
        if kind == K_PASS:
            if state.phase == P_GODZILLA:  # D6: the next seat clockwise is asked
                state.window_left -= 1
                actor = state.actor = (state.actor + 1) % state.num_players
                if state.window_left <= 0 or not state.hands[actor]:  # or the window closes
                    self._next_window_seat(state)
            else:
                self._clone_pass(state)
        elif kind == K_BID:
            bid = state.bids[player]
            # a kind's only copy needs no search: a legal bid names a card in hand, not bid yet
            card = self._only_copy[action.card]
            bid.append(card if card >= 0 else self._pick(state, player, action.card, bid))
        elif kind == K_AUCTION:
            auction = state.auction
            card = self._only_copy[action.card]  # (as for a bid: a Row card not picked yet)
            auction.append(card if card >= 0 else self._first(state.row, action.card, auction))
            state.phase = P_AUCTION
        elif kind == K_BID_DONE:
            committed = state.committed
            committed[player] = BID
            if NOT_COMMITTED not in committed:  # the last sealed bid (D4)
                self._resolve_auction(state)
        elif kind == K_PLAY:
            self._play(state, player, action.card, action.slot)
        elif kind == K_OFFER:
            self._on_offer(state, player, action)
        elif kind == K_AUCTION_GO:
            self._open_bidding(state)
        elif kind == K_TRADE:
            state.take = self._first(state.row, action.card)  # R7: the card traded for
            state.offer = []
            state.phase = P_OFFER
        elif kind == K_NO_BID:
            committed = state.committed
            committed[player] = NO_BID
            if NOT_COMMITTED not in committed:
                self._resolve_auction(state)
        elif kind == K_DONE:
            if state.phase == P_DEVELOP:  # R10: the plays end, the Going Gold Phase begins
                self._going_gold(state)
            else:
                self._on_done(state, player, action)
        elif kind == K_OFFER_CANCEL:
            # G25: back to the choice of purchase; the offered cards stay in hand (still known
            # to everyone: they were shown, G6)
            state.take = -1
            state.offer = []
            state.phase = P_PURCHASE
        elif kind == K_GODZILLA:
            self._godzilla(state, player, action.card, action.give)
        elif kind == K_DISCARD_LOWEST:
            self._discard_lowest_row(state)
        elif kind == K_OFFER_DONE:
            self._finish_trade(state, player)
        elif kind == K_USE:
            self._on_use(state, player, action)
        elif kind == K_TABLE:
            self._on_table(state, player, action)
        else:
            self._apply_rare(state, player, action)

    def _apply_rare(self, state: PgdkState, player: int, action: Action) -> None:
        """The kinds of the powers' follow-ups, the Going Gold Phase and the hand limit."""
        kind = action.kind
        if kind == K_DISCARD:
            self._on_discard(state, player, action)
        elif kind == K_GOLD:
            self._on_gold(state, player, action)
        elif kind == K_USE_ON:
            self._on_use_on(state, player, action)
        elif kind == K_RETRIEVE:
            self._on_retrieve(state, player, action)
        elif kind == K_ROB:
            self._on_rob(state, player, action)
        elif kind == K_STEAL:
            self._on_steal(state, player, action)
        elif kind == K_HUNT:
            self._on_hunt(state, player, action)
        elif kind == K_CUT:
            self._on_cut(state, player, action)
        elif kind == K_KEEP:
            self._on_keep(state, player, action)
        else:
            raise AssertionError(f"no effect for action kind {kind}")

    def _on_done(self, state: PgdkState, player: int, action: Action) -> None:
        """``done`` out of the Development Phase (``apply`` ends that one itself)."""
        phase = state.phase
        if phase == P_DEVELOP:
            self._going_gold(state)
        elif phase == P_GOLD:
            self._hand_limit(state)
        else:
            self._next_final_seat(state, advance=True)

    def _on_gold(self, state: PgdkState, player: int, action: Action) -> None:
        self._declare(state, player, action.slot)

    def _on_offer(self, state: PgdkState, player: int, action: Action) -> None:
        card = self._only_copy[action.card]  # (see the bids in ``apply``)
        if card < 0:
            card = self._pick(state, player, action.card, state.offer)
        state.offer.append(card)
        state.known[card] = (2 << state.num_players) - 1  # shown on the table (R7)

    def _on_table(self, state: PgdkState, player: int, action: Action) -> None:
        self._table(state, player, action.card)

    def _on_use(self, state: PgdkState, player: int, action: Action) -> None:
        if state.phase == P_CLONE:
            self._clone_the_clone(state, player, action.card)
        else:
            self._use(state, player, action.card)

    def _on_use_on(self, state: PgdkState, player: int, action: Action) -> None:
        self._neutral(state, player, action.card, action.slot)

    def _on_discard(self, state: PgdkState, player: int, action: Action) -> None:
        hand = state.hands[player]
        card = self._pick(state, player, action.card, ())
        hand.remove(card)
        state.discard.append(card)
        if len(hand) <= self._cards_kept:
            self._end_turn(state)

    def _on_retrieve(self, state: PgdkState, player: int, action: Action) -> None:
        card = self._first(state.discard, action.card)
        state.discard.remove(card)
        self._to_hand(state, player, card)
        self._finish_power(state)

    def _on_rob(self, state: PgdkState, player: int, action: Action) -> None:
        self._rob(state, player, action.seat)

    def _on_steal(self, state: PgdkState, player: int, action: Action) -> None:
        self._steal(state, player, action.card)

    def _on_hunt(self, state: PgdkState, player: int, action: Action) -> None:
        card = self._first(state.row, action.card)
        state.row.remove(card)
        self._to_hand(state, player, card)
        self._finish_power(state)

    def _on_cut(self, state: PgdkState, player: int, action: Action) -> None:
        self._cut(state, action.card, action.seat, action.slot)

    def _on_keep(self, state: PgdkState, player: int, action: Action) -> None:
        self._keep(state, player, action.card)

    def _pick(self, state: PgdkState, seat: int, kind: int, taken: list[int] | tuple[()]) -> int:
        """A card of ``kind`` in ``seat``'s hand (not in ``taken``): of identical copies, the
        one most seats know of, which keeps every seat's knowledge of the copies left behind
        conservative (G6).

        The choice rests on exactly what the holder's view shows of each copy: unlocked first
        (G7), then the most seats knowing it, then which seats (a fixed order of the seat
        bits). Never the hand's order, and never the holder's own bit (a stolen card or one
        drawn after Market Research keeps it; no view shows it): either would make what a
        seat sees after its own action depend on something it cannot see.
        """
        hand = state.hands[seat]
        only = self._only_copy[kind]
        if only >= 0:
            return only if only in hand and only not in taken else -1
        kind_of = self.kind_of
        best = best_key = -1
        for card in hand:
            if kind_of[card] != kind or card in taken:
                continue
            if best < 0:  # most kinds have one copy: no key needed
                best = card
                continue
            if best_key < 0:
                best_key = _copy_key(state, seat, best)
            key = _copy_key(state, seat, card)
            if key > best_key:
                best, best_key = card, key
        return best

    def _first(self, cards: list[int], kind: int, taken: list[int] | tuple[()] = ()) -> int:
        """The first card of ``kind`` among ``cards`` (not in ``taken``), for places every seat
        concerned sees in order (the Row, the discard pile, a Market Research look): G22.

        Which copy is taken decides where the others stay; choosing by what a seat may not
        see (``known`` bits left over from a card's time in a hand) would tell it a secret.
        """
        only = self._only_copy[kind]
        if only >= 0:
            return only if only in cards and only not in taken else -1
        kind_of = self.kind_of
        for card in cards:
            if kind_of[card] == kind and card not in taken:
                return card
        return -1

    def _to_hand(self, state: PgdkState, seat: int, card: int) -> None:
        """A card from a face-up place into a hand: every seat saw it go there (G6)."""
        state.hands[seat].append(card)
        state.known[card] = (2 << state.num_players) - 1

    # -- deck ----------------------------------------------------------------------------------
    def _pop_deck(self, state: PgdkState) -> int:
        """R3, D9: the top card; an empty deck is first refilled from the shuffled discards."""
        if not state.deck:
            if not state.discard:
                return -1
            self._reshuffle(state)
        return state.deck.pop()

    def _reshuffle(self, state: PgdkState, *, beneath: bool = False) -> None:
        fresh = state.discard
        if state.journal is not None:
            narrate.reshuffled(state, len(fresh), beneath=beneath)
        state.discard = []
        state.rng.shuffle(fresh)
        known = state.known
        for card in fresh:
            known[card] = 0
        state.deck[0:0] = fresh  # beneath whatever is left (Market Research, C3)

    def _draw(
        self,
        state: PgdkState,
        seat: int,
        count: int,
        why: int,
        *,
        payment: bool = False,
        project: Project | None = None,
    ) -> None:
        """D9: ``count`` cards into the seat's hand; ``payment`` cards wait for the next turn.
        ``why`` (a ``narrate`` code) and ``project`` say what the log tells of the draw."""
        hand = state.hands[seat]
        start = len(hand)
        deck = state.deck  # refilled in place by _pop_deck when it runs out
        for _ in range(count):
            card = deck.pop() if deck else self._pop_deck(state)
            if card < 0:
                break
            hand.append(card)
            if payment:
                state.locked |= 1 << card  # G7
        if state.journal is not None:
            narrate.drew(self, state, seat, hand[start:], why, count, project)

    # -- turn structure -----------------------------------------------------------------------
    def _start_turn(self, state: PgdkState) -> None:
        if state.turn > self._max_turns:
            self._end_match(state, state.active, reason=CAPPED)
            return
        stall_rounds = self._stall_rounds
        if stall_rounds and state.quiet >= stall_rounds * state.num_players:
            reason = f"{STALLED}: no game completed in {stall_rounds} rounds"
            self._end_match(state, state.active, reason=reason)
            return
        if state.journal is not None:
            narrate.turn_start(self, state)
        row = state.row
        deck = state.deck  # refilled in place by _pop_deck when it runs out
        filled = len(row)
        if filled < self._row_size:  # R5
            known = state.known
            for _ in range(self._row_size - filled):
                card = deck.pop() if deck else self._pop_deck(state)
                if card < 0:
                    break
                row.append(card)
                known[card] = 0
            if state.journal is not None and len(row) > filled:
                narrate.refilled(self, state, row[filled:])
        state.phase = P_PURCHASE
        self._draw(state, state.active, self._finance_draw, narrate.FINANCE)
        self._open_window(state, 1)

    def _open_window(self, state: PgdkState, which: int) -> None:
        """D6, G3: every seat with cards, clockwise from the active player, is asked in turn.

        Only public facts close a window early: a Row with nothing to take, or every Pink
        Godzilla in a face-up place. Asking a seat never tells others what it holds.
        """
        state.window = which
        pinks = self.pink_godzillas
        if not pinks.issuperset(state.row) and (
            not pinks.isdisjoint(state.deck)
            or not all(pinks.isdisjoint(hand) for hand in state.hands)
        ):
            state.window_left = state.num_players
            active = state.actor = state.active
            if state.journal is not None:
                narrate.window(self, state, which)
            if state.hands[active]:  # _next_window_seat's first step, the usual answer
                state.phase = P_GODZILLA
            else:
                self._next_window_seat(state)
        else:
            self._after_window(state)

    def _next_window_seat(self, state: PgdkState) -> None:
        n = state.num_players
        while state.window_left > 0:
            if state.hands[state.actor]:
                state.phase = P_GODZILLA
                return
            state.window_left -= 1
            state.actor = (state.actor + 1) % n
        self._after_window(state)

    def _after_window(self, state: PgdkState) -> None:
        state.actor = state.active
        if state.window == 1:
            state.window = 0
            state.phase = P_PURCHASE
            if state.journal is not None:
                narrate.purchase(self, state)
        else:
            state.window = 0
            state.plays_left = self._plays_per_turn
            if state.journal is not None:
                narrate.development(state)
            self._develop_or_gold(state)

    def _godzilla(self, state: PgdkState, player: int, kind: int, give: int) -> None:
        """D6, G2: the Pink Godzilla the player names takes the Row card's place."""
        hand = state.hands[player]
        given = self._pick(state, player, give, ())
        wanted = self._first([c for c in state.row if c not in self.pink_godzillas], kind)
        hand.remove(given)
        state.row[state.row.index(wanted)] = given
        self._to_hand(state, player, wanted)

    def _discard_lowest_row(self, state: PgdkState) -> None:
        """R9, D5: every Row card of the lowest value goes; Bargain Bin owners draw (C3)."""
        row = state.row
        if row:
            value = self.value
            low = min(value[c] for c in row)
            state.discard += [c for c in row if value[c] == low]
            state.row = [c for c in row if value[c] != low]
            bit = 1 << cardlib.BARGAIN_BIN
            for seat in range(state.num_players):
                if seat != state.active and state.abilities[seat] & bit:
                    self._draw(state, seat, self.params.special_draw, narrate.BARGAIN)
        self._open_window(state, 2)

    def _finish_trade(self, state: PgdkState, player: int) -> None:
        """R7, G1: the first offered of the highest value goes to the Row, the rest away."""
        value = self.value
        offer = state.offer
        hand = state.hands[player]
        top = max(value[c] for c in offer)
        kept = next(c for c in offer if value[c] == top)
        for card in offer:
            hand.remove(card)
            if card != kept:
                state.discard.append(card)
        row = state.row
        row[row.index(state.take)] = kept
        self._to_hand(state, player, state.take)
        state.take = -1
        state.offer = []
        self._open_window(state, 2)

    def _open_bidding(self, state: PgdkState) -> None:
        """R8, D4: every seat, the auctioneer included, commits a hidden bid at once."""
        state.phase = P_BIDDING
        state.bids = [[] for _ in range(state.num_players)]
        # an empty hand can only say "no bid"; everyone sees that it is empty
        state.committed = [NOT_COMMITTED if hand else NO_BID for hand in state.hands]
        if state.journal is not None:
            for seat, hand in enumerate(state.hands):
                if not hand:
                    narrate.no_bid(state, seat)
        self._maybe_resolve_auction(state)

    def _maybe_resolve_auction(self, state: PgdkState) -> None:
        if NOT_COMMITTED not in state.committed:
            self._resolve_auction(state)

    def _resolve_auction(self, state: PgdkState) -> None:
        """R8, D4: every bid is turned over; the highest total takes the lots (ties: the
        auctioneer, then clockwise from the left), the others take their bids back."""
        n = state.num_players
        active = state.active
        bids, committed = state.bids, state.committed
        value_at = self._value_at
        totals: list[int] = []
        shown: list[tuple[int, ...] | None] = []  # what every seat sees turned over
        for seat in range(n):
            if committed[seat] == BID:
                totals.append(sum(map(value_at, bids[seat])))
                shown.append(tuple(bids[seat]))
            else:
                totals.append(-1)
                shown.append(None)
        best = max(totals)
        winner = -1
        if best > 0:
            for step in range(n):  # D4: the auctioneer, then clockwise from the left
                seat = (active + step) % n
                if totals[seat] == best:
                    winner = seat
                    break
        # kept as card numbers; views turn them into labels (only views read it)
        state.last_auction = (
            active,
            tuple(state.auction),
            tuple(shown),
            tuple(totals),
            winner,
        )
        if state.journal is not None:
            narrate.auction_result(self, state)
        every = (2 << n) - 1
        known = state.known
        for seat in range(n):
            if seat != winner:
                for card in bids[seat]:
                    known[card] = every  # D4: revealed, back in hand, known to all
        if winner >= 0:
            hand = state.hands[winner]
            paid = bids[winner]
            for card in paid:
                hand.remove(card)
            state.discard += paid
            row = state.row
            for card in state.auction:  # the lots go to the winner's hand, seen by all (G6)
                row.remove(card)
                hand.append(card)
                known[card] = every
            if state.abilities[winner] & 1 << cardlib.AUCTION_HOUSE:
                self._draw(state, winner, self.params.special_draw, narrate.AUCTION_HOUSE)
        state.auction = []
        state.bids = [[] for _ in range(n)]
        state.committed = [NOT_COMMITTED] * n
        self._open_window(state, 2)

    # -- development ---------------------------------------------------------------------------
    def _develop_or_gold(self, state: PgdkState) -> None:
        """R10: plays while some are left and the hand (public size) is not empty."""
        if state.plays_left > 0 and state.hands[state.active]:
            state.phase = P_DEVELOP
            state.actor = state.active
        else:
            self._going_gold(state)

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
            if len(self._developments) >= DEVELOPMENTS_KEPT:
                self._developments.clear()
            built = self.build(cards)
            assert built is not None, "a game in development holds at least one card"
            found = self._developments[cards] = built
        return found

    def completed(self, cards: tuple[int, ...], first: bool, powered: int) -> Project:
        """The completed game that holds ``cards``, built once and then shared, as
        ``development`` does for games in development (``determinize`` rebuilds them all)."""
        key = (cards, first, powered)
        found = self._completions.get(key)
        if found is None:
            if len(self._completions) >= DEVELOPMENTS_KEPT:
                self._completions.clear()
            built = self.build(cards, gold=True, first=first, powered=powered)
            assert built is not None, "a completed game holds at least one card"
            found = self._completions[key] = built
        return found

    def _play(self, state: PgdkState, player: int, kind: int, slot: int) -> None:
        hand = state.hands[player]
        card = self._only_copy[kind]  # (see the bids in ``apply``)
        if card < 0:
            card = self._pick(state, player, kind, ())
        hand.remove(card)
        projects = state.projects[player]
        state.plays_left -= 1
        if slot < 0:
            projects.append(self.add_card(None, card))
        else:
            projects[slot] = self.add_card(projects[slot], card)
            # R28: an Easter Egg sends the game Gold at once
            if self.k_type[kind] == EGG and self._complete(state, player, slot):
                return
        if state.plays_left > 0 and hand:  # _develop_or_gold: the player is the active one
            state.phase = P_DEVELOP
            state.actor = player
        else:
            self._going_gold(state)

    def _neutral(self, state: PgdkState, player: int, kind: int, slot: int) -> None:
        """R27, D3: the Neutral Guardian's power completes a game that has a Title."""
        hand = state.hands[player]
        card = self._pick(state, player, kind, ())
        hand.remove(card)
        state.plays_left -= 1
        projects = state.projects[player]
        projects[slot] = self.add_card(projects[slot], card, as_character=False)
        if self._complete(state, player, slot, powered=card):
            return
        self._develop_or_gold(state)

    def _table(self, state: PgdkState, player: int, kind: int) -> None:
        """R14, R30: a Special Ability goes on the table and works from now on."""
        card = self._pick(state, player, kind, ())
        state.hands[player].remove(card)
        state.specials[player].append(card)
        power = self.k_power[kind]
        state.abilities[player] |= 1 << power
        if power == cardlib.CLONE:
            colours = self.deck_list.kinds[kind].colours
            state.clone_owner[colours.bit_length() - 1] = player
        state.plays_left -= 1
        self._develop_or_gold(state)

    def _use(self, state: PgdkState, player: int, kind: int) -> None:
        """R14, R27, R29, C3: a Power Up or Guardian power; the card is discarded after it."""
        card = self._pick(state, player, kind, ())
        state.hands[player].remove(card)
        state.plays_left -= 1
        state.using = card
        power = self.k_power[kind]
        p = self.params
        if power == cardlib.CRUNCH_TIME:
            state.plays_left += p.crunch_time_plays
            self._finish_power(state)
        elif power == cardlib.PUBLISHER_ADVANCE:
            self._draw(state, player, p.publisher_advance_draw, narrate.PUBLISHER)
            self._finish_power(state)
        elif power == cardlib.HEADHUNTER:
            state.phase = P_HUNT
        elif power == cardlib.GOOD_GUARDIAN:
            state.phase = P_RETRIEVE
        elif power == cardlib.BUDGET_CUT:
            state.phase = P_CUT
        elif power == cardlib.EVIL_GUARDIAN:
            rivals = self._rivals_with_cards(state, player)
            if len(rivals) == 1:
                self._rob(state, player, rivals[0], forced=True)
            else:
                state.phase = P_ROB
        elif power == cardlib.MARKET_RESEARCH:
            self._research(state, player)

    def _finish_power(self, state: PgdkState) -> None:
        state.discard.append(state.using)
        state.using = -1
        self._develop_or_gold(state)

    def _rob(self, state: PgdkState, player: int, victim: int, *, forced: bool = False) -> None:
        """R27: the thief looks at the victim's whole hand (G6), then takes one card."""
        if state.journal is not None:
            narrate.robbed(self, state, player, victim, forced=forced)
        state.rob = victim
        bit = 1 << player
        known = state.known
        for card in state.hands[victim]:
            known[card] |= bit
        state.phase = P_STEAL

    def _steal(self, state: PgdkState, player: int, kind: int) -> None:
        """R27, G10: only thief and victim know which card moved; others forget the rest."""
        victim = state.rob
        hand = state.hands[victim]
        card = self._pick(state, victim, kind, ())
        hand.remove(card)
        both = 1 << player | 1 << victim
        known = state.known
        for other in hand:
            known[other] &= both
        known[card] = both
        state.hands[player].append(card)
        state.rob = -1
        self._finish_power(state)

    def _cut(self, state: PgdkState, kind: int, seat: int, slot: int) -> None:
        """C3, G9: the card leaves the rival's game; an emptied game leaves the table."""
        projects = state.projects[seat]
        project = projects[slot]
        card = next(c for c in project.cards if self.kind_of[c] == kind)
        rest = [c for c in project.cards if c != card]
        rebuilt = self.build(rest)
        if rebuilt is None:
            del projects[slot]
        else:
            projects[slot] = rebuilt
        state.discard.append(card)
        self._finish_power(state)

    def _research(self, state: PgdkState, player: int) -> None:
        """C3, G5: look at the top cards (after refilling the deck from below if short)."""
        look = self.params.market_research_look
        if len(state.deck) < look and state.discard:
            self._reshuffle(state, beneath=True)
        state.peek = state.deck[-look:]
        if state.journal is not None:
            narrate.research(self, state, player)
        if len(state.peek) == 1:
            if state.journal is not None:
                narrate.kept_only(self, state, player, state.peek[0])
            self._keep(state, player, self.kind_of[state.peek[0]])
        else:
            state.phase = P_RESEARCH

    def _keep(self, state: PgdkState, player: int, kind: int) -> None:
        """C3, G5: keep one; the others go to the bottom; only the researcher knows them."""
        kept = self._first(state.peek, kind)
        others = [c for c in state.peek if c != kept]
        deck = state.deck
        del deck[len(deck) - len(state.peek) :]
        deck[0:0] = others
        bit = 1 << player
        known = state.known
        for card in others:
            known[card] = bit
        known[kept] = 0
        state.hands[player].append(kept)
        state.peek = []
        self._finish_power(state)

    # -- going gold ----------------------------------------------------------------------------
    def _complete(self, state: PgdkState, player: int, slot: int, powered: int = -1) -> bool:
        """R15, R18, D3, D8: the game is complete now; True if that ended the match."""
        project = state.projects[player].pop(slot)
        colour = project.colours
        state.quiet = 0
        first = not state.colours_done & colour
        state.colours_done |= colour
        games = state.completed[player]
        games.append(
            Project(
                project.cards,
                project.colours,
                project.names,
                project.title,
                project.gears,
                project.wild,
                project.chars,
                project.upgrades,
                project.value,
                True,
                first,
                powered,
            )
        )
        if state.journal is not None:
            narrate.completed(self, state, player, games[-1])
        if state.phase == P_FINAL:
            return False
        if len(games) >= self.params.games_to_end:
            self._end_match(state, player)
            return True
        state.payouts.append(len(games) - 1)
        return False

    def _going_gold(self, state: PgdkState) -> None:
        """R15, D3: pay for games completed during Development, then offer declarations."""
        state.phase = P_GOLD
        state.actor = state.active
        if state.journal is not None:
            narrate.going_gold(state)
        # most turns complete no game: no payouts, and often nothing to declare either, so
        # the turn ends here without the calls of _run_payouts, _offer_gold and _hand_limit
        if state.payouts and not self._run_payouts(state):
            return
        self._offer_gold(state)

    def _offer_gold(self, state: PgdkState) -> None:
        state.phase = P_GOLD
        active = state.actor = state.active
        for project in state.projects[active]:
            if project.ready:  # R15: a declaration to offer
                return
        self._hand_limit(state)

    def _declare(self, state: PgdkState, player: int, slot: int) -> None:
        if state.phase == P_FINAL:
            self._complete(state, player, slot)
            self._next_final_seat(state, advance=False)
            return
        if self._complete(state, player, slot):
            return
        if self._run_payouts(state):
            self._offer_gold(state)

    def _run_payouts(self, state: PgdkState) -> bool:
        """R15, R31-R33, D7: pay every completed game in turn; False while a window is open."""
        while state.payouts:
            slot = state.payouts.pop(0)
            if not self._pay(state, slot):
                return False
        return True

    def _pay(self, state: PgdkState, slot: int) -> bool:
        """R15, C3, R32, D7, G15: payment, Special Ability draws, then the Clone's cards."""
        p = self.params
        player = state.active
        games = state.completed[player]
        game = games[slot]
        paid = p.payment + (p.first_of_colour_bonus if game.first else 0)
        self._draw(state, player, paid, narrate.PAYMENT, payment=True, project=game)
        abilities = state.abilities[player]
        if abilities & 1 << cardlib.TALENT_AGENCY and game.chars >= p.talent_agency_characters:
            self._draw(state, player, p.special_draw, narrate.TALENT, project=game)
        if abilities & 1 << cardlib.FRANCHISE and any(
            g.colours == game.colours for g in games[:slot]
        ):
            self._draw(state, player, p.special_draw, narrate.FRANCHISE, project=game)
        owner = state.clone_owner[game.colours.bit_length() - 1]
        if owner < 0:
            return True
        diverted = min(game.upgrades, p.clone_draw)  # R32: each Gear Upgrade diverts one
        if diverted:
            self._draw(state, player, diverted, narrate.DIVERTED, project=game)
        stake = p.clone_draw - diverted
        if stake <= 0:
            return True
        n = state.num_players
        ctcs = self.clone_the_clones
        if all(c in state.row or c in state.discard for c in ctcs):
            self._draw(state, owner, stake, narrate.CLONED, project=game)
            return True
        state.ctc = (player, owner, stake, n)
        state.actor = player
        state.phase = P_CLONE
        if state.journal is not None:
            narrate.clone_window(self, state, game)
        return self._next_clone_seat(state)

    def _next_clone_seat(self, state: PgdkState) -> bool:
        """D7, G11: ask every seat but the Clone owner, clockwise from the completer."""
        completer, owner, stake, left = state.ctc
        n = state.num_players
        while left > 0:
            seat = state.actor
            if seat != owner and state.hands[seat]:
                state.ctc = (completer, owner, stake, left)
                state.phase = P_CLONE
                return False
            left -= 1
            state.actor = (seat + 1) % n
        state.ctc = (-1, -1, 0, 0)
        state.phase = P_GOLD
        self._draw(state, owner, stake, narrate.CLONED)
        state.actor = state.active
        return True

    def _clone_pass(self, state: PgdkState) -> None:
        completer, owner, stake, left = state.ctc
        state.ctc = (completer, owner, stake, left - 1)
        state.actor = (state.actor + 1) % state.num_players
        if self._next_clone_seat(state) and self._run_payouts(state):
            self._offer_gold(state)

    def _clone_the_clone(self, state: PgdkState, player: int, kind: int) -> None:
        """R33, D7: the reacting player draws the Clone's cards instead of its owner."""
        card = self._pick(state, player, kind, ())
        state.hands[player].remove(card)
        state.discard.append(card)
        stake = state.ctc[2]
        state.ctc = (-1, -1, 0, 0)
        state.phase = P_GOLD
        self._draw(state, player, stake, narrate.CTC)
        state.actor = state.active
        if self._run_payouts(state):
            self._offer_gold(state)

    def _hand_limit(self, state: PgdkState) -> None:
        """R16, D9: the active player discards down to the hand limit, choosing the cards."""
        if len(state.hands[state.active]) > self._cards_kept:
            state.phase = P_LIMIT
            state.actor = state.active
            if state.journal is not None:
                narrate.hand_limit(self, state)
        else:
            self._end_turn(state)

    def _end_turn(self, state: PgdkState) -> None:
        state.locked = 0
        state.quiet += 1
        state.turn += 1
        state.active = (state.active + 1) % state.num_players
        state.actor = state.active
        self._start_turn(state)

    # -- the end -------------------------------------------------------------------------------
    def _end_match(self, state: PgdkState, player: int, *, reason: str = "") -> None:
        """R18, D8, G8, G12: no more plays, payments or clones; final declarations from
        ``player`` (the ender, or the seat whose turn the cap or the stall rule cut off)."""
        state.ender = player
        state.end_reason = reason or (
            f"seat {player} completed game number {self.params.games_to_end}"
        )
        state.payouts = []
        state.plays_left = 0
        state.phase = P_FINAL
        state.actor = player
        state.window_left = state.num_players
        if state.journal is not None:
            narrate.match_ends(
                self, state, capped=reason == CAPPED, stalled=reason.startswith(STALLED)
            )
        self._next_final_seat(state, advance=False)

    def _next_final_seat(self, state: PgdkState, *, advance: bool) -> None:
        n = state.num_players
        if advance:
            state.window_left -= 1
            state.actor = (state.actor + 1) % n
        while state.window_left > 0:
            if self._has_ready(state, state.actor):
                state.phase = P_FINAL
                return
            state.window_left -= 1
            state.actor = (state.actor + 1) % n
        state.phase = P_OVER
        if state.journal is not None:
            narrate.end(self, state)

    # -- scoring -------------------------------------------------------------------------------
    def points(self, state: PgdkState) -> list[int]:
        """R19, R30, G20: completed games and Special Abilities on the table, no bonuses."""
        special = self.params.special_ability_points
        return [
            sum(g.value for g in state.completed[s]) + special * len(state.specials[s])
            for s in range(state.num_players)
        ]

    def ranking_bonus(self, values: list[int]) -> list[int]:
        """R20, D8: dense ranking; every game of the k-th highest value gets the k-th bonus."""
        bonuses = self.params.ranking_bonuses
        distinct = sorted(set(values), reverse=True)[: len(bonuses)]
        by_value = dict(zip(distinct, bonuses, strict=False))
        return [by_value.get(v, 0) for v in values]

    def scores(self, state: PgdkState) -> tuple[int, ...]:
        """R19, R20, D8: the final scores (also at the safety cap, G8)."""
        p = self.params
        scores = self.points(state)
        values: list[int] = []
        owners: list[int] = []
        for seat in range(state.num_players):
            games = state.completed[seat]
            if len(games) >= p.games_to_end:
                scores[seat] += p.completion_bonus
            for game in games:
                values.append(game.value)
                owners.append(seat)
        for seat, bonus in zip(owners, self.ranking_bonus(values), strict=True):
            scores[seat] += bonus
        return tuple(scores)

    def outcome(self, state: PgdkState) -> Outcome | None:
        if state.phase != P_OVER:
            return None
        scores = self.scores(state)
        reason = state.end_reason
        return Outcome(
            scores=tuple(float(s) for s in scores),
            # DECISIONS' convention: every tied seat wins (0-0 included); R19 names no tie-break
            winners=winners_by_score(scores, tie_means_no_winner=False),
            reason=reason,
            # G8, G12: a match cut short by the cap or the stall rule is marked, never silently
            capped=reason == CAPPED or reason.startswith(STALLED),
        )

    # -- what the playtest lab measures (RULES.md M1-M3, playtest.py) --------------------------
    def standings(self, state: PgdkState) -> tuple[float, ...]:
        """M1; called after every action of a lab match, hence the tally's fast path here."""
        tally = self._tally
        key = sum(map(len, state.completed)) + sum(map(len, state.specials))  # scored_things
        if key == tally.key and tally.state is state:
            return tally.result
        return tally.update(self, state, key)

    def component_uses(
        self, state: PgdkState, player: int, action: Action
    ) -> tuple[tuple[int, str], ...]:
        return playtest.component_uses(self, state, player, action)

    def rounds_played(self, state: PgdkState) -> int:
        reason = state.end_reason
        return playtest.rounds_played(
            state, cut_short=reason == CAPPED or reason.startswith(STALLED)
        )

    # -- views, notation, checks ------------------------------------------------------------------
    def view(self, state: PgdkState, player: int | None) -> View:
        return views.view(self, state, player)

    def determinize(self, view: View, player: int, rng: Rng) -> PgdkState:
        return views.determinize(self, view, player, rng)

    def redraw_unseen(
        self, state: PgdkState, view: View, player: int, rng: Rng
    ) -> PgdkState | None:
        return views.redraw_unseen(self, state, view, player, rng)

    def mend(self, state: PgdkState, view: View, player: int, rng: Rng) -> PgdkState | None:
        return views.mend(self, state, view, player, rng)

    def parse_action(self, text: str) -> Action:
        return self.book.parse(text)

    def public_action(self, state: PgdkState, player: int, action: Action) -> str:
        """D4, G4: bids stay hidden until revealed; stolen and kept cards stay private."""
        kind = action.kind
        if kind == K_BID:
            return f"seat {player} adds to a sealed bid"
        if kind in (K_BID_DONE, K_NO_BID):
            return f"seat {player} commits a sealed bid"
        if kind == K_STEAL:
            return f"seat {player} steals a card from seat {state.rob}"
        if kind == K_KEEP:
            return f"seat {player} keeps one of the cards looked at"
        return str(action)

    def reveals(self, state: PgdkState, player: int, action: Action) -> str | None:
        """The rules of RULES.md "Reveals": R27 (the Evil Guardian's look), C3 (Market
        Research's look, Publisher Advance's draw), D4 (the last sealed bid turns every bid
        over), R5 (a new turn refills the Row and its player draws), R33 (Clone The Clone
        draws), R15 (cards drawn in the Going Gold Phase: payment and what comes with it)."""
        kind = action.kind
        if kind == K_ROB:
            return "R27"
        if kind == K_USE and state.phase != P_CLONE:
            power = self.k_power[action.card]
            if power == cardlib.EVIL_GUARDIAN:
                return "R27"
            if power in (cardlib.MARKET_RESEARCH, cardlib.PUBLISHER_ADVANCE):
                return "C3"
        after = state.clone()
        self.apply(after, player, action)
        if after.last_auction is not state.last_auction:
            return "D4"
        if after.turn != state.turn:
            return "R5"
        if self._drew(state, after, player, action):
            return "R33" if kind == K_USE else "R15"
        return None

    def _drew(self, before: PgdkState, after: PgdkState, player: int, action: Action) -> bool:
        """Whether ``player`` drew a card it had not seen (from the deck, or from discards
        shuffled into it); a card it chose from the discard pile or looked at is no draw."""
        unseen = set(before.deck).difference(before.peek)
        unseen.update(before.discard)
        if action.kind == K_RETRIEVE:
            unseen.discard(self._first(before.discard, action.card))
        return any(card in unseen for card in after.hands[player])

    def components(self, state: PgdkState) -> list[str]:
        labels, kind_of = self.labels, self.kind_of
        cards = [*state.deck, *state.discard, *state.row]
        for seat in range(state.num_players):
            cards += state.hands[seat]
            cards += state.specials[seat]
            for project in state.projects[seat]:
                cards += project.cards
            for game in state.completed[seat]:
                cards += game.cards
        if state.using >= 0:
            cards.append(state.using)
        return sorted(labels[kind_of[c]] for c in cards)

    def hidden(self, state: PgdkState, player: int) -> Hashable:
        return views.hidden(self, state, player)

    def explain_illegal(self, state: PgdkState, player: int, action: Action) -> str:
        return explain(self, state, player, action)
