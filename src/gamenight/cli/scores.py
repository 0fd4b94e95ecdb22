"""The end of a match on a terminal: the game's itemised score sheet and the verdict.

The sheet is data the game puts in a finished match's views (``view["score_sheet"]``, built
by :func:`gamenight.core.scoresheet.score_sheet`); this module only lays it out: a table per
seat (each item, its points and detail, and the total), then the worked details and notes.
A game whose views carry no sheet yet gets the one-line scores of the verdict alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gamenight.core.game import Outcome, View


def seat_name(seat: int, viewer: int | None) -> str:
    return f"Seat {seat} (you)" if seat == viewer else f"Seat {seat}"


def points(value: float) -> str:
    return f"{value:g}"


def _seat_table(row: Mapping[str, Any], viewer: int | None) -> Table:
    items = row.get("items", [])
    with_detail = any(item.get("detail") for item in items)
    table = Table(
        title=Text(seat_name(int(row["seat"]), viewer), style="bold"),
        show_footer=True,
        header_style="bold",
        title_justify="left",
    )
    table.add_column("item", footer=Text("total", style="bold"))
    table.add_column("points", justify="right", footer=Text(points(row["total"]), style="bold"))
    if with_detail:
        table.add_column("detail", style="dim")
    for item in items:
        cells = [Text(str(item["label"])), Text(points(item["points"]))]
        if with_detail:
            cells.append(Text(str(item.get("detail", ""))))
        table.add_row(*cells)
    return table


def score_sheet_view(sheet: Mapping[str, Any], viewer: int | None) -> RenderableType:
    """The sheet laid out: a table per seat (side by side where they fit), each detail (title
    and lines), then the notes."""
    tables = [_seat_table(row, viewer) for row in sheet.get("seats", [])]
    parts: list[RenderableType] = [Columns(tables, padding=(0, 2))]
    for detail in sheet.get("details", []):
        lines = [Text(str(detail["title"]), style="bold")]
        lines += [Text(f"  {line}") for line in detail.get("lines", [])]
        parts.append(Text("\n").join(lines))
    parts += [Text(str(note), style="dim") for note in sheet.get("notes", [])]
    return Group(*parts)


def verdict(outcome: Outcome) -> Text:
    """``Game over (reason): seat 1 wins. Scores: ...``: the one-line summary."""
    if outcome.winners:
        names = " and ".join(f"seat {seat}" for seat in outcome.winners)
        said = f"{names} win{'s' if len(outcome.winners) == 1 else ''}"
    else:
        said = "no one wins"
    note = " (stopped at the safety cap)" if outcome.capped else ""
    scores = ", ".join(f"seat {seat}: {points(score)}" for seat, score in enumerate(outcome.scores))
    # a Text: the reason may quote a title the table typed in
    return Text.assemble(
        ("Game over", "bold"), f" ({outcome.reason}{note}): {said}. Scores: {scores}."
    )


def final_reckoning(view: View, outcome: Outcome, viewer: int | None) -> list[RenderableType]:
    """What is printed at the end: the sheet if the game gives one, then the verdict."""
    sheet = view.get("score_sheet")
    if not isinstance(sheet, Mapping):
        return [verdict(outcome)]
    return [score_sheet_view(sheet, viewer), verdict(outcome)]
