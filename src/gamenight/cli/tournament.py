"""``gamenight tournament``: bots against bots in duplicate format, with ratings."""

from __future__ import annotations

import csv
import json
import os
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Annotated, Any, TextIO

import typer
from rich import box
from rich.table import Table
from rich.text import Text

from gamenight.cli.app import (
    Command,
    JobsOption,
    OverwriteOption,
    ParamOption,
    VariantOption,
    app,
    console,
    errors,
    flag,
    friendly_errors,
    output_file,
    parse_params,
    progress_bar,
    split_list,
    written_to,
)
from gamenight.cli.records_file import ResumeOption, records_output, resume_line
from gamenight.cli.simulate import (
    capped_line,
    interval,
    marked,
    print_omniscient,
    record_writer,
    share_cell,
    shared_line,
)
from gamenight.core import registry
from gamenight.core.errors import GamenightError
from gamenight.sim.simulate import GameSummary, validate
from gamenight.sim.tournament import CSV_HEADER, csv_rows, run_tournament, tournament_spec


@app.command(cls=Command)
@friendly_errors
def tournament(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="Which game.")],
    bots: Annotated[
        str, typer.Option(help="The lineup, e.g. 'ismcts,heuristic,random' (last fills the rest).")
    ],
    deals: Annotated[
        int, typer.Option("-n", "--deals", help="Deals; each is played once per seat rotation.")
    ] = 50,
    players: Annotated[int | None, typer.Option("--players", "-p", help="Seats.")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the run.")] = 0,
    jobs: JobsOption = 0,
    variant: VariantOption = None,
    param: ParamOption = None,
    as_json: Annotated[bool, flag("--json", help="Print the results as JSON.")] = False,
    csv_file: Annotated[
        Path | None, typer.Option("--csv", help="Write one row per seat per match.")
    ] = None,
    records: Annotated[
        Path | None, typer.Option(help="Write every match record (JSON lines), as it finishes.")
    ] = None,
    overwrite: OverwriteOption = False,
    resume: ResumeOption = False,
) -> None:
    """A duplicate tournament: every deal once per seat rotation, so luck cancels out."""
    overrides = parse_params(param)
    game = registry.make_game(game_name, overrides, variant)
    spec = tournament_spec(
        game.spec.name,
        players or game.spec.min_players,
        split_list(bots),
        deals,
        seed,
        overrides,
        variant,
        keep_records=records is not None,
    )
    if deals < 1:
        raise GamenightError("the number of deals must be at least 1")
    validate(spec)  # before any file is created
    workers = jobs if jobs > 0 else (os.cpu_count() or 1)
    with ExitStack() as files:
        writers = []
        records_out, done = files.enter_context(records_output(records, overwrite, resume, spec))
        # resumed, the run's CSV is written afresh, every match in it: the stopped run's
        # partial CSV is replaced as the records are continued
        csv_out = files.enter_context(output_file(csv_file, overwrite or resume))
        if csv_out is not None:
            write_csv = csv_writer(csv_out)
            for kept in done:
                write_csv(kept)
            writers.append(write_csv)
        if records_out is not None:
            writers.append(record_writer(records_out))
        if resume and not as_json:
            console.print(Text(resume_line(done, spec, records)))
        with progress_bar(f"{game.spec.title} tournament", spec.games, quiet=as_json) as advance:
            advance(len(done))
            run = run_tournament(spec, workers, advance, on_game=_each(writers), resumed=done)
    if run.games:
        summary = run.summary()
        if as_json:
            console.print_json(json.dumps(summary))
        else:
            _print(summary, game.spec.title)
    if run.error:
        errors.print(f"kept the {run.games} matches completed before the error")
        raise GamenightError(run.error)


def csv_writer(out: TextIO) -> Callable[[GameSummary], None]:
    """Writes the header now and each match's rows as soon as it is in."""
    writer = csv.writer(out)
    with written_to(out):
        writer.writerow(CSV_HEADER)

    def write(game: GameSummary) -> None:
        with written_to(out):
            writer.writerows(csv_rows(game))
            out.flush()

    return write


def _each(
    writers: list[Callable[[GameSummary], None]],
) -> Callable[[GameSummary], None] | None:
    if not writers:
        return None

    def write(game: GameSummary) -> None:
        for one in writers:
            one(game)

    return write


def _print(summary: dict[str, Any], title: str) -> None:
    console.print(  # a Text: bot specs are the user's words, never markup
        Text.assemble(
            (title, "bold"),
            f": duplicate tournament, {summary['deals']} deals x "
            f"{summary['players']} seat rotations = {summary['games']} matches; "
            f"lineup {', '.join(marked(bot, summary) for bot in summary['lineup'])}; "
            f"seed {summary['seed']}. "
            f"A seat's fair share of wins: {1 / summary['players']:.0%}.",
        )
    )
    shared = summary["shared_win"] > 0  # then a share of wins differs from a win rate
    table = Table(header_style="bold", box=box.SIMPLE_HEAD, padding=(0, 1))
    columns = ["bot", "games", "win % [95% CI]", "score [95% CI]", "rating mu±sigma"]
    if shared:
        columns.insert(3, "win share [95% CI]")
    for column in columns:
        table.add_column(column, justify="left" if column == "bot" else "right")
    for row in summary["by_bot"]:
        rating = summary["ratings"][row["label"]]
        cells: list[Text | str] = [
            Text(marked(row["label"], summary)),
            str(row["games"]),
            f"{row['win_rate']:.1%} {interval(row['win_low'], row['win_high'], '.0%')}",
            f"{row['mean_score']:.1f} {interval(row['score_low'], row['score_high'], '.1f')}",
            f"{rating['mu']:.1f}±{rating['sigma']:.1f}",
        ]
        if shared:
            cells.insert(3, share_cell(row, ".0%"))
        table.add_row(*cells)
    console.print(table)
    length = summary["length"]
    console.print(
        f"Length in actions: mean {length['mean']:.1f}, median {length['median']:g}. "
        f"No winner: {summary['no_winner']:.1%}."
    )
    if shared:
        console.print(shared_line(summary))
    console.print(capped_line(summary))
    print_omniscient(summary)
    if summary["capped"] and summary["capped"] < summary["games"]:
        uncapped = ", ".join(
            f"{marked(row['label'], summary)} {row['win_rate']:.1%} of {row['games']}"
            for row in summary["by_bot_uncapped"]
        )
        console.print(Text(f"Win rates over the matches that reached the rules' end: {uncapped}."))
