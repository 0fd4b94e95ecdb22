"""Issue 14 in a real browser: every game can be played to the end by clicking alone."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from browser_people import click_a_move, is_over, record_outcome, totals_on_page
from conftest import page_errors
from server_harness import RunningServer


@pytest.mark.parametrize(
    ("game", "players"),
    [("gtpag", 3), ("gnome", 3), ("pgdk", 2)],  # requirements: the other file
)
def test_a_person_plays_each_game_against_bots_by_clicking(
    browser: Any, server: RunningServer, game: str, players: int
) -> None:
    """issue 14 tests: a complete match of each game against bots, by clicking only; the final
    scores on the page equal the outcome of the match record."""
    seats = ["human"] + ["heuristic"] * (players - 1)
    created = server.create(game=game, players=players, seats=seats)
    page = browser.new_page()
    errors = page_errors(page)
    page.goto(created["invites"][0]["link"])
    page.wait_for_selector("#board > *")
    rng = random.Random(game)
    deadline = time.monotonic() + 45
    while not is_over(page):
        assert time.monotonic() < deadline, f"{game}: the match did not finish by clicking"
        if not click_a_move(page, rng):
            page.wait_for_timeout(30)
    assert totals_on_page(page) == record_outcome(server, created["table"])
    assert (page.text_content("#guide") or "").strip()
    assert errors == []
    page.close()
