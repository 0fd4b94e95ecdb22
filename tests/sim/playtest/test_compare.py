"""issue 15 item 3: configurations compared match by match, Holm-corrected, in plain words,
with the run's power; built from explicit match rows."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from gamenight.sim.playtest.batches import BatchResult
from gamenight.sim.playtest.configs import PlaytestSpec, configurations
from gamenight.sim.playtest.describe import format_p
from gamenight.sim.playtest.measure import ComponentTally, MatchRow
from gamenight.sim.playtest.measures import summarise
from gamenight.sim.playtest.run import LabRun
from gamenight.sim.playtest.words import summary_lines


def row(index: int, wins: tuple[int, int], actions: int) -> MatchRow:
    return MatchRow(
        index=index, bots=("random", "random"), scores=(float(wins[0]), float(wins[1])),
        wins=wins, actions=actions, turns=actions // 2, rounds=-1, decisions=actions,
        choices=actions // 2, branching=2 * actions, lead_changes=-1, drama=float("nan"),
        decisiveness=float("nan"), capped=False, reason="test",
    )


def lab(games: int, rows_by_config: Sequence[Sequence[MatchRow]]) -> LabRun:
    configs = configurations("requirements", ["base", "long"], [])
    spec = PlaytestSpec("requirements", 2, games, ("random",), configs)
    run = LabRun.empty(spec)
    for config, rows in enumerate(rows_by_config):
        run.add(BatchResult(f"c{config}", 0, list(rows), ComponentTally(), {}, 0.0))
    return run


def entry(summary: dict, measure: str) -> dict:
    return next(c for c in summary["comparisons"] if c["measure"] == measure)


def test_a_seat_that_wins_far_more_often_is_reported_in_plain_words() -> None:
    games = 200
    # base: seat 0 wins every other match; long: seat 0 wins 3 matches in 4
    base = [row(i, (60, 0) if i % 2 else (0, 60), 100) for i in range(games)]
    long = [row(i, (60, 0) if i % 4 else (0, 60), 100) for i in range(games)]
    summary = summarise(lab(games, [base, long]))
    seat0 = entry(summary, "seat0_win")
    assert seat0["a"] == pytest.approx(0.5)
    assert seat0["b"] == pytest.approx(0.75)
    assert seat0["difference"]["value"] == pytest.approx(0.25)
    assert seat0["significant"]
    assert seat0["p_adjusted"] >= seat0["difference"]["p_value"]
    assert seat0["sentence"] == (
        f"in `long`, seat 0 wins 25.0 points more often than in `base` "
        f"({format_p(seat0['p_adjusted'])})"
    )
    assert seat0["sentence"] in summary_lines(summary)
    # the lengths were equal in every match: no difference, p = 1, nothing said
    actions = entry(summary, "actions")
    assert actions["difference"]["value"] == 0
    assert actions["p_adjusted"] == 1.0
    assert actions["sentence"] is None
    json.dumps(summary, allow_nan=False)  # JSON-safe: no nan or inf anywhere


def test_holm_adjusts_over_every_comparison_of_the_run() -> None:
    games = 60
    base = [row(i, (60, 0) if i % 2 else (0, 60), 100 + i % 7) for i in range(games)]
    long = [row(i, (60, 0) if i % 3 else (0, 60), 100 + i % 5) for i in range(games)]
    summary = summarise(lab(games, [base, long]))
    comparisons = summary["comparisons"]
    raw = sorted((c["difference"]["p_value"], c["p_adjusted"]) for c in comparisons)
    m = len(raw)
    # Holm: the smallest p is multiplied by m, the next by m - 1 (never below the one before)
    assert raw[0][1] == pytest.approx(min(1.0, m * raw[0][0]))
    assert raw[1][1] == pytest.approx(min(1.0, max(raw[0][1], (m - 1) * raw[1][0])))
    assert all(adjusted >= p for p, adjusted in raw)


def test_only_matches_finished_in_both_configurations_are_paired() -> None:
    games = 40
    base = [row(i, (60, 0), 100) for i in range(games)]
    long = [row(i, (0, 60), 90) for i in range(0, games, 2)]  # half of them finished
    summary = summarise(lab(games, [base, long]))
    assert entry(summary, "actions")["difference"]["n"] == games // 2
    assert entry(summary, "actions")["difference"]["value"] == -10


def test_a_small_run_says_how_many_games_it_would_take() -> None:
    games = 30
    base = [row(i, (60, 0) if i % 2 else (0, 60), 100) for i in range(games)]
    long = [row(i, (0, 60) if i % 3 else (60, 0), 100) for i in range(games)]
    power = summarise(lab(games, [base, long]))["power"]
    assert not power["enough"]
    assert power["games_needed"] > games
    assert power["detectable"] > 0.05
    assert f"play about {power['games_needed']:,} games" in power["sentence"]


def test_one_configuration_plans_for_a_seat_against_its_fair_share() -> None:
    configs = configurations("requirements", [], [])
    spec = PlaytestSpec("requirements", 2, 5000, ("random",), configs)
    run = LabRun.empty(spec)
    rows = [row(i, (60, 0) if i % 2 else (0, 60), 100) for i in range(5000)]
    run.add(BatchResult("c0", 0, rows, ComponentTally(), {}, 0.0))
    summary = summarise(run)
    assert summary["comparisons"] == []
    power = summary["power"]
    assert power["comparisons"] == 2
    assert power["enough"]  # 5,000 games show a 5-point seat advantage
    assert "fair share" in power["sentence"]
