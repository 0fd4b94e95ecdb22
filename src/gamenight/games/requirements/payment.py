"""Meeting a Requirement (rule 11, decision D3): which coins may pay for which trait.

Each of the tile's two traits (a double needs the same trait twice) is paid by its own
*route* of coins, by exposed side only:
- exact: one coin showing the trait;
- matching (R11a): ``matching`` coins all showing one same other trait;
- distinct (R11b): ``distinct`` coins showing different traits, none of them the needed one.
The payer fills the first trait's route, then the second's, one coin at a time (G3). A coin
is offered only if, with it, both routes can still be completed from the reserve, so a
payment once begun never gets stuck.

So a seat can meet a Requirement (R10) exactly when some coin may be paid first.

This sits on the hot path of every simulation (each round asks whether a seat can pay), so
the checks below reason about counts directly instead of enumerating payments, and
``PaymentPicks`` caches their answers for the rules; the tests compare both with a
brute-force enumeration.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from gamenight.games.requirements.state import TRAIT_BITS, TRAIT_COUNT

Counts = tuple[int, ...]
"""How many unspent reserve coins show each trait face up."""


def route_state(route: tuple[int, ...], need: int, matching: int, distinct: int) -> int:
    """-1 if ``route`` can never pay for ``need``, 1 if it pays for it now, 0 if it may yet."""
    if not route:
        return 0
    if route == (need,):
        return 1
    if need in route:
        return -1
    same = route.count(route[0]) == len(route)
    different = len(set(route)) == len(route)
    if (same and len(route) == matching) or (different and len(route) == distinct):
        return 1
    if (same and len(route) < matching) or (different and len(route) < distinct):
        return 0
    return -1


def payable(need: int, counts: Counts | list[int], matching: int, distinct: int) -> bool:
    """Whether a fresh route for ``need`` can be paid from ``counts``."""
    if counts[need] >= 1:
        return True
    others = 0
    for trait, have in enumerate(counts):
        if trait != need and have:
            if have >= matching:
                return True
            others += 1
    return others >= distinct


def _spare(counts: Counts, excluded: set[int]) -> list[int]:
    return [t for t, have in enumerate(counts) if have and t not in excluded]


def can_finish(
    route: tuple[int, ...], need: int, counts: Counts, matching: int, distinct: int
) -> bool:
    """Whether ``route`` (a valid partial route) can be completed from ``counts``."""
    state = route_state(route, need, matching, distinct)
    if state != 0:
        return state == 1
    if not route:
        return payable(need, counts, matching, distinct)
    first = route[0]
    same = route.count(first) == len(route)
    if same and len(route) < matching and counts[first] >= matching - len(route):
        return True
    different = len(set(route)) == len(route)
    if different and len(route) < distinct:
        return len(_spare(counts, {need, *route})) >= distinct - len(route)
    return False


def can_finish_then_pay(
    route: tuple[int, ...],
    need: int,
    then: int,
    counts: Counts,
    matching: int,
    distinct: int,
) -> bool:
    """Whether ``route`` for ``need`` can be completed so that ``then`` is still payable."""
    state = route_state(route, need, matching, distinct)
    if state == -1:
        return False
    if state == 1:
        return payable(then, counts, matching, distinct)
    left = list(counts)
    if not route:
        if counts[need]:
            left[need] -= 1
            if payable(then, left, matching, distinct):
                return True
            left[need] += 1
        for trait, have in enumerate(counts):
            if trait != need and have >= matching:
                left[trait] -= matching
                if payable(then, left, matching, distinct):
                    return True
                left[trait] += matching
    else:
        first = route[0]
        missing = matching - len(route)
        if route.count(first) == len(route) and 0 < missing <= counts[first]:
            left[first] -= missing
            if payable(then, left, matching, distinct):
                return True
            left[first] += missing
    if len(set(route)) == len(route) and len(route) < distinct:
        spare = _spare(counts, {need, *route})
        return _distinct_then_pay(spare, distinct - len(route), then, counts, matching, distinct)
    return False


def _distinct_then_pay(
    spare: list[int], picks: int, then: int, counts: Counts, matching: int, distinct: int
) -> bool:
    """Whether some ``picks`` traits from ``spare`` (one coin each) leave ``then`` payable."""
    if len(spare) < picks:
        return False
    avoidable = len(spare) - 1 >= picks  # one given trait can be left out of the picks
    # exact: keep one coin showing ``then``
    have = counts[then]
    if have >= 2 or (have == 1 and (then not in spare or avoidable)):
        return True
    # matching: keep ``matching`` coins of one other trait
    for trait, count in enumerate(counts):
        if (
            trait != then
            and count >= matching
            and (count > matching or trait not in spare or avoidable)
        ):
            return True
    # distinct: lose as few different traits as possible, spending doubles and ``then`` first
    present = sum(1 for t, count in enumerate(counts) if count and t != then)
    cheap = sum(1 for t in spare if t == then or counts[t] >= 2)
    lost = max(0, picks - cheap)
    return present - lost >= distinct


# The raw positions repeat too (the same reserve is asked about again and again in a match and
# across playouts), so a small cache in front skips even the canonical naming.
@lru_cache(maxsize=1 << 16)
def payable_traits(
    needs: tuple[int, int],
    need_index: int,
    routes: tuple[tuple[int, ...], tuple[int, ...]],
    counts: Counts,
    matching: int,
    distinct: int,
) -> frozenset[int]:
    """Exposed traits of which one more coin may be added to the route being paid now.

    ``routes`` hold the exposed traits already paid for each need (sorted); ``counts`` the
    reserve coins not yet picked. Renaming the traits that are not needed changes nothing,
    so the work is cached under a canonical naming (needed traits first, then the others by
    how many coins show them and how often the routes use them): reserves of the same shape
    share one cache entry, whatever their traits.
    """
    a, b = needs
    route0, route1 = routes
    if route0 or route1:
        keyed = sorted(
            (-counts[t], -route0.count(t), -route1.count(t), t)
            for t in range(len(counts))
            if t != a and t != b
        )
    else:
        keyed = sorted((-counts[t], 0, 0, t) for t in range(len(counts)) if t != a and t != b)
    order = [a] if a == b else [a, b]
    order += [item[3] for item in keyed]
    if len(order) != len(counts):
        raise ValueError("needs are not traits")
    label = [0] * len(counts)
    for position, trait in enumerate(order):
        label[trait] = position
    allowed = _canonical_payable(
        (0, label[b]),
        need_index,
        (tuple(sorted(label[t] for t in route0)), tuple(sorted(label[t] for t in route1))),
        tuple([counts[t] for t in order]),
        matching,
        distinct,
    )
    return frozenset([order[position] for position in allowed])


@lru_cache(maxsize=1 << 16)
def _canonical_payable(
    needs: tuple[int, int],
    need_index: int,
    routes: tuple[tuple[int, ...], tuple[int, ...]],
    counts: Counts,
    matching: int,
    distinct: int,
) -> frozenset[int]:
    allowed = []
    left = list(counts)
    for trait, have in enumerate(counts):
        if not have:
            continue
        route = tuple(sorted((*routes[need_index], trait)))
        if route_state(route, needs[need_index], matching, distinct) == -1:
            continue
        left[trait] -= 1
        rest = tuple(left)
        left[trait] += 1
        if need_index == 1:
            feasible = can_finish(route, needs[1], rest, matching, distinct)
        else:
            feasible = can_finish_then_pay(route, needs[0], needs[1], rest, matching, distinct)
        if feasible:
            allowed.append(trait)
    return frozenset(allowed)


CACHE_LIMIT: Final = 1 << 16
"""Entries the exact-position caches of a ``PaymentPicks`` keep (each of its two kinds, all
Requirements together) before they start afresh: a bound on memory."""

OTHERS_ROUTE_SHIFT: Final = TRAIT_BITS * 16
"""Where a route's packed count sits above the coins left's in one int (16 traits at most)."""

OtherTraits = tuple[int, tuple[int, ...], tuple[tuple[int, int], ...]]
"""The traits a position does not need: their signatures in order, packed in one int (the key
of their part of a shape), the same as a tuple, and each signature with the traits (bit mask)
that have it (see ``PaymentPicks._other_traits``)."""

SIGNATURE_BITS: Final = 2 * TRAIT_BITS
"""Bits of one signature: how a position uses a trait, in one int, the coins left showing it
and, ``TRAIT_BITS`` above them, the coins of the route showing it."""

Shape = tuple[bool, bool, frozenset[int]]
"""What the positions of one shape allow: a coin showing the first needed trait, the second,
and showing another trait of which signatures (see ``PaymentPicks``)."""


class PaymentPicks:
    """``payable_traits`` for the rules' hot path: reserves as packed counts, answers as bit
    masks of traits (bit ``t`` set: a coin showing trait ``t`` may be paid next).

    A packed count (``state.shown_code``) holds how many coins show each trait; the state keeps
    one per reserve. A position is the Requirement, which of its traits is being paid (the
    need), the coins left and the coins already in that need's route: a route paid in full
    plays no further part, its coins being out of the reserve. Two caches stand in front of
    ``payable_traits``:
    - by the exact position, which costs nothing to ask but repeats little once reserves grow;
    - by the position's *shape* (``shape_answer``, kept in ``shapes``; one ``PaymentPicks`` is
      shared by every game of a rule set, ``shared_picks``): which traits are not
      needed does not matter (see ``payable_traits``), so each of them is reduced to its
      signature (coins left showing it, coins of the route showing it) and the shape keeps
      those sorted. Every trait of one signature gets the same answer, so the shape answers
      with the allowed signatures, which name the allowed traits of any position of its shape.
    """

    def __init__(
        self,
        pairs: tuple[tuple[int, int], ...],
        num_traits: int,
        matching: int,
        distinct: int,
        limit: int = CACHE_LIMIT,
    ) -> None:
        self.pairs = pairs
        self.matching = matching
        self.distinct = distinct
        self.num_traits = num_traits
        # requirement -> the fields of a packed count that hold the traits it does not need
        self.other_fields = tuple(
            sum(TRAIT_COUNT << TRAIT_BITS * t for t in range(num_traits) if t != low and t != high)
            for low, high in pairs
        )
        # the other traits' part of a position (see _by_shape) -> how they are arranged
        self.other_shapes: dict[int, OtherTraits] = {}
        # a shape (see _by_shape) as one int -> shape_answer's answer for it
        self.shapes: dict[int, Shape] = {}
        # for the rules (_pay): a need and a route's traits as one int (the need in the low 4
        # bits, the route's packed count above) -> whether the route pays for the need; few
        # routes can be paid at all, so it stays small
        self.route_complete: dict[int, bool] = {}
        # requirement -> the packed count of the one two-coin reserve that can meet it (a coin
        # showing each needed trait), or -1 if other pairs of coins may (a matching or a
        # distinct route of one coin): every route takes a coin at least, so two coins pay
        # with one coin a route, and when both substitutes take two coins or more only an
        # exact coin pays alone (the rules' _offer_meeting asks this before first)
        self.two_coins = tuple(
            (1 << TRAIT_BITS * low) + (1 << TRAIT_BITS * high)
            if matching >= 2 and distinct >= 2
            else -1
            for low, high in pairs
        )
        # requirement -> packed count of coins left -> mask (a first pick: nothing paid yet)
        self.first_picks: tuple[dict[int, int], ...] = tuple({} for _ in pairs)
        self.first_limit = max(1, limit // len(pairs))  # entries per Requirement
        self.later_limit = limit
        # (requirement, need, packed counts of the coins left and of the route) -> mask
        self.later_picks: dict[tuple[int, int, int, int], int] = {}

    def first(self, requirement: int, left: int) -> int:
        """The traits a first coin paid for ``requirement`` may show, from a reserve whose
        exposed traits have the packed count ``left``; 0 when it cannot be met at all."""
        known = self.first_picks[requirement]
        allowed = known.get(left)
        if allowed is None:
            allowed = self._by_shape(requirement, 0, left, 0)
            if len(known) >= self.first_limit:
                known.clear()
            known[left] = allowed
        return allowed

    def later(self, requirement: int, need: int, left: int, paid: int) -> int:
        """The traits the next coin of a payment under way may show: ``need`` (0 or 1) is the
        trait being paid, ``paid`` the packed count of the coins already in its route."""
        key = (requirement, need, left, paid)
        allowed = self.later_picks.get(key)
        if allowed is None:
            allowed = self._by_shape(requirement, need, left, paid)
            if len(self.later_picks) >= self.later_limit:
                self.later_picks.clear()
            self.later_picks[key] = allowed
        return allowed

    def _by_shape(self, requirement: int, need: int, left: int, paid: int) -> int:
        # Runs on every miss of the caches above, which a short run meets often (a few per
        # match over its first thousands of matches), so it is kept lean: the signatures of
        # the needed traits are written out (see SIGNATURE_BITS), the other traits' part of the
        # position, which repeats far more than the whole, is looked up (_other_traits), and
        # the shape's answer is kept in a dict under one int (a key hashed at once, where a
        # tuple of seven, one of them a tuple, is hashed item by item).
        low, high = self.pairs[requirement]
        fields = self.other_fields[requirement]
        others = (left & fields) | (paid & fields) << OTHERS_ROUTE_SHIFT
        arranged = self.other_shapes.get(others)
        if arranged is None:
            arranged = self._other_traits(others)
        code, signatures, groups = arranged
        shift = TRAIT_BITS * low
        low_signature = (left >> shift & TRAIT_COUNT) | (paid >> shift & TRAIT_COUNT) << TRAIT_BITS
        shift = TRAIT_BITS * high
        high_signature = (left >> shift & TRAIT_COUNT) | (paid >> shift & TRAIT_COUNT) << TRAIT_BITS
        double = low == high
        # the shape: the other signatures, then whether a double, the need, the two needed
        key = (
            ((code << 1 | double) << 1 | need) << SIGNATURE_BITS | low_signature
        ) << SIGNATURE_BITS | high_signature
        shape = self.shapes.get(key)
        if shape is None:
            shape = shape_answer(
                double,
                need,
                low_signature,
                high_signature,
                signatures,
                self.matching,
                self.distinct,
            )
            if len(self.shapes) >= self.later_limit:
                self.shapes.clear()
            self.shapes[key] = shape
        low_allowed, high_allowed, other_signatures = shape
        mask = (1 << low if low_allowed else 0) | (1 << high if high_allowed else 0)
        if other_signatures:
            for signature, traits in groups:
                if signature in other_signatures:
                    mask |= traits
        return mask

    def _other_traits(self, others: int) -> OtherTraits:
        """The not needed traits of a position, from their part of its packed counts (the coins
        left, and the route's ``OTHERS_ROUTE_SHIFT`` bits up): their signatures in order (packed
        ``SIGNATURE_BITS`` apiece, the last lowest, and as a tuple), and for each signature the
        traits (bit mask) that have it. A trait with no coins anywhere plays no part, so it is
        left out (as are the needed traits, whose fields are 0). Every signature left in is
        above 0, so the packed one tells the signatures apart whatever their number."""
        by_signature: dict[int, int] = {}
        found: list[int] = []
        paid = others >> OTHERS_ROUTE_SHIFT
        shift = 0
        for trait in range(self.num_traits):  # each trait's signature (SIGNATURE_BITS)
            signature = (others >> shift & TRAIT_COUNT) | (
                paid >> shift & TRAIT_COUNT
            ) << TRAIT_BITS
            shift += TRAIT_BITS
            if signature:
                found.append(signature)
                by_signature[signature] = by_signature.get(signature, 0) | 1 << trait
        found.sort()
        code = 0
        for signature in found:
            code = code << SIGNATURE_BITS | signature
        arranged = (code, tuple(found), tuple(by_signature.items()))
        if len(self.other_shapes) >= self.later_limit:
            self.other_shapes.clear()
        self.other_shapes[others] = arranged
        return arranged


@lru_cache(maxsize=64)
def shared_picks(
    pairs: tuple[tuple[int, int], ...], num_traits: int, matching: int, distinct: int
) -> PaymentPicks:
    """The ``PaymentPicks`` of one rule set, shared by all its games: a search or a simulation
    makes many games of the same rules, and the same reserves come up in all of them."""
    return PaymentPicks(pairs, num_traits, matching, distinct)


def shape_answer(
    double: bool,
    need: int,
    low: int,
    high: int,
    others: tuple[int, ...],
    matching: int,
    distinct: int,
) -> Shape:
    """``payable_traits`` for every position of one shape (see ``PaymentPicks``): the needed
    traits' signatures ``low`` and ``high`` (equal for a double), the other traits' in order.

    It asks about one position of that shape: the needed traits named 0 and 1 (0 alone for a
    double), the others 2, 3, ... in the order given.
    """
    signatures = [low, *others] if double else [low, high, *others]
    traits = range(len(signatures))
    route = tuple([t for t in traits for _ in range(signatures[t] >> TRAIT_BITS)])
    # the traits are named as payable_traits would name them but for the order of the others,
    # which does not change what is allowed (see payable_traits): its renaming is skipped
    allowed = _canonical_payable(
        (0, 0) if double else (0, 1),
        need,
        ((), route) if need else (route, ()),
        tuple([signature & TRAIT_COUNT for signature in signatures]),
        matching,
        distinct,
    )
    first_other = 1 if double else 2
    return (
        0 in allowed,
        (0 if double else 1) in allowed,
        frozenset([signatures[t] for t in allowed if t >= first_other]),
    )
