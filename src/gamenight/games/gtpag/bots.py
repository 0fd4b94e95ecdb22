"""A heuristic bot for Game to Pick a Game. It reads only its view and plays for its
preferences.

- Nominations: nominate its favourite if nobody has; if someone has, pass, which keeps a Boost
  for the end (R12), when every chip is face up.
- Every other decision is scored by sampling: the bot deals the chips it cannot see (each
  character's Bid chips not accounted for, as ``determinize`` does), lets the others play what
  is left in their hands at random, lets the other passers Boost at random, and keeps its own
  Boost (if it has one) for the best moment. An action's worth is the average, over those
  worlds, of its preference for the Nomination that wins (a tie counts as an even draw among
  the tied). Spotlight and Scout change no Score, so they are played when nothing else helps.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from gamenight.bots.base import check_options, option_float
from gamenight.core.game import View
from gamenight.core.registry import PlayoutPolicy
from gamenight.core.rng import Rng
from gamenight.games.gtpag.actions import (
    BID,
    BOOST,
    PLACED_TRAITS,
    Action,
    Kind,
)
from gamenight.games.gtpag.params import (
    HOUSE_RULE,
    HYPE,
    RAID,
    SMASH,
    SWITCHEROO,
    TRAIT_NAMES,
    WARCRY,
)
from gamenight.games.gtpag.rules import MAX_SEATS, TRAIT_BASE, GtpagGame
from gamenight.games.gtpag.state import BIDDING, BOOSTING, NOMINATION, TRAIT, GtpagState

INVERT = "invert"
PLACED = ("House Rule", "Hype", "Warcry")
_PLACED_BY_KIND: dict[int, str] = {
    Kind.HOUSE_RULE: "House Rule",
    Kind.HYPE: "Hype",
    Kind.WARCRY: "Warcry",
}

Parts = list[int]
"""One Nomination's tally parts: [values, inverts, bonus, house rules, boosts]."""


class GtpagHeuristic:
    name = "heuristic"
    needs_view: ClassVar[bool] = True

    def __init__(self, samples: int = 24) -> None:
        self.samples = samples  # worlds dealt per decision

    @classmethod
    def from_options(cls, options: Mapping[str, str]) -> GtpagHeuristic:
        check_options(options, {"samples"}, "heuristic")
        return cls(samples=int(option_float(options, "samples", 24, 1, 1000, "heuristic")))

    def act(self, view: View, legal_actions: Sequence[Action], rng: Rng) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        if view["phase"] == "nomination":
            return _nominate(view, legal_actions)
        model = _Model(view, rng, self.samples)
        best = legal_actions[0]
        best_value = float("-inf")
        for action in legal_actions:
            value = model.value(action)
            if value > best_value + 1e-9:
                best, best_value = action, value
        return best


def _nominate(view: View, legal: Sequence[Action]) -> Action:
    return _nominate_for(view["preferences"], legal)


def _nominate_for(prefs: Sequence[float], legal: Sequence[Action]) -> Action:
    """The favourite if nobody has nominated it; else pass (a Boost kept); else the best."""
    favourite = max(prefs)
    options = [a for a in legal if a.kind == Kind.NOMINATE]
    for action in options:
        if prefs[action.a] == favourite:
            return action
    passing = [a for a in legal if a.kind == Kind.PASS]
    if passing:
        return passing[0]
    return max(options, key=lambda a: prefs[a.a])


def _position(name: str) -> tuple[int, int]:
    nomination, position = name[1:].split(".")
    return int(nomination) - 1, int(position) - 1


