"""``gamenight play``: a match in the terminal, humans and bots in any seats."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from gamenight.bots.factory import make_agent
from gamenight.cli.app import (
    OverwriteOption,
    ParamOption,
    VariantOption,
    app,
    console,
    fresh_seed,
    friendly_errors,
    output_file,
    parse_params,
    split_list,
    written_to,
)
from gamenight.cli.terminal import LeftTable, TerminalTable
from gamenight.core import registry
from gamenight.core.agent import Agent
from gamenight.core.engine import Match
from gamenight.core.errors import BotError
from gamenight.core.game import AnyGame

HUMAN = "human"


def default_bot(game: AnyGame) -> str:
    return "heuristic" if "heuristic" in registry.entry(game.spec.name).bots else "random"


def seat_specs(
    game: AnyGame,
    players: int,
    seats: str | None,
    humans: int,
    first_seat: int,
    bots: str | None,
    hotseat: bool,
) -> list[str]:
    """One spec per seat: 'human' or a bot spec."""
    if seats:
        specs = split_list(seats)
        if len(specs) != players:
            raise BotError(f"--seats names {len(specs)} seats; the table has {players}")
        return [HUMAN if spec.lower() == HUMAN else spec for spec in specs]
    if hotseat:
        return [HUMAN] * players
    if not 0 <= humans <= players:
        raise BotError(f"--humans must be between 0 and {players}")
    if not 0 <= first_seat < players:
        raise BotError(f"--seat must be between 0 and {players - 1}")
    others = split_list(bots) or [default_bot(game)]
    human_seats = {(first_seat + i) % players for i in range(humans)}
    specs, next_bot = [], 0
    for seat in range(players):
        if seat in human_seats:
            specs.append(HUMAN)
        else:
            specs.append(others[next_bot % len(others)])
            next_bot += 1
    return specs


def seat_agents(game: AnyGame, specs: Sequence[str]) -> list[Agent | None]:
    """The bot of every seat; None where a person sits."""
    return [None if spec == HUMAN else make_agent(spec, game) for spec in specs]


@app.command()
@friendly_errors
def play(
    game_name: Annotated[
        str, typer.Argument(metavar="GAME", help="Which game (see gamenight list).")
    ],
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Seats at the table.")
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(help="Who sits where, e.g. 'human,heuristic' or 'random,human,random'."),
    ] = None,
    humans: Annotated[
        int, typer.Option(help="How many people play (hotseat when more than one).")
    ] = 1,
    seat: Annotated[int, typer.Option("--seat", help="The first human's seat.")] = 0,
    bots: Annotated[
        str | None, typer.Option(help="Bots for the other seats (default: heuristic).")
    ] = None,
    hotseat: Annotated[bool, typer.Option("--hotseat", help="Every seat is a person.")] = False,
    seed: Annotated[
        int | None, typer.Option(help="Seed of the deal (random if not given).")
    ] = None,
    variant: VariantOption = None,
    param: ParamOption = None,
    record: Annotated[
        Path | None, typer.Option(help="Write the match record (JSON) here at the end.")
    ] = None,
    overwrite: OverwriteOption = False,
) -> None:
    """Play a game in the terminal. You see only your own seat's view.

    The seed is shown once the match is over: it rebuilds every hidden card.
    """
    game = registry.make_game(game_name, parse_params(param), variant)
    count = players or game.spec.min_players
    game.check_player_count(count)
    specs = seat_specs(game, count, seats, humans, seat, bots, hotseat)
    agents = seat_agents(game, specs)
    match = Match(game, count, seed if seed is not None else fresh_seed())
    match.record.meta = {"seats": specs}
    table = TerminalTable(match, agents, registry.entry(game.spec.name).render, console)
    with output_file(record, overwrite) as out:
        console.print(  # a Text: bot specs are the user's words, never markup
            Text.assemble(
                (game.spec.title, "bold"),
                f", {count} players: ",
                ", ".join(f"seat {i} {spec}" for i, spec in enumerate(specs)),
            )
        )
        try:
            table.run()
            console.print(f"Seed of this match: {match.seed}")
        except LeftTable:
            console.print("You left the table.")
        finally:
            if out is not None:
                with written_to(out):
                    out.write(match.record.to_json() + "\n")
                    out.flush()
                console.print(Text(f"Match record written to {out.name}"))
