"""Issue 14: the browser pages are served from the package, with no network and no build step."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from server_harness import RunningServer, running_server

from gamenight.core import registry


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    with running_server(tmp_path_factory.mktemp("pages") / "db.sqlite3") as running:
        yield running


def test_lobby_is_served_at_the_root(server: RunningServer) -> None:
    """issue 14 item 1: `gamenight serve` answers / with the lobby page and its script."""
    page = server.http.get("/")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert 'id="new-table"' in page.text
    assert server.http.get("/static/lobby.js").status_code == 200


def test_table_page_carries_no_token_and_no_external_resource(server: RunningServer) -> None:
    """issue 14 item 5: the table page loads only our own files (works offline)."""
    created = server.create(game="requirements", seats=["human", "heuristic"])
    page = server.http.get(f"/tables/{created['table']}")
    assert page.status_code == 200
    assert created["invites"][0]["token"] not in page.text
    for marker in ('src="http', 'href="http', "//cdn", "@import"):
        assert marker not in page.text
    assert server.http.get("/static/table.js").status_code == 200
    assert server.http.get("/static/style.css").status_code == 200


def test_invite_links_point_at_the_table_page(server: RunningServer) -> None:
    """issue 14 item 1: each invite link opens a page the server serves."""
    created = server.create(game="requirements", seats=["human", "human"])
    for invite in created["invites"]:
        path = invite["link"].removeprefix(server.base).split("#")[0]
        assert server.http.get(path).status_code == 200


def test_a_game_board_is_found_through_the_registry(server: RunningServer) -> None:
    """issue 14 item 2: each game's board lives in its folder; the server serves it by name."""
    for entry in registry.entries():
        answer = server.http.get(f"/games/{entry.name}/board.js")
        if entry.web_board is None:
            assert answer.status_code == 404
            assert "no board" in answer.json()["error"]
        else:
            assert entry.web_board.is_file()
            assert Path(entry.web_board).parent.parent.name == entry.name
            assert answer.status_code == 200
            assert f"gamenightBoards.{entry.name}" in answer.text
    assert server.http.get("/games/nosuchgame/board.js").status_code == 404
    assert registry.entry("requirements").web_board is not None


def test_games_listing_carries_the_guide(server: RunningServer) -> None:
    """issue 14 item 2: the table page shows each game's short rules summary."""
    games = {g["game"]: g for g in server.http.get("/api/games").json()["games"]}
    assert games["requirements"]["guide"] == registry.entry("requirements").guide
    assert games["requirements"]["board"] is True
