"""``gamenight simulate``: many bot matches, with win rates, scores and lengths."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
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
    flag,
    friendly_errors,
    parse_params,
    progress_bar,
    split_list,
    written_to,
)
from gamenight.cli.records_file import ResumeOption, records_output, resume_line
from gamenight.core import registry
from gamenight.core.errors import GamenightError
from gamenight.sim.simulate import GameSummary, SimulationSpec, run_simulation, validate


@app.command(cls=Command)
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
        bool, flag("--rotate/--no-rotate", help="Rotate the bots through the seats match by match.")
    ] = True,
    variant: VariantOption = None,
    param: ParamOption = None,
    records: Annotated[
        Path | None,
        typer.Option(help="Write every match record here (JSON lines), each as it finishes."),
    ] = None,
    overwrite: OverwriteOption = False,
    resume: ResumeOption = False,
    as_json: Annotated[bool, flag("--json", help="Print the summary as JSON.")] = False,
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
    validate(spec)  # before any file is created
    workers = jobs if jobs > 0 else (os.cpu_count() or 1)
    with (
        records_output(records, overwrite, resume, spec) as (out, done),
        progress_bar(f"{game.spec.title}", games, quiet=as_json) as advance,
    ):
        if resume and not as_json:
            console.print(Text(resume_line(done, spec, records)))
        advance(len(done))
        run = run_simulation(
            spec, workers, advance, on_game=record_writer(out) if out else None, resumed=done
        )
    summary = run.summary()
    if as_json:
        console.print_json(json.dumps(summary))
    else:
        _print(summary, game.spec.title)
    if records is not None and not as_json:
        console.print(Text(f"{run.games} match records written to {records}"))
    if run.error:
        raise GamenightError(f"stopped after {run.games} matches: {run.error}")


def record_writer(out: TextIO) -> Callable[[GameSummary], None]:
    """Writes each match's record as one JSON line the moment it is in (never buffered up)."""

    def write(game: GameSummary) -> None:
        with written_to(out):
            out.write(f"{game.record}\n")
            out.flush()  # an interrupted run leaves every finished match on disk, whole

    return write


def interval(low: float, high: float, spec: str) -> str:
    """A confidence interval as ``[-8.37, 98.04]``: a dash would read as a minus sign."""
    return f"[{low:{spec}}, {high:{spec}}]"


def marked(bot: str, summary: dict[str, Any]) -> str:
    """A bot's name in a report, marked when it reads the true state (never a fair bot)."""
    return f"{bot} (omniscient)" if bot in summary.get("omniscient", ()) else bot


def _print(summary: dict[str, Any], title: str) -> None:
    console.print(  # a Text: bot specs are the user's words, never markup
        Text.assemble(
            (title, "bold"),
            f": {summary['games']} matches, {summary['players']} players, "
            f"bots {', '.join(marked(bot, summary) for bot in summary['bots'])}"
            + (" (rotated through the seats)" if summary["rotate"] else "")
            + f", seed {summary['seed']}",
        )
    )
    tables = [("by_bot", "bot", "by bot"), ("seats", "seat", "by seat")]
    if summary["capped"] and summary["capped"] < summary["games"]:
        tables.insert(1, ("by_bot_uncapped", "bot", "by bot, matches that reached the rules' end"))
    shared = summary["shared_win"] > 0  # then a share of wins differs from a win rate
    for key, heading, title_text in tables:
        table = Table(header_style="bold", title=title_text, box=box.SIMPLE_HEAD)
        columns = [heading, "seat-games", "win rate [95% CI]", "mean score [95% CI]"]
        if shared:
            columns.insert(3, "win share [95% CI]")
        for column in columns:
            table.add_column(column, justify="right" if column != heading else "left")
        for row in summary[key]:
            cells: list[Text | str] = [
                Text(marked(row["label"], summary) if heading == "bot" else row["label"]),
                str(row["games"]),
                f"{row['win_rate']:.1%} {interval(row['win_low'], row['win_high'], '.1%')}",
                f"{row['mean_score']:.2f} {interval(row['score_low'], row['score_high'], '.2f')}",
            ]
            if shared:
                cells.insert(3, share_cell(row, ".1%"))
            table.add_row(*cells)
        console.print(table)
    length = summary["length"]
    console.print(
        f"Length in actions: mean {length['mean']:.1f}, median {length['median']:g}, "
        f"range {length['min']} to {length['max']}"
    )
    endings = ", ".join(f"{reason}: {count}" for reason, count in summary["endings"].items())
    console.print(Text(f"Endings: {endings}"))  # a reason may quote a title from --param
    console.print(
        f"No winner: {summary['no_winner']:.1%}; shared wins: {summary['shared_win']:.1%}."
    )
    if shared:
        console.print(shared_line(summary))
    console.print(capped_line(summary))
    print_omniscient(summary)


def share_cell(row: dict[str, Any], spec: str) -> str:
    """A report row's win share and its interval (the interval's bounds formatted by ``spec``)."""
    return f"{row['win_share']:.1%} {interval(row['share_low'], row['share_high'], spec)}"


def shared_line(summary: dict[str, Any]) -> Text:
    """What the win share is, for a report where some matches had several winners."""
    return Text(
        f"Several seats won {summary['shared_win']:.1%} of the matches. The win rate counts "
        "such a win whole; the win share splits it among its winners, so the seats' shares "
        f"add up to at most 100% and compare with a fair share of {1 / summary['players']:.0%}."
    )


def print_omniscient(summary: dict[str, Any]) -> None:
    """What "omniscient" means, when a bot of the report is one."""
    if summary.get("omniscient"):
        console.print(
            Text(
                f"Omniscient: {', '.join(summary['omniscient'])} read the true state (every "
                "hand, the deck order): a ceiling of what knowing everything is worth, not a "
                "fair opponent."
            )
        )


def capped_line(summary: dict[str, Any]) -> Text:
    """How many matches were cut short (stalled, or at a safety cap), and why: kept apart."""
    if not summary["capped"]:
        return Text("Capped: none; every match reached the rules' own end.")
    why = ", ".join(f"{reason}: {count}" for reason, count in summary["capped_endings"].items())
    return Text(
        f"Capped: {summary['capped']} of {summary['games']} matches "
        f"({summary['capped_rate']:.1%}) were cut short and scored as they stood ({why})."
    )
