"""issue 17 item 2: the lab's JSON, CSV and HTML outputs mark a bot that reads the true state,
as ``simulate`` and ``tournament`` do (by its spec), so its results are never taken for a
fair bot's.

The omniscient bot is a test double registered for the test (OpenSpiel's MCTS is the real
one, behind the rl extra): it plays from the state it is handed.
"""

from __future__ import annotations

import csv
import html
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from report_summaries import filled_summary

from gamenight.bots import factory
from gamenight.core.agent import is_omniscient
from gamenight.core.game import AnyGame, View
from gamenight.core.registry import make_game
from gamenight.core.rng import Rng
from gamenight.sim.playtest.backends import LocalBackend
from gamenight.sim.playtest.configs import Configuration, PlaytestSpec
from gamenight.sim.playtest.csvfiles import write_csv
from gamenight.sim.playtest.measures import summarise
from gamenight.sim.playtest.report import render_report
from gamenight.sim.playtest.run import LabRun, run_playtest

SEER = "seer"
LABEL = '<span class="omniscient" title="reads the true state: not a fair bot">omniscient</span>'


class Seer:
    """An omniscient test double: a random legal move, chosen from the true state."""

    name = SEER
    needs_view: ClassVar[bool] = False
    omniscient: ClassVar[bool] = True

    def act(self, view: View, legal_actions: Sequence[Any], rng: Rng) -> Any:
        raise AssertionError("an omniscient bot is handed the state, never a view")

    def act_on_state(
        self, game: AnyGame, state: Any, seat: int, legal_actions: Sequence[Any], rng: Rng
    ) -> Any:
        assert seat in game.to_act(state)
        return legal_actions[rng.randbelow(len(legal_actions))]


@pytest.fixture
def seer(monkeypatch: pytest.MonkeyPatch) -> None:
    """``seer`` is a bot of every game, and known by name as omniscient (as OpenSpiel's MCTS)."""
    monkeypatch.setitem(factory.GENERIC_BOTS, SEER, lambda game, options: Seer())
    monkeypatch.setattr(factory, "OMNISCIENT_BOTS", factory.OMNISCIENT_BOTS | {SEER})
    assert factory.omniscient_spec(SEER)
    assert is_omniscient(factory.make_agent(SEER, make_game("gtpag")))


@pytest.fixture
def run(seer: None) -> LabRun:
    spec = PlaytestSpec(
        game="gtpag",
        num_players=2,
        games=6,
        bots=(SEER, "random"),
        configs=(Configuration("base", None, {}),),
        ladder=("random", SEER),
        ladder_games=2,
    )
    return run_playtest(spec, LocalBackend(1))


def test_issue17_item2_the_labs_json_flags_the_omniscient_bot(run: LabRun) -> None:
    summary = json.loads(json.dumps(summarise(run), allow_nan=False))  # as --json prints it
    assert summary["omniscient"] == [SEER]
    (config,) = summary["configs"]
    assert {row["bot"]: row["omniscient"] for row in config["bots"]} == {
        SEER: True,
        "random": False,
    }
    (rung,) = config["ladder"]
    assert (rung["higher"], rung["higher_omniscient"]) == (SEER, True)
    assert (rung["lower"], rung["lower_omniscient"]) == ("random", False)


def test_issue17_item2_the_labs_json_lists_no_omniscient_bot_in_a_fair_run(seer: None) -> None:
    spec = PlaytestSpec(
        game="gtpag",
        num_players=2,
        games=2,
        bots=("random",),
        configs=(Configuration("base", None, {}),),
    )
    summary = summarise(run_playtest(spec, LocalBackend(1)))
    assert summary["omniscient"] == []
    assert [row["omniscient"] for row in summary["configs"][0]["bots"]] == [False]


def test_issue17_item2_the_labs_matches_csv_has_an_omniscient_column_per_seat(
    run: LabRun, tmp_path: Path
) -> None:
    write_csv(tmp_path, run, summarise(run))
    with (tmp_path / "matches.csv").open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 6 + 2  # the main matches and the ladder's
    for row in rows:
        for seat in range(2):
            assert row[f"omniscient{seat}"] == ("1" if row[f"bot{seat}"] == SEER else "0")
    assert {row[f"omniscient{s}"] for row in rows for s in range(2)} == {"0", "1"}


def test_issue17_item2_the_labs_html_report_labels_the_omniscient_bot(run: LabRun) -> None:
    page = render_report(summarise(run))
    assert f"<tr><td>{SEER} {LABEL}</td>" in page  # its row of the by-bot table
    assert "<tr><td>random</td>" in page  # a fair bot's row has no label
    assert page.count(LABEL) == 2  # the by-bot table and the ladder's higher rung
    assert '<td class="text">random</td>' in page  # the ladder's lower rung: fair
    text = html.unescape(page)
    assert f"<dd>{SEER} (omniscient), random (rotated through the seats)</dd>" in text
    assert f"random < {SEER} (omniscient), 2 matches per rung" in text
    assert f"{SEER} reads the true state (every hand, the deck order)" in text
    assert f"skill: {SEER} (omniscient) wins" in text  # the summary in words


def test_issue17_item2_a_fair_runs_html_report_has_no_omniscient_label() -> None:
    page = render_report(filled_summary())
    assert 'class="omniscient"' not in page
    assert "(omniscient)" not in page
