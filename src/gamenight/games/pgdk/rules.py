"""The rules of Pink Godzilla Dev Kit: setup, the effects of actions, turns, scoring.

:class:`PgdkGame` is the last of three layers: it inherits the tables worked out from the
params (``tables.py``) and the legal actions (``options.py``), and adds the rest of the
contract. The layers are one class to every caller; the rules were split only so that each
file reads in one sitting.

Rule numbers (R…, C…, D…, G…) refer to RULES.md beside this file.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar, Final

from gamenight.core.game import GameSpec, Outcome, Variant, View, winners_by_score
from gamenight.core.journal import Journal
from gamenight.core.rng import Rng
from gamenight.games.pgdk import cards as cardlib
from gamenight.games.pgdk import narrate, playtest, views
from gamenight.games.pgdk.actions import Action
from gamenight.games.pgdk.explain import explain
from gamenight.games.pgdk.options import PgdkOptions
from gamenight.games.pgdk.state import PgdkState, Project
from gamenight.games.pgdk.tables import (
    BID,
    EGG,
    K_AUCTION,
    K_AUCTION_GO,
    K_BID,
    K_BID_DONE,
    K_CUT,
    K_DISCARD,
    K_DISCARD_LOWEST,
    K_DONE,
    K_GODZILLA,
    K_GOLD,
    K_HUNT,
    K_KEEP,
    K_NO_BID,
    K_OFFER,
    K_OFFER_CANCEL,
    K_OFFER_DONE,
    K_PASS,
    K_PLAY,
    K_RETRIEVE,
    K_ROB,
    K_STEAL,
    K_TABLE,
    K_TRADE,
    K_USE,
    K_USE_ON,
    NO_BID,
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
)

CAPPED: Final = "safety cap reached"
STALLED: Final = "stalled"  # G12: the reason of a stalled match starts so


def _copy_key(state: PgdkState, seat: int, card: int) -> int:
    """How ``_pick`` ranks a copy in ``seat``'s hand, from what the holder's view shows:
    unlocked first (G7), then how many know it, then who (seat bits stay below 1 << 12)."""
    bits = state.known[card] & ~(1 << seat)
    return (0 if state.locked >> card & 1 else 1 << 24) | bits.bit_count() << 12 | bits


class PgdkGame(PgdkOptions):
    """Pink Godzilla Dev Kit (see the module's docstring for where each part lives)."""

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

    # -- effects ------------------------------------------------------------------------------
    def apply(self, state: PgdkState, player: int, action: Action) -> None:
        if state.journal is not None:
            narrate.action(self, state, player, action)
        # the kinds by how often random play takes them (see legal_actions); the commonest do
        # their work here, without a further call
        kind = action.kind
        if kind == K_PASS:
            if state.phase == P_GODZILLA:  # D6: the next seat clockwise is asked
                left = state.window_left = state.window_left - 1
                actor = state.actor = (state.actor + 1) % state.num_players
                if left <= 0:  # every seat was asked: the window closes
                    self._after_window(state)
                elif not state.hands[actor]:  # (a seat with no cards is not asked)
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
            card = self._only_copy[action.card]  # (as for a bid: a hand card not offered yet)
            if card < 0:
                card = self._pick(state, player, action.card, state.offer)
            state.offer.append(card)
            state.known[card] = (2 << state.num_players) - 1  # shown on the table (R7)
        elif kind == K_AUCTION_GO:
            self._open_bidding(state)
        elif kind == K_TRADE:
            card = self._only_copy[action.card]  # R7: the card traded for (a Row card)
            state.take = card if card >= 0 else self._first(state.row, action.card)
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
        # R5: the Finance draw, as _draw makes it (inline: once a turn, never a payment)
        active = state.active
        hand = state.hands[active]
        start = len(hand)
        count = self._finance_draw
        for _ in range(count):
            card = deck.pop() if deck else self._pop_deck(state)
            if card < 0:
                break
            hand.append(card)
        if state.journal is not None:
            narrate.drew(self, state, active, hand[start:], narrate.FINANCE, count, None)
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
        active = state.actor = state.active
        if state.window == 1:
            state.window = 0
            state.phase = P_PURCHASE
            if state.journal is not None:
                narrate.purchase(self, state)
        else:
            state.window = 0
            plays = state.plays_left = self._plays_per_turn
            if state.journal is not None:
                narrate.development(state)
            if plays > 0 and state.hands[active]:  # _develop_or_gold, inline (once a turn)
                state.phase = P_DEVELOP
            else:
                self._going_gold(state)

    def _godzilla(self, state: PgdkState, player: int, kind: int, give: int) -> None:
        """D6, G2: the Pink Godzilla the player names takes the Row card's place."""
        hand = state.hands[player]
        given = self._pick(state, player, give, ())
        # the first Row card of the kind that is no Pink Godzilla (``_first`` of those cards)
        kind_of, pinks = self.kind_of, self.pink_godzillas
        wanted = -1
        for card in state.row:
            if kind_of[card] == kind and card not in pinks:
                wanted = card
                break
        hand.remove(given)
        state.row[state.row.index(wanted)] = given
        self._to_hand(state, player, wanted)

    def _discard_lowest_row(self, state: PgdkState) -> None:
        """R9, D5: every Row card of the lowest value goes; Bargain Bin owners draw (C3)."""
        row = state.row
        if row:
            value = self.value
            low = value[row[0]]
            for card in row:
                if value[card] < low:
                    low = value[card]
            discard = state.discard
            kept: list[int] = []
            for card in row:  # in Row order, as both piles had them
                if value[card] == low:
                    discard.append(card)
                else:
                    kept.append(card)
            state.row = kept
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
        kept = offer[0]
        top = value[kept]
        for card in offer:  # the first of the highest value
            if value[card] > top:
                kept, top = card, value[card]
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
        # out of the sealed bids, ``bids`` is all empty lists and ``committed`` all
        # NOT_COMMITTED (as the state starts, and as _resolve_auction leaves them): nothing to
        # reset unless a hand is empty, which can only say "no bid" (everyone sees it is empty)
        hands = state.hands
        if not all(hands):
            state.committed = [NOT_COMMITTED if hand else NO_BID for hand in hands]
            if state.journal is not None:
                for seat, hand in enumerate(hands):
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
        value = self.value
        totals: list[int] = []
        shown: list[tuple[int, ...] | None] = []  # what every seat sees turned over
        best = 0  # the highest total, if above 0 (no lower total wins)
        for seat in range(n):
            if committed[seat] == BID:
                bid = bids[seat]
                total = 0
                for card in bid:  # (a plain loop: sum(map(...)) costs more for so few)
                    total += value[card]
                shown.append(tuple(bid))
            else:
                total = -1
                shown.append(None)
            totals.append(total)
            if total > best:
                best = total
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
        paid = bids[winner] if winner >= 0 else []
        for seat in range(n):
            bid = bids[seat]
            if bid:
                if seat != winner:
                    for card in bid:
                        known[card] = every  # D4: revealed, back in hand, known to all
                bids[seat] = []  # a fresh list for each bid made (the rest are empty)
        if winner >= 0:
            hand = state.hands[winner]
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

    def _play(self, state: PgdkState, player: int, kind: int, slot: int) -> None:
        hand = state.hands[player]
        card = self._only_copy[kind]  # (see the bids in ``apply``)
        if card < 0:
            card = self._pick(state, player, kind, ())
        hand.remove(card)
        projects = state.projects[player]
        state.plays_left -= 1
        if slot < 0:
            projects.append(self.grow(None, card))
        else:
            projects[slot] = self.grow(projects[slot], card)
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
        active = state.actor = state.active
        if state.journal is not None:
            narrate.going_gold(state)
        if state.payouts:
            if self._run_payouts(state):
                self._offer_gold(state)
            return
        # most turns complete no game: no payouts, and often nothing to declare either, so
        # the turn ends here with _offer_gold's and _hand_limit's checks, not their calls
        for project in state.projects[active]:
            if project.ready:  # R15: a declaration to offer
                return
        if len(state.hands[active]) > self._cards_kept:
            self._hand_limit(state)
        else:
            self._end_turn(state)

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
