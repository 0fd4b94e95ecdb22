"""``gamenight replay``: step through a match record."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from gamenight.cli.app import app, console, friendly_errors
from gamenight.core import registry
from gamenight.core.engine import Match
from gamenight.core.errors import GamenightError, RecordError
from gamenight.core.log import MatchRecord, read_records
from gamenight.core.params import file_fields, parse_assignment


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
    record = Match.from_record(records[index - 1], trusted_files=trusted)  # checks it all first
    game = record.game
    render = registry.entry(game.spec.name).render
    if seat is not None and not 0 <= seat < record.num_players:
        raise GamenightError(f"there is no seat {seat}; seats are 0 to {record.num_players - 1}")
    steps = record.record.actions
    console.print(
        f"[bold]{game.spec.title}[/], {record.num_players} players, seed {record.seed}, "
        f"{len(steps)} actions"
    )

    def show(step: int) -> None:
        match = Match.from_record(record.record, steps=step, trusted_files=trusted)
        if step:
            actor, text = steps[step - 1]
            shown = text if seat in (None, actor) else match_public(step)
            console.rule(f"step {step}/{len(steps)}: seat {actor}: {shown}")
        else:
            console.rule("setup")
        console.print(render(match.view(seat)))

    def match_public(step: int) -> str:
        before = Match.from_record(record.record, steps=step - 1, trusted_files=trusted)
        actor, text = steps[step - 1]
        return before.public_action(actor, before.parse(text))

    if final:
        show(len(steps))
    elif show_all:
        for step in range(len(steps) + 1):
            show(step)
    else:
        step = 0
        while True:
            show(step)
            if step >= len(steps):
                break
            try:
                answer = input("Enter: next, number: go to step, q: quit > ").strip().lower()
            except EOFError:
                break
            if answer in ("q", "quit"):
                break
            if answer.isdigit():
                step = min(len(steps), int(answer))
            elif answer == "":
                step += 1
            else:
                console.print("Enter, a step number, or q")
    outcome = record.outcome
    if outcome is not None and (final or show_all or step >= len(steps)):
        console.print(
            f"Outcome: {outcome.reason}; winners {list(outcome.winners)}; "
            f"scores {[f'{s:g}' for s in outcome.scores]}"
        )


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
