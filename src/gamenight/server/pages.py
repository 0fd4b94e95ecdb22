"""The browser pages: the lobby at ``/``, the table page at ``/tables/{id}``, static files.

Everything ships in the package (Jinja2 templates and plain JavaScript, no build step, nothing
fetched from the network). The pages speak only the public JSON API and the WebSocket, like
any other client. A game's own board is a script in the game's folder (the registry's
``web_board``), served at ``/games/{name}/board.js``; the server never names a game.
"""

from __future__ import annotations

from pathlib import Path

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from gamenight.core import registry
from gamenight.core.errors import GamenightError

WEB = Path(__file__).parent / "web"
templates = Jinja2Templates(directory=str(WEB / "templates"))


async def lobby(request: Request) -> Response:
    return templates.TemplateResponse(request, "lobby.html", {})


async def table_page(request: Request) -> Response:
    # The page itself holds no secret: the seat token stays in the link's fragment, which
    # the browser never sends; the page hands it to the WebSocket.
    table_id = request.path_params["table_id"]
    return templates.TemplateResponse(request, "table.html", {"table_id": table_id})


async def replay_page(request: Request) -> Response:
    table_id = request.path_params["table_id"]
    return templates.TemplateResponse(request, "replay.html", {"table_id": table_id})


async def game_board(request: Request) -> Response:
    name = request.path_params["game"]
    try:
        entry = registry.entry(name)
    except GamenightError:
        raise HTTPException(404, f"no game {name!r}") from None
    if entry.web_board is None or not entry.web_board.is_file():
        raise HTTPException(404, f"{entry.name} has no board of its own")
    return FileResponse(entry.web_board, media_type="text/javascript")


def page_routes() -> list[BaseRoute]:
    return [
        Route("/", lobby),
        Route("/tables/{table_id}", table_page),
        Route("/tables/{table_id}/replay", replay_page),
        Route("/games/{game}/board.js", game_board),
        Mount("/static", StaticFiles(directory=str(WEB / "static")), name="static"),
    ]
