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

from gamenight.cli.app import (
    Command,
    DelayOption,
    StepOption,
    app,
    console,
    fresh_seed,
    friendly_errors,
)
from gamenight.cli.play import (
    HUMAN,
    Pace,
    default_bot,
    seat_agents,
    seat_specs,
    table_size,
    watching_delay,
)
from gamenight.cli.terminal import LeftTable, TerminalTable, wipe_screen
from gamenight.core import registry
from gamenight.core.engine import Match
from gamenight.core.rng import Rng, derive_seed
from gamenight.games.gtpag.rules import GtpagGame
from gamenight.night import PICKER, RATING_HELP, night_library, runnable

WATCHED_AT_ONCE = Pace()
NIGHT_PLAYERS = 4
"""Seats at a night when neither --players nor --seats says."""
# digits 0-9 only: float() would also read other scripts' digits, "1_0", "nan" and "inf"
RATING = re.compile(r"[0-9]+(\.[0-9]*)?|\.[0-9]+")


def ask_ratings(
    seat: int,
    library: Sequence[str],
    ask: Callable[[str], str],
    hotseat: bool,
    *,
    may_draw: bool = False,
) -> tuple[float, ...] | None:
    """One person's private ratings, asked title by title; nonsense is asked again.

    With ``may_draw``, Enter at the first title asks for random ones instead: None. End of
    input leaves the table (:class:`LeftTable`), as at the table itself.
    """
    if hotseat:
        wipe_screen(console)
        _ask(ask, f"Pass the keyboard to seat {seat} to rate the games, then press Enter ")
    draw = "; Enter at the first title draws them at random" if may_draw else ""
    console.print(f"Seat {seat}: how much do you want to play each game? ({RATING_HELP}{draw})")
    ratings: list[float] = []
    for title in library:
        while True:
            answer = _ask(ask, f"  {title}: ").strip()
            if may_draw and not answer and not ratings:
                return None
            if not RATING.fullmatch(answer):
                console.print(_complaint(f"{answer!r} is not a number"))
                continue
            value = float(answer)
            if 0 <= value <= 10:
                ratings.append(value)
                break
            console.print(_complaint(f"{answer} is out of range"))
    if hotseat:
        wipe_screen(console)
    return tuple(ratings)


def _ask(ask: Callable[[str], str], prompt: str) -> str:
    try:
        return ask(prompt)
    except EOFError:
        console.print()  # Ctrl-D leaves the cursor after the prompt
        raise LeftTable from None


def table_preferences(
    library: Sequence[str],
    specs: Sequence[str],
    seed: int,
    ask: Callable[[str], str],
    *,
    may_draw: bool = False,
) -> list[tuple[float, ...]]:
    """Every seat's preferences: each person's ratings, a random ranking for each bot (G6).

    A person who lets theirs be drawn (``may_draw``) is shown what was drawn.
    """
    humans = [seat for seat, spec in enumerate(specs) if spec == HUMAN]
    hotseat = len(humans) > 1
    picker = GtpagGame(GtpagGame.params_from({"library": list(library)}))
    preferences = []
    for seat in range(len(specs)):
        rated = (
            ask_ratings(seat, library, ask, hotseat, may_draw=may_draw) if seat in humans else None
        )
        if rated is None:
            rated = picker.random_preferences(Rng(derive_seed(seed, 0x9E5, seat)))
            if seat in humans:
                _tell_drawn(seat, library, rated, ask, hotseat)
        preferences.append(rated)
    return preferences


def _tell_drawn(
    seat: int,
    library: Sequence[str],
    drawn: Sequence[float],
    ask: Callable[[str], str],
    hotseat: bool,
) -> None:
    shown = ", ".join(f"{title} {value:g}" for title, value in zip(library, drawn, strict=True))
    console.print(Text(f"Seat {seat}: your preferences were drawn at random: {shown}."))
    if hotseat:
        _ask(ask, "Press Enter to hide them ")
        wipe_screen(console)


def _complaint(what: str) -> Text:
    """A rating refused; ``what`` quotes the answer, so it must not be read as markup."""
    return Text.assemble("  ", (what, "red"), f"; {RATING_HELP}")


def run_night(
    players: int,
    specs: list[str],
    added: Sequence[str],
    seed: int,
    ask: Callable[[str], str] = input,
    *,
    pace: Pace = WATCHED_AT_ONCE,
) -> str:
    """Pick with Game to Pick a Game, then play the pick; returns the picked title."""
    library = night_library(players, added)
    console.print(  # before the ratings: people rate the titles they were shown
        Text.assemble(
            ("Game night", "bold"), f", {players} players. The library: {', '.join(library)}."
        )
    )
    preferences = table_preferences(library, specs, seed, ask)
    picker = registry.make_game(PICKER, {"library": library, "preferences": preferences})
    match = Match(picker, players, seed)
    _play(match, specs, ask, pace)
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
    _play(Match(game, players, derive_seed(seed, 0x6A3E)), seats, ask, pace)
    return title


def _play(match: Match, specs: Sequence[str], ask: Callable[[str], str], pace: Pace) -> None:
    render = registry.entry(match.game.spec.name).render
    agents = seat_agents(match.game, specs)
    table = TerminalTable(match, agents, render, console, ask, delay=pace.delay, step=pace.step)
    table.run()


@app.command(cls=Command)
@friendly_errors
def night(
    players: Annotated[
        int | None,
        typer.Option(
            "--players", "-p", help="Seats at the table (default: as --seats names, else 4)."
        ),
    ] = None,
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
    delay: DelayOption = None,
    step: StepOption = False,
) -> None:
    """A game night: Game to Pick a Game picks what this table plays next, then it is played.

    End of input (Ctrl-D) leaves the table like q in play, with exit status 0.
    """
    picker = registry.make_game(PICKER)
    count = table_size(picker, players if players or seats else NIGHT_PLAYERS, seats)
    specs = seat_specs(picker, count, seats, humans, seat, bots, hotseat=False)
    seat_agents(picker, specs)  # unknown or omniscient bots refused before anyone is asked
    pace = Pace(watching_delay(delay, step, specs), step)
    night_seed = seed if seed is not None else fresh_seed()
    try:
        run_night(count, specs, [*(add or [])], night_seed, pace=pace)
    except LeftTable:
        console.print("You left the table.")
        return
    console.print(f"Seed of the night: {night_seed}")
