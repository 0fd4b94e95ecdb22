"""The playtest lab's HTML report: one self-contained file from a run's summary.

The page needs no server and no network: plotly.js is inlined once, each figure carries its
own data, and the CSS sits in the page. The summary in words and every table are plain HTML,
readable with JavaScript off; only the plots need it. Everything from the user (labels,
variant names, parameter values, bot specs, component names) goes through Jinja2's
autoescaping, and into the plots escaped (see :mod:`report_plots`).
"""

from __future__ import annotations

import functools
from typing import Any

import jinja2
import plotly.offline
from markupsafe import Markup

from gamenight.core import registry
from gamenight.core.errors import GamenightError
from gamenight.sim.playtest.describe import format_p, number, percent, with_interval
from gamenight.sim.playtest.report_plots import (
    Plot,
    component_plots,
    course_plots,
    figure_html,
    ladder_plot,
    length_plots,
    seat_plot,
)
from gamenight.sim.playtest.words import marked, omniscient_note, summary_lines

OUTCOMES = {"completion": "reached the rules' end", "no_winner": "no winner",
            "shared_win": "shared win", "capped": "capped (safety limit)"}
MEASURE_GROUPS = (
    ("length", ("actions", "turns", "rounds")),
    ("decisions", ("choice_share", "branching")),
    ("course of the game", ("lead_changes", "drama", "decisiveness")),
    ("endings", ("no_winner", "capped")),
)


@functools.cache
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("gamenight.sim.playtest", "templates"),
        autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
    )


@functools.cache
def _plotly_js() -> Markup:
    """plotly.js as page text; it must not hold anything that would end its script early."""
    source: str = plotly.offline.get_plotlyjs()
    if "</script" in source.lower():
        raise GamenightError("this plotly.js cannot be inlined in a page (it holds </script)")
    return Markup(source)


def render_report(summary: dict[str, Any]) -> str:
    """The whole report as one HTML page, from :func:`measures.summarise`'s summary."""
    template = _environment().get_template("report.html.j2")
    return template.render(
        title=f"{_game_title(summary['spec']['game'])}: playtest report",
        facts=_facts(summary),
        warnings=_warnings(summary),
        lines=summary_lines(summary),
        plots=_plot_sections(summary),
        configs=[_config_tables(config) for config in summary["configs"]],
        comparisons=[_comparison_row(entry) for entry in summary["comparisons"]],
        several=len(summary["configs"]) > 1,
        baseline=summary["configs"][0]["label"] if summary["configs"] else "",
        power=summary["power"]["sentence"],
        plotly_js=_plotly_js(),
    )


def _game_title(name: str) -> str:
    try:
        return registry.make_game(name).spec.title
    except GamenightError:  # a summary from a game this install does not have
        return name


def _facts(summary: dict[str, Any]) -> list[tuple[str, str]]:
    spec = summary["spec"]
    seers = set(summary.get("omniscient", ()))
    bots = ", ".join(marked(bot, bot in seers) for bot in spec["bots"])
    facts = [
        ("game", spec["game"]),
        ("players", str(spec["players"])),
        ("bots", bots + " (rotated through the seats)"),
        ("seed", str(spec["seed"])),
        ("configurations", "; ".join(c["label"] for c in spec["configs"])),
        ("matches", f"{spec['games']:,} per configuration"),
    ]
    if spec["ladder"]:
        ladder = " < ".join(marked(bot, bot in seers) for bot in spec["ladder"])
        facts.append(("skill ladder", f"{ladder}, {spec['ladder_games']:,} matches per rung"))
    note = omniscient_note(summary)
    if note is not None:  # issue 17: a bot that reads the true state is never a fair one
        facts.append(("omniscient", note))
    facts.append(("finished", f"{summary['matches']:,} of {summary['planned']:,} matches"))
    facts.append(("backend", summary["backend"]))
    return facts


def _warnings(summary: dict[str, Any]) -> list[str]:
    warnings = []
    if summary["interrupted"]:
        warnings.append(f"This run was interrupted: the figures cover the "
                        f"{summary['matches']:,} matches that finished of "
                        f"{summary['planned']:,} planned.")
    if summary["error"]:
        warnings.append(f"This run was stopped by a bot's error after {summary['matches']:,} "
                        f"matches: {summary['error']}")
    return warnings


