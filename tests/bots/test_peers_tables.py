"""Issue 17 item 2 on the server: the omniscient peer bot is never offered in the lobby's
lists and never accepted for a seat or as a stand-in; the fair peer bot's search budget is
bounded like ISMCTS's."""

from __future__ import annotations

import asyncio
import importlib.util
import re
from pathlib import Path
from typing import Any

import pytest

from gamenight.core.errors import BotError, GamenightError
from gamenight.core.registry import make_game
from gamenight.server.bots import choose_in_worker
from gamenight.server.protocol import MAX_SEARCH_ITERATIONS, ProtocolError, parse_table_request

REFUSED = re.escape("bot 'openspiel-mcts' reads the true state of the match (omniscient)")


@pytest.mark.parametrize(
    "body",
    [
        {"game": "gtpag", "players": 2, "seats": ["human", "openspiel-mcts:sims=5"]},
        {"game": "gtpag", "players": 2, "seats": ["human", "openspiel-mcts"]},
        {"game": "requirements", "absent": "bot", "stand_in": "openspiel-mcts"},
        {"kind": "night", "players": 3, "seats": ["human", "human", "openspiel-mcts"]},
    ],
)
def test_a_table_with_an_omniscient_seat_or_stand_in_is_refused(body: dict[str, Any]) -> None:
    """issue 17 item 2: a table request naming it is one line saying why."""
    with pytest.raises(GamenightError, match=REFUSED) as error:
        parse_table_request(body)
    assert "\n" not in str(error.value)


@pytest.mark.skipif(
    importlib.util.find_spec("pyspiel") is None, reason="building the peer bot needs the rl extra"
)
def test_the_fair_peer_bot_is_bounded_like_the_servers_other_searches() -> None:
    """issue 17 item 2: openspiel-ismcts may sit at a table, within the server's budget."""
    settings = parse_table_request(
        {"game": "gtpag", "players": 2, "seats": ["human", "openspiel-ismcts:sims=50"]}
    )
    assert settings.seats == ("human", "openspiel-ismcts:sims=50")
    too_many = f"openspiel-ismcts:sims={MAX_SEARCH_ITERATIONS + 1}"
    with pytest.raises(ProtocolError, match="simulations here"):
        parse_table_request({"game": "gtpag", "players": 2, "seats": ["human", too_many]})


def test_the_server_never_runs_an_omniscient_bot_even_if_asked() -> None:
    """issue 17 item 2: the bot runner's workers build seats with the table factory too."""
    game = make_game("gtpag")
    state = game.new_state(2, 1)
    legal = [str(action) for action in game.legal_actions(state, 0)]
    view = game.view(state, 0)
    with pytest.raises(BotError, match=REFUSED):
        choose_in_worker("gtpag", "{}", "openspiel-mcts", view, legal, 1)
    assert 0 <= choose_in_worker("gtpag", "{}", "random", view, legal, 1) < len(legal)


def test_the_lobby_lists_leave_out_the_omniscient_bot(tmp_path: Path) -> None:
    """issue 17 item 2: /api/games, what the lobby offers people, lists the fair bots only."""
    import httpx

    from gamenight.server.app import create_app

    app = create_app(tmp_path / "lobby.sqlite3")

    async def ask() -> httpx.Response:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            return await client.get("/api/games")

    games = asyncio.run(ask()).json()["games"]
    assert games
    for game in games:
        assert "openspiel-mcts" not in game["bots"]
        assert "openspiel-ismcts" in game["bots"]
