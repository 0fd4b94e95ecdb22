"""The rules of Game to Pick a Game: setup, legal actions, their effects, the tally.

Rule numbers (R…, D…, G…) refer to RULES.md beside this file.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Sequence
from typing import ClassVar, Final, NamedTuple

from gamenight.core.game import Game, GameSpec, Outcome, Variant, View
from gamenight.core.journal import Journal
from gamenight.core.rng import Rng
from gamenight.games.gtpag import actions as kinds
from gamenight.games.gtpag import narrate, playtest, views
from gamenight.games.gtpag import state as phases
from gamenight.games.gtpag.actions import PLACED_TRAITS, TRAIT_OF_KIND, Action, ActionBook
from gamenight.games.gtpag.explain import explain
from gamenight.games.gtpag.params import (
    HOUSE_RULE,
    HYPE,
    INVERT,
    RAID,
    SCOUT,
    SMASH,
    SPOTLIGHT,
    SWITCHEROO,
    TRAIT_NAMES,
    WARCRY,
    GtpagParams,
    chip_label,
)
from gamenight.games.gtpag.state import GtpagState, random_preferences

# Final: compiled, each is a C constant instead of a look-up in the module's dict
P_NOMINATION: Final = phases.NOMINATION
P_BIDDING: Final = phases.BIDDING
P_TRAIT: Final = phases.TRAIT
P_BOOSTING: Final = phases.BOOSTING
P_TIE: Final = phases.TIE
P_OVER: Final = phases.OVER
K_NOMINATE: Final = kinds.NOMINATE
K_PASS: Final = kinds.PASS
K_BID: Final = kinds.BID
K_WITH: Final = kinds.WITH
K_SCOUT: Final = kinds.K_SCOUT
K_SPOTLIGHT: Final = kinds.K_SPOTLIGHT
K_DONE: Final = kinds.DONE
K_TO: Final = kinds.TO
K_BOOST: Final = kinds.BOOST
K_DECLINE: Final = kinds.DECLINE
BOOST_UNIT: Final = playtest.BOOST_UNIT

TRAIT_BASE: Final = 100
"""``kinds[chip]`` of a Trait chip is TRAIT_BASE + its Trait code; Bid chips are below."""

MAX_SEATS: Final = 8

CACHE_LIMIT: Final = 20_000
"""Legal-action lists remembered per game instance, at most (per kind of list)."""


class Tally(NamedTuple):
    """R13, D1: how one Nomination's Score is made up."""

    values: int  # the numbers on value chips (Bid chips, Warcry)
    inverts: int  # Invert chips that count (none under a House Rule)
    house_rule: bool
    bonus: int  # Hype: added after Inverts
    boosts: int  # R12: Boosts, added last
    score: int


