"""The ``gamenight`` command: the typer app and what every command shares."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, Any, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from gamenight.core.errors import GamenightError
from gamenight.core.params import parse_assignment

app = typer.Typer(
    name="gamenight",
    help="Play, simulate and playtest modern tabletop games with hidden information.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)

console = Console(highlight=False)
errors = Console(stderr=True, highlight=False)

P = ParamSpec("P")
R = TypeVar("R")


def friendly_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Turn gamenight's errors into one line on stderr and exit status 2: no tracebacks."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except GamenightError as error:
            errors.print(f"[bold red]error:[/] {error}", markup=True, soft_wrap=True)
            raise typer.Exit(2) from None
        except KeyboardInterrupt:
            errors.print("interrupted")
            raise typer.Exit(130) from None
        except BrokenPipeError:  # e.g. piped into `head`
            sys.stderr.close()
            raise typer.Exit(0) from None

    return wrapper


def parse_params(assignments: list[str] | None) -> dict[str, Any]:
    """``["key=value", ...]`` from repeated ``--param`` options."""
    return dict(parse_assignment(text) for text in assignments or [])


def split_list(text: str | None) -> list[str]:
    """``"a,b:x=1,y=2,c"`` -> bot specs; commas inside ``name:options`` stay with the bot."""
    if not text:
        return []
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if specs and ":" in specs[-1] and "=" in part and ":" not in part:
            specs[-1] += "," + part  # an option of the previous bot
        else:
            specs.append(part)
    return specs


VariantOption = Annotated[
    str | None, typer.Option(help="A rules variant (see gamenight list GAME).")
]
ParamOption = Annotated[
    list[str] | None, typer.Option("--param", help="Change a rule: NAME=VALUE (repeatable).")
]
PlayersOption = Annotated[
    int | None, typer.Option("--players", "-p", help="Seats at the table (default: the fewest).")
]
JobsOption = Annotated[int, typer.Option("--jobs", "-j", help="Processes (0: one per core).")]


@contextmanager
def progress_bar(title: str, total: int, quiet: bool) -> Iterator[Callable[[int], None]]:
    """A progress bar on the terminal (none when quiet or piped); yields ``advance(n)``."""
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=quiet or not console.is_terminal,
    ) as progress:
        task = progress.add_task(title, total=total)
        yield lambda n: progress.advance(task, n)
