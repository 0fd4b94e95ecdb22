"""CSV files of a run, for spreadsheets and further analysis: one row per match, per
configuration's measure, per component.

``matches.csv`` says of every seat's bot whether it reads the true state (``omniscient0``...,
1 or 0, as the tournament CSV's ``omniscient`` column; issue 17): such a bot's results are a
ceiling of what knowing everything is worth, not a fair bot's."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

from gamenight.bots.factory import omniscient_spec
from gamenight.sim.playtest.measure import SHARES
from gamenight.sim.playtest.run import LabRun

FILES = ("matches.csv", "measures.csv", "components.csv")


def write_csv(directory: Path, run: LabRun, summary: dict[str, Any]) -> list[Path]:
    """Write the three files into ``directory`` (created if missing); returns their paths."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = [directory / name for name in FILES]
    _matches(paths[0], run)
    _measures(paths[1], summary)
    _components(paths[2], summary)
    return paths


def _matches(path: Path, run: LabRun) -> None:
    spec = run.spec
    n = spec.num_players
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(
            ["config", "series", "rung", "match", *(f"bot{s}" for s in range(n)),
             *(f"omniscient{s}" for s in range(n)), *(f"score{s}" for s in range(n)),
             *(f"win{s}" for s in range(n)),
             "actions", "turns", "rounds", "decisions", "choices", "branching",
             "lead_changes", "drama", "decisiveness", "capped", "reason"]
        )
        for series in spec.series():
            label = spec.configs[series.config].label
            for row in run.series_rows(series.key):
                writer.writerow(
                    [label, series.kind, series.rung or "", row.index, *row.bots,
                     *(int(omniscient_spec(bot)) for bot in row.bots), *row.scores,
                     *(w / SHARES for w in row.wins), row.actions, row.turns,
                     "" if row.rounds < 0 else row.rounds, row.decisions, row.choices,
                     row.branching, "" if row.lead_changes < 0 else row.lead_changes,
                     _blank_nan(row.drama), _blank_nan(row.decisiveness), int(row.capped),
                     row.reason]
                )


def _blank_nan(value: float) -> float | str:
    return "" if value != value else value  # nan is the only value unequal to itself


def _measures(path: Path, summary: dict[str, Any]) -> None:
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["config", "measure", "value", "low", "high", "n"])
        for config in summary["configs"]:
            rows: list[tuple[str, dict[str, Any]]] = []
            for seat in config["seats"]:
                rows.append((f"seat{seat['seat']}_win", seat["win_rate"]))
                rows.append((f"seat{seat['seat']}_score", seat["mean_score"]))
            rows += [(key, value) for key, value in config["measures"].items()]
            for rung in config["ladder"]:
                rows.append((f"ladder_{rung['higher']}_vs_{rung['lower']}", rung["win_rate"]))
            for key, estimate in rows:
                writer.writerow([config["label"], key, estimate["value"], estimate["low"],
                                 estimate["high"], estimate["n"]])


def _components(path: Path, summary: dict[str, Any]) -> None:
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["config", "component", "uses", "users", "use_rate",
                         "win_rate_users", "win_rate_others", "difference", "p_adjusted"])
        for config in summary["configs"]:
            for entry in config["components"]:
                difference = entry["difference"]
                writer.writerow([
                    config["label"], entry["name"], entry["uses"], entry["users"],
                    entry["use_rate"], entry["win_rate_users"]["value"],
                    entry["win_rate_others"]["value"],
                    difference["value"] if difference else "", entry.get("p_adjusted", ""),
                ])
