"""``gamenight simulate``: many bot matches, with win rates, scores and lengths."""

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
    friendly_errors,
    parse_params,
    progress_bar,
    split_list,
)
from gamenight.core import registry
from gamenight.core.errors import GamenightError
from gamenight.sim.simulate import SimulationSpec, run_simulation, summarise


@app.command()
@friendly_errors
def simulate(
    game_name: Annotated[
        str, typer.Argument(metavar="GAME", help="Which game (see gamenight list).")
    ],
    games: Annotated[int, typer.Option("-n", "--games", help="How many matches.")] = 100,
    bots: Annotated[str, typer.Option(help="Bot per seat, e.g. 'heuristic,random'.")] = "random",
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Seats (default: the fewest).")
    ] = None,
    seed: Annotated[
        int, typer.Option(help="Seed of the run; match i uses a seed derived from it.")
    ] = 0,
    jobs: JobsOption = 1,
    rotate: Annotated[
        bool, typer.Option(help="Rotate the bots through the seats match by match.")
    ] = True,
    variant: VariantOption = None,
    param: ParamOption = None,
    records: Annotated[
        Path | None, typer.Option(help="Write every match record here (JSON lines).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Simulate matches between bots and report how each seat and each bot fared."""
    game = registry.make_game(game_name, parse_params(param), variant)
    spec = SimulationSpec(
        game=game.spec.name,
        num_players=players or game.spec.min_players,
        games=games,
        bots=tuple(split_list(bots)),
        seed=seed,
        params=parse_params(param),
        variant=variant,
        rotate=rotate,
        keep_records=records is not None,
    )
    workers = jobs if jobs > 0 else (os.cpu_count() or 1)
    if records is not None:
        _check_writable(records)
    with progress_bar(f"{game.spec.title}", games, quiet=as_json) as advance:
        run = run_simulation(spec, workers, advance)
    results = run.games
    if records is not None:
        with records.open("w", encoding="utf-8") as out:
            for result in results:
                out.write(f"{result.record}\n")
    summary = summarise(spec, results)
    if as_json:
        console.print_json(json.dumps(summary))
    else:
        _print(summary, game.spec.title)
    if records is not None and not as_json:
        console.print(f"{len(results)} match records written to {records}")
    if run.error:
        raise GamenightError(f"stopped after {len(results)} matches: {run.error}")


def _check_writable(path: Path) -> None:
    try:
        with path.open("w", encoding="utf-8"):
            pass
    except OSError as error:
        raise GamenightError(f"cannot write {path}: {error.strerror or error}") from None


def _print(summary: dict[str, Any], title: str) -> None:
    console.print(
        f"[bold]{title}[/]: {summary['games']} matches, {summary['players']} players, "
        f"bots {', '.join(summary['bots'])}"
        + (" (rotated through the seats)" if summary["rotate"] else "")
        + f", seed {summary['seed']}"
    )
    for key, heading in (("by_bot", "bot"), ("seats", "seat")):
        table = Table(header_style="bold", title=f"by {heading}", box=box.SIMPLE_HEAD)
        for column in (heading, "seat-games", "win rate (95% CI)", "mean score (95% CI)"):
            table.add_column(column, justify="right" if column != heading else "left")
        for row in summary[key]:
            table.add_row(
                row["label"],
                str(row["games"]),
                f"{row['win_rate']:.1%} ({row['win_low']:.1%}-{row['win_high']:.1%})",
                f"{row['mean_score']:.2f} ({row['score_low']:.2f}-{row['score_high']:.2f})",
            )
        console.print(table)
    length = summary["length"]
    console.print(
        f"Length in actions: mean {length['mean']:.1f}, median {length['median']:g}, "
        f"range {length['min']}-{length['max']}"
    )
    endings = ", ".join(f"{reason}: {count}" for reason, count in summary["endings"].items())
    console.print(f"Endings: {endings}")
    console.print(
        f"No winner: {summary['no_winner']:.1%}; shared wins: {summary['shared_win']:.1%}; "
        f"capped: {summary['capped']}"
    )
