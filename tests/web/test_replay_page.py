"""Issue 14 item 1 in a real browser: a finished match replayed step by step from the lobby."""

from __future__ import annotations

from typing import Any

from browser_people import page_errors, record_outcome
from server_harness import RunningServer
from server_people import play_until_finished, seeded_choice


def step_on_page(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.step ?? -1"))


def go(page: Any, button: str, expected: int) -> None:
    page.click(button)
    page.wait_for_function(f"document.body.dataset.step === '{expected}'")


def test_a_finished_match_replays_step_by_step_from_the_lobby(
    browser: Any, server: RunningServer
) -> None:
    """issue 14 item 1: the lobby's finished list links a replay; Next and Previous step
    through the match; the log grows with the steps; a seat's view can be chosen; the last
    step shows the final scores of the match record."""
    created = server.create(game="requirements", seats=["human", "heuristic"])
    table = created["table"]
    person = server.client(table, created["invites"][0]["token"])
    person.state_frame()
    play_until_finished({0: person}, seeded_choice(8))
    person.close()
    page = browser.new_page()
    errors = page_errors(page)
    page.goto(server.base + "/")
    page.click(f'#list-finished a.replay-link[href="/tables/{table}/replay"]')
    page.wait_for_function("document.body.dataset.step === '0'")
    page.wait_for_selector("#board .requirements")
    assert page.is_disabled("#previous")
    logged = page.locator("#log li").count()
    for expected in (1, 2, 3):
        go(page, "#next", expected)
    assert page.locator("#log li").count() > logged
    assert "Step 3 of" in page.inner_text("#step")
    go(page, "#previous", 2)
    page.select_option("#seat", "1")
    page.wait_for_function("document.getElementById('status').textContent.includes('seat 1')")
    assert step_on_page(page) == 2
    known = "#board .coin[data-down]:not(.proven)"  # a hidden side this seat knows
    step = 2
    while page.locator(known).count() == 0:  # on until seat 1 holds a coin of its own
        step += 1
        assert step < 30, "seat 1 never knew a hidden side"
        go(page, "#next", step)
    page.select_option("#seat", "spectator")
    page.wait_for_function("document.getElementById('status').textContent.includes('spectator')")
    assert step_on_page(page) == step
    assert page.locator(known).count() == 0
    total = len(server.http.get(f"/api/tables/{table}/record").json()["actions"])
    go(page, "#last", total)
    page.wait_for_selector("#final:not([hidden])")
    shown = [float(t.split(": ")[1]) for t in page.locator("#final-body li").all_inner_texts()]
    assert shown == record_outcome(server, table)
    assert page.is_disabled("#next")
    assert errors == []
    page.close()
