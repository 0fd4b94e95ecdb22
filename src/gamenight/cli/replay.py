"""``gamenight replay``: step through a match record.

Each step shows the entries of the public log that its action wrote, as the chosen seat read
them (the game's own narration; a game not narrating yet shows the action's one-line account
in the step's heading), then the position; the last step adds the itemised final scores.
Interactively, a jump to another step shows the entries before it too, and ``l`` pages
through the whole log up to the current step; nothing after it is shown.

Stepping forward advances one match action by action (what other seats learned of an action
is read just before it is applied), so printing a whole record costs one replay, not one per
step. Only a jump backwards replays from the start.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

from gamenight.cli.app import Command, app, ascii_whole_number, console, flag, friendly_errors
from gamenight.cli.logview import entry_line, latest_panel, page, whole_log
from gamenight.cli.scores import final_reckoning
from gamenight.core import registry
from gamenight.core.engine import Match
from gamenight.core.errors import GamenightError, RecordError
from gamenight.core.log import MatchRecord, read_records
from gamenight.core.params import file_fields, parse_assignment
from gamenight.core.registry import Renderer


class Stepper:
    """A recorded match at one of its steps; step 0 is the setup."""

    def __init__(self, record: MatchRecord, trusted_files: Sequence[str] = ()) -> None:
        self.record = record
        self.trusted_files = tuple(trusted_files)  # the files the user lets the record read
        self.actions = record.actions
        self._restart()

    def _restart(self) -> None:
        self.match = Match.from_record(self.record, steps=0, trusted_files=self.trusted_files)
        self.step = 0
        self.last_public: str | None = None  # what other seats learned of the last action
        self.step_from = 0  # the journal index where the current step's entries begin

    @property
    def last(self) -> int:
        return len(self.actions)

    def forward(self) -> None:
        seat, text = self.actions[self.step]
        action = self.match.check(seat, text)
        self.last_public = self.match.public_action(seat, action)  # before it is applied
        self.step_from = self._journal_length()
        self.match.apply(seat, action)
        self.step += 1

    def go_to(self, step: int) -> None:
        if step < self.step:
            self._restart()
        while self.step < step:
            self.forward()

    def step_entries(self, seat: int | None) -> list[dict[str, Any]]:
        """The log entries the current step wrote (the setup's at step 0), as ``seat`` read them."""
        return self.match.log(seat, self.step_from)

    def _journal_length(self) -> int:
        journal = self.match.journal
        return len(journal) if journal is not None else 0


@app.command(cls=Command)
@friendly_errors
def replay(
    file: Annotated[
        Path, typer.Argument(help="A match record (JSON) or a file of them (JSON lines).")
    ],
    index: Annotated[int, typer.Option(help="Which record of a JSON-lines file (from 1).")] = 1,
    seat: Annotated[
        int | None, typer.Option(help="See the match as this seat saw it (default: spectator).")
    ] = None,
    show_all: Annotated[bool, flag("--all", help="Print every step without waiting.")] = False,
    final: Annotated[
        bool, flag("--final", help="Print only the final position and scores.")
    ] = False,
    param: Annotated[
        list[str] | None,
        typer.Option(
            "--param",
            help="Let the record read a file it names: NAME=PATH, e.g. card_list=my.csv.",
        ),
    ] = None,
) -> None:
    """Replay a recorded match step by step (Enter: next step, a number: jump, l: log, q: quit)."""
    records = list(read_records(file))
    if not 1 <= index <= len(records):
        raise RecordError(f"{file} holds {len(records)} record(s); there is no record {index}")
    trusted = _trusted_files(records[index - 1], param or [])
    checked = Match.from_record(records[index - 1], trusted_files=trusted)  # checks it all first
    game = checked.game
    if seat is not None and not 0 <= seat < checked.num_players:
        raise GamenightError(f"there is no seat {seat}; seats are 0 to {checked.num_players - 1}")
    console.print(
        Text.assemble(
            (game.spec.title, "bold"),
            f", {checked.num_players} players, seed {checked.seed}, "
            f"{len(checked.record.actions)} actions",
        )
    )
    stepper = Stepper(checked.record, trusted)
    shower = _Shower(stepper, seat, registry.entry(game.spec.name).render)
    if final:
        stepper.go_to(stepper.last)
        shower.show()
    elif show_all:
        shower.show()
        while stepper.step < stepper.last:
            stepper.forward()
            shower.show()
    else:
        _step_interactively(stepper, shower)


class _Shower:
    """Prints a step: its heading, the log entries it wrote, the position, the final scores."""

    def __init__(self, stepper: Stepper, seat: int | None, render: Renderer) -> None:
        self.stepper = stepper
        self.seat = seat
        self.render = render

    def show(self, *, jumped: bool = False) -> None:
        """The current step; after a jump, its entries come with the lines before them."""
        stepper, seat = self.stepper, self.seat
        step = stepper.step
        if step:
            actor, text = stepper.actions[step - 1]
            shown = text if seat in (None, actor) else stepper.last_public
            console.rule(Text(f"step {step}/{stepper.last}: seat {actor}: {shown}"))
        else:
            console.rule("setup")
        if jumped and stepper.step_entries(seat):
            console.print(latest_panel(stepper.match.log(seat), stepper.step_from, "the log"))
        else:
            for entry in stepper.step_entries(seat):
                console.print(entry_line(entry))
        view = stepper.match.view(seat)
        console.print(self.render(view))
        outcome = stepper.match.outcome
        if outcome is not None:
            for part in final_reckoning(view, outcome, seat):
                console.print(part)

    def page_log(self, ask: Callable[[str], str]) -> None:
        page(console, whole_log(self.stepper.match.log(self.seat)), ask)


PROMPT = "Enter: next, number: go to step, l: log, q: quit > "


def _step_interactively(stepper: Stepper, shower: _Shower) -> None:
    """Enter steps on, a number jumps, l pages the log; bad input is explained, never ignored."""
    shower.show()
    while True:
        try:
            typed = input(PROMPT).strip()
        except EOFError:
            return
        answer = typed.lower()
        if answer in ("q", "quit"):
            return
        if answer in ("l", "log"):
            try:
                shower.page_log(input)
            except EOFError:
                return
            continue
        target = _target(typed, stepper)
        if target is None:
            continue
        jumped = target != stepper.step + 1
        stepper.go_to(target)
        shower.show(jumped=jumped)


def _target(answer: str, stepper: Stepper) -> int | None:
    """The step ``answer`` asks for, or None after saying why there is none."""
    if not answer:
        if stepper.step >= stepper.last:
            console.print(
                f"end of the match (step {stepper.last}/{stepper.last}): "
                "a step number goes back, q quits"
            )
            return None
        return stepper.step + 1
    number = ascii_whole_number(answer)
    if number is None:
        console.print(
            Text(
                f"{answer[:24]!r} is not a step: press Enter for the next one, type a step "
                f"number from 0 to {stepper.last}, l for the log or q to quit"
            )
        )
        return None
    if number > stepper.last:
        console.print(f"there is no step {number}; steps are 0 to {stepper.last}")
        return None
    return number


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