class _Model:
    """Sampled worlds of the end of the game, as the bot's view allows."""

    def __init__(self, view: View, rng: Rng, samples: int) -> None:
        self.view = view
        me: int = view["viewer"]
        self.me = me
        values = view["values"]
        self.boost = int(values["boost"])
        self.contrib: dict[str, tuple[int, int, int, int]] = {
            "Warcry": (int(values["warcry"]), 0, 0, 0),
            "Hype": (0, 0, int(values["hype"]), 0),
            "House Rule": (0, 0, 0, 1),
        }
        for label in view["chip_kinds"]:
            self.contrib[label] = (0, 1, 0, 0) if label == INVERT else (int(label), 0, 0, 0)
        library: list[str] = view["library"]
        prefs: list[float] = view["preferences"]
        noms = view["nominations"]
        self.active = [nom["number"] - 1 for nom in noms if nom["active"]]
        self.pref = {nom["number"] - 1: prefs[library.index(nom["title"])] for nom in noms}
        phase = view["phase"]
        self.my_boost = phase in ("bidding", "trait") and view["seats"][me]["passed"]
        self.worlds: list[tuple[dict[int, Parts], dict[tuple[int, int], str]]] = [
            self._deal(rng) for _ in range(samples)
        ]
        self.pending = None
        if view["pending"] is not None and view["pending"]["chip"] is not None:
            self.pending = _position(view["pending"]["chip"])

    def _deal(self, rng: Rng) -> tuple[dict[int, Parts], dict[tuple[int, int], str]]:
        view = self.view
        me = self.me
        seats = view["seats"]
        n = len(seats)
        pools: list[list[str]] = [list(view["bid_set"]) for _ in range(n)]
        unknown: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for nom in view["nominations"]:
            for i, chip in enumerate(nom["chips"]):
                owner, kind = chip["owner"], chip["kind"]
                if kind is None:
                    unknown[owner].append((nom["number"] - 1, i))
                elif kind in pools[owner]:
                    pools[owner].remove(kind)
        for chip in view["smashed"]:
            if chip["kind"] is not None and chip["kind"] in pools[chip["owner"]]:
                pools[chip["owner"]].remove(chip["kind"])
        kinds: dict[tuple[int, int], str] = {}
        hands: list[list[str]] = [[] for _ in range(n)]
        for q in range(n):
            if q == me:
                continue
            pool = pools[q]
            rng.shuffle(pool)
            for place in unknown[q]:
                kinds[place] = pool.pop() if pool else "+0"
            hands[q] = pool[: seats[q]["bid_chips"]]
        parts: dict[int, Parts] = {j: [0, 0, 0, 0, 0] for j in self.active}
        for nom in view["nominations"]:
            j = nom["number"] - 1
            if j not in parts:
                continue
            parts[j][4] = len(nom["boosts"])
            for i, chip in enumerate(nom["chips"]):
                kind = chip["kind"] or kinds[(j, i)]
                kinds[(j, i)] = kind
                _add(parts[j], self._contrib(kind), 1)
        self._future(rng, parts, hands)
        return parts, kinds

    def _contrib(self, kind: str) -> tuple[int, int, int, int]:
        return self.contrib.get(kind, (0, 0, 0, 0))

    def _future(self, rng: Rng, parts: dict[int, Parts], hands: list[list[str]]) -> None:
        """The others' chips still to come and the others' Boosts, played at random."""
        view = self.view
        me = self.me
        seats = view["seats"]
        n = len(seats)
        active = self.active
        phase = view["phase"]
        if phase in ("bidding", "trait"):
            for q in range(n):
                if q == me:
                    continue
                for kind in hands[q]:
                    _add(parts[active[rng.randbelow(len(active))]], self._contrib(kind), 1)
                trait = seats[q]["trait"]
                if seats[q]["trait_in_hand"] and trait in PLACED:
                    _add(parts[active[rng.randbelow(len(active))]], self._contrib(trait), 1)
            boosters = [q for q in range(n) if q != me and seats[q]["passed"]]
        elif phase == "tie":
            for step in range(1, view["turns_left"]):
                q = (me + step) % n
                if hands[q]:
                    kind = hands[q][rng.randbelow(len(hands[q]))]
                    _add(parts[active[rng.randbelow(len(active))]], self._contrib(kind), 1)
            boosters = []
        else:
            boosters = list(view["boost_queue"][1:])
        for _ in boosters:
            choice = rng.randbelow(len(active) + 1)
            if choice < len(active):
                parts[active[choice]][4] += 1

    # -- scoring ------------------------------------------------------------------------------
    def _score(self, part: Parts) -> int:
        values = -part[0] if part[1] & 1 and not part[3] else part[0]
        return values + part[2] + self.boost * part[4]

    def _utility(self, scores: dict[int, int], boost_left: bool) -> float:
        best = self._winner_value(scores)
        if boost_left:
            for j in scores:
                scores[j] += self.boost
                best = max(best, self._winner_value(scores))
                scores[j] -= self.boost
        return best

    def _winner_value(self, scores: dict[int, int]) -> float:
        top = max(scores.values())
        tied = [self.pref[j] for j, score in scores.items() if score == top]
        return sum(tied) / len(tied)

    def _mean(self, change: Any) -> float:
        """The average utility over the worlds after ``change(parts, kinds)`` in each."""
        total = 0.0
        boost_left = self.my_boost
        for parts, kinds in self.worlds:
            changed = {j: part[:] for j, part in parts.items()}
            boost_used = change(changed, kinds)
            scores = {j: self._score(part) for j, part in changed.items()}
            total += self._utility(scores, boost_left and not boost_used)
        return total / len(self.worlds)

    def value(self, action: Action) -> float:
        kind = action.kind
        if kind == Kind.BID:
            label = self.view["chip_kinds"][action.a]
            return self._mean(lambda p, k: _add(p[action.b], self._contrib(label), 1))
        if kind in (Kind.HOUSE_RULE, Kind.HYPE, Kind.WARCRY):
            placed = self._contrib(_PLACED_BY_KIND[kind])
            return self._mean(lambda p, k: _add(p[action.a], placed, 1))
        if kind == Kind.BOOST:
            return self._mean(lambda p, k: _boost(p, action.a))
        if kind == Kind.SMASH and action.a >= 0:
            place = (action.a, action.b)
            return self._mean(lambda p, k: _add(p[place[0]], self._contrib(k[place]), -1))
        if kind == Kind.SWITCHEROO and action.a >= 0:
            return max(
                (
                    self._swap_value((action.a, action.b), other)
                    for other in self._partners(action.a)
                ),
                default=self._mean(_nothing),
            )
        if kind == Kind.WITH and self.pending is not None:
            return self._swap_value(self.pending, (action.a, action.b))
        if kind == Kind.RAID and action.a >= 0:
            return max(
                (self._move_value((action.a, action.b), j) for j in self.active if j != action.a),
                default=self._mean(_nothing),
            )
        if kind == Kind.TO and self.pending is not None:
            return self._move_value(self.pending, action.a)
        return self._mean(_nothing)

    def _partners(self, source: int) -> list[tuple[int, int]]:
        return [
            (nom["number"] - 1, i)
            for nom in self.view["nominations"]
            if nom["active"] and nom["number"] - 1 != source
            for i, chip in enumerate(nom["chips"])
            if not chip["face_up"]
        ]

    def _swap_value(self, one: tuple[int, int], two: tuple[int, int]) -> float:
        def change(parts: dict[int, Parts], kinds: dict[tuple[int, int], str]) -> bool:
            first, second = self._contrib(kinds[one]), self._contrib(kinds[two])
            _add(parts[one[0]], first, -1)
            _add(parts[one[0]], second, 1)
            _add(parts[two[0]], second, -1)
            _add(parts[two[0]], first, 1)
            return False

        return self._mean(change)

    def _move_value(self, chip: tuple[int, int], to: int) -> float:
        def change(parts: dict[int, Parts], kinds: dict[tuple[int, int], str]) -> bool:
            moved = self._contrib(kinds[chip])
            _add(parts[chip[0]], moved, -1)
            _add(parts[to], moved, 1)
            return False

        return self._mean(change)


