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


def test_game_night_from_the_lobby_to_the_first_action_of_the_pick(
    browser: Any, server: RunningServer
) -> None:
    """issue 14 tests: game night in the browser: set up in the lobby, private ratings, Game to
    Pick a Game played by clicking, the pick announced, then the picked game's first action."""
    page = browser.new_page()
    errors = page_errors(page)
    page.goto(server.base + "/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#kind", "night")
    page.select_option("#seat-1", "heuristic")
    page.click("#new-table button[type=submit]")
    page.wait_for_selector(".invite-link")
    page.goto(page.get_attribute(".invite-link", "href"))
    page.wait_for_selector("#ratings")
    ratings = page.locator("#ratings input")
    for index in range(ratings.count()):
        ratings.nth(index).fill(str(10 - index))
    page.click("#ratings button[type=submit]")
    rng = random.Random(2)
    deadline = time.monotonic() + 40
    while page.evaluate("document.body.dataset.match") != "2":
        assert time.monotonic() < deadline, "the night did not reach the picked game"
        if not click_a_move(page, rng):
            page.wait_for_timeout(30)
    page.wait_for_selector("#night .picked")
    assert "Tonight's pick" in page.inner_text("#night .picked")
    page.wait_for_selector("#actions button.action:not([disabled])", timeout=20_000)
    assert click_a_move(page, rng)  # the picked game's first action, taken by the server
    assert errors == []
    page.close()
