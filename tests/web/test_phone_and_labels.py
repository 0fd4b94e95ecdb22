"""Issue 14: "on a laptop or a phone", and "keyboard use and screen readers get sensible
labels": the lobby and a table page at a phone's size, in a real Chromium."""

from __future__ import annotations

from typing import Any

from browser_people import ENABLED, page_errors
from server_harness import RunningServer

PHONE = {"width": 390, "height": 844}

UNLABELLED = """
() => [...document.querySelectorAll('button, a[href], input, select, textarea')]
  .filter(el => el.offsetParent !== null)
  .filter(el => {
    const named = (el.getAttribute('aria-label') || el.innerText || el.value || el.title || '')
      .trim();
    const labelled = el.labels && el.labels.length > 0;
    const by = el.getAttribute('aria-labelledby');
    return !(named || labelled || by);
  })
  .map(el => el.outerHTML.slice(0, 120))
"""


def _fits_the_screen(page: Any) -> bool:
    width: int = page.evaluate("() => document.documentElement.scrollWidth")
    return width <= PHONE["width"]


def test_the_lobby_fits_a_phone_and_every_control_has_a_name(
    browser: Any, server: RunningServer
) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors = page_errors(page)
    page.goto(server.base + "/")
    page.wait_for_selector("form")
    assert _fits_the_screen(page), "the lobby scrolls sideways on a phone"
    assert page.evaluate(UNLABELLED) == []
    assert errors == []
    context.close()


def test_a_table_fits_a_phone_and_its_moves_are_named_buttons_reachable_by_keyboard(
    browser: Any, server: RunningServer
) -> None:
    created = server.create(game="requirements", seats=["human", "heuristic"])
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors = page_errors(page)
    page.goto(created["invites"][0]["link"])
    page.wait_for_selector(ENABLED)
    assert _fits_the_screen(page), "the table scrolls sideways on a phone"
    assert page.evaluate(UNLABELLED) == []
    first_move = page.locator(ENABLED).first
    assert first_move.is_visible()
    for _ in range(60):  # Tab reaches a move: the page works from the keyboard
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('#actions button')"):
            break
    else:
        raise AssertionError("Tab never reached a move button")
    assert errors == []
    context.close()
