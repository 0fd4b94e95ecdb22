"""Capped matches (stalled, or stopped at a safety cap) are reported apart (issue 12)."""

from __future__ import annotations

from gamenight.sim.simulate import GameSummary, SimulationSpec, summarise
from gamenight.sim.tournament import CSV_HEADER, csv_rows


def _game(index: int, winners: tuple[int, ...], capped: bool) -> GameSummary:
    return GameSummary(
        index=index,
        seed=index,
        bots=("heuristic", "random"),
        scores=(3.0, 1.0) if winners == (0,) else (1.0, 3.0),
        winners=winners,
        steps=100,
        reason="stalled: no game completed in 10 rounds" if capped else "a seat completed 4",
        capped=capped,
    )


def test_capped_matches_are_counted_with_their_reasons_and_left_out_of_the_uncapped_rates() -> None:
    spec = SimulationSpec(game="pgdk", num_players=2, games=4, bots=("heuristic", "random"))
    games = [_game(0, (0,), False), _game(1, (0,), False)]
    games += [_game(2, (1,), True), _game(3, (1,), True)]
    summary = summarise(spec, games)
    assert summary["capped"] == 2
    assert summary["capped_rate"] == 0.5
    assert summary["capped_endings"] == {"stalled: no game completed in 10 rounds": 2}
    overall = {row["label"]: row for row in summary["by_bot"]}
    uncapped = {row["label"]: row for row in summary["by_bot_uncapped"]}
    assert overall["heuristic"]["win_rate"] == 0.5
    assert uncapped["heuristic"]["win_rate"] == 1.0
    assert uncapped["heuristic"]["games"] == 2


def test_the_csv_marks_capped_matches() -> None:
    rows = csv_rows(_game(2, (1,), True))
    assert CSV_HEADER[-1] == "capped"
    assert [row[-1] for row in rows] == [1, 1]