class GtpagGame(Game[GtpagState, Action, GtpagParams]):
    spec: ClassVar[GameSpec] = GameSpec(
        name="gtpag",
        title="Game to Pick a Game",
        player_counts=tuple(range(2, MAX_SEATS + 1)),
        version="1",
        summary=(
            "2-8 players nominate games and bid face-down chips on them; the winner is "
            "the game the table plays next."
        ),
        variants=(
            Variant(
                "no-traits",
                "Bid chips only: three Bidding rounds, no Traits (a first game)",
                {"use_traits": False},
            ),
            Variant(
                "big-boost",
                "Boosts add +3, so those who passed weigh more",
                {"boost_value": 3},
            ),
        ),
        aliases=("game-to-pick-a-game", "pick-a-game", "gateway-edition"),
    )
    # Slots, not the instance dict, for the tables below. Interpreted (CPython 3.11), an
    # instance dict with 30 keys or more is a plain dict, and every ``self.method()`` on it
    # missed the interpreter's method cache, playout after playout (issue 16). ``params``
    # stays in the dict (Game sets it), which keeps its keys few.
    __slots__ = (
        "_actors", "_bid_lists", "_bidding_lists", "_bits", "_boost_options", "_boost_value",
        "_chosen_chars", "_component_names", "_first_chars", "_first_player", "_first_slot",
        "_hand_kinds", "_kind_bonus", "_kind_house", "_kind_invert", "_kind_mask", "_kind_slots",
        "_kind_value", "_layouts", "_max_actions", "_max_tie_rounds", "_no_scores",
        "_nomination_lists", "_placed", "_rankings", "_score_of", "_scout_looks", "_seat_base",
        "_set_prefs", "_setup_bounds", "_tables", "_target_lists", "_trait_chips", "_unit",
        "bid_chips_of", "bid_mask", "book", "full_hand", "kind_invert", "kind_value", "label_index",
        "labels", "max_noms", "num_bid", "num_kinds", "per_seat", "slot_kind", "tallies",
        "title_index", "titles", "trait_bit", "trait_slot",
    )  # fmt: skip

    def __init__(self, params: GtpagParams | None = None) -> None:
        super().__init__(params)
        p = self.params
        self.titles = p.candidates
        self.labels = p.chip_labels
        self.num_kinds = len(self.labels)
        self.num_bid = len(p.bid_chips)
        self.slot_kind = tuple(self.labels.index(chip_label(chip)) for chip in p.bid_chips)
        self.per_seat = self.num_bid + (1 if p.use_traits else 0)
        self.trait_slot = self.num_bid if p.use_traits else -1
        self.trait_bit = 1 << self.num_bid if p.use_traits else 0
        self.bid_mask = (1 << self.num_bid) - 1
        self.full_hand = (1 << self.per_seat) - 1
        self.kind_value = tuple(0 if label == INVERT else int(label) for label in self.labels)
        self.kind_invert = tuple(1 if label == INVERT else 0 for label in self.labels)
        self.max_noms = min(len(self.titles), MAX_SEATS)
        self.label_index = {label: k for k, label in enumerate(self.labels)}
        self.title_index = {title: t for t, title in enumerate(self.titles)}
        self.book = ActionBook(
            self.titles, self.labels, self.max_noms, MAX_SEATS * (self.num_bid + 1)
        )
        self._kind_slots = tuple(
            tuple(slot for slot in range(self.num_bid) if self.slot_kind[slot] == k)
            for k in range(self.num_kinds)
        )
        # hand slot mask -> mask of the Bid chip kinds it holds (repeated kinds share a bit)
        kind_masks = []
        for mask in range(1 << self.num_bid):
            kind_mask = 0
            for slot in range(self.num_bid):
                if mask >> slot & 1:
                    kind_mask |= 1 << self.slot_kind[slot]
            kind_masks.append(kind_mask)
        self._kind_mask = tuple(kind_masks)
        # a whole hand (its Trait bit too) -> the same kinds mask: one index on the hot path
        self._hand_kinds = tuple(
            kind_masks[hand & self.bid_mask] for hand in range(1 << self.per_seat)
        )
        self._seat_base = tuple(seat * self.per_seat for seat in range(MAX_SEATS))
        # seat -> the number of its Trait chip (-1 without Traits)
        self._trait_chips = tuple(
            seat * self.per_seat + self.trait_slot if p.use_traits else -1
            for seat in range(MAX_SEATS)
        )
        # Trait code -> True for a Trait laid on a Nomination (D2.3-D2.5): one index, not `in`
        self._placed = tuple(trait in PLACED_TRAITS for trait in range(len(TRAIT_NAMES)))
        self._first_slot = tuple(slots[0] for slots in self._kind_slots)
        # seat -> Bid chip kind -> the numbers of the seat's chips of that kind (determinize)
        self.bid_chips_of = tuple(
            tuple(
                tuple(seat * self.per_seat + slot for slot in slots) for slots in self._kind_slots
            )
            for seat in range(MAX_SEATS)
        )
        self._bid_lists: dict[int, tuple[Action, ...]] = {}
        self._target_lists: dict[int, tuple[Action, ...]] = {}  # see _trait_options
        self._bidding_lists: dict[int, tuple[Action, ...]] = {}  # see legal_actions
        self._nomination_lists: dict[int, tuple[Action, ...]] = {}
        self._actors = tuple((seat,) for seat in range(MAX_SEATS))
        # mask of Nominations in play -> R12, D6: a Boost on each of them, or decline
        self._boost_options = tuple(
            (
                *(self.book.boost[j] for j in range(self.max_noms) if mask >> j & 1),
                self.book.decline,
            )
            for mask in range(1 << MAX_SEATS)
        )
        self._bits = tuple(
            tuple(j for j in range(MAX_SEATS) if mask >> j & 1) for mask in range(1 << MAX_SEATS)
        )
        # what a chip of each kind adds to a tally (R13, D1, D2.3-D2.5), by kind code
        size = TRAIT_BASE + len(TRAIT_NAMES)
        self._kind_value = [0] * size
        self._kind_invert = [0] * size
        self._kind_bonus = [0] * size
        self._kind_house = [0] * size
        for k in range(self.num_kinds):
            self._kind_value[k] = self.kind_value[k]
            self._kind_invert[k] = self.kind_invert[k]
        self._kind_value[TRAIT_BASE + WARCRY] = p.warcry_value
        self._kind_bonus[TRAIT_BASE + HYPE] = p.hype_value
        self._kind_house[TRAIT_BASE + HOUSE_RULE] = 1
        self._layouts: dict[tuple[int, ...], tuple[int, ...]] = {}
        # every ranking of a small library, so a seat's preferences cost one draw (G6)
        count = len(self.titles)
        self._rankings = (
            tuple(
                tuple(float(v) for v in ranking)
                for ranking in itertools.permutations(range(1, count + 1))
            )
            if count <= 6
            else ()
        )
        self._boost_value = p.boost_value
        # G1: the characters of the seats, worked out once: the param's, or 1..n by count
        self._chosen_chars = (
            tuple(number - 1 for number in p.characters) if p.characters is not None else ()
        )
        self._first_chars = tuple(tuple(range(count)) for count in range(MAX_SEATS + 1))
        # player count -> the bounds of new_state's draws where drawing them at once pays
        # (Rng.randbelow_each: every seat's ranking, then the first seat; 4 draws or more,
        # from 3 players); () elsewhere
        self._setup_bounds = tuple(
            (len(self._rankings),) * count + (count,)
            if count >= 3 and self._rankings and p.preferences is None and p.first_player is None
            else ()
            for count in range(MAX_SEATS + 1)
        )
        self._no_scores = (0,) * MAX_SEATS  # round_starter: no chip face up yet
        # the params new_state reads, read once (compiled, params is an interpreted dataclass:
        # each attribute read would be a generic look-up)
        self._set_prefs = (
            tuple(tuple(float(v) for v in seat) for seat in p.preferences)
            if p.preferences is not None
            else None
        )
        self._first_player = p.first_player
        self._max_tie_rounds = p.max_tie_rounds
        self._scout_looks = p.scout_looks
        self._max_actions = p.max_actions
        self.tallies = playtest.Tallies(self)
        self._unit = self.tallies.unit  # kind code -> its step in ``state.tally`` (M1)
        self._score_of = self.tallies.score  # packed counts -> Score, memoised
        # player count -> its characters and chips' kinds (_table_for), once the count is checked
        self._tables: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        self._component_names: playtest.ComponentNames | None = None

    @classmethod
    def default_params(cls) -> GtpagParams:
        return GtpagParams()

    # -- setup ------------------------------------------------------------------------------
    def layout(self, chars: tuple[int, ...]) -> tuple[int, ...]:
        """The kind of every chip of a match whose seats play characters ``chars``."""
        found = self._layouts.get(chars)
        if found is None:
            codes = self.params.trait_codes
            chips: list[int] = []
            for char in chars:
                chips.extend(self.slot_kind)
                if self.params.use_traits:
                    chips.append(TRAIT_BASE + codes[char])
            found = self._layouts[chars] = tuple(chips)
        return found

    def new_state(self, num_players: int, seed: int) -> GtpagState:
        table = self._tables.get(num_players)
        if table is None:
            table = self._table_for(num_players)
        prefs = self._set_prefs
        first = self._first_player
        bounds = self._setup_bounds[num_players]
        rng = Rng(seed)
        if bounds:
            # every seat's ranking (G6), then the first seat (D4), drawn at once: the numbers
            # of one randbelow after another, in fewer instructions
            draws = rng.randbelow_each(bounds)
            first = draws.pop()
            rankings = self._rankings
            prefs = tuple([rankings[draw] for draw in draws])
        else:
            if prefs is None:
                rankings = self._rankings
                if rankings:
                    # G6: one draw per seat from every ranking (random_preferences written
                    # out: a call per seat costs more than the loop at 2 players)
                    count = len(rankings)
                    drawn = []
                    for _ in range(num_players):
                        drawn.append(rankings[rng.randbelow(count)])
                    prefs = tuple(drawn)
                else:  # G6: a big library, a shuffled ranking per seat
                    prefs = tuple([self.random_preferences(rng) for _ in range(num_players)])
            if first is None:
                first = rng.randbelow(num_players)
        chars, chip_kinds = table
        # R1: every hand full; D4: the first seat begins the Nominations
        state = GtpagState(num_players, rng, False, chars, chip_kinds, prefs, first, self.full_hand)
        state.turns_left = num_players
        # the library holds at least one title (params), so the first seat always has one to
        # nominate: G15's automatic passes (_offer_nomination) cannot start yet
        return state

    def _table_for(self, num_players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The characters (G1) and the chips' kinds of a match of ``num_players``, fixed by
        the params: worked out (and the count checked) once per game instance."""
        self.check_player_count(num_players)
        self.params.check_players(num_players)
        chars = self._chosen_chars or self._first_chars[num_players]
        table = self._tables[num_players] = (chars, self.layout(chars))
        return table

    def start_journal(self, state: GtpagState) -> Journal:
        """The setup's story: characters, each seat's own preferences, who begins."""
        journal = super().start_journal(state)
        narrate.setup(self, state, journal)
        return journal

    def random_preferences(self, rng: Rng) -> tuple[float, ...]:
        """G6: a random ranking: one number per candidate, the favourite highest."""
        if self._rankings:
            return self._rankings[rng.randbelow(len(self._rankings))]
        return random_preferences(len(self.titles), rng)

    # -- whose turn, what is legal -------------------------------------------------------------
    def to_act(self, state: GtpagState) -> tuple[int, ...]:
        return () if state.phase == P_OVER else self._actors[state.actor]

    def legal_actions(self, state: GtpagState, player: int) -> list[Action]:
        if player != state.actor:
            return []
        phase = state.phase
        if phase == P_BIDDING:
            hand = state.hand[player]
            active = state.active
            if not hand & self.trait_bit:
                bids = self._bid_lists.get(self._hand_kinds[hand] << 8 | active)
                if bids is None:
                    bids = self._bids(hand, active)
                return [*bids]  # a fresh list (the caller may keep it); [*t] beats list(t)
            # R5, D2, D5: the Bid chips in hand on each Nomination in play, then the seat's
            # Trait with its first choices. While those follow from the table's shape, the
            # whole list is kept, by that shape and the kinds of Bid chips in hand. Written
            # here, not in a helper: this runs on two actions in five, and a call costs more.
            trait = state.kinds[self._trait_chips[player]] - TRAIT_BASE
            # the shape as _trait_shape packs it (written out, for the same reason)
            if self._placed[trait]:
                shape = (trait << 8 | active) << 4
            elif state.face_up:  # a chip-target Trait, chips face up: the targets worked out
                return [*self._bids(hand, active), *self._chip_targets(state, trait)]
            else:
                shape = trait << 8 | active
                piles = state.piles
                for pile in piles:
                    shape = shape << 6 | len(pile)
                shape = shape << 4 | len(piles)
            # a seat holds at most 6 kinds of Bid chips (C3): their mask takes the low 8 bits
            key = shape << 8 | self._hand_kinds[hand]
            found = self._bidding_lists.get(key)
            if found is None:
                if len(self._bidding_lists) > CACHE_LIMIT:  # keep memory bounded
                    self._bidding_lists.clear()
                options = self._trait_options(state, trait)
                found = self._bidding_lists[key] = (*self._bids(hand, active), *options)
            return [*found]
        if phase == P_NOMINATION:  # next most common, before the rarer phases
            return self._nominations(state)
        if phase == P_TRAIT:
            return self._finishing_options(state)
        if phase == P_TIE:
            return [*self._bids(state.hand[player], state.active)]
        if phase == P_BOOSTING:
            return [*self._boost_options[state.active]]
        return []

    def _active(self, state: GtpagState) -> tuple[int, ...]:
        return self._bits[state.active]

    def _nominations(self, state: GtpagState) -> list[Action]:
        """R2, D4: a title not yet nominated, or pass (not the last, if nobody nominated)."""
        taken = state.titles
        # the key: the titles taken as a bit mask (the list follows the library's order, not
        # the nominations'), then whether passing is allowed; an int, not a tuple, hashes at once
        key = 0
        for title in taken:
            key |= 2 << title
        if taken or state.turns_left > 1:  # passing is allowed
            key |= 1
        found = self._nomination_lists.get(key)
        if found is None:
            legal = [a for t, a in enumerate(self.book.nominate) if t not in taken]
            if key & 1:
                legal.insert(0, self.book.passing)
            if len(self._nomination_lists) > CACHE_LIMIT:  # a big library: keep memory bounded
                self._nomination_lists.clear()
            found = self._nomination_lists[key] = tuple(legal)
        return [*found]

    def _bids(self, hand: int, active: int) -> tuple[Action, ...]:
        """R5, D5, D7: one Bid chip of each kind in hand on each Nomination in play."""
        key = self._kind_mask[hand & self.bid_mask] << 8 | active
        found = self._bid_lists.get(key)
        if found is None:
            kind_mask = key >> 8
            found = self._bid_lists[key] = tuple(
                self.book.bid[k][j]
                for k in range(self.num_kinds)
                if kind_mask >> k & 1
                for j in range(self.max_noms)
                if active >> j & 1
            )
        return found

    def _face_down(self, state: GtpagState, row: tuple[tuple[Action, ...], ...]) -> list[Action]:
        """``row``'s action for every face-down Bid chip on a Nomination in play (G11)."""
        up = state.face_up
        piles = state.piles
        with_face_up = 0  # bit j: Nomination j holds a face-up chip (a mask, not a new set)
        for j, _ in state.shown:
            with_face_up |= 1 << j
        found: list[Action] = []
        for j in self._bits[state.active]:
            pile = piles[j]
            if not with_face_up >> j & 1:
                found += row[j][: len(pile)]
                continue
            at = row[j]
            for i, chip in enumerate(pile):
                if not up >> chip & 1:
                    found.append(at[i])
        return found

    def _trait_shape(self, state: GtpagState, trait: int) -> int:
        """What a Trait's first choices depend on, packed in one int (an int hashes at once, a
        tuple item by item; compiled, a tuple is built generically); -1 when they depend on
        more (a chip-target Trait while some chip lies face up).

        From the low bits: the number of piles (4 bits; 0 for a placed Trait, whose choices
        are the Nominations in play alone), each pile's size, last pile first (6 bits each: a
        pile holds at most 8 characters' 7 chips), the mask of Nominations in play (8 bits),
        then the Trait."""
        shape = trait << 8 | state.active
        if self._placed[trait]:
            return shape << 4
        if state.face_up:
            return -1
        piles = state.piles
        for pile in piles:
            shape = shape << 6 | len(pile)
        return shape << 4 | len(piles)

    def _trait_options(self, state: GtpagState, trait: int) -> list[Action] | tuple[Action, ...]:
        """D2, D5: a Trait with its first target; with no legal target it is played bare."""
        shape = self._trait_shape(state, trait)
        if shape < 0:
            return self._chip_targets(state, trait)
        cached = self._target_lists.get(shape)
        if cached is None:
            if len(self._target_lists) > CACHE_LIMIT:  # keep memory bounded
                self._target_lists.clear()
            if self._placed[trait]:
                place = self.book.place[trait]
                cached = tuple(place[j] for j in self._active(state))
            else:  # every chip face down: the targets follow from the pile sizes
                cached = tuple(self._chip_targets(state, trait))
            self._target_lists[shape] = cached
        return cached

    def trait_is_idle(self, state: GtpagState, seat: int) -> bool:
        """D5: ``seat``'s Trait, still in hand in the Bidding, has no legal target now: played,
        it is used up and does nothing. (From the public table alone, G24.)"""
        if state.phase != P_BIDDING or not state.hand[seat] & self.trait_bit:
            return False
        trait = state.kinds[seat * self.per_seat + self.trait_slot] - TRAIT_BASE
        if trait in PLACED_TRAITS:
            return False
        return self._chip_targets(state, trait) == [self.book.bare[trait]]

    def _chip_targets(self, state: GtpagState, trait: int) -> list[Action]:
        targets = self._face_down(state, self.book.target[trait])
        if trait == SWITCHEROO:
            # G8: a first chip needs a partner on another Nomination (the targets come
            # Nomination by Nomination, so they span two when the first and last differ)
            if not targets or targets[0].a == targets[-1].a:
                targets = []
        elif trait == RAID and len(self._active(state)) < 2:
            targets = []  # G9: nowhere to move a chip to
        return targets or [self.book.bare[trait]]

    def _finishing_options(self, state: GtpagState) -> list[Action]:
        """D2.2, D2.6, D2.7: the rest of a Trait in progress."""
        trait = state.pending_trait
        source = state.pending >> 8
        if trait == SWITCHEROO:
            return [a for a in self._face_down(state, self.book.with_) if a.a != source]
        if trait == RAID:
            to = self.book.to
            return [to[j] for j in self._active(state) if j != source]
        looked = state.looked
        up = state.face_up
        scout = self.book.target[SCOUT]
        legal = [self.book.done]
        for j in self._active(state):
            for i, chip in enumerate(state.piles[j]):
                if not up >> chip & 1 and chip not in looked:
                    legal.append(scout[j][i])
        return legal

    # -- effects --------------------------------------------------------------------------------
    def apply(self, state: GtpagState, player: int, action: Action) -> None:
        steps = state.steps = state.steps + 1
        if state.journal is not None:
            narrate.action(self, state, player, action)
        kind = action.kind
        if kind == K_BID:  # R5, D5: the chip goes face down next to the Nomination
            k, j = action.a, action.b
            hands = state.hand
            hand = hands[player]
            slot = self._first_slot[k]
            if not hand >> slot & 1:  # a repeated kind: its first slot still in hand
                slot = next(s for s in self._kind_slots[k] if hand >> s & 1)
            hands[player] = hand ^ 1 << slot
            state.piles[j].append(self._seat_base[player] + slot)
            state.tally[j] += self._unit[k]
            turn = state.turn
            state.last_turn[player] = turn
            state.turn = turn + 1
            state.last_chip = player
            # R3: the usual case of _advance, without its call (most actions are bids): the
            # round goes on and the next seat clockwise holds a chip (in the Bidding, every
            # chip in a hand is playable)
            left = state.turns_left - 1
            if left <= 0:  # the round is over (R7, R10)
                state.turns_left = 0
                self._end_round(state)
            else:
                seat = player + 1
                if seat == state.num_players:
                    seat = 0
                if hands[seat] and state.phase == P_BIDDING:
                    state.turns_left = left
                    state.actor = seat
                else:  # a seat to skip (R9), or a tie round's Bid chips (D7)
                    self._advance(state)
        elif kind <= K_PASS:  # K_NOMINATE (0) or K_PASS (1), in one comparison (before the
            # Trait kinds: a Nomination turn comes more often; no Trait phase offers these)
            titles = state.titles
            if kind == K_PASS:
                state.passed |= 1 << player
            else:
                j = len(titles)
                titles.append(action.a)
                state.nominators.append(player)
                state.piles.append([])
                state.boosts.append([])
                state.tally.append(0)
                state.active |= 1 << j
            # R2, D4: the usual case of _next_nominator, without its calls: counter-clockwise
            # to the next character, who has a title left to nominate (G15)
            left = state.turns_left - 1
            if left <= 0:  # every character has had its turn: no automatic pass can follow
                self._step_nominator(state)
            elif len(titles) < len(self.titles):
                state.turns_left = left
                state.actor = (player - 1) % state.num_players
            else:
                self._next_nominator(state)
        elif state.phase == P_TRAIT:
            self._finish_trait(state, player, action)
        elif TRAIT_OF_KIND[kind] >= 0:
            self._play_trait(state, player, TRAIT_OF_KIND[kind], action)
        elif kind == K_BOOST:
            state.boosts[action.a].append(player)
            state.tally[action.a] += BOOST_UNIT
            self._next_booster(state)
        elif kind == K_DECLINE:
            self._next_booster(state)
        if steps >= self._max_actions and state.phase != P_OVER:
            self._cap(state)

    def _play_trait(self, state: GtpagState, player: int, trait: int, action: Action) -> None:
        """R6, D2, D5: the Trait chip is played and resolved at once."""
        chip = player * self.per_seat + self.trait_slot
        state.hand[player] &= ~self.trait_bit
        state.last_turn[player] = state.turn  # the Trait chip is this turn's chip
        state.turn += 1
        state.last_chip = player
        if trait in PLACED_TRAITS:  # D2.3-D2.5: face up on the Nomination
            state.piles[action.a].append(chip)
            state.tally[action.a] += self._unit[state.kinds[chip]]
            state.face_up |= 1 << chip
            state.shown += ((action.a, chip),)
            self._advance(state)
            return
        state.used += (chip,)
        j, i = action.a, action.b
        if j < 0:  # D5: no legal target; the chip is used up
            self._advance(state)
        elif trait == SPOTLIGHT:
            chip = state.piles[j][i]
            state.face_up |= 1 << chip
            state.shown += ((j, chip),)
            self._advance(state)
        elif trait == SMASH:
            state.smashed += (state.piles[j].pop(i),)
            state.tally[j] -= self._unit[state.kinds[state.smashed[-1]]]
            self._advance(state)
        elif trait == SCOUT:
            self._look(state, player, j, i)
        else:  # Switcheroo, Raid: a second choice follows
            state.pending_trait = trait
            state.pending = j << 8 | i
            state.phase = P_TRAIT

    def _look(self, state: GtpagState, player: int, j: int, i: int) -> None:
        """D2.6, G7: the Scout sees the chip's kind, privately; which chip is public."""
        chip = state.piles[j][i]
        state.seen[player] |= 1 << chip
        state.looked += (chip,)
        if len(state.looked) < self._scout_looks and len(self._finishing_scout(state)) > 0:
            state.pending_trait = SCOUT
            state.phase = P_TRAIT
        else:
            if state.journal is not None and len(state.looked) < self._scout_looks:
                narrate.scout_stops(state, player)
            self._end_trait(state)

    def _finishing_scout(self, state: GtpagState) -> list[int]:
        up = state.face_up
        return [
            chip
            for j in self._active(state)
            for chip in state.piles[j]
            if not up >> chip & 1 and chip not in state.looked
        ]

    def _finish_trait(self, state: GtpagState, player: int, action: Action) -> None:
        kind = action.kind
        if kind == K_SCOUT:
            self._look(state, player, action.a, action.b)
            return
        if kind == K_WITH:  # D2.2, G8: the two chips trade places
            j, i = state.pending >> 8, state.pending & 255
            piles = state.piles
            first, second = piles[j][i], piles[action.a][action.b]
            piles[j][i], piles[action.a][action.b] = second, first
            change = self._unit[state.kinds[second]] - self._unit[state.kinds[first]]
            state.tally[j] += change
            state.tally[action.a] -= change
        elif kind == K_TO:  # D2.7, G9: the chip joins the end of the other Nomination
            j, i = state.pending >> 8, state.pending & 255
            chip = state.piles[j].pop(i)
            state.piles[action.a].append(chip)
            state.tally[j] -= self._unit[state.kinds[chip]]
            state.tally[action.a] += self._unit[state.kinds[chip]]
        self._end_trait(state)

    def _end_trait(self, state: GtpagState) -> None:
        state.pending_trait = -1
        state.pending = -1
        state.looked = ()
        state.phase = P_BIDDING
        self._advance(state)

    # -- turn order -----------------------------------------------------------------------------
    def _offer_nomination(self, state: GtpagState) -> None:
        """G15: a character with no title left to nominate passes without a choice."""
        while len(state.titles) >= len(self.titles):
            state.passed |= 1 << state.actor
            if state.journal is not None:
                narrate.auto_pass(state, state.actor)
            if not self._step_nominator(state):
                return

    def _next_nominator(self, state: GtpagState) -> None:
        if self._step_nominator(state):
            self._offer_nomination(state)

    def _step_nominator(self, state: GtpagState) -> bool:
        """R2, D4: counter-clockwise; False once every character has had its turn."""
        state.turns_left -= 1
        if state.turns_left > 0:
            state.actor = (state.actor - 1) % state.num_players
            return True
        if len(state.titles) == 1:
            self._finish(state, 0, f"{self.titles[state.titles[0]]} picked: the only Nomination")
            return False  # D4: a single Nomination wins at once
        state.phase = P_BIDDING
        state.round = 1
        starter = state.nominators[-1]  # R3: the last to nominate begins
        if state.journal is None:
            # the usual case of _begin_round, without its call: the starter holds every chip
            state.actor = starter
            state.turns_left = state.num_players
        else:
            self._begin_round(state, starter)
        return False

    def _begin_round(self, state: GtpagState, starter: int) -> None:
        state.actor = starter
        state.turns_left = state.num_players
        if state.journal is not None:
            narrate.round_start(self, state, starter)
        playable = self.bid_mask if state.phase == P_TIE else self.full_hand
        if not state.hand[starter] & playable:
            if state.journal is not None:
                narrate.skipped(state, starter)
            self._advance(state)  # R9, D5: skipped

    def _advance(self, state: GtpagState) -> None:
        """R3, R9: clockwise to the next character with a chip to play, or the round ends."""
        left = state.turns_left - 1
        if left > 0:
            n = state.num_players
            mask = self.bid_mask if state.phase == P_TIE else self.full_hand
            hand = state.hand
            seat = state.actor
            while left > 0:
                seat += 1
                if seat == n:
                    seat = 0
                if hand[seat] & mask:
                    state.turns_left = left
                    state.actor = seat
                    return
                if state.journal is not None:
                    narrate.skipped(state, seat)
                left -= 1
        state.turns_left = 0
        self._end_round(state)

    def _end_round(self, state: GtpagState) -> None:
        if state.phase == P_TIE:
            self._flip(state)
            self._resolve(state)  # R15, D7
            return
        for hand in state.hand:  # a loop, not any(): compiled, a builtin is a generic call
            if hand:  # R10: some chip is still to be played
                state.round += 1
                starter = self.round_starter(state)  # R7, R8, D5
                if state.hand[starter] and state.journal is None:
                    # the usual case of _begin_round, without its call: the starter holds a
                    # chip (in the Bidding, any chip is playable) and nothing is narrated
                    state.actor = starter
                    state.turns_left = state.num_players
                else:
                    self._begin_round(state, starter)
                return
        self._flip(state)  # R10, R11, G14
        self._start_boosting(state)

    def round_starter(self, state: GtpagState) -> int:
        """R7, R8, D5, G4: the nominator of the highest face-up Score; ties: the most recent
        (``_most_recent``: the one whose latest chip came last, the first such in the order
        of play), found in one pass over the Nominations in play."""
        nominators = state.nominators
        if not state.shown:
            # nothing face up: every Nomination in play stands at 0, so the most recent of
            # their nominators begins. The seat of the latest chip is the most recent of all
            # (its turn is the highest): when it nominated one of them, it begins, found
            # without the loop below (the usual case)
            last = state.last_chip
            if last >= 0 and state.active == (1 << len(nominators)) - 1 and last in nominators:
                return last
        last_turn = state.last_turn
        active = self._bits[state.active]
        # nothing face up yet: every Nomination stands at 0
        scores = self._face_up_scores(state) if state.shown else self._no_scores
        first = active[0]
        starter = nominators[first]
        best = scores[first]
        latest = last_turn[starter]
        for j in active:
            score = scores[j]
            if score < best:
                continue
            seat = nominators[j]
            if score > best or last_turn[seat] > latest:
                starter, best, latest = seat, score, last_turn[seat]
        if latest >= 0:
            return starter
        # none of the tied has played a chip (G4): the nearest clockwise, by _most_recent
        return self._most_recent(state, [nominators[j] for j in active if scores[j] == best])

    def _face_up_scores(self, state: GtpagState) -> list[int]:
        """R7, G21: every Nomination's tally of its face-up chips (no Boosts exist yet): the
        Score of their packed counts, as ``_score`` reads a whole pile's from ``state.tally``."""
        counts = [0] * len(state.piles)
        unit = self._unit
        chip_kinds = state.kinds
        for j, chip in state.shown:
            counts[j] += unit[chip_kinds[chip]]
        score_of = self._score_of
        return [score_of[count] for count in counts]

    def _most_recent(self, state: GtpagState, seats: Sequence[int]) -> int:
        """G4: the seat whose latest chip came last (never played: nearest clockwise after the
        latest chip's player)."""
        last_turn = state.last_turn
        best = seats[0]
        for seat in seats[1:]:
            if last_turn[seat] > last_turn[best]:
                best = seat
        if last_turn[best] >= 0:
            return best
        n = state.num_players
        after_last = state.last_chip + 1
        nearest = best
        for seat in seats:  # a loop, not min() with a key: compiled, a lambda costs an object
            if (seat - after_last) % n < (nearest - after_last) % n:
                nearest = seat
        return nearest

    def _flip(self, state: GtpagState) -> None:
        """R11: every chip left on the Nominations turns face up; G10: Smashed chips become
        known by elimination, so they are shown too (sorted, so their order tells nothing)."""
        up = before = state.face_up
        for pile in state.piles:
            for chip in pile:
                up |= 1 << chip
        if state.smashed:
            for chip in state.smashed:
                up |= 1 << chip
            state.smashed = tuple(sorted(state.smashed))
        state.face_up = up
        state.shown = ()  # only the between-rounds tally reads it
        if state.journal is not None:
            narrate.flip(self, state, before)

    def _start_boosting(self, state: GtpagState) -> None:
        """R12, D6: passers Boost in counter-clockwise order from the most recent one."""
        if not state.passed:
            self._resolve(state)
            return
        passers = self._bits[state.passed]  # in seat order
        first = self._most_recent(state, passers)
        # counter-clockwise from the first: the passers from it down to seat 0, then from the
        # highest seat down (slices of the seat-ordered passers, not a loop over the seats)
        at = passers.index(first)
        state.boost_queue = passers[at::-1] + passers[:at:-1]
        state.phase = P_BOOSTING
        if state.journal is not None:
            narrate.boosting(state, state.boost_queue, self._boost_value)
        state.actor = state.boost_queue[0]

    def _next_booster(self, state: GtpagState) -> None:
        state.boost_queue = state.boost_queue[1:]
        if state.boost_queue:
            state.actor = state.boost_queue[0]
        else:
            self._resolve(state)

    def _resolve(self, state: GtpagState) -> None:
        """R13-R15, D7: the highest Score wins; a tie starts a tie round, or ends in a draw."""
        if state.journal is not None:
            narrate.tallies(self, state)
        active = self._bits[state.active]
        scores: list[int] = []
        best = winner = -1
        ties = 0  # Nominations at the best Score besides the first found
        score_of = self._score_of
        counts = state.tally
        for j in active:  # one pass instead of max(), count() and index()
            score = score_of[counts[j]]  # _score, without its call
            scores.append(score)
            if winner < 0 or score > best:
                best, winner, ties = score, j, 0
            elif score == best:
                ties += 1
        if not ties:
            after = f" after {_rounds(state.tie_round)}" if state.tie_round else ""
            title = self.titles[state.titles[winner]]
            self._finish(state, winner, f"{title} picked with a Score of {best}{after}")
            return
        tied = [j for j, score in zip(active, scores, strict=True) if score == best]
        state.tie_history += (tuple(zip(active, scores, strict=True)),)
        state.tie_flips += (tuple(map(tuple, state.piles)),)
        state.tie_boosts += (tuple(map(tuple, state.boosts)),)
        if state.journal is not None:
            narrate.tie(self, state, tied, best)
        if state.tie_round >= self._max_tie_rounds:
            j = tied[state.rng.randbelow(len(tied))]
            state.drawn = True
            title = self.titles[state.titles[j]]
            self._finish(
                state,
                j,
                f"{title} picked by a random draw among the tied after "
                f"{_rounds(state.tie_round)} (D7)",
            )
            return
        self._start_tie_round(state, tied)

    def _start_tie_round(self, state: GtpagState, tied: list[int]) -> None:
        """R15, D7: chips go home (Smashed ones stay out), the others leave, one round."""
        state.tie_round += 1
        per_seat = self.per_seat
        hand = state.hand
        back = 0
        going_home = [chip for pile in state.piles for chip in pile]
        going_home += state.used
        for chip in going_home:
            seat, slot = divmod(chip, per_seat)
            hand[seat] |= 1 << slot
            back |= 1 << chip
        # G3: back in a hand, a chip is one of the hand's chips again: nobody tracks it
        state.face_up &= ~back
        state.shown = ()
        state.seen = [mask & ~back for mask in state.seen]
        state.used = ()
        state.piles = [[] for _ in state.piles]
        state.boosts = [[] for _ in state.boosts]
        state.tally = [0] * len(state.tally)
        active = 0
        for j in tied:
            active |= 1 << j
        state.active = active
        state.phase = P_TIE
        self._begin_round(state, state.last_chip if state.last_chip >= 0 else state.start)

    def _finish(self, state: GtpagState, nomination: int, reason: str) -> None:
        state.picked = nomination
        state.phase = P_OVER
        state.end_reason = reason
        state.pending_trait = -1
        state.pending = -1
        state.looked = ()
        state.boost_queue = ()
        if state.journal is not None:
            narrate.end(self, state)

    def _cap(self, state: GtpagState) -> None:
        """G18: scored as at the normal end (every chip tallied), marked capped."""
        state.capped = True
        if state.journal is not None:
            narrate.capped(state, self._max_actions)
        if not state.titles:
            state.phase = P_OVER
            state.end_reason = "safety cap reached before any Nomination: nothing picked"
            if state.journal is not None:
                narrate.end(self, state)
            return
        self._flip(state)
        if state.journal is not None:
            narrate.tallies(self, state)
        scores = [(j, self._score(state, j)) for j in self._active(state)]
        best = max(score for _, score in scores)
        tied = [j for j, score in scores if score == best]
        j = tied[state.rng.randbelow(len(tied))] if len(tied) > 1 else tied[0]
        title = self.titles[state.titles[j]]
        self._finish(state, j, f"safety cap reached; {title} picked with a Score of {best}")

    # -- the tally ------------------------------------------------------------------------------
    def tally(self, state: GtpagState, nomination: int, *, face_up_only: bool = False) -> Tally:
        """R13, D1, D2.3-D2.5: values, then Inverts (unless a House Rule), then Hype and
        Boosts. ``face_up_only``: the between-rounds tally of R7, D5."""
        up = state.face_up
        chip_kinds = state.kinds
        kind_value, kind_invert = self._kind_value, self._kind_invert
        kind_bonus, kind_house = self._kind_bonus, self._kind_house
        values = inverts = bonus = house_rule = 0
        for chip in state.piles[nomination]:
            if face_up_only and not up >> chip & 1:
                continue
            kind = chip_kinds[chip]
            values += kind_value[kind]
            inverts += kind_invert[kind]
            bonus += kind_bonus[kind]
            house_rule |= kind_house[kind]
        if house_rule:
            inverts = 0
        boosts = self._boost_value * len(state.boosts[nomination])
        score = (-values if inverts & 1 else values) + bonus + boosts
        return Tally(values, inverts, bool(house_rule), bonus, boosts, score)

    def _score(self, state: GtpagState, nomination: int) -> int:
        """The Score of ``tally``, fast: the Nomination's packed counts, which ``apply`` keeps
        in ``state.tally`` (M1), and the Score of those counts, reckoned once per game instance
        (playtest.Tallies). Read, not counted afresh from the pile (issue 16: the count was
        2% of a 2-player match's instructions), so a state built other than by ``apply`` must
        have its counts set (``recount_tally``; ``determinize`` does)."""
        return self._score_of[state.tally[nomination]]

    # -- the result -----------------------------------------------------------------------------
    def picked_title(self, state: GtpagState) -> str | None:
        return self.titles[state.titles[state.picked]] if state.picked >= 0 else None

    def outcome(self, state: GtpagState) -> Outcome | None:
        """D3, G16: a seat's result is its preference for the picked game; it wins if that
        game is (one of) its favourites."""
        if state.phase != P_OVER:
            return None
        n = state.num_players
        if state.picked < 0:
            return Outcome(
                scores=(0.0,) * n, winners=(), reason=state.end_reason, capped=state.capped
            )
        title = state.titles[state.picked]
        prefs = state.prefs
        return Outcome(
            scores=tuple(prefs[s][title] for s in range(n)),
            winners=tuple(s for s in range(n) if prefs[s][title] == max(prefs[s])),
            reason=state.end_reason,
            capped=state.capped,
        )

    # -- what the playtest lab measures (RULES.md M1-M3; playtest.py) --------------------------
    def standings(self, state: GtpagState) -> tuple[float, ...]:
        # a method, not ``standings = playtest.standings``: compiled classes bind no function
        # stored as a class attribute
        return playtest.standings(self, state)

    def component_uses(
        self, state: GtpagState, player: int, action: Action
    ) -> tuple[tuple[int, str], ...]:
        return playtest.component_uses(self, state, player, action)

    def rounds_played(self, state: GtpagState) -> int:
        return playtest.rounds_played(state)

    @property
    def component_names(self) -> playtest.ComponentNames:
        """The names ``component_uses`` gives (M2), built on first use (kept in a slot: a
        ``cached_property`` would write the instance dict, see ``__slots__``)."""
        names = self._component_names
        if names is None:
            names = self._component_names = playtest.ComponentNames(self.labels)
        return names

    def recount_tally(self, state: GtpagState) -> None:
        """Set ``state.tally`` (M1) from the Nominations, for a state not built by ``apply``."""
        state.tally = self.tallies.count(state)

    # -- views, notation, checks ------------------------------------------------------------------
    def view(self, state: GtpagState, player: int | None) -> View:
        return views.view(self, state, player)

    def determinize(self, view: View, player: int, rng: Rng) -> GtpagState:
        return views.determinize(self, view, player, rng)

    def mend(self, state: GtpagState, view: View, player: int, rng: Rng) -> GtpagState:
        return views.mend(self, state, view, player, rng)

    def hidden(self, state: GtpagState, player: int) -> Hashable:
        return views.hidden(self, state, player)

    def parse_action(self, text: str) -> Action:
        return self.book.parse(text)

    def public_action(self, state: GtpagState, player: int, action: Action) -> str:
        """R5, G19: a Bid chip is played face down: the table sees where, not which."""
        if action.kind == K_BID:
            return f"bid a chip n{action.b + 1}"
        return str(action)

    def reveals(self, state: GtpagState, player: int, action: Action) -> str | None:
        """The rules of RULES.md "Reveals": D2.1 (Spotlight) and D2.6 (Scout) on a chip the
        seat does not know, G18 (the safety cap flips every chip), R11 (the last chip flips
        every chip), G17 (a random draw among the tied), G16 (the end announces every seat's
        preference for the picked game)."""
        kind = action.kind
        if kind in (K_SPOTLIGHT, K_SCOUT) and action.a >= 0:
            chip = state.piles[action.a][action.b]
            known = state.face_up | state.seen[player]
            if chip // self.per_seat != player and not known >> chip & 1:
                return "D2.1" if kind == K_SPOTLIGHT else "D2.6"
        after = state.clone()
        self.apply(after, player, action)
        if after.capped and not state.capped:
            return "G18"
        if state.phase in (P_BIDDING, P_TRAIT, P_TIE) and (
            after.phase in (P_BOOSTING, P_OVER) or after.tie_round != state.tie_round
        ):
            return "R11"  # the Bidding (or a tie round) is over: every chip is flipped
        if after.drawn and not state.drawn:
            return "G17"
        return "G16" if after.phase == P_OVER else None  # every preference for the pick told

    def explain_illegal(self, state: GtpagState, player: int, action: Action) -> str:
        return explain(self, state, player, action)

    def chip_text(self, state: GtpagState, chip: int) -> str:
        """A chip's name as a component: its character and its kind (``Red +2``)."""
        seat = chip // self.per_seat
        name = self.params.character_names[state.chars[seat]]
        return f"{name} {self.kind_name(state.kinds[chip])}"

    def kind_name(self, kind: int) -> str:
        return self.labels[kind] if kind < TRAIT_BASE else TRAIT_NAMES[kind - TRAIT_BASE]

    def components(self, state: GtpagState) -> list[str]:
        chips: list[int] = []
        for seat in range(state.num_players):
            hand = state.hand[seat]
            chips += [seat * self.per_seat + s for s in range(self.per_seat) if hand >> s & 1]
        for pile in state.piles:
            chips += pile
        chips += [*state.used, *state.smashed]
        names = self.params.character_names
        markers = [s for boosts in state.boosts for s in boosts]  # G5: Character chips
        markers += [s for s in range(state.num_players) if s not in markers]
        return sorted(self.chip_text(state, chip) for chip in chips) + sorted(
            f"{names[state.chars[s]]} Character chip" for s in markers
        )


def _rounds(count: int) -> str:
    return f"{count} tie round{'s' if count != 1 else ''}"
