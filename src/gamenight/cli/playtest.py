"""``gamenight playtest``: the playtest lab, from the command line.

The lab's modules need the ``lab`` extra (numpy, scipy, plotly); they are imported when the
command runs, so the rest of ``gamenight`` works without them and a missing extra is one line.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich import box
from rich.table import Table
from rich.text import Text

from gamenight.bots.factory import omniscient_spec
from gamenight.cli.app import (
    Command,
    JobsOption,
    OverwriteOption,
    app,
    console,
    flag,
    friendly_errors,
    output_file,
    progress_bar,
    split_list,
    written_to,
)
from gamenight.core import registry
from gamenight.core.errors import GamenightError

if TYPE_CHECKING:
    from gamenight.sim.playtest.backends import Backend

MEASURES = ("seats", "bots", "outcomes", "length", "decisions", "course", "components", "skill")
"""What the terminal report shows; ``skill`` also plays the skill ladder (off by default)."""


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a broken or blocked installation: as good as missing
        return False


def _need(extra: str, *modules: str) -> None:
    missing = [name for name in modules if not _installed(name)]
    if missing:
        raise GamenightError(
            f"this needs the {extra} extra ({', '.join(missing)} missing): "
            f"pip install 'gamenight[{extra}]'"
        )


@app.command(cls=Command)
@friendly_errors
def playtest(
    game_name: Annotated[
        str, typer.Argument(metavar="GAME", help="Which game (see gamenight list).")
    ],
    games: Annotated[
        int, typer.Option("-n", "--games", help="Matches per configuration.")
    ] = 1000,
    bots: Annotated[str, typer.Option(help="Bot per seat, e.g. 'heuristic,random'.")] = "random",
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Seats (default: the fewest).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the run: match i is dealt alike in every "
                                            "configuration.")] = 0,
    jobs: JobsOption = 0,
    variant: Annotated[
        list[str] | None,
        typer.Option("--variant", help="A rules variant to compare ('base': the rules as "
                                        "published); repeat to compare several."),
    ] = None,
    param: Annotated[
        list[str] | None,
        typer.Option("--param", help="Change a rule, NAME=VALUE, or sweep it, NAME=V1,V2,... "
                                     "(repeatable; several sweeps make a grid)."),
    ] = None,
    measures: Annotated[
        str, typer.Option(help=f"Measures to show, of: {', '.join(MEASURES)} "
                               "(default: all but skill, which plays the skill ladder).")
    ] = ",".join(MEASURES[:-1]),
    ladder: Annotated[
        str | None,
        typer.Option(help="Skill ladder, weakest first (default: random, heuristic, ISMCTS at "
                          "25, 50, 100 iterations); implies the skill measure."),
    ] = None,
    ladder_games: Annotated[
        int, typer.Option(help="Matches per rung of the skill ladder.")
    ] = 100,
    detect: Annotated[
        float, typer.Option(help="The win-rate difference the run should be able to show "
                                 "(0.05: 5 points).")
    ] = 0.05,
    backend_name: Annotated[
        str, typer.Option("--backend", help="local (processes here) or ray (a Ray cluster).")
    ] = "local",
    address: Annotated[
        str | None, typer.Option(help="Ray cluster address (default: start a local Ray).")
    ] = None,
    report: Annotated[
        Path | None, typer.Option(help="Write a self-contained HTML report here.")
    ] = None,
    csv_dir: Annotated[
        Path | None,
        typer.Option("--csv", help="Write matches.csv, measures.csv and components.csv here."),
    ] = None,
    overwrite: OverwriteOption = False,
    as_json: Annotated[bool, flag("--json", help="Print every figure as JSON.")] = False,
) -> None:
    """Playtest a game: seat advantage, balance, length, decisions, the course of a game,
    skill depth and components, compared across variants with significance tests."""
    _need("lab", "numpy", "scipy", "plotly")
    from gamenight.sim.playtest.configs import DEFAULT_LADDER, PlaytestSpec, configurations
    from gamenight.sim.playtest.configs import validate as validate_spec
    from gamenight.sim.playtest.measures import summarise
    from gamenight.sim.playtest.run import run_playtest

    shown = _measures(measures, ladder is not None)
    if not 0 < detect < 1:
        raise GamenightError(f"--detect must be a win-rate difference between 0 and 1, "
                             f"got {detect:g}")
    game = registry.make_game(game_name)
    configs = configurations(game.spec.name, variant or [], param or [])
    rungs = tuple(split_list(ladder)) if ladder is not None else DEFAULT_LADDER
    spec = PlaytestSpec(
        game=game.spec.name,
        num_players=players or game.spec.min_players,
        games=games,
        bots=tuple(split_list(bots)),
        configs=configs,
        seed=seed,
        ladder=rungs if "skill" in shown else (),
        ladder_games=ladder_games if "skill" in shown else 0,
    )
    validate_spec(spec)
    backend = _backend(backend_name, address, jobs)
    with output_file(report, overwrite) as report_out:  # a bad path fails before any play
        if csv_dir is not None:
            _check_csv_dir(csv_dir, overwrite)
        title = f"{game.spec.title}: playtest"
        planned = sum(series.games for series in spec.series())
        with progress_bar(title, planned, quiet=as_json) as advance:
            run = run_playtest(spec, backend, advance)
        summary = summarise(run, detect)
        if report_out is not None:
            from gamenight.sim.playtest.report import render_report

            with written_to(report_out):
                report_out.write(render_report(summary))
                report_out.flush()
        if csv_dir is not None:
            from gamenight.sim.playtest.csvfiles import write_csv

            try:
                write_csv(csv_dir, run, summary)
            except OSError as error:
                raise GamenightError(f"cannot write in {csv_dir}: {error.strerror}") from None
    if as_json:
        console.print_json(json.dumps(summary, allow_nan=False))
    else:
        _print(summary, shown, game.spec.title)
        for path, what in ((report, "report"), (csv_dir, "CSV files")):
            if path is not None:
                console.print(Text(f"The {what}: {path}"))
    if run.error:
        raise GamenightError(f"stopped after {run.matches} matches: {run.error}")
    if run.interrupted:
        raise GamenightError(f"interrupted after {run.matches} of {run.planned} matches; "
                             "the figures above cover those")


def _measures(text: str, ladder_named: bool) -> set[str]:
    chosen = {name.strip() for name in text.split(",") if name.strip()}
    unknown = sorted(chosen - set(MEASURES))
    if unknown:
        raise GamenightError(f"unknown measure {unknown[0]!r} (measures: {', '.join(MEASURES)})")
    if not chosen:
        raise GamenightError(f"name at least one measure (measures: {', '.join(MEASURES)})")
    return chosen | ({"skill"} if ladder_named else set())


def _backend(name: str, address: str | None, jobs: int) -> Backend:
    from gamenight.sim.playtest.backends import LocalBackend

    if name == "local":
        if address is not None:
            raise GamenightError("--address is for the ray backend (--backend ray)")
        return LocalBackend(jobs)
    if name == "ray":
        _need("ray", "ray")
        from gamenight.sim.playtest.ray_backend import RayBackend

        return RayBackend(address)
    raise GamenightError(f"unknown backend {name!r} (backends: local, ray)")


def _check_csv_dir(directory: Path, overwrite: bool) -> None:
    from gamenight.sim.playtest.csvfiles import FILES

    if directory.exists() and not directory.is_dir():
        raise GamenightError(f"{directory} is not a directory")
    there = [name for name in FILES if (directory / name).exists()]
    if there and not overwrite:
        raise GamenightError(f"{directory / there[0]} already exists; add --overwrite to "
                             "replace it")


def _marked(bot: str) -> str:
    """A bot that reads the true state is never mistaken for a fair one (issue 17)."""
    return f"{bot} (omniscient)" if omniscient_spec(bot) else bot


def _print(summary: dict[str, Any], shown: set[str], title: str) -> None:
    from gamenight.sim.playtest.words import summary_lines

    spec = summary["spec"]
    console.print(Text.assemble(
        (title, "bold"),
        f": {spec['players']} players, bots {', '.join(map(_marked, spec['bots']))} (rotated), "
        f"{len(summary['configs'])} configuration(s), {spec['games']:,} matches each, "
        f"seed {spec['seed']}",
    ))
    for line in summary_lines(summary):
        console.print(Text(f"- {line}"))
    for config in summary["configs"]:
        _config_tables(config, shown)
    if summary["comparisons"]:
        _comparison_table(summary["comparisons"])


def _table(title: str, *columns: str) -> Table:
    table = Table(header_style="bold", title=title, box=box.SIMPLE_HEAD)
    for index, column in enumerate(columns):
        table.add_column(column, justify="left" if index == 0 else "right")
    return table


def _config_tables(config: dict[str, Any], shown: set[str]) -> None:
    from gamenight.sim.playtest.describe import with_interval

    label = config["label"]
    if "seats" in shown:
        table = _table(f"{label}: by seat", "seat", "win rate [95% CI]", "mean score [95% CI]")
        for seat in config["seats"]:
            table.add_row(str(seat["seat"]), with_interval(seat["win_rate"], True),
                          with_interval(seat["mean_score"], False))
        console.print(table)
    if "bots" in shown:
        table = _table(f"{label}: by bot", "bot", "seat-games", "win rate", "mean score")
        for bot in config["bots"]:
            table.add_row(Text(_marked(bot["bot"])), str(bot["seat_games"]),
                          with_interval(bot["win_rate"], True),
                          with_interval(bot["mean_score"], False))
        console.print(table)
    if "outcomes" in shown:
        outcomes = config["outcomes"]
        table = _table(f"{label}: outcomes", "outcome", "rate [95% CI]")
        for key in ("completion", "no_winner", "shared_win", "capped"):
            table.add_row(key.replace("_", " "), with_interval(outcomes[key], True))
        console.print(table)
        console.print(Text("Endings: " + ", ".join(
            f"{reason}: {count}" for reason, count in outcomes["endings"].items())))
    groups = {
        "length": ("actions", "turns", "rounds"),
        "decisions": ("choice_share", "branching"),
        "course": ("lead_changes", "drama", "decisiveness"),
    }
    rows = [key for group, keys in groups.items() if group in shown for key in keys
            if key in config["measures"]]
    if rows:
        table = _table(f"{label}: measures", "measure", "mean [95% CI]", "games")
        for key in rows:
            measure = config["measures"][key]
            text = with_interval(measure, measure["unit"] == "rate")
            table.add_row(measure["label"], text, str(measure["n"]))
        console.print(table)
    if "skill" in shown and config["ladder"]:
        table = _table(f"{label}: skill ladder", "higher rung", "against", "games",
                       "win rate [95% CI]", "fair share")
        for rung in config["ladder"]:
            table.add_row(Text(rung["higher"]), Text(rung["lower"]), str(rung["games"]),
                          with_interval(rung["win_rate"], True), f"{rung['fair_share']:.1%}")
        console.print(table)
    if "components" in shown and config["components"]:
        _component_table(label, config["components"])


TERMINAL_COMPONENTS = 8  # kinds shown at each end of the ranking; the report and CSV have all


def _component_table(label: str, components: list[dict[str, Any]]) -> None:
    """Kinds ranked by how much more often their users win than other seats."""

    def lead(entry: dict[str, Any]) -> float:
        users, others = entry["win_rate_users"]["value"], entry["win_rate_others"]["value"]
        return (users or 0.0) - (others or 0.0)

    ranked = sorted(components, key=lead, reverse=True)
    if len(ranked) > 2 * TERMINAL_COMPONENTS:
        title = (f"{label}: components, the {TERMINAL_COMPONENTS} most and least linked with "
                 f"winning of {len(ranked)} (all in --report and --csv)")
        ranked = ranked[:TERMINAL_COMPONENTS] + ranked[-TERMINAL_COMPONENTS:]
    else:
        title = f"{label}: components"
    table = _table(title, "component", "uses", "seats using", "users win", "others win",
                   "p (Holm)")
    for entry in ranked:
        p = entry.get("p_adjusted")
        users, others = entry["win_rate_users"]["value"], entry["win_rate_others"]["value"]
        table.add_row(
            Text(entry["name"]), str(entry["uses"]), f"{entry['use_rate']:.1%}",
            "n/a" if users is None else f"{users:.1%}",
            "n/a" if others is None else f"{others:.1%}",
            "" if p is None else f"{p:.3f}",
        )
    console.print(table)


def _comparison_table(comparisons: list[dict[str, Any]]) -> None:
    table = _table("comparisons with the first configuration", "measure", "configuration",
                   "difference [95% CI]", "p (Holm)")
    for entry in comparisons:
        difference = entry["difference"]
        scale, unit = (100, " pts") if entry["unit"] == "rate" else (1, "")
        table.add_row(
            entry["label"],
            Text(entry["config"]),
            f"{difference['value'] * scale:+.2f}{unit} "
            f"[{difference['low'] * scale:+.2f}, {difference['high'] * scale:+.2f}]",
            ("[bold]" if entry["significant"] else "") + f"{entry['p_adjusted']:.3f}",
        )
    console.print(table)
