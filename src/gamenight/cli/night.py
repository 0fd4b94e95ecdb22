"""``gamenight night``: Game to Pick a Game chooses what the table plays next, then it is played.

The library is every game gamenight runs for this many players (Game to Pick a Game itself
aside: it is the picker), plus any titles the table adds. Each person rates every candidate
privately (in hotseat play behind a hand-over prompt); a bot's preferences are a random
ranking, as in Game to Pick a Game's own rules (G6 there). The same seats then play the
winner: people stay at their seats and every bot seat gets that game's own bot. A title
gamenight cannot run ends the night with the pick announced.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from typing import Annotated

import typer

from gamenight.cli.app import app, console, friendly_errors
from gamenight.cli.play import HUMAN, default_bot, seat_agents, seat_specs
from gamenight.cli.terminal import LeftTable, TerminalTable
from gamenight.core import registry
from gamenight.core.engine import Match
from gamenight.core.rng import Rng, derive_seed
from gamenight.games.gtpag.rules import GtpagGame
from gamenight.night import PICKER, RATING_HELP, night_library, runnable


def ask_ratings(
    seat: int, library: Sequence[str], ask: Callable[[str], str], hotseat: bool
) -> tuple[float, ...]:
    """One person's private ratings, asked title by title; nonsense is asked again."""
    if hotseat:
        console.clear()
        ask(f"Pass the keyboard to seat {seat} to rate the games, then press Enter ")
    console.print(f"Seat {seat}: how much do you want to play each game? ({RATING_HELP})")
    ratings = []
    for title in library:
        while True:
            answer = ask(f"  {title}: ").strip()
            try:
                value = float(answer)
            except ValueError:
                console.print(f"  [red]{answer!r} is not a number[/]; {RATING_HELP}")
                continue
            if 0 <= value <= 10:
                ratings.append(value)
                break
            console.print(f"  [red]{answer} is out of range[/]; {RATING_HELP}")
    if hotseat:
        console.clear()
    return tuple(ratings)


def run_night(
    players: int,
    specs: list[str],
    added: Sequence[str],
    seed: int,
    ask: Callable[[str], str] = input,
) -> str:
    """Pick with Game to Pick a Game, then play the pick; returns the picked title."""
    library = night_library(players, added)
    humans = [seat for seat, spec in enumerate(specs) if spec == HUMAN]
    defaults = GtpagGame(GtpagGame.params_from({"library": library}))
    preferences = []
    for seat in range(players):
        if seat in humans:
            preferences.append(ask_ratings(seat, library, ask, hotseat=len(humans) > 1))
        else:
            rng = Rng(derive_seed(seed, 0x9E5, seat))
            preferences.append(defaults.random_preferences(rng))
    picker = registry.make_game(PICKER, {"library": library, "preferences": preferences})
    console.print(f"[bold]Game night[/], {players} players. The library: {', '.join(library)}.")
    match = Match(picker, players, seed)
    _play(match, specs, ask)
    title = str(match.view(None)["picked"])
    console.print(f"[bold]The table picked {title}.[/]")
    name = runnable(title, players)
    if name is None:
        console.print(f"gamenight cannot run {title}: get the box out and enjoy the game!")
        return title
    game = registry.make_game(name)
    own_bot = default_bot(game)
    seats = [spec if spec == HUMAN else own_bot for spec in specs]
    console.print(
        f"Starting {game.spec.title}: "
        + ", ".join(f"seat {i} {spec}" for i, spec in enumerate(seats))
    )
    _play(Match(game, players, derive_seed(seed, 0x6A3E)), seats, ask)
    return title


def _play(match: Match, specs: Sequence[str], ask: Callable[[str], str]) -> None:
    render = registry.entry(match.game.spec.name).render
    TerminalTable(match, seat_agents(match.game, specs), render, console, ask).run()


@app.command()
@friendly_errors
def night(
    players: Annotated[int, typer.Option("--players", "-p", help="Seats at the table.")] = 4,
    humans: Annotated[int, typer.Option(help="How many people play (hotseat if several).")] = 1,
    seat: Annotated[int, typer.Option("--seat", help="The first person's seat.")] = 0,
    seats: Annotated[
        str | None, typer.Option(help="Who sits where, e.g. 'human,human,heuristic,random'.")
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(help="Bots for the other seats while picking (default: heuristic)."),
    ] = None,
    add: Annotated[
        list[str] | None, typer.Option("--add", help="A title the table adds (repeatable).")
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed of the night (random if not given).")
    ] = None,
) -> None:
    """A game night: Game to Pick a Game picks what this table plays next, then it is played."""
    picker = registry.make_game(PICKER)
    picker.check_player_count(players)
    specs = seat_specs(picker, players, seats, humans, seat, bots, hotseat=False)
    try:
        run_night(
            players,
            specs,
            [*(add or [])],
            seed if seed is not None else secrets.randbelow(2**32),
        )
    except LeftTable:
        console.print("You left the table.")
