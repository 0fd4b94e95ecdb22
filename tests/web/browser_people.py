"""What a person does at a table page: wait for the page, click an offered move, read scores."""

from __future__ import annotations

import json
import random
import time
from typing import Any

from server_harness import RunningServer

from gamenight.core import Match, MatchRecord

ENABLED = "#actions button.action:not([disabled])"


def state_seq(page: Any) -> int:
    raw = page.evaluate("document.body.dataset.seq")
    return int(raw) if raw is not None else -1


def click_a_move(page: Any, rng: random.Random) -> bool:
    """Click one of the offered moves (if any); wait until the page shows the next state."""
    buttons = page.locator(ENABLED)
    count = buttons.count()
    if count == 0:
        return False
    before = state_seq(page)
    try:
        buttons.nth(rng.randrange(count)).click(timeout=2000)
    except Exception:  # the page redrew under the pointer: the next look finds fresh buttons
        return False
    deadline = time.monotonic() + 10
    while state_seq(page) == before and time.monotonic() < deadline:
        page.wait_for_timeout(20)
    return True


def is_over(page: Any) -> bool:
    return bool(page.is_visible("#final"))


def totals_on_page(page: Any) -> list[float]:
    cells = page.locator("table.scores td.total")
    return [float(cells.nth(i).inner_text()) for i in range(cells.count())]


def record_outcome(server: RunningServer, table: str) -> list[float]:
    """The final scores by replaying the server's match record, independently of any page."""
    answer = server.http.get(f"/api/tables/{table}/record")
    assert answer.status_code == 200, answer.text
    match = Match.from_record(MatchRecord.from_dict(json.loads(answer.text)))
    outcome = match.outcome
    assert outcome is not None
    return list(outcome.scores)


def page_errors(page: Any) -> list[str]:
    """Collects uncaught script errors of a page, to assert there are none."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors
