"""Issue 14 in a real browser: A Game of Requirements played by clicking only."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

from browser_people import (
    click_a_move,
    is_over,
    page_errors,
    record_outcome,
    state_seq,
    totals_on_page,
)
from server_harness import RunningServer, running_server

from gamenight.core import Match, MatchRecord

MATCH_SECONDS = 180  # a hang guard, not a speed check


def create_from_lobby(page: Any, server: RunningServer, seats: list[str]) -> list[str]:
    """Set the table up in the lobby by clicking; returns the invite links, then the watch link."""
    page.goto(server.base + "/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "requirements")
    for seat, kind in enumerate(seats):
        page.select_option(f"#seat-{seat}", kind)
    page.click("#new-table button[type=submit]")
    page.wait_for_selector(".invite-link")
    links = page.locator(".invite-link")
    invites = [links.nth(i).get_attribute("href") for i in range(links.count())]
    watch = page.get_attribute(".spectate-link", "href")
    return [*invites, watch]


def table_of(link: str) -> str:
    return link.split("/tables/")[1].split("#")[0]


def test_a_person_plays_a_whole_match_against_a_bot_by_clicking(
    browser: Any, server: RunningServer, artifacts: Path
) -> None:
    """issue 14 tests: a complete match by clicking only; the page's final scores equal the
    outcome of the server's match record; a screenshot of the table mid-match is saved."""
    page = browser.new_page()
    errors = page_errors(page)
    invite, _watch = create_from_lobby(page, server, ["human", "heuristic"])
    page.goto(invite)
    page.wait_for_selector("#board .requirements")
    rng = random.Random(14)
    clicks = 0
    shot = artifacts / "requirements-table.png"
    deadline = time.monotonic() + MATCH_SECONDS
    while not is_over(page):
        assert time.monotonic() < deadline, "the match did not finish by clicking"
        if click_a_move(page, rng):
            clicks += 1
            if clicks == 6:
                page.screenshot(path=str(shot), full_page=True)
        else:
            page.wait_for_timeout(30)
    assert clicks > 0
    assert shot.stat().st_size > 10_000
    assert totals_on_page(page) == record_outcome(server, table_of(invite))
    assert page.locator("#log li").count() > 5
    assert (page.text_content("#guide") or "").startswith("A Game of Requirements")
    assert errors == []
    page.close()


def seq_and_coins(page: Any) -> tuple[int, list[tuple[str, str | None]]]:
    """The state number the page shows and its coins, read in one script: the page's
    JavaScript runs one task at a time, so no update can land between the two readings
    (read apart, the other seat's move sometimes redrew the board in between)."""
    seq, shown = page.evaluate(
        "[document.body.dataset.seq ?? null, [...document.querySelectorAll('#board .coin')]"
        ".map(c => [c.dataset.up, c.dataset.down === undefined ? null : c.dataset.down])]"
    )
    return (int(seq) if seq is not None else -1), [(up, down) for up, down in shown]


def coins_in_view(view: dict[str, Any]) -> list[tuple[str, str | None]]:
    """A view's coins in the order the board draws them."""
    coins: list[dict[str, Any]] = []
    for seat in view["seats"]:
        coins += seat["reserve"] + seat["bid"]
        for accomplishment in seat["accomplishments"]:
            coins += accomplishment["coins"]
    coins += view["discard"]
    return [(c["up"], c["down"]) for c in coins]


def test_two_people_play_each_other_and_never_see_the_others_hidden_sides(
    browser: Any, server: RunningServer
) -> None:
    """issue 14 tests: two browser contexts play to the end; at every state either page drew,
    the coin sides it shows are exactly those its own seat may know (checked afterwards against
    the match record replayed to that point), and at least once the other seat knew a side
    this page showed as a back."""
    created = server.create(game="requirements", seats=["human", "human"])
    pages = []
    for invite in created["invites"]:
        context = browser.new_context()
        page = context.new_page()
        page.goto(invite["link"])
        pages.append(page)
    for page in pages:
        page.wait_for_selector("#board .requirements")
    snapshots: list[tuple[int, int, list[tuple[str, str | None]]]] = []
    rng = random.Random(7)
    deadline = time.monotonic() + MATCH_SECONDS
    while not all(is_over(page) for page in pages):
        assert time.monotonic() < deadline, "the match did not finish by clicking"
        for seat, page in enumerate(pages):
            snapshots.append((seat, *seq_and_coins(page)))
            click_a_move(page, rng)
    record = MatchRecord.from_dict(
        json.loads(server.http.get(f"/api/tables/{created['table']}/record").text)
    )
    for page in pages:
        assert totals_on_page(page) == list(Match.from_record(record).outcome.scores)  # type: ignore[union-attr]
    first_seq = min(seq for _, seq, _ in snapshots)
    other_knew_more = 0
    for seat, seq, shown in snapshots:
        # The table's log holds one event before the first action: the state numbered seq
        # follows seq - first_seq actions of the record.
        at = Match.from_record(record, steps=seq - first_seq)
        assert shown == coins_in_view(at.view(seat)), f"seat {seat} at seq {seq}"
        theirs = coins_in_view(at.view(1 - seat))
        other_knew_more += sum(
            1 for (_, mine), (_, other) in zip(shown, theirs, strict=True) if mine is None and other
        )
    assert other_knew_more > 0, "the match never hid a side from one seat that the other knew"
    for page in pages:
        page.context.close()


