"""The ASGI app: the JSON API for tables and the WebSocket where tables are played.

Routes (docs/server.md has the whole protocol):

- ``GET /api/games``: the games, their player counts, variants and bots;
- ``POST /api/tables``: create a table; returns one invite (seat token) per person's seat;
- ``GET /api/tables?status=open|playing|finished``: listed tables (never a token);
- ``GET /api/tables/{id}``: one table; ``GET /api/tables/{id}/record``: a finished match's
  record (what ``gamenight replay`` reads);
  ``GET /api/tables/{id}/replay?match=N&step=K&seat=S``: a finished match after K actions as
  seat S (or a spectator) saw it; ``POST /api/tables/{id}/again``: a new match at the same
  seats (a seat token in the body);
- ``WS /ws/tables/{id}``: play (a seat token in the first frame) or watch (no token).
- the browser pages (``/``, ``/tables/{id}``, ``/games/{name}/board.js``, ``/static``): see
  :mod:`gamenight.server.pages`.

Every HTTP error is JSON ``{"error": "..."}`` with its status code, never a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from gamenight.bots.factory import bot_names
from gamenight.core import Match, MatchRecord, registry
from gamenight.core.errors import GamenightError
from gamenight.server.bots import BotRunner
from gamenight.server.pages import page_routes
from gamenight.server.protocol import (
    Act,
    Again,
    Hello,
    Ping,
    ProtocolError,
    Rate,
    TakeOver,
    TokenBucket,
    error_frame,
    parse_frame,
    parse_table_request,
)
from gamenight.server.sqlite import SqliteStore
from gamenight.server.storage import FINISHED, OPEN, PLAYING, STATUSES, StorageError, Store
from gamenight.server.tables import Connection, ServerConfig, Table, TableFull, Tables

log = logging.getLogger("gamenight.server")

MAX_BODY_BYTES = 64 * 1024
LIST_LIMIT = 200
CLOSE_BAD_TOKEN = 4403
CLOSE_NO_TABLE = 4404
CLOSE_NO_HELLO = 4408


@dataclass
class Server:
    """What the routes share: the tables, the store, the bots."""

    tables: Tables
    store: Store
    bots: BotRunner
    config: ServerConfig


def _server(request: Request | WebSocket) -> Server:
    server: Server = request.app.state.server
    return server


def problem(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


# -- HTTP routes ------------------------------------------------------------------------------
async def games(request: Request) -> JSONResponse:
    shown = []
    for entry in registry.entries():
        spec = entry.game_class.spec
        shown.append(
            {
                "game": spec.name,
                "title": spec.title,
                "players": list(spec.player_counts),
                "variants": [v.name for v in spec.variants],
                "bots": bot_names(entry.game_class()),
                "summary": spec.summary,
                "guide": entry.guide,
                "board": entry.web_board is not None,
            }
        )
    return JSONResponse({"games": shown})


async def create_table(request: Request) -> JSONResponse:
    server = _server(request)
    body = await _json_body(request)
    settings = parse_table_request(body)
    try:
        table, tokens = await server.tables.create(settings)
    except TableFull as error:
        return problem(503, str(error))
    base = str(request.base_url).rstrip("/")
    invites = [
        {
            "seat": seat,
            "token": token,
            "link": f"{base}/tables/{table.id}#token={token}",
        }
        for seat, token in tokens
    ]
    return JSONResponse(
        {
            "table": table.id,
            "invites": invites,
            "spectate": f"{base}/tables/{table.id}",
            "socket": f"/ws/tables/{table.id}",
            "summary": table.summary(),
        },
        status_code=201,
    )


async def list_tables(request: Request) -> JSONResponse:
    wanted = request.query_params.get("status")
    if wanted is None:
        statuses: tuple[str, ...] = (OPEN, PLAYING)
    elif wanted in STATUSES:
        statuses = (wanted,)
    else:
        return problem(400, f"status must be one of {', '.join(STATUSES)}, not {wanted!r}")
    shown = await _server(request).tables.listing(statuses, LIST_LIMIT)
    return JSONResponse({"tables": shown})


async def _table_or_404(request: Request) -> Table:
    table = await _server(request).tables.get(request.path_params["table_id"])
    if table is None:
        raise HTTPException(404, f"no table {request.path_params['table_id']!r}")
    return table


async def show_table(request: Request) -> JSONResponse:
    table = await _table_or_404(request)
    return JSONResponse(table.summary())


def _finished_record(request: Request, table: Table) -> tuple[int, dict[str, Any]]:
    """The finished match's record that ``?match=N`` names (default: the latest)."""
    raw = request.query_params.get("match")
    if raw is None:
        if not table.records:
            raise HTTPException(409, "no match at this table has finished yet")
        number = max(table.records)
    else:
        number = _whole_number(raw, "match")
        if number not in table.records:
            if 1 <= number <= table.match_no:
                raise HTTPException(409, f"match {number} has not finished; its record is secret")
            raise HTTPException(404, f"this table has no match {number}")
    return number, table.records[number]


