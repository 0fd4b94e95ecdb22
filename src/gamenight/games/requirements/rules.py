"""The rules of A Game of Requirements: setup, legal actions, their effects, scoring.

Rule numbers (R…, D…, G…) refer to RULES.md beside this file.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import cached_property
from typing import ClassVar, Final, TypeVar

from gamenight.core.game import Game, GameSpec, Outcome, Variant, View, winners_by_score
from gamenight.core.journal import Journal
from gamenight.core.rng import Rng
from gamenight.games.requirements import actions as kinds
from gamenight.games.requirements import narrate, playtest, views
from gamenight.games.requirements import state as phases
from gamenight.games.requirements.actions import Action, ActionBook
from gamenight.games.requirements.chance import SetupDraws
from gamenight.games.requirements.explain import explain
from gamenight.games.requirements.params import RequirementsParams
from gamenight.games.requirements.payment import route_state, shared_picks
from gamenight.games.requirements.state import (
    TRAIT_BITS,
    TRAIT_COUNT,
    RequirementsState,
    trait_unit,
)

# Final: compiled, each is a C constant instead of a look-up in the module's dict
P_RECEPTIVE: Final = phases.RECEPTIVE
P_PAYING: Final = phases.PAYING
P_PLACING: Final = phases.PLACING
P_BIDDING: Final = phases.BIDDING
P_CLAIMING: Final = phases.CLAIMING
P_CHALLENGE: Final = phases.CHALLENGE
P_PROOF: Final = phases.PROOF
P_TAKING: Final = phases.TAKING
P_SPECTACLE: Final = phases.SPECTACLE
P_OVER: Final = phases.OVER
K_PASS: Final = kinds.PASS
K_PAY: Final = kinds.PAY
K_PLACE: Final = kinds.PLACE
K_BID_RESERVE: Final = kinds.BID_RESERVE
K_BID_POOL: Final = kinds.BID_POOL
K_DECLINE: Final = kinds.DECLINE
K_CLAIM: Final = kinds.CLAIM
K_NO_CLAIM: Final = kinds.NO_CLAIM
K_CHALLENGE: Final = kinds.CHALLENGE
K_ACCEPT: Final = kinds.ACCEPT
K_PROVE: Final = kinds.PROVE
K_CONCEDE: Final = kinds.CONCEDE
K_TAKE: Final = kinds.TAKE
K_SPECTACLE: Final = kinds.SPECTACLE
K_DONE: Final = kinds.DONE

FAILURES = phases.FAILURES
STACK_EMPTY = phases.STACK_EMPTY
CAPPED = phases.CAPPED

TRAIT_KEY_SHIFT: Final = 4  # a trait (at most 16) fits below this many bits

T = TypeVar("T")

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # the decorator only speaks to the compiler: a pure install can do without

    def mypyc_attr(*_attrs: str, **_options: object) -> Callable[[T], T]:
        return lambda cls: cls


FLIP_CHUNK: Final = 7
"""Coins whose sides one look-up settles in setup (``sides_by_flips``: tables of 2**7)."""
FLIP_MASK: Final = (1 << FLIP_CHUNK) - 1

Sides = tuple[tuple[int, ...], tuple[int, ...]]


def sides_by_flips(pairs: tuple[tuple[int, int], ...]) -> tuple[tuple[Sides, ...], ...]:
    """D1's coin sides, ``FLIP_CHUNK`` coins at a time (setup then costs a few look-ups, not a
    step per coin): for each chunk of coins in order, indexed by the chunk's flips (bit k set:
    its coin k lands high side up), the up sides and the down sides of its coins."""
    tables = []
    for start in range(0, len(pairs), FLIP_CHUNK):
        chunk = pairs[start : start + FLIP_CHUNK]
        table = []
        for flips in range(1 << len(chunk)):
            flipped = [flips >> k & 1 for k in range(len(chunk))]
            up = tuple(pair[flip] for pair, flip in zip(chunk, flipped, strict=True))
            down = tuple(pair[1 - flip] for pair, flip in zip(chunk, flipped, strict=True))
            table.append((up, down))
        tables.append(tuple(table))
    return tuple(tables)


# Tests and designers' variants subclass the game in plain Python (compiled, it must say so).
@mypyc_attr(allow_interpreted_subclasses=True)
class RequirementsGame(Game[RequirementsState, Action, RequirementsParams]):
    spec: ClassVar[GameSpec] = GameSpec(
        name="requirements",
        title="A Game of Requirements",
        player_counts=(2,),
        version="1",
        summary="Two-player bluffing and push-your-luck: meet Requirements, or lie about it.",
        variants=(
            Variant(
                "no-doubles",
                "tiles and coins without same-trait pairs (21 of each)",
                {"doubles": False},
            ),
            Variant(
                "long",
                "the game ends only at the seventh failed Requirement",
                {"failure_limit": 7},
            ),
        ),
        aliases=("agor", "game-of-requirements", "a-game-of-requirements"),
    )

    def __init__(self, params: RequirementsParams | None = None) -> None:
        super().__init__(params)
        p = self.params
        self.pairs = p.pairs
        self.num_traits = len(p.traits)
        self.book = ActionBook(p.traits, max_position=len(self.pairs))
        # At most 29 attributes in all (tests/games/requirements/test_requirements_speed.py):
        # CPython 3.11 then keeps them inline, where loading a method of the game (every
        # to_act, legal_actions, apply) is specialized; from 30 on they go to a dict, and
        # those loads stay slow.
        self._pass = self.book.simple[K_PASS]
        self._decline = self.book.simple[K_DECLINE]
        self._claim_choice = [self.book.simple[K_CLAIM], self.book.simple[K_NO_CLAIM]]
        self._challenge_choice = [
            self.book.simple[K_CHALLENGE],
            self.book.simple[K_ACCEPT],
        ]
        self._prove = self.book.simple[K_PROVE]
        self._concede = self.book.simple[K_CONCEDE]
        self._done = self.book.simple[K_DONE]
        self._bid_reserve = self.book.positional[K_BID_RESERVE]
        self._pay_at = self.book.positional[K_PAY]
        self._place_at = self.book.positional[K_PLACE]
        self._take_at = self.book.positional[K_TAKE]
        self._spectacle_at = self.book.positional[K_SPECTACLE]
        self._pool_bids = self.book.pool_bids
        # tile or coin (pair) -> its traits as a bit mask: two pairs share a trait when their
        # masks meet
        self._pair_traits = tuple((1 << low) | (1 << high) for low, high in self.pairs)
        # requirement -> the bits of its traits in a packed count (state.shown_code): a reserve
        # holds a coin that may be bid (D5) when its packed count has any of them
        self._needed_bits = tuple(
            (TRAIT_COUNT << TRAIT_BITS * low) | (TRAIT_COUNT << TRAIT_BITS * high)
            for low, high in self.pairs
        )
        # trait -> one coin showing it, in a packed count (state.shown_code)
        self._trait_units = tuple(trait_unit(t) for t in range(self.num_traits))
        self._picks = shared_picks(
            self.pairs, self.num_traits, p.matching_substitute, p.distinct_substitute
        )
        self._max_actions = p.max_actions
        self._numbered = list(range(len(self.pairs)))  # the tiles (or coins) before a shuffle
        self._sides_by_flips = sides_by_flips(self.pairs)
        # new_state's draws in one planned pass (chance.py), where the plan can hold them
        count = len(self.pairs)
        self._draws = SetupDraws(count, p.first_player is None) if SetupDraws.fits(count) else None
        self._actors = ((0,), (1,))
        self.read_views = views.ReadViews()  # determinize's reading of the last view
        # trait -> the coins (pairs) that can show it, in increasing order (determinize)
        self.coins_showing = tuple(
            tuple(c for c, pair in enumerate(self.pairs) if trait in pair)
            for trait in range(self.num_traits)
        )

    @classmethod
    def default_params(cls) -> RequirementsParams:
        return RequirementsParams()

    # -- setup ------------------------------------------------------------------------------
    def new_state(self, num_players: int, seed: int) -> RequirementsState:
        self.check_player_count(num_players)
        rng = Rng(seed)
        state = RequirementsState(num_players, rng)
        tiles = self._numbered[:]
        order = self._numbered[:]
        first = self.params.first_player
        if self._draws is None:  # too many tiles for a plan: the generator's own calls
            rng.shuffle(tiles)  # R1
            flips = rng.bits(len(self.pairs))  # D1: every coin lands with a random side up
            rng.shuffle(order)  # D1: each Pool stack in random order
            drawn = rng.randbelow(2) if first is None else -1  # D2
        else:  # the same draws, at once (chance.py)
            flips, drawn = self._draws.draw(rng, tiles, order)
        state.stack = tiles
        up: tuple[int, ...] = ()
        down: tuple[int, ...] = ()
        for table in self._sides_by_flips:
            chunk_up, chunk_down = table[flips & FLIP_MASK]
            up += chunk_up
            down += chunk_down
            flips >>= FLIP_CHUNK
        state.coin_up, state.coin_down = up, down
        pool: list[list[int]] = [[] for _ in range(self.num_traits)]
        for coin in order:
            pool[up[coin]].append(coin)
        state.pool = pool
        state.first = drawn if first is None else first  # D2
        self.start_round(state)
        return state

    def start_journal(self, state: RequirementsState) -> Journal:
        """Narrate from here on, telling the setup first (R1-R3, D1, D2, round 1 so far).

        ``new_state`` already turned up the first Requirement and both seats passed, with
        nobody narrating; a fresh table is simple enough to set
        back as it was before round 1 and to start that round once more, narrated. ``state``
        itself is untouched but for its journal.
        """
        journal = super().start_journal(state)
        table = self._table_before_round_one(state)
        if table is None:  # not a fresh table (a position built by hand): say where it is
            journal.header(f"Round {state.round}: the match is narrated from here.")
            return journal
        table.journal = journal
        narrate.setup(journal, self, table)
        self.start_round(table)
        return journal

    def _table_before_round_one(self, state: RequirementsState) -> RequirementsState | None:
        """The table ``new_state`` dealt before round 1, or None if ``state`` is not fresh.

        A fresh table is always in round 1: Reserves start empty (R3), so both seats pass
        (G2), and the Pool holds the coin of the Requirement's own pair (C2, C3), which shows
        one of its traits, so the first player can bid (D5).
        """
        if state.steps or state.round != 1 or state.phase == P_OVER:
            return None
        table = state.clone()
        table.stack.append(state.requirement)
        table.requirement = -1
        table.round = 0
        table.phase = P_RECEPTIVE
        table.declines = 0
        replayed = table.clone()
        self.start_round(replayed)
        if replayed.to_dict() != state.to_dict():  # e.g. a position built by hand
            return None
        return table

    # -- whose turn, what is legal -------------------------------------------------------------
    def to_act(self, state: RequirementsState) -> tuple[int, ...]:
        # shared one-seat tuples: the hot loop asks this before every action
        return () if state.phase == P_OVER else self._actors[state.actor]

    def legal_actions(self, state: RequirementsState, player: int) -> list[Action]:
        if player != state.actor:
            return []
        phase = state.phase  # the phases most often met in playouts first
        if phase == P_BIDDING:  # D5: decline, own reserve coins and Pool stack tops showing a
            # required trait (written out, not a call: a third of all actions are bids)
            requirement = state.requirement
            low, high = self.pairs[requirement]
            bids = [self._decline]
            if state.reserve_shown[player] & self._needed_bits[requirement]:
                up, at, needed = state.coin_up, self._bid_reserve, self._pair_traits[requirement]
                for i, coin in enumerate(state.reserve[player]):
                    if needed >> up[coin] & 1:
                        bids.append(at[i])
            pool = state.pool
            if pool[low]:
                bids.append(self._pool_bids[low])
            if high != low and pool[high]:
                bids.append(self._pool_bids[high])
            return bids
        if phase == P_CLAIMING:
            return self._claim_choice[:]
        if phase == P_CHALLENGE:
            return self._challenge_choice[:]
        if phase == P_SPECTACLE:  # D8: done, or a bid coin showing the trait of those put
            picks = [self._done]
            at, trait, up = self._spectacle_at, state.spectacle_trait, state.coin_up
            for i, coin in enumerate(state.bid[player]):
                if trait < 0 or up[coin] == trait:
                    picks.append(at[i])
            return picks
        if phase == P_PAYING:
            return self._payment_picks(state, player)
        if phase == P_PROOF:  # G1: the claimant looked at the coin, so this is its own view
            coin = state.bid[player][-1]
            return [self._prove, self._concede] if coin == state.requirement else [self._concede]
        if phase == P_RECEPTIVE:
            return [self._pass, *self._payment_picks(state, player)]
        if phase == P_PLACING:
            # the candidates (see candidates), written out in a loop (see _payment_picks)
            at, traits = self._place_at, self._pair_traits
            needed = traits[state.requirement]
            places = []
            for j, tiles in enumerate(state.acc_tiles[player]):
                if traits[tiles[-1]] & needed:
                    places.append(at[j])
            return places
        if phase == P_TAKING:
            return list(self._take_at[: len(state.bid[1 - player])])
        return []

    def _payment_picks(self, state: RequirementsState, player: int) -> list[Action]:
        """D3, G3: the reserve coins not yet picked whose exposed trait may be paid next."""
        reserve, up, at = state.reserve[player], state.coin_up, self._pay_at
        route0, route1 = state.routes  # the second route starts only once the first is paid
        if not route0:
            allowed = self._picks.first(state.requirement, state.reserve_shown[player])
            picked = route0
        else:
            # the traits the next coin may show (written out, not a call: a payment under way
            # asks this before every coin); first the packed counts of the coins in each route
            units = self._trait_units
            paid0 = paid1 = 0
            for i in route0:
                paid0 += units[up[reserve[i]]]
            for i in route1:
                paid1 += units[up[reserve[i]]]
            left = state.reserve_shown[player] - paid0 - paid1
            # a route paid in full plays no further part: its coins are out of what is left
            need = state.need
            allowed = self._picks.later(state.requirement, need, left, paid1 if need else paid0)
            picked = route0 + route1
        # a loop, not a comprehension: over a reserve of a few coins, making the comprehension's
        # function (and cells for the names it reads) costs more than the appends it saves
        picks = []
        for i, coin in enumerate(reserve):
            if allowed >> up[coin] & 1 and i not in picked:
                picks.append(at[i])
        return picks

    def candidates(self, state: RequirementsState, player: int) -> list[int]:
        """D4: Accomplishments whose top tile shares a trait with the tile being won."""
        traits = self._pair_traits
        needed = traits[state.requirement]
        return [j for j, tiles in enumerate(state.acc_tiles[player]) if traits[tiles[-1]] & needed]

    # -- effects --------------------------------------------------------------------------------
    def apply(self, state: RequirementsState, player: int, action: Action) -> None:
        # Each narration below tells the action before its consequences run (they narrate
        # themselves), so the log reads in the order things happened.
        state.steps = steps = state.steps + 1
        kind = action.kind
        journal = state.journal
        # The kinds in three ranges (see actions.Kind), then in each the kinds most often
        # played (random and search playouts) first: a playout's action costs about 3.7 tests
        # of its kind, where one chain cost 5.
        if kind < K_CLAIM:
            if kind == K_BID_POOL:
                coin = state.pool[action.index].pop()
                state.bid[player].append(coin)
                state.seen[player] |= 1 << coin  # G1: the bidder looks at the hidden side
                state.phase = P_CLAIMING
                if journal is not None:
                    narrate.bid_from_pool(journal, self, state, player, coin)
            elif kind == K_DECLINE:
                if journal is not None:
                    narrate.declined(journal, state, player)
                state.declines += 1
                state.actor = 1 - player
                low, high = self.pairs[state.requirement]
                if state.declines < 2 and (state.pool[low] or state.pool[high]):  # as _offer_bid
                    state.phase = P_BIDDING
                else:
                    self._offer_bid(state)
            elif kind == K_PAY:
                self._pay(state, player, action.index)
            elif kind == K_BID_RESERVE:
                coin = state.reserve[player].pop(action.index)
                state.reserve_shown[player] -= self._trait_units[state.coin_up[coin]]
                looked = not state.seen[player] >> coin & 1
                state.bid[player].append(coin)
                state.seen[player] |= 1 << coin  # G1
                state.phase = P_CLAIMING
                if journal is not None:
                    narrate.bid_from_reserve(journal, self, state, player, coin, looked=looked)
            elif kind == K_PLACE:
                if journal is not None:
                    narrate.placed(journal, self, state, player, action.index, forced=False)
                self._place(state, player, action.index)
            elif kind == K_PASS:
                if journal is not None:
                    narrate.passed(journal, state, player)
                self._next_receptive(state)
        elif kind < K_PROVE:
            if kind == K_CLAIM:
                if journal is not None:
                    narrate.claim(journal, self, state, player)
                state.claimant = player
                state.actor = 1 - player
                state.phase = P_CHALLENGE
            elif kind == K_NO_CLAIM:
                if journal is not None:
                    narrate.no_claim(journal, state, player)
                state.declines = 0
                state.actor = 1 - player
                low, high = self.pairs[state.requirement]
                if state.pool[low] or state.pool[high]:  # D5: the next seat can bid (_offer_bid)
                    state.phase = P_BIDDING
                else:
                    self._offer_bid(state)
            elif kind == K_CHALLENGE:
                if journal is not None:
                    narrate.challenged(journal, state, player)
                # R14, D6, G2: the claimant is asked, true claim or not; conceding for a false
                # one at once would tell the challenger what the coin's hidden side is not
                state.actor = state.claimant
                state.phase = P_PROOF
            elif kind == K_ACCEPT:
                if journal is not None:
                    narrate.accepted(journal, self, state, player)
                state.winner = state.claimant
                self._grow_accomplishment(state, state.claimant)  # R15a, R15b
        else:
            if kind == K_CONCEDE:
                self._resolve_challenge(state, False)
            elif kind == K_SPECTACLE:
                coin = state.bid[player].pop(action.index)
                state.acc_coins[player][state.target].append(coin)
                state.add_score(player, len(state.acc_tiles[player][state.target]))  # R17
                up = state.coin_up
                trait = state.spectacle_trait = up[coin]
                if journal is not None:
                    narrate.spectacle(journal, self, state, player, coin)
                for other in state.bid[player]:
                    if up[other] == trait:
                        break  # D8: another coin can be added
                else:
                    if journal is not None:
                        narrate.spectacle_done(journal, self, state, player, forced=True)
                    self._settle_bids(state)  # G2: nothing more can be added
            elif kind == K_DONE:
                if journal is not None:
                    narrate.spectacle_done(journal, self, state, player, forced=False)
                self._settle_bids(state)
            elif kind == K_TAKE:
                if journal is not None:
                    coin = state.bid[1 - player][action.index]
                    narrate.took(journal, self, state, player, coin, forced=False)
                self._take(state, action.index)
            elif kind == K_PROVE:
                self._resolve_challenge(state, True)
        if steps >= self._max_actions and state.phase != P_OVER:
            self._end_game(state, CAPPED)

    def start_round(self, state: RequirementsState) -> None:
        """Turn up the next Requirement and offer it (R9, R10); also for positions built by hand."""
        state.round += 1
        state.requirement = state.stack.pop()  # R9
        state.actor = state.first
        state.need = 0
        if state.routes[0] or state.routes[1]:  # in play a payment leaves them empty (_pay)
            state.routes = [[], []]
        if state.journal is not None:
            narrate.round_start(state.journal, self, state)
        self._offer_meeting(state)

    def _offer_meeting(self, state: RequirementsState) -> None:
        """R10: the actor may meet the Requirement; one who cannot passes at once (G2), and so
        may the second player after them (a loop, not calls: this runs twice a round)."""
        picks = self._picks
        requirement = state.requirement
        two_coins = picks.two_coins[requirement]
        while True:
            actor = state.actor
            # every payment takes at least two coins: a shorter reserve is not asked (often,
            # early), nor is one of two where only one pair of coins can pay (most often: see
            # PaymentPicks.two_coins); a payment can be made whole exactly when it can be
            # begun (payment.py)
            coins = len(state.reserve[actor])
            if coins >= 2:
                left = state.reserve_shown[actor]
                if coins == 2 and two_coins >= 0:
                    can = left == two_coins
                else:
                    can = picks.first(requirement, left) != 0
                if can:
                    state.phase = P_RECEPTIVE
                    return
            if state.journal is not None:
                narrate.cannot_meet(state.journal, self, state)
            if actor != state.first:
                break
            state.actor = 1 - actor  # R10b: the second player's chance
        self._open_bidding(state)

    def _next_receptive(self, state: RequirementsState) -> None:
        if state.actor == state.first:  # R10b: the second player's chance
            state.actor = 1 - state.first
            self._offer_meeting(state)
        else:
            self._open_bidding(state)

    def _open_bidding(self, state: RequirementsState) -> None:
        """R10c: neither met the Requirement."""
        state.phase = P_BIDDING
        state.actor = state.first  # R12, D5: the first player bids first
        state.declines = 0
        if state.journal is not None:
            narrate.deceptive_phase(state.journal, self, state)
        low, high = self.pairs[state.requirement]
        if not (state.pool[low] or state.pool[high]):  # else D5: the first player can bid
            self._offer_bid(state)

    def _offer_bid(self, state: RequirementsState) -> None:
        """R12, R13: a player who cannot bid declines at once (G2); two in a row fail it."""
        requirement = state.requirement
        low, high = self.pairs[requirement]
        pool = state.pool
        while state.declines < 2:
            # D5: a coin of the Pool or of the actor's reserve showing a required trait
            # (written out, not a call: this runs after every decline)
            if pool[low] or pool[high]:
                state.phase = P_BIDDING
                return
            if state.reserve_shown[state.actor] & self._needed_bits[requirement]:
                state.phase = P_BIDDING
                return
            if state.journal is not None:
                narrate.cannot_bid(state.journal, self, state)
            state.declines += 1
            state.actor = 1 - state.actor
        self._fail(state)

    def _pay(self, state: RequirementsState, player: int, position: int) -> None:
        first = state.phase == P_RECEPTIVE  # G3: the first coin paid is meeting it
        route = state.routes[state.need]
        route.append(position)
        state.phase = P_PAYING
        up, reserve, units = state.coin_up, state.reserve[player], self._trait_units
        need = self.pairs[state.requirement][state.need]
        key = need  # the need, and above it the route's traits as a packed count
        for i in route:
            key += units[up[reserve[i]]] << TRAIT_KEY_SHIFT
        picks = self._picks
        complete = picks.route_complete.get(key)
        if complete is None:
            traits = tuple(sorted([up[reserve[i]] for i in route]))
            complete = route_state(traits, need, picks.matching, picks.distinct) == 1
            picks.route_complete[key] = complete
        if state.journal is not None:
            self._narrate_payment(state.journal, state, player, position, first, complete)
        if not complete:
            return
        if state.need == 0:
            state.need = 1
            return
        paid = [*state.routes[0], *state.routes[1]]
        # loops, not comprehensions (see _payment_picks)
        discard, shown = state.discard, state.reserve_shown[player]
        for i in paid:
            coin = reserve[i]
            discard.append(coin)  # D3: same side up
            shown -= units[up[coin]]
        state.reserve_shown[player] = shown
        kept = []
        for i, coin in enumerate(reserve):
            if i not in paid:
                kept.append(coin)
        state.reserve[player] = kept
        state.routes = [[], []]
        state.need = 0
        self._grow_accomplishment(state, player)

    def _narrate_payment(
        self,
        journal: Journal,
        state: RequirementsState,
        player: int,
        position: int,
        first: bool,
        complete: bool,
    ) -> None:
        reserve = state.reserve[player]
        whole = complete and state.need == 1
        narrate.paid(
            journal,
            self,
            state,
            player,
            reserve[position],
            need=self.pairs[state.requirement][state.need],
            first=first,
            paid_coins=[reserve[i] for i in (*state.routes[0], *state.routes[1])] if whole else [],
        )

    def _grow_accomplishment(self, state: RequirementsState, player: int) -> None:
        """R11, R15b, D4: the tile joins a matching Accomplishment, or starts one."""
        # the candidates (see candidates), written out: the first, and whether there are more
        traits = self._pair_traits
        needed = traits[state.requirement]
        stacks = state.acc_tiles[player]
        found = -1
        for j, tiles in enumerate(stacks):
            if traits[tiles[-1]] & needed:
                if found >= 0:  # a choice
                    state.phase = P_PLACING
                    state.actor = player
                    return
                found = j
        if found < 0:
            found = len(stacks)
            stacks.append([])
            state.acc_coins[player].append([])
        if state.journal is not None:
            narrate.placed(state.journal, self, state, player, found, forced=True)
        self._place(state, player, found)

    def _place(self, state: RequirementsState, player: int, index: int) -> None:
        state.acc_tiles[player][index].append(state.requirement)
        spectacle = len(state.acc_coins[player][index])
        if spectacle:  # R17: one more Greatness for every coin of Spectacle there
            state.add_score(player, spectacle)
        state.requirement = -1
        state.target = index
        if state.winner < 0:  # met in the Receptive phase: the round is over
            self._end_round(state)
            return
        state.actor = player
        state.spectacle_trait = -1
        if state.bid[player]:
            state.phase = P_SPECTACLE  # R15c
        else:
            self._settle_bids(state)

    def _resolve_challenge(self, state: RequirementsState, proven: bool) -> None:
        """R14, D6: the prover (or, if the claimant declines, the challenger) takes a coin."""
        claimant = state.claimant
        journal = state.journal
        if proven:
            state.proven |= 1 << state.bid[claimant][-1]  # D7
            state.winner = claimant
            if journal is not None:
                narrate.proved(journal, self, state, claimant)
        else:
            state.winner = 1 - claimant
            if journal is not None:
                narrate.conceded(journal, self, state, claimant)
        victim_bid = state.bid[1 - state.winner]
        state.actor = state.winner
        if len(victim_bid) > 1:
            state.phase = P_TAKING
        elif victim_bid:
            if journal is not None:
                narrate.took(journal, self, state, state.winner, victim_bid[0], forced=True)
            self._take(state, 0)  # G2: only one coin to take
        else:
            if journal is not None:
                narrate.nothing_to_take(journal, state, state.winner)
            self._grow_accomplishment(state, state.winner)  # D6: nothing to take; R15a, R15b

    def _take(self, state: RequirementsState, index: int) -> None:
        winner = state.winner
        coin = state.bid[1 - winner].pop(index)
        state.reserve[winner].append(coin)
        state.reserve_shown[winner] += self._trait_units[state.coin_up[coin]]
        self._grow_accomplishment(state, winner)  # R15a, R15b

    def _settle_bids(self, state: RequirementsState) -> None:
        """R15d, R15e: what is left of both bids goes to their owners' reserves."""
        if state.journal is not None:
            narrate.bids_returned(state.journal, self, state)
        up, units = state.coin_up, self._trait_units
        bids, shown = state.bid, state.reserve_shown
        for seat, coins in enumerate(bids):
            if coins:  # often empty: spent on the Spectacle, or taken
                code = shown[seat]
                for coin in coins:
                    code += units[up[coin]]
                shown[seat] = code
                state.reserve[seat] += coins
                bids[seat] = []
        self._end_round(state)

    def _fail(self, state: RequirementsState) -> None:
        """R13: the tile goes to the failure pile; bids stay where they are."""
        state.failed.append(state.requirement)
        state.requirement = -1
        if state.journal is not None:
            narrate.failed(state.journal, self, state)
        if len(state.failed) >= self.params.failure_limit:
            self._end_game(state, FAILURES)  # R16
        else:
            self._end_round(state)

    def _end_round(self, state: RequirementsState) -> None:
        state.winner = state.claimant = state.target = state.spectacle_trait = -1
        state.first = 1 - state.first  # R8, D2
        if not state.stack:
            self._end_game(state, STACK_EMPTY)  # D9
        else:
            self.start_round(state)

    def _end_game(self, state: RequirementsState, reason: str) -> None:
        state.phase = P_OVER
        state.end_reason = reason
        if state.journal is not None:
            narrate.game_over(state.journal, self, state)

    # -- scoring --------------------------------------------------------------------------------
    def scores(self, state: RequirementsState) -> tuple[int, ...]:
        """R17: the sum of Greatness x Spectacle over a player's Accomplishments."""
        return tuple(
            sum(
                len(tiles) * len(coins)
                for tiles, coins in zip(tile_stacks, coin_stacks, strict=True)
            )
            for tile_stacks, coin_stacks in zip(state.acc_tiles, state.acc_coins, strict=True)
        )

    def outcome(self, state: RequirementsState) -> Outcome | None:
        if state.phase != P_OVER:
            return None
        scores = self.scores(state)
        return Outcome(
            scores=tuple(float(s) for s in scores),
            winners=winners_by_score(scores, tie_means_no_winner=True),  # R18
            reason=state.end_reason,
            capped=state.end_reason == CAPPED,
        )

    # -- what the playtest lab measures (RULES.md M1-M3; playtest.py) ----------------------------
    def standings(self, state: RequirementsState) -> tuple[float, ...]:
        return playtest.standings(state)

    def component_uses(
        self, state: RequirementsState, player: int, action: Action
    ) -> tuple[tuple[int, str], ...]:
        return playtest.component_uses(self, state, player, action)

    def rounds_played(self, state: RequirementsState) -> int:
        return playtest.rounds_played(state)

    @cached_property
    def component_names(self) -> playtest.ComponentNames:
        """The names ``component_uses`` gives (M2), built on first use."""
        return playtest.ComponentNames(self.params)

    # -- views, notation, checks ------------------------------------------------------------------
    def view(self, state: RequirementsState, player: int | None) -> View:
        return views.view(self, state, player)

    def determinize(self, view: View, player: int, rng: Rng) -> RequirementsState:
        return views.determinize(self, view, player, rng)

    def redraw_unseen(
        self, state: RequirementsState, view: View, player: int, rng: Rng
    ) -> RequirementsState | None:
        return views.redraw_unseen(self, state, view, player, rng)

    def mend(
        self, state: RequirementsState, view: View, player: int, rng: Rng
    ) -> RequirementsState:
        return views.mend(self, state, view, player, rng)

    def parse_action(self, text: str) -> Action:
        return self.book.parse(text)

    def components(self, state: RequirementsState) -> list[str]:
        tiles = [*state.stack, *state.failed]
        if state.requirement >= 0:
            tiles.append(state.requirement)
        coins = [*state.discard]
        for seat in range(state.num_players):
            coins += state.reserve[seat] + state.bid[seat]
            for stack in state.acc_tiles[seat]:
                tiles += stack
            for stack in state.acc_coins[seat]:
                coins += stack
        for stack in state.pool:
            coins += stack
        return sorted(f"tile {t}" for t in tiles) + sorted(f"coin {c}" for c in coins)

    def hidden(self, state: RequirementsState, player: int) -> Hashable:
        return views.hidden(self, state, player)

    def reveals(self, state: RequirementsState, player: int, action: Action) -> str | None:
        """The rules of RULES.md "Reveals": G1 (a bid coin not yet looked at), R9 (a round
        ends and the next Requirement is turned up)."""
        kind = action.kind
        coin = -1
        if kind == K_BID_POOL:
            coin = state.pool[action.index][-1]
        elif kind == K_BID_RESERVE:
            coin = state.reserve[player][action.index]
        if coin >= 0 and not (state.seen[player] | state.proven) >> coin & 1:
            return "G1"
        after = state.clone()
        self.apply(after, player, action)
        return "R9" if after.round != state.round else None

    def explain_illegal(self, state: RequirementsState, player: int, action: Action) -> str:
        return explain(self, state, player, action)
