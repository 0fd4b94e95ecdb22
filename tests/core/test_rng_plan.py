"""Rng.draw_planned draws exactly what the calls one by one draw (both builds: CI runs this
against the compiled module too)."""

from __future__ import annotations

import pytest

from gamenight.core.rng import DrawPlan, Rng

PLANS = [
    [],
    [2],
    [0],
    [256, 1, 0, 7],
    [*range(28, 1, -1), 0, *range(28, 1, -1), 2],  # A Game of Requirements' setup
    [0, 0, 0, 255, 128, 3],
    [*range(256, 1, -1)],
]


def by_calls(rng: Rng, bounds: list[int]) -> tuple[bytes, list[int]]:
    small = bytearray(len(bounds))
    whole = []
    for i, n in enumerate(bounds):
        if n:
            small[i] = rng.randbelow(n)
        else:
            whole.append(rng.next_u64())
    return bytes(small), whole


@pytest.mark.parametrize("bounds", PLANS)
def test_planned_draws_are_the_calls_draws(bounds: list[int]) -> None:
    plan = DrawPlan(bounds)
    for seed in [*range(30), 2**63 - 1, 2**63, 2**64 - 1, -5]:
        planned, called = Rng(seed), Rng(seed)
        assert planned.draw_planned(plan) == by_calls(called, bounds)
        assert planned.next_u64() == called.next_u64()  # the stream moved on as far


@pytest.mark.parametrize("bound", [-1, 257, 1 << 40])
def test_a_bound_a_plan_cannot_hold_is_refused(bound: int) -> None:
    with pytest.raises(ValueError, match="from 0 to 256"):
        DrawPlan([3, bound])