def _plot_sections(summary: dict[str, Any]) -> list[dict[str, Any]]:
    """Each kind of plot: its figures, or one line saying why there is none."""
    seat, ladder = seat_plot(summary), ladder_plot(summary)
    sections: list[tuple[str, list[Plot], str]] = [
        ("Win rate per seat", [seat] if seat else [], "No match finished: nothing to plot."),
        ("Length", length_plots(summary), "No match finished: no lengths to plot."),
        ("Skill ladder", [ladder] if ladder else [],
         "No skill ladder in this run (add --ladder, or skill to --measures)."
         if not summary["spec"]["ladder"] else "No ladder match finished."),
        ("Components", component_plots(summary),
         "No component data: this game reports no component uses, or no match finished."),
        ("The course of typical games", course_plots(summary),
         "No course of play: this game reports no standings, or no match finished."),
    ]
    found = []
    count = 0
    for heading, plots, empty in sections:
        rendered = []
        for plot in plots:
            count += 1
            rendered.append({"title": plot.title, "caption": plot.caption,
                             "html": Markup(figure_html(plot, f"plot-{count}"))})
        found.append({"heading": heading, "plots": rendered, "empty": empty})
    return found


def _test_line(test: dict[str, Any] | None, what: str) -> str:
    if test is None:
        return f"{what}: too few matches to test."
    return f"{what}: {format_p(test['p_value'])} ({test['method']})."


def _config_tables(config: dict[str, Any]) -> dict[str, Any]:
    games = config["games"]
    outcomes = config["outcomes"]
    capped = outcomes["capped_endings"]
    return {
        "label": config["label"],
        "games": games,
        "seats": [(s["seat"], with_interval(s["win_rate"], True),
                   with_interval(s["mean_score"], False)) for s in config["seats"]],
        "seat_tests": [_test_line(config["seats_equal"], "all seats win equally often"),
                       _test_line(config["scores_equal"], "all seats score alike")],
        "bots": [(b["bot"], b.get("omniscient", False), f"{b['seat_games']:,}",
                  with_interval(b["win_rate"], True), with_interval(b["mean_score"], False))
                 for b in config["bots"]],
        "outcomes": [(name, with_interval(outcomes[key], True))
                     for key, name in OUTCOMES.items()],
        "endings": [(reason, f"{count:,}", percent(count / games if games else None),
                     f"{capped.get(reason, 0):,}")
                    for reason, count in outcomes["endings"].items()],
        "measures": _measure_rows(config["measures"]),
        "ladder": [((r["higher"], r.get("higher_omniscient", False)),
                    (r["lower"], r.get("lower_omniscient", False)), f"{r['games']:,}",
                    with_interval(r["win_rate"], True), percent(r["fair_share"]),
                    "" if "p_adjusted" not in r else format_p(r["p_adjusted"]))
                   for r in config["ladder"]],
        "components": [_component_row(c) for c in config["components"]],
    }


def _measure_rows(measures: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    rows = []
    for group, keys in MEASURE_GROUPS:
        for key in keys:
            measure = measures.get(key)
            if measure is not None:
                rows.append((group, measure["label"],
                             with_interval(measure, measure["unit"] == "rate"),
                             f"{measure['n']:,}"))
    return rows


def _p_text(test: dict[str, Any] | None) -> str:
    return "" if test is None else format_p(test["p_value"])


def _component_row(entry: dict[str, Any]) -> tuple[str, ...]:
    difference = entry["difference"]
    p = entry.get("p_adjusted")
    return (
        entry["name"], f"{entry['uses']:,}", percent(entry["use_rate"]),
        with_interval(entry["win_rate_users"], True),
        with_interval(entry["win_rate_others"], True),
        _points(difference) if difference else "",
        "" if p is None else format_p(p),
    )


def _points(difference: dict[str, Any]) -> str:
    """A difference of rates in percentage points, with its interval."""
    return (f"{difference['value'] * 100:+.1f} pts [{difference['low'] * 100:+.1f}, "
            f"{difference['high'] * 100:+.1f}]")


def _comparison_row(entry: dict[str, Any]) -> dict[str, Any]:
    rate = entry["unit"] == "rate"
    difference = entry["difference"]
    if rate:
        change = _points(difference)
    else:
        change = (f"{difference['value']:+.2f} [{difference['low']:+.2f}, "
                  f"{difference['high']:+.2f}]")
    show = percent if rate else number
    return {
        "label": entry["label"],
        "config": entry["config"],
        "a": show(entry["a"]),
        "b": show(entry["b"]),
        "difference": change,
        "p": format_p(difference["p_value"]),
        "p_adjusted": format_p(entry["p_adjusted"]),
        "significant": entry["significant"],
        "sentence": entry["sentence"],
    }