def _whole_number(raw: str, name: str) -> int:
    try:
        return int(raw)
    except ValueError:
        raise HTTPException(400, f"{name} must be a number, not {raw!r}") from None


async def table_record(request: Request) -> Response:
    table = await _table_or_404(request)
    _, record = _finished_record(request, table)
    return JSONResponse(record)


async def replay_step(request: Request) -> Response:
    """A finished match after its first ``step`` actions, as ``seat`` saw it (default: a
    spectator). The match is over, so every seat's view may be shown; it is rebuilt from the
    record alone (Match.from_record, Match.view, Match.log)."""
    table = await _table_or_404(request)
    number, data = _finished_record(request, table)
    record = MatchRecord.from_dict(data)
    total = len(record.actions)
    step = _whole_number(request.query_params.get("step", str(total)), "step")
    if not 0 <= step <= total:
        return problem(400, f"step must be from 0 to {total}, not {step}")
    raw_seat = request.query_params.get("seat", "")
    seat = None if raw_seat in ("", "spectator") else _whole_number(raw_seat, "seat")
    if seat is not None and not 0 <= seat < record.num_players:
        return problem(400, f"seat must be from 0 to {record.num_players - 1}, not {seat}")
    match = Match.from_record(record, steps=step)
    outcome = match.outcome
    return JSONResponse(
        {
            "table": table.id,
            "match": number,
            "game": record.game,
            "title": match.game.spec.title,
            "players": record.num_players,
            "seats": record.meta.get("seats"),
            "seat": seat,
            "step": step,
            "steps": total,
            "view": match.view(seat),
            "to_act": list(match.to_act()),
            "log": match.log(seat),
            "outcome": outcome.to_dict() if outcome is not None else None,
        }
    )


async def play_again(request: Request) -> JSONResponse:
    table = await _table_or_404(request)
    body = await _json_body(request)
    token = body.get("token") if isinstance(body, dict) else None
    seat = table.seat_for_token(token) if isinstance(token, str) else None
    if seat is None:
        return problem(403, "a seat token of this table is needed to start again")
    reason = await table.again(seat)
    if reason is not None:
        return problem(409, reason)
    return JSONResponse(table.summary())


async def health(request: Request) -> JSONResponse:
    tables = _server(request).tables.live.values()
    return JSONResponse({"ok": True, "tables": sum(1 for t in tables if t.status != FINISHED)})


async def _json_body(request: Request) -> Any:
    raw = b""
    async for chunk in request.stream():  # read no more than the limit, whatever is sent
        raw += chunk
        if len(raw) > MAX_BODY_BYTES:
            raise HTTPException(413, f"request body over {MAX_BODY_BYTES} bytes")
    try:
        return json.loads(raw or b"{}")
    except ValueError:
        raise HTTPException(400, "the request body is not valid JSON") from None


# -- errors -----------------------------------------------------------------------------------
async def http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    return problem(error.status_code, str(error.detail))


async def domain_error(request: Request, error: Exception) -> Response:
    return problem(400, str(error))


async def storage_error(request: Request, error: Exception) -> Response:
    log.error("storage failed on %s: %s", request.url.path, error)
    return problem(503, "the server cannot save right now; try again shortly")


async def server_error(request: Request, error: Exception) -> Response:
    log.exception("internal error on %s", request.url.path, exc_info=error)
    return problem(500, "internal server error")


# -- the WebSocket ------------------------------------------------------------------------------
async def table_socket(websocket: WebSocket) -> None:
    server = _server(websocket)
    await websocket.accept()
    hello = await _hello(websocket, server.config)
    if hello is None:
        return
    table = await server.tables.get(websocket.path_params["table_id"])
    if table is None:
        await _close_with(websocket, error_frame(0, "no such table", "no-table"), CLOSE_NO_TABLE)
        return
    seat: int | None = None
    if hello.token is not None:
        seat = table.seat_for_token(hello.token)
        if seat is None:
            frame = error_frame(table.seq, "unknown seat token for this table", "bad-token")
            await _close_with(websocket, frame, CLOSE_BAD_TOKEN)
            return
    connection = Connection(seat, server.config.outbox_limit)
    writer = asyncio.create_task(_write(websocket, connection))
    await table.join(connection, hello.match, hello.log_from)
    try:
        await _read(websocket, table, connection, server.config)
    finally:
        await table.leave(connection)
        connection.outbox.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer, timeout=2.0)
        writer.cancel()


