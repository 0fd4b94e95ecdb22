"""Who acts and what is legal in Pink Godzilla Dev Kit: the option list of every phase.

:class:`PgdkOptions` is the second of three layers of :class:`~gamenight.games.pgdk.rules.PgdkGame`
(see ``tables.py``): it reads the state and the tables, and changes nothing.

Rule numbers (R…, C…, D…, G…) refer to RULES.md beside this file.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from gamenight.games.pgdk import cards as cardlib
from gamenight.games.pgdk.actions import Action
from gamenight.games.pgdk.state import PgdkState
from gamenight.games.pgdk.tables import (
    DEV_ALWAYS,
    DEV_EGG,
    DEV_GUARDIAN,
    DEV_USE,
    K_DISCARD,
    K_HUNT,
    K_KEEP,
    K_OFFER_CANCEL,
    K_RETRIEVE,
    K_STEAL,
    K_USE,
    NOT_COMMITTED,
    P_AUCTION,
    P_BIDDING,
    P_CLONE,
    P_CUT,
    P_DEVELOP,
    P_FINAL,
    P_GODZILLA,
    P_GOLD,
    P_HUNT,
    P_LIMIT,
    P_OFFER,
    P_OVER,
    P_PURCHASE,
    P_RESEARCH,
    P_RETRIEVE,
    P_ROB,
    P_STEAL,
    TITLE,
    PgdkTables,
)

_ALONE: Final = tuple((seat,) for seat in range(8))  # shared one-seat answers of to_act


def without_offer_cancel(legal: Sequence[Action]) -> Sequence[Action]:
    """``legal`` without a trailing ``offer cancel`` when another action is legal.

    Shared by the two bot rules that never give up a trade: the playout policy's (G25) and the
    search's (G28). The cancel comes last in the Offer Phase's options (G25)."""
    if len(legal) > 1 and legal[-1].kind == K_OFFER_CANCEL:
        return legal[:-1]
    return legal


def _one_per_kind(
    options: list[Action],
    by_card: tuple[Action, ...],
    cards: list[int],
    taken: list[int] | tuple[()] = (),
) -> list[Action]:
    """``options``, with the action of ``by_card`` appended for every card kind among ``cards``
    (but the cards in ``taken``, each of which is among ``cards``), in kind order.

    Copies of a kind are numbered consecutively (``PgdkGame.kind_of`` never decreases), so
    sorted cards list the kinds in order with copies side by side: one pass, no set, no sort of
    kinds (the commonest work of the option lists, and a native loop when compiled).
    """
    ordered = cards.copy()
    for card in taken:  # (a few removals cost less than a test of every card)
        ordered.remove(card)
    ordered.sort()  # (copy and sort: sorted() looks its list's sort up by name, a third dearer)
    last: Action | None = None
    for card in ordered:
        action = by_card[card]
        if action is not last:
            options.append(action)
            last = action
    return options


class PgdkOptions(PgdkTables):
    """``to_act`` and ``legal_actions`` of :class:`~gamenight.games.pgdk.rules.PgdkGame`."""

    # -- whose turn, what is legal ------------------------------------------------------------
    def to_act(self, state: PgdkState) -> tuple[int, ...]:
        phase = state.phase
        if phase == P_BIDDING:
            return self._waiting[tuple(state.committed)]
        if phase == P_OVER:
            return ()
        return _ALONE[state.actor]

    def simultaneous(self, state: PgdkState) -> bool:
        """R8, D4: the sealed bids are made blind to one another, the last seat to commit
        included."""
        return state.phase == P_BIDDING

    def legal_actions(self, state: PgdkState, player: int) -> list[Action]:
        phase = state.phase
        if phase == P_BIDDING:  # R8, D4: a hand card more, or commit (the bid or no bid)
            if state.committed[player] != NOT_COMMITTED:
                return []
            bid = state.bids[player]
            options = [self._bid_done if bid else self._no_bid]
            # _one_per_kind, inline: the commonest option list of random play, where the call
            # costs 0.6% of a 2-player playout's instructions (benchmarks/playout_loop.py);
            # the cards bid are still in hand
            hand = state.hands[player].copy()
            if bid:  # (most lists are asked before any card is bid)
                for card in bid:
                    hand.remove(card)
            hand.sort()
            by_card = self._bid_by_card
            last: Action | None = None
            for card in hand:
                action = by_card[card]
                if action is not last:
                    options.append(action)
                    last = action
            return options
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
        kind_of = self.kind_of
        held: list[int] = []
        for card in hand:
            if card in pinks:
                held.append(kind_of[card])
        # the trades by Row card kind of each Pink Godzilla held, lowest value first (plain
        # loops: comprehensions cost a function call each, interpreted)
        trades = self._godzilla_trades
        given: list[tuple[Action, ...]] = []
        for give in self._pinks_by_value:
            if give in held:
                given.append(trades[give])
        options = [self._pass]
        last = -1
        row = state.row.copy()
        row.sort()
        for card in row:  # each kind once, in order (see _one_per_kind)
            kind = kind_of[card]
            if kind != last and card not in pinks:
                last = kind
                for by_kind in given:
                    options.append(by_kind[kind])
        return options

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
        lots: list[Action] = []
        last: Action | None = None
        row = state.row.copy()
        row.sort()
        for card in row:  # each kind once, in order (see _one_per_kind)
            lot = auction[card]
            if lot is not last:
                last = lot
                if value[card] <= worth:  # copies of a kind are worth the same
                    options.append(trade[card])
                lots.append(lot)
        if self._auctions:
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

    def search_actions(self, legal: Sequence[Action]) -> Sequence[Action]:
        """G28: a search bot never gives up a trade. ``trade CARD`` is offered only when the
        whole hand pays for it (G21), so the offer can always be finished; giving it up and
        trading again could go on without end (G25)."""
        return without_offer_cancel(legal)

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
                # by card number is by kind (copies are numbered side by side, and copies
                # of a kind give one action): no key function to call per card
                for card in sorted(project.cards):
                    if ctype[card] != TITLE:
                        options.append(book.cut(kind_of[card], seat, slot))
        return options

    def _can_cut(self, state: PgdkState, player: int) -> bool:
        """Whether some rival's game in development holds a card but its Title (C3)."""
        ctype = self.ctype
        for seat in range(state.num_players):
            if seat != player:
                for project in state.projects[seat]:
                    for card in project.cards:
                        if ctype[card] != TITLE:
                            return True
        return False

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
        projects = state.projects[player]
        taken = 0  # the (type, colour) pairs some game of the player takes
        for project in projects:
            taken |= project.pairs
        develops, play_lists, kind_of = self._develops, self.book.play_lists, self.kind_of
        last = -1
        ordered = hand.copy()
        ordered.sort()
        for card in ordered:  # each kind once, in order (see _one_per_kind)
            kind = kind_of[card]
            if kind == last:
                continue
            last = kind
            how, name, pairs, action = develops[kind]
            if how <= DEV_EGG:  # a card that goes into a game (C2 order)
                plays = play_lists[kind]  # (its first, a new game, is always built)
                if how != DEV_EGG:
                    options.append(plays[0])
                if taken & pairs:  # else no game takes its type in a colour it has
                    if len(plays) <= len(projects):  # not all built yet
                        plays = self.book.plays(kind, len(projects))
                    for slot, project in enumerate(projects, 1):  # plays[0]: a new game
                        # its type still open, a colour shared (Project.pairs), its name absent
                        if project.pairs & pairs and not project.names & name:
                            options.append(plays[slot])
                if how == DEV_GUARDIAN:
                    self._guardian_options(options, state, player, kind)
            elif how == DEV_ALWAYS or (
                how == DEV_USE and self._has_target(state, player, self.k_power[kind])
            ):
                options.append(action)
        return options

    def _guardian_options(
        self, options: list[Action], state: PgdkState, player: int, kind: int
    ) -> None:
        """R27: a Guardian's power, after its plays (kept off ``_develop_options``'s common
        path: few hands hold a Guardian)."""
        book = self.book
        power = self.k_power[kind]
        if power == cardlib.NEUTRAL_GUARDIAN:
            name = self.k_name[kind]
            for slot, project in enumerate(state.projects[player]):
                if project.title >= 0 and not project.names & name:
                    options.append(book.use_on(kind, slot))
        elif self._has_target(state, player, power):
            options.append(book.by_card[K_USE][kind])

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
