"""R11, D3, G3: the fast payment checks against a brute-force enumeration of payments."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight.games.requirements.payment import PaymentPicks, payable_traits, route_state
from gamenight.games.requirements.state import shown_code


def route_options(need: int, traits: int, matching: int, distinct: int) -> list[Counter[int]]:
    """Every complete way to pay for ``need``, as a multiset of exposed traits (D3)."""
    options = [Counter({need: 1})]
    others = [t for t in range(traits) if t != need]
    options += [Counter({t: matching}) for t in others]
    options += [Counter(chosen) for chosen in combinations(others, distinct)]
    return options


def fits(part: Counter[int], whole: Counter[int]) -> bool:
    return all(whole[t] >= n for t, n in part.items())


def oracle(
    needs: tuple[int, int],
    need_index: int,
    routes: tuple[list[int], list[int]],
    counts: tuple[int, ...],
    matching: int,
    distinct: int,
) -> set[int]:
    traits = len(counts)
    total = Counter({t: n for t, n in enumerate(counts) if n})
    total.update(routes[0])
    total.update(routes[1])
    allowed = set()
    for first in route_options(needs[0], traits, matching, distinct):
        for second in route_options(needs[1], traits, matching, distinct):
            if not fits(first + second, total):
                continue
            for trait in range(traits):
                if not counts[trait]:
                    continue
                if need_index == 0:
                    if fits(Counter([*routes[0], trait]), first):
                        allowed.add(trait)
                elif Counter(routes[0]) == first and fits(Counter([*routes[1], trait]), second):
                    allowed.add(trait)
    return allowed


def _pay_one(
    data: st.DataObject,
    payable: set[int],
    counts: list[int],
    routes: tuple[list[int], list[int]],
    need_index: int,
    needs: tuple[int, int],
    matching: int,
    distinct: int,
) -> int:
    """Pay one trait drawn from ``payable``; the route now being paid, or -1 once both are."""
    trait = data.draw(st.sampled_from(sorted(payable)), label="pick")
    counts[trait] -= 1
    routes[need_index].append(trait)
    paid = route_state(tuple(sorted(routes[need_index])), needs[need_index], matching, distinct)
    if paid == 1:
        return -1 if need_index == 1 else 1
    return need_index


@settings(max_examples=400, deadline=None)
@given(
    traits=st.integers(3, 7),
    data=st.data(),
)
def test_g3_payment_picks_match_brute_force_and_never_get_stuck(
    traits: int, data: st.DataObject
) -> None:
    matching = data.draw(st.integers(1, 3), label="matching")
    distinct = data.draw(st.integers(1, traits - 1), label="distinct")
    a = data.draw(st.integers(0, traits - 1), label="a")
    b = data.draw(st.integers(a, traits - 1), label="b")
    counts = list(data.draw(st.lists(st.integers(0, 4), min_size=traits, max_size=traits)))
    routes: tuple[list[int], list[int]] = ([], [])
    need_index = 0
    while True:
        expected = oracle((a, b), need_index, routes, tuple(counts), matching, distinct)
        got = payable_traits(
            (a, b),
            need_index,
            (tuple(sorted(routes[0])), tuple(sorted(routes[1]))),
            tuple(counts),
            matching,
            distinct,
        )
        assert got == expected
        if not got:
            assert not routes[0], "a payment once begun must be completable"
            return
        need_index = _pay_one(data, got, counts, routes, need_index, (a, b), matching, distinct)
        if need_index < 0:
            return


def test_r11_known_cases() -> None:
    moxie, spunk, cheek, verve, guts = range(5)
    counts = [0] * 7
    counts[guts] = 2
    counts[spunk] = 1
    assert payable_traits((moxie, spunk), 0, ((), ()), tuple(counts), 2, 3) == {guts}
    counts = [0] * 7
    counts[cheek] = counts[verve] = counts[guts] = 1
    assert payable_traits((moxie, moxie), 0, ((), ()), tuple(counts), 2, 3) == frozenset()
    counts[moxie] = 1
    assert payable_traits((moxie, moxie), 0, ((), ()), tuple(counts), 2, 3) == {
        moxie,
        cheek,
        verve,
        guts,
    }


# One PaymentPicks per rule set, shared by every example: its caches fill up across examples,
# so later examples are answered from shapes that other positions (other traits) stored. A
# second one keeps at most a few entries, so that it starts afresh again and again.
_PICKS: dict[tuple[int, int, int, int], tuple[PaymentPicks, list[tuple[int, int]]]] = {}
SMALL_LIMIT = 60


def _picks_for(
    traits: int, matching: int, distinct: int, limit: int
) -> tuple[PaymentPicks, list[tuple[int, int]]]:
    if (traits, matching, distinct, limit) not in _PICKS:
        pairs = [(a, b) for a in range(traits) for b in range(a, traits)]
        _PICKS[traits, matching, distinct, limit] = (
            PaymentPicks(tuple(pairs), traits, matching, distinct, limit),
            pairs,
        )
    return _PICKS[traits, matching, distinct, limit]


def _mask(traits: set[int]) -> int:
    return sum(1 << t for t in traits)


@settings(max_examples=400, deadline=None)
@given(traits=st.integers(3, 7), data=st.data())
def test_issue16_item3_cached_payment_picks_match_brute_force(
    traits: int, data: st.DataObject
) -> None:
    """issue 16 item 3: the rules' cached payment picks (exact position, then shape) answer as
    the brute-force enumeration does, along a whole payment, whatever filled the caches; a
    cache at its limit starts afresh and answers as well."""
    matching = data.draw(st.integers(1, 3), label="matching")
    distinct = data.draw(st.integers(1, traits - 1), label="distinct")
    limit = data.draw(st.sampled_from([SMALL_LIMIT, 1 << 16]), label="limit")
    picks, pairs = _picks_for(traits, matching, distinct, limit)
    requirement = data.draw(st.integers(0, len(pairs) - 1), label="requirement")
    a, b = pairs[requirement]
    counts = list(data.draw(st.lists(st.integers(0, 4), min_size=traits, max_size=traits)))
    routes: tuple[list[int], list[int]] = ([], [])
    need_index = 0
    while True:
        expected = oracle((a, b), need_index, routes, tuple(counts), matching, distinct)
        left = shown_code(t for t, have in enumerate(counts) for _ in range(have))
        if routes[0]:  # the route paid in full (if any) is out of the counts already
            got = picks.later(requirement, need_index, left, shown_code(routes[need_index]))
        else:
            got = picks.first(requirement, left)
        assert got == _mask(expected)
        assert len(picks.later_picks) <= limit
        assert sum(len(known) for known in picks.first_picks) <= limit
        if not expected:
            return
        need_index = _pay_one(
            data, expected, counts, routes, need_index, (a, b), matching, distinct
        )
        if need_index < 0:
            return


def test_issue16_item3_two_coin_reserves_meet_a_requirement_as_brute_force_says() -> None:
    """issue 16 item 3, R10, R11: ``PaymentPicks.two_coins``, which the rules ask instead of
    the caches for a reserve of two coins, names exactly the two-coin reserves that can meet
    the Requirement (some first coin can be paid, by the brute-force enumeration), for every
    rule set of 2 to 6 traits, with doubles, and every pair of exposed traits; where it says
    -1 (a substitute of one coin), the rules ask the caches."""
    for traits in range(2, 7):
        pairs = [(a, b) for a in range(traits) for b in range(a, traits)]
        for matching in range(1, 4):
            for distinct in range(1, traits):
                picks = PaymentPicks(tuple(pairs), traits, matching, distinct)
                for requirement, needs in enumerate(pairs):
                    two = picks.two_coins[requirement]
                    assert (two >= 0) == (matching >= 2 and distinct >= 2)
                    if two < 0:
                        continue
                    for x in range(traits):
                        for y in range(x, traits):
                            counts = [0] * traits
                            counts[x] += 1
                            counts[y] += 1
                            can = bool(
                                oracle(needs, 0, ([], []), tuple(counts), matching, distinct)
                            )
                            assert can == (shown_code([x, y]) == two), (needs, x, y)
