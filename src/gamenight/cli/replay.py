"""``gamenight replay``: step through a match record.

Stepping forward advances one match action by action (what other seats learned of an action
is read just before it is applied), so printing a whole record costs one replay, not one per
step. Only a jump backwards replays from the start.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from gamenight.cli.app import app, ascii_whole_number, console, friendly_errors
from gamenight.core import registry
from gamenight.core.engine import Match
from gamenight.core.errors import GamenightError, RecordError
from gamenight.core.log import MatchRecord, read_records
from gamenight.core.params import file_fields, parse_assignment


class Stepper:
    """A recorded match at one of its steps; step 0 is the setup."""

    def __init__(self, record: MatchRecord, trusted_files: Sequence[str] = ()) -> None:
        self.record = record
        self.trusted_files = tuple(trusted_files)
        self.actions = record.actions
        self._restart()

    def _restart(self) -> None:
        self.match = Match.from_record(self.record, steps=0, trusted_files=self.trusted_files)
        self.step = 0
        self.last_public: str | None = None  # what other seats learned of the last action

    def forward(self) -> None:
        seat, text = self.actions[self.step]
        action = self.match.check(seat, text)
        self.last_public = self.match.public_action(seat, action)  # before it is applied
        self.match.apply(seat, action)
        self.step += 1

    def go_to(self, step: int) -> None:
        if step < self.step:
            self._restart()
        while self.step < step:
            self.forward()


@app.command()
@friendly_errors
def replay(
    file: Annotated[
        Path, typer.Argument(help="A match record (JSON) or a file of them (JSON lines).")
    ],
    index: Annotated[int, typer.Option(help="Which record of a JSON-lines file (from 1).")] = 1,
    seat: Annotated[
        int | None, typer.Option(help="See the match as this seat saw it (default: spectator).")
    ] = None,
    show_all: Annotated[
        bool, typer.Option("--all", help="Print every step without waiting.")
    ] = False,
    final: Annotated[bool, typer.Option("--final", help="Print only the final position.")] = False,
    param: Annotated[
        list[str] | None,
        typer.Option(
            "--param",
            help="Let the record read a file it names: NAME=PATH, e.g. card_list=my.csv.",
        ),
    ] = None,
) -> None:
    """Replay a recorded match step by step (Enter: next step, a number: jump, q: quit)."""
    records = list(read_records(file))
    if not 1 <= index <= len(records):
        raise RecordError(f"{file} holds {len(records)} record(s); there is no record {index}")
    trusted = _trusted_files(records[index - 1], param or [])
    checked = Match.from_record(records[index - 1], trusted_files=trusted)  # checks it all first
    game = checked.game
    render = registry.entry(game.spec.name).render
    if seat is not None and not 0 <= seat < checked.num_players:
        raise GamenightError(f"there is no seat {seat}; seats are 0 to {checked.num_players - 1}")
    steps = checked.record.actions
    console.print(
        f"[bold]{game.spec.title}[/], {checked.num_players} players, seed {checked.seed}, "
        f"{len(steps)} actions"
    )
    stepper = Stepper(checked.record, trusted)

    def show() -> None:
        step = stepper.step
        if step:
            actor, text = steps[step - 1]
            shown = text if seat in (None, actor) else stepper.last_public
            console.rule(Text(f"step {step}/{len(steps)}: seat {actor}: {shown}"))
        else:
            console.rule("setup")
        console.print(render(stepper.match.view(seat)))

    if final:
        stepper.go_to(len(steps))
        show()
    elif show_all:
        show()
        while stepper.step < len(steps):
            stepper.forward()
            show()
    else:
        _step_interactively(stepper, show)
    outcome = checked.outcome
    if outcome is not None and stepper.step >= len(steps):
        console.print(
            Text(
                f"Outcome: {outcome.reason}; winners {list(outcome.winners)}; "
                f"scores {[f'{s:g}' for s in outcome.scores]}"
            )
        )


def _step_interactively(stepper: Stepper, show: Callable[[], None]) -> None:
    last = len(stepper.actions)
    while True:
        show()
        if stepper.step >= last:
            return
        try:
            answer = input("Enter: next, number: go to step, q: quit > ").strip().lower()
        except EOFError:
            return
        if answer in ("q", "quit"):
            return
        number = ascii_whole_number(answer)
        if number is not None:
            stepper.go_to(min(last, number))
        elif answer == "":
            stepper.forward()
        else:
            console.print("Enter, a step number (digits 0-9), or q")


def _trusted_files(record: MatchRecord, assignments: list[str]) -> list[str]:
    """The files the user lets the record read: ``--param NAME=PATH`` of file parameters only."""
    if not assignments:
        return []
    names = file_fields(type(registry.entry(record.game).game_class.default_params()))
    trusted = []
    for text in assignments:
        name, _ = parse_assignment(text)
        if name not in names:
            known = ", ".join(names) or "none for this game"
            raise GamenightError(
                f"replay --param only names files a record may read ({known}), not {name!r}"
            )
        trusted.append(text.partition("=")[2])
    return trusted
