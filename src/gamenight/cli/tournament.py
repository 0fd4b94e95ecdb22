"""``gamenight tournament``: bots against bots in duplicate format, with ratings."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.table import Table

from gamenight.cli.app import (
    JobsOption,
    ParamOption,
    VariantOption,
    app,
    console,
    errors,
    friendly_errors,
    parse_params,
    progress_bar,
    split_list,
)
from gamenight.core import registry
from gamenight.core.errors import GamenightError
from gamenight.sim.tournament import games_csv, run_tournament, tournament_spec, tournament_summary


@app.command()
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
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
    csv_file: Annotated[
        Path | None, typer.Option("--csv", help="Write one row per seat per match.")
    ] = None,
    records: Annotated[
        Path | None, typer.Option(help="Write every match record (JSON lines).")
    ] = None,
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
    workers = jobs if jobs > 0 else (os.cpu_count() or 1)
    with progress_bar(f"{game.spec.title} tournament", spec.games, quiet=as_json) as advance:
        run = run_tournament(spec, workers, advance)
    games = run.games
    if csv_file is not None and games:
        csv_file.write_text(games_csv(games), encoding="utf-8")
    if records is not None and games:
        records.write_text("".join(f"{g.record}\n" for g in games), encoding="utf-8")
    if games:
        summary = tournament_summary(spec, games)
        if as_json:
            console.print_json(json.dumps(summary))
        else:
            _print(summary, game.spec.title)
    if run.error:
        errors.print(f"kept the {len(games)} matches completed before the error")
        raise GamenightError(run.error)


def _print(summary: dict[str, Any], title: str) -> None:
    console.print(
        f"[bold]{title}[/]: duplicate tournament, {summary['deals']} deals x "
        f"{summary['players']} seat rotations = {summary['games']} matches; "
        f"lineup {', '.join(summary['lineup'])}; seed {summary['seed']}. "
        f"A seat's fair share of wins: {1 / summary['players']:.0%}."
    )
    table = Table(header_style="bold", box=box.SIMPLE_HEAD, padding=(0, 1))
    for column in ("bot", "games", "win % [95% CI]", "score [95% CI]", "rating mu±sigma"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for row in summary["by_bot"]:
        rating = summary["ratings"][row["label"]]
        table.add_row(
            row["label"],
            str(row["games"]),
            f"{row['win_rate']:.1%} [{row['win_low']:.0%}-{row['win_high']:.0%}]",
            f"{row['mean_score']:.1f} [{row['score_low']:.1f}-{row['score_high']:.1f}]",
            f"{rating['mu']:.1f}±{rating['sigma']:.1f}",
        )
    console.print(table)
    length = summary["length"]
    console.print(
        f"Length in actions: mean {length['mean']:.1f}, median {length['median']:g}. "
        f"No winner: {summary['no_winner']:.1%}. Capped: {summary['capped']}."
    )