def _add(part: Parts, contrib: tuple[int, int, int, int], sign: int) -> bool:
    part[0] += sign * contrib[0]
    part[1] += sign * contrib[1]
    part[2] += sign * contrib[2]
    part[3] += sign * contrib[3]
    return False


def _boost(parts: dict[int, Parts], j: int) -> bool:
    parts[j][4] += 1
    return True


def _nothing(parts: dict[int, Parts], kinds: dict[tuple[int, int], str]) -> bool:
    return False


# -- the playout policy (search only) ---------------------------------------------------------


_OFFSET = 128
"""Packed chip parts (value, bonus) are stored plus this, to stay positive (values <= 99)."""
_UNKNOWN = 1 << 56
"""The packed parts of a chip the seat does not know: a count in the top bits."""


def _tally(total: int) -> int:
    """The Score of known chips whose packed parts sum to ``total`` (Boosts not included)."""
    count = total >> 48 & 255
    values = (total & 0xFFFF) - _OFFSET * count
    if total >> 16 & 1 and not total >> 24 & 255:  # an odd number of Inverts, no House Rule
        values = -values
    return values + (total >> 32 & 0xFFFF) - _OFFSET * count


class _Seen:
    """One Nomination in play as a seat sees it.

    A plain class with slots, not a NamedTuple: compiled, its fields are read directly
    instead of through the tuple's properties, and interpreted it is built faster too.
    """

    __slots__ = ("extra", "house", "inverts", "score", "sign", "unknown", "values")

    def __init__(
        self,
        values: float,
        inverts: int,
        house: int,
        extra: float,
        unknown: int,
        sign: float,
        score: float,
    ) -> None:
        self.values = values  # known values, plus the mean value of each unknown chip
        self.inverts = inverts  # known Inverts
        self.house = house  # a House Rule lies on it
        self.extra = extra  # Hype and Boosts: after Inverts
        self.unknown = unknown  # face-down chips the seat does not know
        # the expected sign of the values: (-1)^Inverts, the unknown ones by chance
        self.sign = sign
        self.score = score  # its estimated Score: sign * values + extra


