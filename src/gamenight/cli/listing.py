"""``gamenight list``: the games, their player counts, variants, bots and parameters."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from gamenight.bots.factory import OMNISCIENT_BOTS, bot_names
from gamenight.cli.app import Command, app, console, friendly_errors
from gamenight.core import registry


@app.command("list", cls=Command)
@friendly_errors
def list_games(
    game: Annotated[
        str | None, typer.Argument(help="Show one game's variants and parameters in full.")
    ] = None,
) -> None:
    """List the games gamenight can run (or one game in detail)."""
    if game:
        _show(game)
        return
    table = Table(title="gamenight games", header_style="bold")
    for column in ("name", "title", "players", "variants", "bots"):
        table.add_column(column)
    for entry in registry.entries():
        spec = entry.game_class.spec
        game_obj = entry.game_class()
        table.add_row(
            spec.name,
            spec.title,
            spec.players_text(),
            ", ".join(v.name for v in spec.variants) or "-",
            ", ".join(bot_names(game_obj)),
        )
    console.print(table)
    console.print("Details of one game: gamenight list GAME")


def _show(name: str) -> None:
    entry = registry.entry(name)
    spec = entry.game_class.spec
    console.print(f"[bold]{spec.title}[/] ({spec.name}, rules version {spec.version})")
    if spec.summary:
        console.print(spec.summary)
    console.print(f"Players: {spec.players_text()}")
    console.print(f"Bots: {', '.join(bot_names(entry.game_class()))}, human")
    console.print(
        f"For simulate and tournament only: {', '.join(sorted(OMNISCIENT_BOTS))} "
        "(omniscient: reads the true state, never at a table with people)"
    )
    if spec.variants:
        variants = Table(title="variants (--variant NAME)", header_style="bold")
        variants.add_column("name")
        variants.add_column("what changes")
        variants.add_column("params")
        for variant in spec.variants:
            changes = ", ".join(f"{k}={v}" for k, v in variant.overrides.items())
            variants.add_row(variant.name, variant.description, changes)
        console.print(variants)
    params = Table(title="parameters (--param NAME=VALUE)", header_style="bold")
    for column in ("name", "type", "default"):
        params.add_column(column)
    for field, kind, default in entry.game_class.default_params().describe():
        params.add_row(field, kind, default if len(default) < 80 else default[:77] + "...")
    console.print(params)