async def _hello(websocket: WebSocket, config: ServerConfig) -> Hello | None:
    """The first frame must say who connects; anything else closes the socket."""
    try:
        text = await asyncio.wait_for(_receive_text(websocket), config.hello_timeout)
    except (TimeoutError, WebSocketDisconnect):
        late = error_frame(0, 'say hello first: {"type": "hello"}', "no-hello")
        await _close_with(websocket, late, CLOSE_NO_HELLO)
        return None
    try:
        frame = parse_frame(text) if text is not None else None
    except ProtocolError as error:
        await _close_with(websocket, error_frame(0, str(error), "bad-frame"), CLOSE_NO_HELLO)
        return None
    if not isinstance(frame, Hello):
        message = "the first frame must be a hello with a seat token (or none to watch)"
        await _close_with(websocket, error_frame(0, message, "no-hello"), CLOSE_NO_HELLO)
        return None
    return frame


async def _receive_text(websocket: WebSocket) -> str | None:
    """The next frame's text; None for a binary frame; WebSocketDisconnect when it closes."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    return text if isinstance(text, str) else None


async def _read(
    websocket: WebSocket, table: Table, connection: Connection, config: ServerConfig
) -> None:
    bucket = TokenBucket(config.rate, config.burst)
    while not connection.dropped:
        try:
            text = await _receive_text(websocket)
        except WebSocketDisconnect:
            return
        if not bucket.take():
            connection.send(error_frame(table.seq, "too many frames; slow down", "flood"))
            continue
        if text is None:
            connection.send(error_frame(table.seq, "frames are JSON text, not binary", "binary"))
            continue
        try:
            frame = parse_frame(text)
        except ProtocolError as error:
            connection.send(error_frame(table.seq, str(error), "bad-frame"))
            continue
        await _dispatch(table, connection, frame)


async def _dispatch(table: Table, connection: Connection, frame: Any) -> None:
    if isinstance(frame, Act):
        await table.act(connection, frame.seq, frame.action)
    elif isinstance(frame, Rate):
        await table.rate(connection, frame.seq, frame.ratings)
    elif isinstance(frame, Again):
        if connection.seat is None:
            connection.send(error_frame(table.seq, "spectators cannot start again", "spectator"))
            return
        reason = await table.again(connection.seat)
        if reason is not None:
            connection.send(error_frame(table.seq, reason, "not-finished"))
    elif isinstance(frame, Ping):
        connection.send({"type": "pong", "seq": table.seq})
    elif isinstance(frame, TakeOver):
        await table.take_over(connection)
    else:
        connection.send(error_frame(table.seq, "already said hello", "hello-again"))


async def _write(websocket: WebSocket, connection: Connection) -> None:
    """Send the connection's frames in order; a socket that fell behind is closed."""
    try:
        while (text := await connection.outbox.get()) is not None:
            await websocket.send_text(text)
        if connection.dropped and websocket.application_state == WebSocketState.CONNECTED:
            await websocket.close(connection.close_code, connection.close_reason)
    except Exception:  # the socket went away; the reader sees it too
        connection.dropped = True


async def _close_with(websocket: WebSocket, frame: dict[str, Any], code: int) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_text(json.dumps(frame))
        await websocket.close(code)


# -- the app --------------------------------------------------------------------------------------
def create_app(db: Path, config: ServerConfig | None = None) -> Starlette:
    """The server's ASGI app, storing tables in the SQLite file ``db``."""
    settings = config or ServerConfig()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = SqliteStore.open(db)
        bots = BotRunner(settings.bot_workers)
        tables = Tables(store, bots, settings)
        restored = await tables.restore()
        if restored:
            log.info("rebuilt %d unfinished table(s) from %s", restored, db)
        app.state.server = Server(tables, store, bots, settings)
        try:
            yield
        finally:
            await tables.close()
            bots.close()
            await store.close()

    routes = [
        Route("/api/health", health),
        Route("/api/games", games),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", show_table),
        Route("/api/tables/{table_id}/record", table_record),
        Route("/api/tables/{table_id}/replay", replay_step),
        Route("/api/tables/{table_id}/again", play_again, methods=["POST"]),
        WebSocketRoute("/ws/tables/{table_id}", table_socket),
        *page_routes(),
    ]
    return Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={
            HTTPException: http_error,
            GamenightError: domain_error,
            StorageError: storage_error,
            Exception: server_error,
        },
    )
