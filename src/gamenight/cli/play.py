"""``gamenight play``: a match in the terminal, humans and bots in any seats."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from contextlib import suppress
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

from gamenight.bots.factory import make_table_agent
from gamenight.cli.app import (
    Command,
    DelayOption,
    OverwriteOption,
    ParamOption,
    StepOption,
    VariantOption,
    app,
    console,
    flag,
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
from gamenight.night import PICKER

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
            raise BotError(f"--seats names {_seats(len(specs))}; the table has {players}")
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
    """The bot of every seat; None where a person sits. Never an omniscient bot."""
    return [None if spec == HUMAN else make_table_agent(spec, game) for spec in specs]


def table_size(game: AnyGame, players: int | None, seats: str | None) -> int:
    """Seats at the table: --players, else as many as --seats names, else the fewest."""
    if seats:
        named = len(split_list(seats))
        if players is not None and players != named:
            raise BotError(f"--seats names {_seats(named)} but --players is {players}")
        players = named
    count = players or game.spec.min_players
    game.check_player_count(count)
    return count


def _seats(count: int) -> str:
    return f"{count} seat{'' if count == 1 else 's'}"


@dataclasses.dataclass(frozen=True)
class Pace:
    """How a table of bots is watched: a pause after each action, or Enter for each."""

    delay: float = 0.0
    step: bool = False


WATCH_DELAY = 0.5
"""Seconds between the actions of bots watched on a terminal."""
MOST_DELAY = 60.0


def watching_delay(delay: float | None, step: bool, specs: Sequence[str]) -> float:
    """The pause after each action of a table of bots (0 when piped or stepped)."""
    if HUMAN in specs and (delay is not None or step):
        raise BotError("--delay and --step pace a table of bots only (no 'human' seat)")
    if delay is None:
        return WATCH_DELAY if console.is_terminal and not step else 0.0
    if not (math.isfinite(delay) and 0 <= delay <= MOST_DELAY):
        raise BotError(f"--delay must be between 0 and {MOST_DELAY:g} seconds, not {delay:g}")
    return delay


@app.command(cls=Command)
@friendly_errors
def play(
    game_name: Annotated[
        str, typer.Argument(metavar="GAME", help="Which game (see gamenight list).")
    ],
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="Seats at the table (default: as --seats names)."),
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
    hotseat: Annotated[bool, flag("--hotseat", help="Every seat is a person.")] = False,
    seed: Annotated[
        int | None, typer.Option(help="Seed of the deal (random if not given).")
    ] = None,
    variant: VariantOption = None,
    param: ParamOption = None,
    record: Annotated[
        Path | None, typer.Option(help="Write the match record (JSON) here at the end.")
    ] = None,
    overwrite: OverwriteOption = False,
    delay: DelayOption = None,
    step: StepOption = False,
) -> None:
    """Play a game in the terminal. You see only your own seat's view.

    The seed is shown once the match is over: it rebuilds every hidden card. End of input
    (Ctrl-D) leaves the table like q, with exit status 0.
    """
    overrides = parse_params(param)
    game = registry.make_game(game_name, overrides, variant)
    count = table_size(game, players, seats)
    specs = seat_specs(game, count, seats, humans, seat, bots, hotseat)
    pause = watching_delay(delay, step, specs)
    agents = seat_agents(game, specs)  # bad bot specs are refused before anyone is asked
    match_seed = seed if seed is not None else fresh_seed()
    with output_file(record, overwrite) as out:
        console.print(  # a Text: bot specs are the user's words, never markup
            Text.assemble(
                (game.spec.title, "bold"),
                f", {count} players: ",
                ", ".join(f"seat {i} {spec}" for i, spec in enumerate(specs)),
            )
        )
        match: Match | None = None
        try:
            rated = _with_preferences(game, overrides, variant, specs, match_seed)
            if rated is not game:  # the bots play the game with the preferences in it
                game, agents = rated, seat_agents(rated, specs)
            match = Match(game, count, match_seed)
            match.record.meta = {"seats": specs}
            table = TerminalTable(
                match,
                agents,
                registry.entry(game.spec.name).render,
                console,
                delay=pause,
                step=step,
            )
            table.run()
            console.print(f"Seed of this match: {match.seed}")
        except LeftTable:
            console.print("You left the table.")
        finally:
            if out is not None and match is None:  # left while rating: no record to keep
                with suppress(OSError):
                    Path(out.name).unlink()
                console.print("The match never began: no record was written.")
            elif out is not None and match is not None:
                with written_to(out):
                    out.write(match.record.to_json() + "\n")
                    out.flush()
                console.print(Text(f"Match record written to {out.name}"))


def _with_preferences(
    game: AnyGame,
    overrides: dict[str, Any],
    variant: str | None,
    specs: Sequence[str],
    seed: int,
) -> AnyGame:
    """Game to Pick a Game with the people's own preferences, asked as game night asks them.

    Only when the table has people and --param did not set the preferences; a person may
    press Enter to have theirs drawn at random, and is told so.
    """
    from gamenight.cli.night import table_preferences  # night builds on this module

    if game.spec.name != PICKER or "preferences" in overrides or HUMAN not in specs:
        return game
    titles = list(getattr(game.params, "candidates", ()))
    preferences = table_preferences(titles, specs, seed, input, may_draw=True)
    return registry.make_game(PICKER, {**overrides, "preferences": preferences}, variant)
