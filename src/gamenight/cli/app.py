"""The ``gamenight`` command: the typer app and what every command shares."""

from __future__ import annotations

import functools
import inspect
import secrets
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Annotated, Any, ParamSpec, TextIO, TypeVar

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.text import Text
from typer.core import TyperCommand, TyperGroup

import gamenight
from gamenight.core.errors import GamenightError
from gamenight.core.params import parse_assignment


class _BareHelpFlag:
    """Shows --help as a bare flag: typer's own help option prints ``<bool>`` beside it."""

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.metavar = ""
        return option


class Command(_BareHelpFlag, TyperCommand):
    """Every gamenight command: ``@app.command(cls=Command)``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.help:
            self.help = reflowed(self.help)


def reflowed(docstring: str) -> str:
    """A docstring as --help should show it: each paragraph one line, for the terminal to wrap.

    typer keeps the line breaks of a docstring's later paragraphs (and, in the list of
    commands, of its first), so a docstring wrapped for the source would print with lines
    broken at odd places."""
    paragraphs = inspect.cleandoc(docstring).split("\n\n")
    return "\n\n".join(" ".join(paragraph.split()) for paragraph in paragraphs)


class _Group(_BareHelpFlag, TyperGroup):
    pass


app = typer.Typer(
    name="gamenight",
    cls=_Group,
    help="Play, simulate and playtest modern tabletop games with hidden information.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)

console = Console(highlight=False)
errors = Console(stderr=True, highlight=False)


def _print_version(asked: bool) -> None:
    if asked:
        console.print(f"gamenight {gamenight.__version__} ({gamenight.build().describe()})")
        raise typer.Exit(0)


@app.callback()
def _everywhere(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="Show gamenight's version and exit.",
            callback=_print_version,
            is_eager=True,
            metavar="",
        ),
    ] = False,
) -> None:
    """Play, simulate and playtest modern tabletop games with hidden information."""


def flag(name: str, help: str) -> Any:
    """A yes/no option shown in --help as a bare flag (typer would print ``<bool>``)."""
    return typer.Option(name, help=help, metavar="")


P = ParamSpec("P")
R = TypeVar("R")


def friendly_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Turn gamenight's errors into one line on stderr and exit status 2: no tracebacks."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except GamenightError as error:
            # the message may quote what a user or a file said: a Text is never read as markup
            errors.print(Text.assemble(("error:", "bold red"), " ", str(error)), soft_wrap=True)
            raise typer.Exit(2) from None
        except KeyboardInterrupt:
            errors.print("interrupted")
            raise typer.Exit(130) from None
        except BrokenPipeError:  # e.g. piped into `head`
            sys.stderr.close()
            raise typer.Exit(0) from None

    return wrapper


SEED_BITS = 64
"""A seed drawn for a match people play: too many to search from a seat's opening view."""


def fresh_seed() -> int:
    return secrets.randbits(SEED_BITS)


@contextmanager
def output_file(path: Path | None, overwrite: bool) -> Iterator[TextIO | None]:
    """``path`` opened for writing (None: no file); one already there only with ``overwrite``.

    Opening (not just checking) up front makes a bad path fail before any work is done, and
    exclusive creation leaves no moment in which another file could be clobbered. Writers
    flush every write inside :func:`written_to`, which reports a failure as it happens, so
    closing has nothing left to lose.
    """
    if path is None:
        yield None
        return
    try:
        out = path.open("w" if overwrite else "x", encoding="utf-8")
    except FileExistsError:
        raise GamenightError(f"{path} already exists; add --overwrite to replace it") from None
    except OSError as error:
        raise GamenightError(f"cannot write {path}: {error.strerror or error}") from None
    try:
        yield out
    finally:
        with suppress(OSError):  # a failed write was reported already; do not mask it
            out.close()


@contextmanager
def written_to(out: TextIO) -> Iterator[None]:
    """A failed write (a full disk, a closed pipe) becomes one line naming the file."""
    try:
        yield
    except OSError as error:
        raise GamenightError(f"cannot write {out.name}: {error.strerror or error}") from None


def ascii_whole_number(text: str, most_digits: int = 9) -> int | None:
    """``text`` as a whole number if it is 1 to ``most_digits`` ASCII digits, else None.

    ``str.isdigit`` also accepts ``²`` and ``١`` (and ``int`` then fails or reads another
    script's digits), and ``int`` refuses more than 4,300 digits: a prompt takes neither.
    """
    if 0 < len(text) <= most_digits and text.isascii() and text.isdecimal():
        return int(text)
    return None


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
OverwriteOption = Annotated[bool, flag("--overwrite", help="Replace an existing output file.")]
JobsOption = Annotated[int, typer.Option("--jobs", "-j", help="Processes (0: one per core).")]
DelayOption = Annotated[
    float | None,
    typer.Option(
        metavar="SECONDS",
        help="Watching bots: the pause after each action (default 0.5 on a terminal, "
        "0 when piped).",
    ),
]
StepOption = Annotated[bool, flag("--step", help="Watching bots: press Enter for each action.")]


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
