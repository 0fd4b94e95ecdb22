"""Issue 14 bad input in a real browser: a seat open twice, a refused stale move, a finished
table, a spectator of a game with hidden cards."""

from __future__ import annotations

from typing import Any

from browser_people import ENABLED, page_errors, state_seq
from server_harness import RunningServer


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
