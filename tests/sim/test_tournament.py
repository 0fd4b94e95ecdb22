"""Duplicate tournaments: seats and deals balanced, reproducible, errors keep finished games."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar

from typer.testing import CliRunner

from gamenight.bots.factory import GENERIC_BOTS
from gamenight.cli import app
from gamenight.core.rng import Rng
from gamenight.sim.simulate import GameSummary, RunResult, SimulationSpec
from gamenight.sim.tournament import games_csv, run_tournament, tournament_spec, tournament_summary


def played(spec: SimulationSpec, jobs: int = 1) -> tuple[RunResult, list[GameSummary]]:
    games: list[GameSummary] = []
    return run_tournament(spec, jobs, on_game=games.append), games


def test_every_deal_is_played_once_per_rotation_and_every_bot_takes_every_seat() -> None:
    spec = tournament_spec("requirements", 2, ["heuristic", "random"], deals=6, seed=4)
    run, games = played(spec)
    assert run.error is None
    assert run.games == len(games) == 12
    assert [game.index for game in games] == list(range(12))  # handed over in match order
    by_deal = Counter(game.seed for game in games)
    assert len(by_deal) == 6
    assert set(by_deal.values()) == {2}
    seats = Counter((game.bots[0], game.seed) for game in games)
    assert set(seats.values()) == {1}  # each bot in seat 0 once per deal
    assert run.summary() == tournament_summary(spec, games)
    assert run.summary()["deals"] == 6


def test_lineup_pads_with_the_last_bot() -> None:
    spec = tournament_spec("requirements", 2, ["heuristic"], deals=1)
    assert spec.lineup == ("heuristic", "heuristic")


def test_same_seed_same_results_on_one_or_two_processes() -> None:
    spec = tournament_spec("requirements", 2, ["heuristic", "random"], deals=5, seed=7)
    run_one, one = played(spec, jobs=1)
    run_two, two = played(spec, jobs=2)
    assert one == two
    summary = run_one.summary()
    assert summary == run_two.summary()
    assert summary["ratings"]["heuristic"]["mu"] > summary["ratings"]["random"]["mu"]
    rows = list(csv.DictReader(io.StringIO(games_csv(one))))
    assert len(rows) == 20
    assert {row["bot"] for row in rows} == {"heuristic", "random"}


class BrokenBot:
    """Plays two matches, then answers with something never legal (a bug in a bot)."""

    name = "broken"
    needs_view: ClassVar[bool] = True
    matches_started = 0  # across instances: the runner builds bots afresh for each batch

    def act(self, view: dict[str, Any], legal: Sequence[Any], rng: Rng) -> Any:
        if view["steps"] <= 1:  # its first move of a match (roughly: enough for a test)
            BrokenBot.matches_started += 1
        return legal[0] if BrokenBot.matches_started <= 2 else "not an action"


def test_a_bot_that_breaks_is_named_and_finished_games_are_kept(monkeypatch: Any) -> None:
    monkeypatch.setitem(GENERIC_BOTS, "broken", lambda game, options: BrokenBot())
    monkeypatch.setattr(BrokenBot, "matches_started", 0)
    spec = tournament_spec("requirements", 2, ["broken", "random"], deals=4)
    run, games = played(spec)
    assert run.error is not None
    assert "bot 'broken' in seat" in run.error
    assert 0 < run.games == len(games) < spec.games  # the matches before the bug are kept


def test_tournament_command_prints_ratings_and_writes_csv(tmp_path: Any) -> None:
    out = tmp_path / "games.csv"
    result = CliRunner().invoke(
        app,
        [
            "tournament",
            "requirements",
            "--bots",
            "heuristic,random",
            "-n",
            "4",
            "--csv",
            str(out),
            "--json",
            "-j",
            "1",
        ],
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["format"] == "duplicate"
    assert summary["deals"] == 4
    assert set(summary["ratings"]) == {"heuristic", "random"}
    assert len(out.read_text().splitlines()) == 1 + 4 * 2 * 2


def shared_games() -> list[GameSummary]:
    """Four Game to Pick a Game matches of two seats, both bots taking both seats twice: one
    won by both seats together (both favour the picked game), two by heuristic's seat alone,
    one by nobody."""
    lineup = (("heuristic", "random"), ("random", "heuristic"))
    winners: list[tuple[int, ...]] = [(0, 1), (1,), (0,), ()]
    return [
        GameSummary(
            index=index,
            seed=index // 2,
            bots=lineup[index % 2],
            scores=(2.0, 2.0),
            winners=won,
            steps=9,
            reason="picked",
            capped=False,
        )
        for index, won in enumerate(winners)
    ]


def test_a_shared_win_counts_whole_in_the_win_rate_and_split_in_the_win_share() -> None:
    spec = tournament_spec("gtpag", 2, ["heuristic", "random"], deals=2)
    summary = tournament_summary(spec, shared_games())
    rows = {row["label"]: row for row in summary["by_bot"]}
    # heuristic won matches 0 (with random), 1 and 2; random only match 0, with heuristic
    assert rows["heuristic"]["win_rate"] == 3 / 4
    assert rows["heuristic"]["win_share"] == (0.5 + 1 + 1) / 4
    assert rows["random"]["win_rate"] == 1 / 4
    assert rows["random"]["win_share"] == 0.5 / 4
    # the shares add up to the matches somebody won; the win rates count match 0 twice
    assert rows["heuristic"]["win_share"] + rows["random"]["win_share"] == 3 / 4
    assert rows["heuristic"]["share_low"] < rows["heuristic"]["win_share"]
    assert rows["heuristic"]["win_share"] < rows["heuristic"]["share_high"]
    assert summary["shared_win"] == 1 / 4


def test_the_report_shows_the_win_share_only_where_wins_were_shared() -> None:
    runner = CliRunner()
    # Game to Pick a Game: both seats win when the picked game is both favourites
    shared = runner.invoke(
        app, ["tournament", "gtpag", "--players", "2", "--bots", "random", "-n", "8", "--json"]
    )
    summary = json.loads(shared.output)
    assert summary["shared_win"] > 0  # these deals have some (else the test proves nothing)
    text = runner.invoke(
        app, ["tournament", "gtpag", "--players", "2", "--bots", "random", "-n", "8"]
    )
    assert "win share" in text.output
    assert "splits it among its winners" in text.output
    # A Game of Requirements: a tie has no winner (R18), so no win is ever shared
    alone = runner.invoke(
        app, ["tournament", "requirements", "--players", "2", "--bots", "random", "-n", "2"]
    )
    assert alone.exit_code == 0
    assert "win share" not in alone.output
