"""``gamenight night``: Game to Pick a Game chooses what the table plays next, then it is played.

The library is every game gamenight runs for this many players (Game to Pick a Game itself
aside: it is the picker), plus any titles the table adds. Each person rates every candidate
privately (in hotseat play behind a hand-over prompt); a bot's preferences are a random
ranking, as in Game to Pick a Game's own rules (G6 there). The same seats then play the
winner: people stay at their seats and every bot seat gets that game's own bot. A title
gamenight cannot run ends the night with the pick announced.

The night's seed deals the picking game and, through it, the game played next, so it is shown
only when the night is over.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Annotated

import typer
from rich.text import Text

from gamenight.cli.app import app, console, fresh_seed, friendly_errors
from gamenight.cli.play import HUMAN, default_bot, seat_agents, seat_specs
from gamenight.cli.terminal import LeftTable, TerminalTable
from gamenight.core import registry
from gamenight.core.engine import Match
from gamenight.core.errors import InvalidParamsError, UnknownGameError
from gamenight.core.rng import Rng, derive_seed
from gamenight.games.gtpag.rules import GtpagGame

PICKER = "gtpag"
RATING_HELP = "0 = not tonight, 10 = yes please"
# digits 0-9 only: float() would also read other scripts' digits, "1_0", "nan" and "inf"
RATING = re.compile(r"[0-9]+(\.[0-9]*)?|\.[0-9]+")


def night_library(players: int, added: Sequence[str]) -> list[str]:
    """Titles of the games gamenight runs for ``players``, then the table's own titles."""
    library = [
        entry.game_class.spec.title
        for entry in registry.entries()
        if entry.name != PICKER and players in entry.game_class.spec.player_counts
    ]
    for title in added:
        clean = " ".join(title.split())
        if not clean:
            raise InvalidParamsError("an added title is empty")
        if clean.lower() in (t.lower() for t in library):
            raise InvalidParamsError(f"{clean!r} is already in the library")
        library.append(clean)
    if not library:
        raise InvalidParamsError(f"no game in the library suits {players} players; add titles")
    return library


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
            if not RATING.fullmatch(answer):
                console.print(_complaint(f"{answer!r} is not a number"))
                continue
            value = float(answer)
            if 0 <= value <= 10:
                ratings.append(value)
                break
            console.print(_complaint(f"{answer} is out of range"))
    if hotseat:
        console.clear()
    return tuple(ratings)


def _complaint(what: str) -> Text:
    """A rating refused; ``what`` quotes the answer, so it must not be read as markup."""
    return Text.assemble("  ", (what, "red"), f"; {RATING_HELP}")


def runnable(title: str, players: int) -> str | None:
    """The registry name of the game called ``title``, if gamenight runs it for ``players``."""
    try:
        entry = registry.entry(title)
    except UnknownGameError:
        return None
    return entry.name if players in entry.game_class.spec.player_counts else None


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
    console.print(
        Text.assemble(
            ("Game night", "bold"), f", {players} players. The library: {', '.join(library)}."
        )
    )
    match = Match(picker, players, seed)
    _play(match, specs, ask)
    title = str(match.view(None)["picked"])
    console.print(Text(f"The table picked {title}.", style="bold"))
    name = runnable(title, players)
    if name is None:
        console.print(Text(f"gamenight cannot run {title}: get the box out and enjoy the game!"))
        return title
    game = registry.make_game(name)
    own_bot = default_bot(game)
    seats = [spec if spec == HUMAN else own_bot for spec in specs]
    console.print(
        Text(
            f"Starting {game.spec.title}: "
            + ", ".join(f"seat {i} {spec}" for i, spec in enumerate(seats))
        )
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
    night_seed = seed if seed is not None else fresh_seed()
    try:
        run_night(players, specs, [*(add or [])], night_seed)
    except LeftTable:
        console.print("You left the table.")
        return
    console.print(f"Seed of the night: {night_seed}")
