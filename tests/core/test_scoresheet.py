"""The shape of itemised final scores (core.scoresheet)."""

from __future__ import annotations

import json

import pytest

from gamenight.core.scoresheet import ScoreDetail, ScoreItem, score_sheet


def test_a_sheet_lists_each_seats_items_and_total_as_json() -> None:
    sheet = score_sheet(
        [[ScoreItem("Accomplishment 1", 6, "3 tiles x 2 coins")], []],
        totals=[6, 0],
        details=[ScoreDetail("Tally", ("a", "b"))],
        notes=["seat 0 wins"],
    )
    assert json.loads(json.dumps(sheet)) == sheet
    assert sheet["seats"][0]["items"] == [
        {"label": "Accomplishment 1", "points": 6, "detail": "3 tiles x 2 coins"}
    ]
    assert [seat["total"] for seat in sheet["seats"]] == [6, 0]
    assert sheet["details"] == [{"title": "Tally", "lines": ["a", "b"]}]
    assert sheet["items_sum_to_total"] is True


def test_items_and_totals_must_cover_the_same_seats() -> None:
    with pytest.raises(ValueError, match="2 seats of items but 1 totals"):
        score_sheet([[], []], totals=[0])