class GtpagPlayout(PlayoutPolicy):
    """A fast playout policy for search (reads the sampled state; see PlayoutPolicy).

    It follows the heuristic's plan, cheaply, from what the seat to move would know (its own
    chips, the face-up ones and those it looked at; any other face-down chip counts as an
    average Bid chip, and its Invert as a chance), with a little noise to explore:

    - Nominations: its favourite if nobody has nominated it; else pass, keeping a Boost.
    - Chips and Traits: every Nomination in play gets a weight: +1 for its favourite among
      them, -1 for the strongest other one, -0.5 for the rest. A move is worth the weighted
      change it makes to the estimated Scores (Switcheroo and Raid by their best second step)
      and the best move is played: it bids its favourite up and the others down. Spotlight
      and Scout change no Score, so they are played when nothing else helps.
    - Boosting: every chip is face up; it Boosts the Nomination that makes the winner the one
      it likes best (its favourite when that changes nothing), or declines.

    Playouts stop after ``depth`` actions (only long, many-seat ones get there) and
    ``evaluate`` tallies one sampled future of the rest of the Bidding.
    """

    def __init__(self, game: GtpagGame, noise: float = 0.08, depth: int = 16) -> None:
        self.depth = depth  # an instance field: compiled code never sees a class-level override
        self.noise = noise  # chance of a uniformly random move
        params = game.params
        per_seat = game.per_seat
        self.per_seat = per_seat
        self.trait_slot = game.trait_slot
        self.trait_bit = game.trait_bit
        self.bid_mask = game.bid_mask
        self.book = game.book
        size = TRAIT_BASE + len(TRAIT_NAMES)
        value = [0.0] * size
        invert = [0] * size
        bonus = [0.0] * size
        house = [0] * size
        for k in range(game.num_kinds):
            value[k] = game.kind_value[k]
            invert[k] = game.kind_invert[k]
        value[TRAIT_BASE + WARCRY] = params.warcry_value
        bonus[TRAIT_BASE + HYPE] = params.hype_value
        house[TRAIT_BASE + HOUSE_RULE] = 1
        self.value, self.invert, self.bonus, self.house = value, invert, bonus, house
        # a known chip's parts packed in one int, so a pile's parts are one sum (see _seen)
        self.packed = tuple(
            int(value[k]) + _OFFSET
            | invert[k] << 16
            | house[k] << 24
            | int(bonus[k]) + _OFFSET << 32
            | 1 << 48
            for k in range(size)
        )
        bid_set = game.slot_kind
        self.mean_value = sum(value[k] for k in bid_set) / len(bid_set)
        flip = 1.0 - 2.0 * sum(invert[k] for k in bid_set) / len(bid_set)
        # E[(-1)^Inverts] over u unknown Bid chips, by u
        self.flips = tuple(flip**u for u in range(MAX_SEATS * per_seat + 1))
        self.boost_value = params.boost_value
        # a seat's own chips, as a mask over chip numbers
        self.own = tuple(((1 << per_seat) - 1) << seat * per_seat for seat in range(MAX_SEATS))
        # hand (Bid slots) -> the distinct Bid chip kinds it holds
        self.hand_kinds = tuple(
            tuple(
                k
                for k in range(game.num_kinds)
                if any(mask >> slot & 1 and bid_set[slot] == k for slot in range(len(bid_set)))
            )
            for mask in range(1 << len(bid_set))
        )
        # a face-down chip's class: its kind if the seat knows it, else -1; what the chip adds
        # to a Nomination's (values, Inverts, unknown chips), by class + 1
        self.moves: tuple[tuple[float, int, int], ...] = (
            (self.mean_value, 0, 1),
            *((value[k], invert[k], 0) for k in range(game.num_kinds)),
        )
        self.tables: dict[int, list[int]] = {}  # see _table
        self.tables_kinds: tuple[int, ...] = ()  # the layout of chips the tables are for

    # -- choosing ------------------------------------------------------------------------------
    def choose(self, state: Any, seat: int, legal: Sequence[Any], rng: Rng) -> Any:
        # the base class takes Any; the work is done on the real types, which compiled code
        # reads directly (an attribute of an Any goes through a dictionary look-up)
        return self._choose(state, seat, legal, rng)

    def _choose(self, state: GtpagState, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        if rng.random() < self.noise:
            return legal[rng.randbelow(len(legal))]
        phase = state.phase
        if phase == NOMINATION:
            return _nominate_for(state.prefs[seat], legal)
        seen = self._seen(state, seat)
        weights = self._weights(state, seat, seen)
        if phase == BOOSTING:
            return self._boost(state, seat, legal, seen, weights)
        if phase == TRAIT:
            return self._finish(state, seat, legal, seen, weights, rng)
        return self._chip(state, seat, legal, seen, weights, rng)

    def _chip(
        self,
        state: GtpagState,
        seat: int,
        legal: Sequence[Action],
        seen: list[_Seen | None],
        weights: list[float],
        rng: Rng,
    ) -> Action:
        """Bidding and tie rounds: the Bid chip, or Trait, that helps most."""
        best: Action | None = None
        best_gain = -math.inf
        value, invert = self.value, self.invert
        hand = state.hand[seat]
        for k in self.hand_kinds[hand & self.bid_mask]:
            row = self.book.bid[k]
            flips, v = invert[k], value[k]
            for j, est in enumerate(seen):
                if est is None:
                    continue
                if flips and not est.house:  # the values change sign
                    gain = -2.0 * weights[j] * est.sign * est.values
                else:
                    gain = weights[j] * est.sign * v
                if gain > best_gain:
                    best, best_gain = row[j], gain
        if state.phase == BIDDING and hand & self.trait_bit:
            trait = state.kinds[seat * self.per_seat + self.trait_slot] - TRAIT_BASE
            options = [a for a in legal if a.kind != BID]
            if trait in PLACED_TRAITS:
                kind = TRAIT_BASE + trait
                for action in options:
                    gain = weights[action.a] * self._added(seen[action.a], kind)
                    if gain > best_gain:
                        best, best_gain = action, gain
            elif trait in (SMASH, RAID, SWITCHEROO) and options[0].a >= 0:
                aimed = self._aimed(state, seat, trait, seen, weights)
                piles = state.piles
                for action in options:
                    j = action.a
                    gain = aimed[j << 8 | self._class(state, seat, piles[j][action.b]) + 1]
                    if gain > best_gain:
                        best, best_gain = action, gain
            elif best_gain < 0.0:  # Spotlight, Scout, or no target: no Score changes
                best = options[rng.randbelow(len(options))]
        return best if best is not None else legal[0]

    def _finish(
        self,
        state: GtpagState,
        seat: int,
        legal: Sequence[Action],
        seen: list[_Seen | None],
        weights: list[float],
        rng: Rng,
    ) -> Action:
        """The second step of a Switcheroo or Raid: its best; a Scout's: at random."""
        trait = state.pending_trait
        if trait not in (SWITCHEROO, RAID):
            return legal[rng.randbelow(len(legal))]
        source = state.pending >> 8
        mine = self._class(state, seat, state.piles[source][state.pending & 255])
        best = legal[0]
        best_gain = -math.inf
        for action in legal:
            j = action.a
            if trait == RAID:
                gain = weights[j] * self._shifted(seen[j], mine, -2)
            else:
                other = self._class(state, seat, state.piles[j][action.b])
                gain = self._swap_gain(seen, weights, source, mine, j, other)
            if gain > best_gain:
                best, best_gain = action, gain
        return best

    def _boost(
        self,
        state: GtpagState,
        seat: int,
        legal: Sequence[Action],
        seen: list[_Seen | None],
        weights: list[float],
    ) -> Action:
        """Every chip is face up: the Boost (or none) that leaves the best winner."""
        scores = {j: est.score for j, est in enumerate(seen) if est is not None}
        liked = state.prefs[seat]
        titles = state.titles
        best = legal[0]
        best_key = (-math.inf, -math.inf, -math.inf)
        for action in legal:
            j = action.a
            boost = action.kind == BOOST
            if boost:
                scores[j] += self.boost_value
            top = max(scores.values())
            tied = [q for q, score in scores.items() if score == top]
            if boost:
                scores[j] -= self.boost_value
            key = (
                sum(weights[q] > 0.0 for q in tied) / len(tied),
                sum(liked[titles[q]] for q in tied) / len(tied),
                weights[j] if boost else 0.0,
            )
            if key > best_key:
                best, best_key = action, key
        return best

    # -- cutting playouts short ---------------------------------------------------------------
    def evaluate(self, state: Any) -> tuple[list[float], list[float]] | None:
        """The rest of the Bidding as the heuristic bot imagines it (one sampled future): every
        chip still in a hand lands on a Nomination in play at random (Traits that place no
        chip change nothing) and every passer Boosts one at random or declines; the highest
        Score wins, a tie is an even draw. None after the Bidding: that part is short."""
        return self._evaluate(state)

    def _evaluate(self, state: GtpagState) -> tuple[list[float], list[float]] | None:
        if state.phase not in (BIDDING, TRAIT):
            return None
        rng = state.rng  # a sampled state's own generator: the search throws the state away
        packed, kinds, per_seat = self.packed, state.kinds, self.per_seat
        active = [j for j in range(len(state.piles)) if state.active >> j & 1]
        count = len(active)
        totals = [
            sum(map(packed.__getitem__, map(kinds.__getitem__, pile))) for pile in state.piles
        ]
        boosts = [len(boosted) for boosted in state.boosts]
        for seat, hand in enumerate(state.hand):
            for slot in range(per_seat):
                if hand >> slot & 1:
                    kind = kinds[seat * per_seat + slot]
                    if kind < TRAIT_BASE or kind - TRAIT_BASE in PLACED_TRAITS:
                        totals[active[rng.randbelow(count)]] += packed[kind]
            if state.passed >> seat & 1:
                choice = rng.randbelow(count + 1)
                if choice < count:
                    boosts[active[choice]] += 1
        scores = {j: _tally(totals[j]) + self.boost_value * boosts[j] for j in active}
        top = max(scores.values())
        tied = [j for j in active if scores[j] == top]
        n = state.num_players
        prefs = state.prefs
        wins = [0.0] * n
        projected = [0.0] * n
        share = 1.0 / len(tied)
        for j in tied:
            title = state.titles[j]
            fans = [seat for seat in range(n) if prefs[seat][title] == max(prefs[seat])]
            for seat in range(n):
                projected[seat] += share * prefs[seat][title]
                if seat in fans:
                    wins[seat] += share / len(fans)
        return wins, projected

    # -- what a seat sees ----------------------------------------------------------------------
    def _class(self, state: GtpagState, seat: int, chip: int) -> int:
        """The kind of a face-down Bid chip if ``seat`` knows it, else -1."""
        if (state.face_up | state.seen[seat] | self.own[seat]) >> chip & 1:
            kind: int = state.kinds[chip]
            return kind
        return -1

    def _seen(self, state: GtpagState, seat: int) -> list[_Seen | None]:
        """Every Nomination in play as ``seat`` sees it (None for those out of play)."""
        known = state.face_up | state.seen[seat] | self.own[seat]
        table = self._table(state.kinds, known)
        mean, flips, boost_value = self.mean_value, self.flips, self.boost_value
        active = state.active
        boosts = state.boosts
        seen: list[_Seen | None] = []
        for j, pile in enumerate(state.piles):
            if not active >> j & 1:
                seen.append(None)
                continue
            total = 0
            for chip in pile:
                total += table[chip]
            count = total >> 48 & 255
            unknown = total >> 56
            values = (total & 0xFFFF) - _OFFSET * count + unknown * mean
            inverts = total >> 16 & 255
            houses = total >> 24 & 255
            extra = (total >> 32 & 0xFFFF) - _OFFSET * count + boost_value * len(boosts[j])
            sign = 1.0 if houses else (-flips[unknown] if inverts & 1 else flips[unknown])
            seen.append(_Seen(values, inverts, houses, extra, unknown, sign, sign * values + extra))
        return seen

    def _table(self, kinds: tuple[int, ...], known: int) -> list[int]:
        """chip -> its packed parts if the chips ``known`` include it, else _UNKNOWN (see
        _seen). Kept by ``known`` for one layout of chips at a time: every state of a search
        shares its layout, and an int key hashes at once where a tuple of kinds would not."""
        if kinds is not self.tables_kinds:
            self.tables.clear()
            self.tables_kinds = kinds
        table = self.tables.get(known)
        if table is None:
            if len(self.tables) > 4096:
                self.tables.clear()
            packed = self.packed
            table = self.tables[known] = [
                packed[kind] if known >> chip & 1 else _UNKNOWN for chip, kind in enumerate(kinds)
            ]
        return table

    def _favourite(self, state: GtpagState, seat: int, seen: list[_Seen | None]) -> int:
        """The Nomination ``seat`` plays for, if it can be told from the Nominations; else -1.

        In a sampled state others' preferences are drawn at random, but the Nominations say
        more: a seat that nominated a game plays for it, and one that passed while its
        favourite was not yet in would have nominated it, so its favourite is among the games
        nominated before its turn. Else, or with none of those in play, -1: the
        seat's preferences decide.
        """
        nominators = state.nominators
        for j, nominator in enumerate(nominators):
            if nominator == seat:
                return j if seen[j] is not None else -1
        n = state.num_players
        turn = (state.start - seat) % n  # R2: the Nominations go counter-clockwise
        liked = state.prefs[seat]
        titles = state.titles
        best = -1
        for j, nominator in enumerate(nominators):
            if (
                seen[j] is not None
                and (state.start - nominator) % n < turn
                and (best < 0 or liked[titles[j]] > liked[titles[best]])
            ):
                best = j
        return best

    def _weights(self, state: GtpagState, seat: int, seen: list[_Seen | None]) -> list[float]:
        """+1 for the favourite in play (see _favourite), -1 for the strongest other, -0.5 for
        the rest."""
        weights = [0.0] * len(seen)
        favourite = self._favourite(state, seat, seen)
        if favourite < 0:
            liked = state.prefs[seat]
            titles = state.titles
            top = max(liked[titles[j]] for j, est in enumerate(seen) if est is not None)
            for j, est in enumerate(seen):
                if est is not None and liked[titles[j]] == top:
                    weights[j] = 1.0
        else:
            weights[favourite] = 1.0
        rival = -1
        rival_score = -math.inf
        for j, est in enumerate(seen):
            if est is None or weights[j] > 0.0:
                continue
            weights[j] = -0.5
            if est.score > rival_score:
                rival, rival_score = j, est.score
        if rival >= 0:
            weights[rival] = -1.0
        return weights

    # -- changes to the estimated Scores -----------------------------------------------------
    def _score(self, values: float, inverts: int, house: int, extra: float, unknown: int) -> float:
        if house:
            return values + extra
        sign = -self.flips[unknown] if inverts & 1 else self.flips[unknown]
        return sign * values + extra

    def _added(self, est: _Seen | None, kind: int) -> float:
        """The change in the estimated Score when a known chip of ``kind`` joins it."""
        assert est is not None
        after = self._score(
            est.values + self.value[kind],
            est.inverts + self.invert[kind],
            est.house | self.house[kind],
            est.extra + self.bonus[kind],
            est.unknown,
        )
        return after - est.score

    def _shifted(self, est: _Seen | None, joins: int, leaves: int) -> float:
        """The change when a face-down chip of class ``joins`` arrives and one of class
        ``leaves`` goes (-2 for none; a class is a kind, or -1 for an unknown chip)."""
        assert est is not None
        values, inverts, unknown = est.values, est.inverts, est.unknown
        if joins > -2:
            dv, di, du = self.moves[joins + 1]
            values += dv
            inverts += di
            unknown += du
        if leaves > -2:
            dv, di, du = self.moves[leaves + 1]
            values -= dv
            inverts -= di
            unknown -= du
        return self._score(values, inverts, est.house, est.extra, unknown) - est.score

    def _swap_gain(
        self,
        seen: list[_Seen | None],
        weights: list[float],
        j: int,
        mine: int,
        k: int,
        other: int,
    ) -> float:
        """Chip class ``mine`` on ``j`` and chip class ``other`` on ``k`` trade places."""
        return weights[j] * self._shifted(seen[j], other, mine) + weights[k] * self._shifted(
            seen[k], mine, other
        )

    def _aimed(
        self,
        state: GtpagState,
        seat: int,
        trait: int,
        seen: list[_Seen | None],
        weights: list[float],
    ) -> dict[int, float]:
        """Smash, Raid, Switcheroo: the worth of aiming at a face-down chip, by
        ``nomination << 8 | class + 1`` (a Raid or Switcheroo by its best second step)."""
        up = state.face_up
        known = up | state.seen[seat] | self.own[seat]
        kinds = state.kinds
        classes = {
            j: {
                kinds[chip] if known >> chip & 1 else -1
                for chip in state.piles[j]
                if not up >> chip & 1
            }
            for j, est in enumerate(seen)
            if est is not None
        }
        changes: dict[tuple[int, int, int], float] = {}

        def change(j: int, joins: int, leaves: int) -> float:
            """The weighted change on ``j`` (see _shifted), each worked out once."""
            key = (j, joins, leaves)
            found = changes.get(key)
            if found is None:
                found = changes[key] = weights[j] * self._shifted(seen[j], joins, leaves)
            return found

        worth: dict[int, float] = {}
        for j, found in classes.items():
            for cls in found:
                gain = change(j, -2, cls)  # Smash: it leaves
                if trait == RAID:  # and joins the best other Nomination
                    gain += max((change(k, cls, -2) for k in classes if k != j), default=-gain)
                elif trait == SWITCHEROO:  # and trades places with the best partner
                    gain = max(
                        (
                            change(j, other, cls) + change(k, cls, other)
                            for k, theirs in classes.items()
                            if k != j and (weights[j] > 0.0 or weights[k] > 0.0)
                            for other in theirs
                        ),
                        default=0.0,
                    )
                worth[j << 8 | cls + 1] = gain
        return worth
