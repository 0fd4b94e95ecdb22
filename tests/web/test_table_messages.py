"""Issue 14 bad input in a real browser: a seat open twice, a refused stale move, a finished
table, a spectator of a game with hidden cards."""

from __future__ import annotations

import random
import time
from typing import Any

from browser_people import (
    ENABLED,
    click_a_move,
    is_over,
    page_errors,
    record_outcome,
    state_seq,
    totals_on_page,
)
from server_harness import RunningServer
from server_people import play_until_finished, seeded_choice


def test_a_seat_open_in_another_browser_is_offered_take_over_or_watch(
    browser: Any, server: RunningServer
) -> None:
    """issue 14 bad input: the second page says the seat is open elsewhere and offers to take
    it over or watch; taking over tells the first page, which offers to watch."""
    created = server.create(game="requirements", seats=["human", "heuristic"])
    link = created["invites"][0]["link"]
    first = browser.new_context().new_page()
    first.goto(link)
    first.wait_for_selector(ENABLED)
    second = browser.new_context().new_page()
    errors = page_errors(second)
    second.goto(link)
    second.wait_for_selector("#held:not([hidden])")
    assert "already open in another browser" in second.inner_text("#held")
    assert second.locator("#watch-held").count() == 1
    assert first.is_hidden("#held")
    second.click("#take-over")
    first.wait_for_selector("#problem:not([hidden])")
    assert "taken over" in first.inner_text("#problem")
    assert first.locator("#watch-instead").count() == 1
    assert first.locator("#actions button.action").count() == 0
    second.wait_for_selector("#held", state="hidden")
    second.wait_for_selector(ENABLED)
    assert errors == []
    first.context.close()
    second.context.close()


FORCE_STALE_SEQ = """
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  const frame = JSON.parse(data);
  if (frame.type === "act" && window.staleSeq !== undefined) frame.seq = window.staleSeq;
  return send.call(this, JSON.stringify(frame));
};
"""


def test_a_stale_page_is_told_why_and_resyncs(browser: Any, server: RunningServer) -> None:
    """issue 14 item 3: a move sent from an old position (a forced stale seq) is refused; the
    page says why and draws the table as it stands, with its moves offered again."""
    created = server.create(game="requirements", seats=["human", "heuristic"])
    page = browser.new_page()
    errors = page_errors(page)
    page.add_init_script(FORCE_STALE_SEQ)
    page.goto(created["invites"][0]["link"])
    page.wait_for_selector(ENABLED)
    old = state_seq(page)
    page.locator(ENABLED).first.click()
    page.wait_for_function(f"Number(document.body.dataset.seq) > {old}")
    page.wait_for_selector(ENABLED)
    page.evaluate(f"window.staleSeq = {old}")
    page.locator(ENABLED).first.click()
    page.wait_for_selector("#problem:not([hidden])")
    assert "moved on" in page.inner_text("#problem")
    page.wait_for_selector(ENABLED)
    assert state_seq(page) > old
    assert errors == []
    page.close()


def finished_table(server: RunningServer) -> dict[str, Any]:
    """A Requirements table whose match a scripted person has played to the end."""
    created = server.create(game="requirements", seats=["human", "heuristic"])
    person = server.client(created["table"], created["invites"][0]["token"])
    person.state_frame()
    play_until_finished({0: person}, seeded_choice(14))
    person.close()
    return created


def test_a_finished_table_says_the_match_is_over_with_the_final_scores(
    browser: Any, server: RunningServer
) -> None:
    """issue 14 bad input: a finished table's page (seat link and watch link alike) says the
    match is over and shows the final scores, which equal the match record's outcome."""
    created = finished_table(server)
    expected = record_outcome(server, created["table"])
    for link in (created["invites"][0]["link"], created["spectate"]):
        page = browser.new_page()
        errors = page_errors(page)
        page.goto(link)
        page.wait_for_selector("#final:not([hidden])")
        assert "over" in page.inner_text("#status")
        assert totals_on_page(page) == expected
        assert page.locator("#actions button.action").count() == 0
        assert errors == []
        page.close()


def hand_cards(page: Any, area: str) -> list[tuple[str, str]]:
    """The face-up cards in the hand row of the seat areas matching ``area``, with their note."""
    found: list[tuple[str, str]] = page.evaluate(
        "(area) => [...document.querySelectorAll(area + ' .zone:first-of-type .card.pg')]"
        ".map(c => [c.dataset.card, (c.querySelector('.how') || {}).textContent || ''])",
        area,
    )
    return found


def test_a_pink_godzilla_spectator_sees_no_hidden_card(browser: Any, server: RunningServer) -> None:
    """issue 14 tests: at Pink Godzilla Dev Kit the watch page draws every hand as backs: the
    only face-up cards in the person's hand there are those the person's own page marks as
    shown to all, and the watch page has no hand of its own."""
    created = server.create(game="pgdk", players=2, seats=["human", "heuristic"])
    player = browser.new_page()
    player.goto(created["invites"][0]["link"])
    player.wait_for_selector("#board .pgdk")
    watcher = browser.new_page()
    watcher.goto(created["spectate"])
    watcher.wait_for_selector("#board .pgdk")
    rng = random.Random(21)
    backs = compared = 0
    deadline = time.monotonic() + 25
    while not is_over(player) and time.monotonic() < deadline and compared < 15:
        click_a_move(player, rng)
        seq = state_seq(player)
        try:
            watcher.wait_for_function(f"document.body.dataset.seq === '{seq}'", timeout=2000)
        except Exception:  # a timeout: the table moved on between the two looks
            continue
        if state_seq(player) != seq or is_over(watcher):
            continue
        mine = hand_cards(player, ".seat-area.me")
        public = {name for name, note in mine if note == "shown to all"}
        shown = [name for name, _ in hand_cards(watcher, ".seat-area:first-of-type")]
        assert [name for name in shown if name not in public] == [], shown
        assert watcher.locator("#board .seat-area.me").count() == 0
        assert watcher.locator("#actions button.action").count() == 0
        backs += watcher.locator("#board .card.back").count()
        compared += 1
    assert compared > 0
    assert backs > 0, "no hand was ever drawn as backs"
    player.close()
    watcher.close()
