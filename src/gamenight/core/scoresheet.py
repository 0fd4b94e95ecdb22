"""Itemised final scores: what each seat's points came from, as data every front end lays out.

A game puts a score sheet in every view of a finished match, under the key ``"score_sheet"``
(built with :func:`score_sheet`). Each seat's items add up to its score in the outcome; a
game whose scores are not sums (Game to Pick a Game ranks preferences) says how the total
was reached in its ``details`` instead. Front ends render the items and details; they never
recompute a score.

A match made of several games (a G.Nome session) announces the end of each game but the last
with an *intermission* in every view, under the key ``"intermission"``: ``{"key": ...,
"title": ..., "score_sheet": ...}``, from that game's end until the next game's first action.
Front ends show its sheet once per ``key`` and wait before play goes on.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any


@dataclasses.dataclass(frozen=True)
class ScoreItem:
    """One line of a seat's score: ``label`` (what it is) earned ``points``."""

    label: str
    points: float
    detail: str = ""


@dataclasses.dataclass(frozen=True)
class ScoreDetail:
    """A worked reckoning shown under the sheet, e.g. a Nomination's tally step by step."""

    title: str
    lines: tuple[str, ...]


def score_sheet(
    items: Sequence[Sequence[ScoreItem]],
    totals: Sequence[float],
    details: Sequence[ScoreDetail] = (),
    notes: Sequence[str] = (),
    *,
    items_sum_to_total: bool = True,
) -> dict[str, Any]:
    """The JSON-safe sheet: one entry per seat (its items and total), details and notes.

    ``totals`` are the outcome's scores. ``items_sum_to_total`` says that each seat's items
    add up to its total (the conformance suite checks it); a game whose score is not a sum
    passes False and explains the total in its items and details.
    """
    if len(items) != len(totals):
        raise ValueError(f"{len(items)} seats of items but {len(totals)} totals")
    return {
        "seats": [
            {
                "seat": seat,
                "items": [dataclasses.asdict(item) for item in seat_items],
                "total": totals[seat],
            }
            for seat, seat_items in enumerate(items)
        ],
        "details": [{"title": d.title, "lines": list(d.lines)} for d in details],
        "notes": list(notes),
        "items_sum_to_total": items_sum_to_total,
    }
