"""The playtest report's plots: Plotly figures built from the summary, one function a plot.

Each function reads the JSON-safe summary (:func:`measures.summarise`) and returns figures
(none where the run has no data for them). Text that came from the user (configuration labels
carry variant names and parameter values; bot specs; component names) is HTML-escaped before
it reaches Plotly, because Plotly renders a subset of HTML in titles, names and ticks: a label
``<b>`` must read as written, not turn bold.
"""

from __future__ import annotations

import dataclasses
import html
from typing import Any

import plotly.graph_objects as go
import plotly.io as pio
from plotly.subplots import make_subplots

PERCENT = ".0%"
FAIR_LINE = {"dash": "dash", "color": "#555"}
LENGTH_KEYS = ("actions", "turns", "rounds")
PLOT_CONFIG = {"displaylogo": False, "responsive": True}  # no link out to plotly.com


@dataclasses.dataclass(frozen=True)
class Plot:
    """One figure of the report, with the words that say what it shows."""

    title: str
    caption: str
    figure: go.Figure


def text(value: object) -> str:
    """User text as Plotly should show it: literally."""
    return html.escape(str(value), quote=False)


def figure_html(plot: Plot, div_id: str) -> str:
    """The figure as a div and a script; plotly.js is expected once, elsewhere in the page.

    Plotly writes the figure's data with ``<``, ``>`` and ``/`` escaped inside its JSON,
    so no label can close the script it sits in.
    """
    html_text: str = pio.to_html(
        plot.figure, full_html=False, include_plotlyjs=False, div_id=div_id,
        config=PLOT_CONFIG, default_height="100%", default_width="100%",
    )
    return html_text


def _error_bars(estimates: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "type": "data",
        "array": [e["high"] - e["value"] for e in estimates],
        "arrayminus": [e["value"] - e["low"] for e in estimates],
    }


def _layout(figure: go.Figure, height: int, **more: Any) -> go.Figure:
    figure.update_layout(
        template="plotly_white", height=height, margin={"l": 60, "r": 20, "t": 30, "b": 50},
        legend={"orientation": "h", "y": -0.2}, **more,
    )
    return figure


def _known(estimate: dict[str, Any] | None) -> bool:
    return estimate is not None and estimate.get("value") is not None


def seat_plot(summary: dict[str, Any]) -> Plot | None:
    """Win rate per seat with 95% intervals, one group of bars per configuration."""
    figure = go.Figure()
    for config in summary["configs"]:
        seats = [s for s in config["seats"] if _known(s["win_rate"])]
        if not seats:
            continue
        figure.add_bar(
            name=text(config["label"]),
            x=[f"seat {s['seat']}" for s in seats],
            y=[s["win_rate"]["value"] for s in seats],
            error_y=_error_bars([s["win_rate"] for s in seats]),
        )
    if not figure.data:
        return None
    fair = 1 / summary["spec"]["players"]
    figure.add_hline(y=fair, line=FAIR_LINE, annotation_text=f"fair share {fair:.0%}")
    _layout(figure, 380, barmode="group", yaxis={"tickformat": PERCENT, "title": "win rate"})
    return Plot("Win rate per seat",
                "Bars: each seat's win rate (a shared win counts as a share); whiskers: 95% "
                "intervals; dashed line: the fair share.", figure)


def length_plots(summary: dict[str, Any]) -> list[Plot]:
    """The distribution of the game's length, in actions, turns and rounds."""
    plots = []
    for key in LENGTH_KEYS:
        figure = go.Figure()
        for config in summary["configs"]:
            found = config["length"].get(key)
            if not found or not found["histogram"]:
                continue
            rows = found["histogram"]
            total = sum(count for _, _, count in rows)
            figure.add_bar(
                name=text(config["label"]),
                x=[(low + high) / 2 for low, high, _ in rows],
                width=[high - low + 1 for low, high, _ in rows],
                y=[count / total for _, _, count in rows],
                customdata=[[low, high, count] for low, high, count in rows],
                hovertemplate="%{customdata[0]}–%{customdata[1]}: %{customdata[2]} games"
                              " (%{y:.1%})",
                opacity=0.6,
            )
        if figure.data:
            _layout(figure, 340, barmode="overlay", bargap=0,
                    xaxis={"title": key}, yaxis={"tickformat": PERCENT, "title": "games"})
            plots.append(Plot(f"Length in {key}",
                              f"The share of games that took each number of {key}.", figure))
    return plots


