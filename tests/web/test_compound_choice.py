"""Issue 14 item 3 in a real browser: a compound choice shows its running state in words.

The board is drawn from a view of an explicit engine position (a payment under way), so the
test does not depend on a random match reaching one.
"""

from __future__ import annotations

import random
import re
import time
from typing import Any

from browser_people import ENABLED, click_a_move, is_over, page_errors, state_seq
from server_harness import RunningServer

from gamenight.core import Match, registry

DRAW = """
([view, seat]) => {
  const el = (tag, attrs, text) => {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const ctx = { seat: seat, players: 2, toAct: [], legal: [], el: el,
    seatName: (s) => s === seat ? "You (seat " + s + ")" : "Seat " + s };
  document.body.replaceChildren(window.gamenightBoards.requirements(view, ctx));
}
"""


def payment_under_way() -> tuple[Match, int, int]:
    """A Requirements match in which a seat has just paid one coin of a longer payment (R11):
    seeded random play, then the first payment offered; returns the match, the payer and the
    Reserve position it paid with."""
    game = registry.make_game("requirements")
    for seed in range(50):
        match, rng = Match(game, 2, seed), random.Random(seed)
        while not match.is_over():
            seat = match.to_act()[0]
            legal = [str(a) for a in match.legal_actions(seat)]
            pays = [a for a in legal if a.startswith("pay r")]
            if not pays:
                match.apply(seat, rng.choice(legal))
                continue
            match.apply(seat, pays[0])
            if match.view(seat)["paying"] is not None:
                return match, seat, int(pays[0].removeprefix("pay r")) - 1
            break
    raise AssertionError("no seeded match paid with more than one coin")


def test_a_requirements_payment_says_which_coins_are_chosen_and_what_they_pay_for(
    browser: Any, server: RunningServer
) -> None:
    """issue 14 item 3 (R11): mid-payment, the payer's board says it is paying, names the
    chosen Reserve coin (numbered as in its 'pay rN' button) with its exposed side and the
    trait it pays for, and marks that coin; the other seat reads the same in the third
    person. Requirements' engine offers no undo, so the board offers no back control."""
    match, payer, position = payment_under_way()
    view = match.view(payer)
    need = view["paying"]["need"]
    side = view["seats"][payer]["reserve"][position]["up"]
    trait = view["requirement"][0 if position in view["paying"]["routes"][0] else 1]
    assert not any("undo" in str(a) or "back" in str(a) for a in match.legal_actions(payer))
    page = browser.new_page()
    page.set_content("<!doctype html><title>board</title><body></body>")
    page.add_script_tag(url=server.base + "/games/requirements/board.js")
    page.evaluate(DRAW, [view, payer])
    words = page.inner_text(".paying")
    assert words.startswith("You are paying for the Requirement")
    assert f"now for {view['requirement'][need]}" in words
    assert f"for {trait}: Reserve coin {position + 1} ({side})" in words
    reserve = page.locator(".seat-area.me .zone").first.locator(".coin")
    assert reserve.nth(position).get_attribute("data-pays") == trait
    assert page.locator(".coin.chosen").count() == sum(map(len, view["paying"]["routes"]))
    assert page.locator("button").count() == 0
    page.evaluate(DRAW, [match.view(1 - payer), 1 - payer])
    assert page.inner_text(".paying").startswith(f"Seat {payer} is paying for the Requirement")
    page.close()


def test_a_pink_godzilla_trade_says_what_is_offered_and_offers_a_way_back(
    browser: Any, server: RunningServer
) -> None:
    """issue 14 item 3 (R7, G25): during a trade the page says which Row card is traded for
    and which cards are offered so far; the engine's own 'offer cancel' is shown as a back
    control, and clicking it returns to choosing the purchase with no trade under way."""
    created = server.create(game="pgdk", players=2, seats=["human", "heuristic"])
    page = browser.new_page()
    errors = page_errors(page)
    page.goto(created["invites"][0]["link"])
    page.wait_for_selector("#board .pgdk")
    rng = random.Random(25)
    deadline = time.monotonic() + 180  # a hang guard, not a speed check
    while page.locator("#actions button.back").count() == 0:
        assert time.monotonic() < deadline, "no trade was offered in time"
        assert not is_over(page), "no trade was offered in the whole match"
        trades = page.locator(ENABLED, has_text=re.compile(r"^trade "))
        if trades.count():
            before = state_seq(page)
            trades.first.click()
            page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
        elif not click_a_move(page, rng):
            page.wait_for_timeout(30)
    page.wait_for_selector(ENABLED)
    back = page.locator("#actions button.back")
    assert back.get_attribute("data-action") == "offer cancel"
    assert back.inner_text().startswith("Back:")
    words = page.inner_text("#board .offering")
    assert words.startswith("You are trading for ")
    assert words.endswith("Offered so far: nothing yet.")
    offers = page.locator(ENABLED, has_text=re.compile(r"^offer (?!done|cancel)"))
    if offers.count():
        offered = (offers.first.get_attribute("data-action") or "").removeprefix("offer ")
        before = state_seq(page)
        offers.first.click()
        page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
        page.wait_for_selector(ENABLED)
        assert offered in page.inner_text("#board .offering").split("Offered so far: ")[1]
    before = state_seq(page)
    page.locator("#actions button.back").click()  # G25: offering is still going on: legal
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
    assert page.locator("#board .offering").count() == 0
    assert page.locator(".action", has_text=re.compile(r"^offer ")).count() == 0
    assert page.locator(".action", has_text=re.compile("undo", re.I)).count() == 0
    assert errors == []
    page.close()