def test_a_reload_mid_match_resumes_where_it_was(browser: Any, server: RunningServer) -> None:
    """issue 14 tests: a reload in the middle of a match comes back to the same state."""
    created = server.create(game="requirements", seats=["human", "heuristic"])
    page = browser.new_page()
    errors = page_errors(page)
    page.goto(created["invites"][0]["link"])
    page.wait_for_selector("#board .requirements")
    rng = random.Random(3)
    for _ in range(4):
        click_a_move(page, rng)
    page.wait_for_selector("#actions button.action:not([disabled])")
    before = (state_seq(page), page.inner_text("#board"), page.locator("#log li").count())
    page.reload()
    page.wait_for_selector("#board .requirements")
    page.wait_for_selector("#actions button.action:not([disabled])")
    after = (state_seq(page), page.inner_text("#board"), page.locator("#log li").count())
    assert after == before
    assert click_a_move(page, rng)
    assert errors == []
    page.close()


def test_a_spectator_page_shows_no_hidden_side(browser: Any, server: RunningServer) -> None:
    """issue 14 tests: the watch link shows backs for every unproven coin and offers no move."""
    created = server.create(game="requirements", seats=["human", "heuristic"])
    player = browser.new_page()
    player.goto(created["invites"][0]["link"])
    player.wait_for_selector("#board .requirements")
    watcher = browser.new_page()
    watcher.goto(created["spectate"])
    watcher.wait_for_selector("#board .requirements")
    rng = random.Random(5)
    saw_coins = False
    for _ in range(12):
        if is_over(player):
            break
        click_a_move(player, rng)
        watcher.wait_for_timeout(50)
        if watcher.locator("#board .coin").count():
            saw_coins = True
        proven = watcher.locator("#board .coin.proven").count()
        assert watcher.locator("#board .coin[data-down]").count() == proven
        assert watcher.locator("#actions button.action").count() == 0
    assert saw_coins
    assert "watching" in watcher.inner_text("#status")
    player.close()
    watcher.close()


def test_a_broken_invite_link_says_so(browser: Any, server: RunningServer) -> None:
    """issue 14 bad input: a broken invite link and an unknown table get a message, not a
    blank page."""
    created = server.create(game="requirements", seats=["human", "heuristic"])
    page = browser.new_page()
    page.goto(server.base + f"/tables/{created['table']}#token=not-a-real-token")
    page.wait_for_selector("#problem:not([hidden])")
    assert "not valid" in page.inner_text("#problem")
    assert page.locator("#watch-instead").count() == 1
    page.goto(server.base + "/tables/no-such-table")
    page.wait_for_selector("#problem:not([hidden])")
    assert "no such table" in page.inner_text("#problem").lower()
    page.close()


def test_a_dropped_connection_resumes_where_it_was(browser: Any, server: RunningServer) -> None:
    """issue 14 tests: the network goes away (context.set_offline) and comes back; the page
    says it is retrying, then shows the same state and play goes on."""
    created = server.create(game="requirements", seats=["human", "heuristic"])
    context = browser.new_context()
    page = context.new_page()
    errors = page_errors(page)
    page.goto(created["invites"][0]["link"])
    rng = random.Random(11)
    page.wait_for_selector("#board .requirements")
    for _ in range(3):
        click_a_move(page, rng)
    page.wait_for_selector("#actions button.action:not([disabled])")
    before = (state_seq(page), page.inner_text("#board"), page.locator("#log li").count())
    context.set_offline(True)
    page.wait_for_function("document.body.classList.contains('offline')", timeout=10_000)
    assert "Retrying" in page.inner_text("#status")
    assert page.locator("#actions button.action").count() == 0
    context.set_offline(False)
    page.wait_for_selector("#actions button.action:not([disabled])", timeout=20_000)
    after = (state_seq(page), page.inner_text("#board"), page.locator("#log li").count())
    assert after == before
    assert click_a_move(page, rng)
    assert errors == []
    context.close()


def test_the_page_says_so_when_the_server_is_gone(browser: Any, tmp_path: Path) -> None:
    """issue 14 bad input: the server going away gets a message and retries, not a blank page."""
    with running_server(tmp_path / "gone.sqlite3") as doomed:
        created = doomed.create(game="requirements", seats=["human", "heuristic"])
        page = browser.new_page()
        page.goto(created["invites"][0]["link"])
        page.wait_for_selector("#board .requirements")
    page.wait_for_function("document.body.classList.contains('offline')", timeout=15_000)
    assert "lost" in page.inner_text("#status")
    assert "Retrying" in page.inner_text("#status")
    assert page.locator("#board .requirements").count() == 1  # the last table stays in sight
    page.close()


def test_the_lobby_lists_listed_tables_by_status(browser: Any, server: RunningServer) -> None:
    """issue 14 item 1: the lobby shows open, running and finished tables, each with a watch
    link; an unlisted table is not shown."""
    listed = server.create(game="requirements", seats=["human", "human"])
    hidden = server.create(game="requirements", seats=["human", "human"], listed=False)
    page = browser.new_page()
    page.goto(server.base + "/")
    watch = f'#list-open a[href="/tables/{listed["table"]}"]'
    page.wait_for_selector(watch)
    assert page.locator(f'a[href="/tables/{hidden["table"]}"]').count() == 0
    for status in ("open", "playing", "finished"):  # each list says "none" when empty
        page.wait_for_selector(f"#list-{status} li")
    page.close()