def ladder_plot(summary: dict[str, Any]) -> Plot | None:
    """Each rung's win rate against the rung below, per configuration, with 95% intervals."""
    figure = go.Figure()
    for config in summary["configs"]:
        rungs = [r for r in config["ladder"] if _known(r["win_rate"])]
        if not rungs:
            continue
        figure.add_bar(
            name=text(config["label"]),
            x=[text(f"{r['higher']} vs {r['lower']}") for r in rungs],
            y=[r["win_rate"]["value"] for r in rungs],
            error_y=_error_bars([r["win_rate"] for r in rungs]),
        )
    if not figure.data:
        return None
    fair = 1 / summary["spec"]["players"]
    figure.add_hline(y=fair, line=FAIR_LINE, annotation_text=f"fair share {fair:.0%}")
    _layout(figure, 380, barmode="group",
            yaxis={"tickformat": PERCENT, "title": "higher rung's win rate", "range": [0, 1.05]})
    return Plot("Skill ladder",
                "Each rung's bot in one seat against the rung below in every other seat: "
                "above the dashed fair share, better play pays.", figure)


def _component_order(entry: dict[str, Any]) -> float:
    difference: float = entry["win_rate_users"]["value"] - entry["win_rate_others"]["value"]
    return difference


def component_plots(summary: dict[str, Any]) -> list[Plot]:
    """Per configuration: each component's users' win rate against the other seats'."""
    plots = []
    several = len(summary["configs"]) > 1
    fair = 1 / summary["spec"]["players"]
    for config in summary["configs"]:
        entries = [c for c in config["components"]
                   if _known(c["win_rate_users"]) and _known(c["win_rate_others"])]
        if not entries:
            continue
        entries.sort(key=_component_order)  # Plotly draws the first at the bottom
        names = [text(c["name"]) for c in entries]
        figure = go.Figure()
        for key, name in (("win_rate_others", "the other seats"),
                          ("win_rate_users", "seats that used it")):
            figure.add_bar(
                name=name, orientation="h", y=names,
                x=[c[key]["value"] for c in entries],
                error_x=_error_bars([c[key] for c in entries]),
            )
        figure.add_vline(x=fair, line=FAIR_LINE)
        _layout(figure, 160 + 44 * len(entries), barmode="group",
                xaxis={"tickformat": PERCENT, "title": "win rate"})
        where = f" in {config['label']}" if several else ""
        plots.append(Plot(f"Component win rates{where}",
                          "For each component kind, the win rate of seats that used it against "
                          "the other seats, with 95% intervals; the most linked with winning "
                          "on top.", figure))
    return plots


def course_plots(summary: dict[str, Any]) -> list[Plot]:
    """Per configuration: the standings of every seat after every action of a few games."""
    plots = []
    several = len(summary["configs"]) > 1
    for config in summary["configs"]:
        examples = [e for e in config["course"]["examples"] if e["standings"]]
        if not examples:
            continue
        figure = make_subplots(
            rows=len(examples), cols=1, vertical_spacing=0.3 / len(examples),
            subplot_titles=[text(_example_title(e)) for e in examples],
        )
        seats = len(examples[0]["standings"][0])
        colours = pio.templates["plotly_white"].layout.colorway
        for row, example in enumerate(examples, start=1):
            steps = list(range(1, len(example["standings"]) + 1))
            for seat in range(seats):
                figure.add_scatter(
                    row=row, col=1, x=steps,
                    y=[standing[seat] for standing in example["standings"]],
                    name=f"seat {seat}", legendgroup=f"seat {seat}", showlegend=row == 1,
                    mode="lines", line={"shape": "hv", "color": colours[seat % len(colours)]},
                )
        figure.update_xaxes(title_text="action", row=len(examples), col=1)
        _layout(figure, 120 + 230 * len(examples))
        where = f" in {config['label']}" if several else ""
        plots.append(Plot(f"The course of typical games{where}",
                          "Each seat's standing (the game's own measure of who is ahead) after "
                          "every action.", figure))
    return plots


def _example_title(example: dict[str, Any]) -> str:
    winners = example["winners"]
    won = (f"won by seat {winners[0]}" if len(winners) == 1
           else "no winner" if not winners
           else "shared by seats " + ", ".join(map(str, winners)))
    return f"match {example['index']}, {won} ({', '.join(example['bots'])})"
