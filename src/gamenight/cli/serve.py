"""``gamenight serve``: the game server for online tables, on this machine."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Annotated

import typer

from gamenight.cli.app import app, console, friendly_errors
from gamenight.core.errors import GamenightError

DB_NAME = "server.sqlite3"


def default_db() -> Path:
    """A file in the user's data directory (e.g. ~/.local/share/gamenight on Linux)."""
    import platformdirs

    return Path(platformdirs.user_data_dir("gamenight", appauthor=False)) / DB_NAME


@app.command()
@friendly_errors
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        Path | None,
        typer.Option(help="The SQLite database (default: a file in your data directory)."),
    ] = None,
    bot_pause: Annotated[
        float, typer.Option(help="Seconds a bot waits before it acts, so people can follow.")
    ] = 0.8,
    bot_workers: Annotated[int, typer.Option(help="Processes for search bots.")] = 1,
    rate_limit: Annotated[
        float,
        typer.Option(help="Frames a second each connection may send (bursts of 3x that)."),
    ] = 10.0,
) -> None:
    """Serve online tables: a JSON API to create tables and WebSockets to play them."""
    import uvicorn

    from gamenight.server.app import create_app
    from gamenight.server.sqlite import SqliteStore
    from gamenight.server.storage import StorageError
    from gamenight.server.tables import ServerConfig

    if not 0 <= port <= 65535:
        raise GamenightError(f"port must be from 0 to 65535, not {port}")
    if bot_pause < 0 or bot_workers < 1 or rate_limit <= 0:
        raise GamenightError(
            "--bot-pause must be 0 or more, --bot-workers 1 or more, --rate-limit above 0"
        )
    path = db if db is not None else default_db()
    try:  # open it once here so a bad path is one line, not a traceback from the server
        SqliteStore.check(path)
    except StorageError as error:
        raise GamenightError(str(error)) from None
    config = ServerConfig(
        bot_pause=bot_pause, bot_workers=bot_workers, rate=rate_limit, burst=3 * rate_limit
    )
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    console.print(f"gamenight server on http://{host}:{port}  (database: {path})")
    uvicorn.run(
        create_app(path, config),
        host=host,
        port=port,
        ws_max_size=64 * 1024,
        ws_per_message_deflate=False,  # frames are small; compressing costs more CPU
        log_level="info",
    )
