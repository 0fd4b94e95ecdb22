"""Issue 17 item 2 on the command line: the peer bots in ``simulate`` and ``tournament``,
their results marked when the bot is omniscient, and the omniscient bot refused wherever a
person sits (``play``, ``night``) and left out of ``gamenight list``'s bots."""

from __future__ import annotations

import csv
import importlib.util
import io
import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gamenight.cli import app
from gamenight.cli.app import console

runner = CliRunner()
needs_openspiel = pytest.mark.skipif(
    importlib.util.find_spec("pyspiel") is None, reason="the peer bots need the rl extra"
)
MCTS = "openspiel-mcts:sims=5"
ISMCTS = "openspiel-ismcts:sims=5"
REFUSED = (
    "bot 'openspiel-mcts' reads the true state of the match (omniscient): it plays in "
    "simulate and tournament only, never at a table with people"
)


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """Wide enough that bot specs are never cut short in the tables."""
    monkeypatch.setattr(console, "width", 200)


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


@needs_openspiel
def test_simulate_runs_the_peer_bots_and_marks_the_omniscient_one() -> None:
    """issue 17 item 2: `gamenight simulate` with both peer bots; the table and the JSON say
    which one read the true state."""
    code, out = run("simulate", "gtpag", "-n", "2", "--bots", f"{MCTS},{ISMCTS}")
    assert code == 0, out
    assert f"{MCTS} (omniscient)" in out
    assert f"{ISMCTS} (omniscient)" not in out
    assert "Omniscient: openspiel-mcts:sims=5 read the true state" in out
    code, out = run("simulate", "gtpag", "-n", "2", "--bots", f"{MCTS},{ISMCTS}", "--json")
    assert code == 0, out
    summary = json.loads(out)
    assert summary["omniscient"] == [MCTS]
    assert {row["label"]: row["omniscient"] for row in summary["by_bot"]} == {
        MCTS: True,
        ISMCTS: False,
    }


@needs_openspiel
def test_tournament_runs_the_peer_bots_and_marks_the_omniscient_one() -> None:
    """issue 17 item 2: `gamenight tournament` with both peer bots, in its table and JSON."""
    code, out = run("tournament", "gtpag", "--bots", f"{ISMCTS},{MCTS}", "-n", "1", "--jobs", "1")
    assert code == 0, out
    assert f"lineup {ISMCTS}, {MCTS} (omniscient)" in out
    row = next(line for line in out.splitlines() if line.strip().startswith(MCTS))
    assert row.strip().startswith(f"{MCTS} (omniscient)")
    assert "Omniscient:" in out
    code, out = run(
        "tournament", "gtpag", "--bots", f"{ISMCTS},{MCTS}", "-n", "1", "--jobs", "1", "--json"
    )
    assert code == 0, out
    summary = json.loads(out)
    assert summary["omniscient"] == [MCTS]
    assert [row["omniscient"] for row in summary["by_bot"]] == [False, True]


@needs_openspiel
def test_tournament_csv_marks_the_omniscient_bot(tmp_path: Path) -> None:
    """issue 17 item 2: the tournament's CSV says, row by row, which bot read the true state."""
    out_file = tmp_path / "games.csv"
    code, out = run(
        "tournament",
        "gtpag",
        "--bots",
        f"{ISMCTS},{MCTS}",
        "-n",
        "1",
        "--jobs",
        "1",
        "--csv",
        str(out_file),
    )
    assert code == 0, out
    rows = list(csv.DictReader(io.StringIO(out_file.read_text(encoding="utf-8"))))
    assert len(rows) == 4  # one deal, both seatings, two seats
    assert {(row["bot"], row["omniscient"]) for row in rows} == {(ISMCTS, "0"), (MCTS, "1")}


@needs_openspiel
def test_fair_reports_do_not_mention_omniscience() -> None:
    code, out = run("simulate", "gtpag", "-n", "1", "--bots", ISMCTS)
    assert code == 0, out
    assert "omniscient" not in out.lower()


@pytest.mark.parametrize(
    "args",
    [
        ("play", "gtpag", "--seats", f"human,{MCTS}", "--seed", "1"),
        ("play", "gtpag", "--humans", "0", "--bots", "openspiel-mcts", "--seed", "1"),
        ("night", "--seats", "human,openspiel-mcts", "--seed", "1"),
        ("night", "--humans", "0", "--players", "2", "--bots", MCTS, "--seed", "1"),
    ],
)
def test_the_omniscient_bot_is_refused_at_every_table_with_people(args: tuple[str, ...]) -> None:
    """issue 17 item 2: play and night refuse it in one line saying why, before anything is
    asked or played (even a table of bots only is a table people watch)."""
    code, out = run(*args, input="\n" * 20)
    assert code != 0
    assert REFUSED in " ".join(out.split())
    assert "players:" not in out  # no table was laid
    assert "rate" not in out.lower()  # no preferences were asked


def test_gamenight_list_does_not_offer_the_omniscient_bot() -> None:
    """issue 17 item 2: the games table lists the bots a person can sit with; one game's
    details name the omniscient bot apart, as for simulate and tournament only."""
    code, out = run("list")
    assert code == 0, out
    assert "openspiel-mcts" not in out
    assert "openspiel-ismcts" in out
    code, out = run("list", "gtpag")
    assert code == 0, out
    bots_line = next(line for line in out.splitlines() if line.startswith("Bots:"))
    assert "openspiel-mcts" not in bots_line
    assert "openspiel-ismcts" in bots_line
    assert "For simulate and tournament only: openspiel-mcts (omniscient" in out


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_a_peer_bot_without_the_rl_extra_is_one_line_naming_the_extra(
    monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    """issue 17 item 2 (bad input): without OpenSpiel, simulate and tournament say which
    extra to install, and play nothing."""
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # as if OpenSpiel were not installed
    monkeypatch.delitem(sys.modules, "gamenight.adapters.openspiel", raising=False)
    code, out = run(command, "requirements", "--bots", f"{ISMCTS},random", "--json")
    assert code != 0
    assert "bot 'openspiel-ismcts' needs OpenSpiel: pip install 'gamenight[rl]'" in out
    assert '"games"' not in out


@needs_openspiel
def test_bad_peer_bot_options_on_the_command_line() -> None:
    """issue 17 item 2 (bad input): unknown options and bad values, one line, nothing played."""
    code, out = run("simulate", "requirements", "--bots", "openspiel-ismcts:nosuch=1")
    assert code != 0
    assert "bot 'openspiel-ismcts' has no option 'nosuch' (options: c, rollouts, sims)" in out
    code, out = run("tournament", "requirements", "--bots", "openspiel-mcts:sims=0,random")
    assert code != 0
    assert "bot 'openspiel-mcts': option sims must be between 1 and 100000, not 0" in out


@needs_openspiel
def test_the_playtest_lab_seats_the_omniscient_bot_and_marks_it() -> None:
    """issue 17 item 2: the lab's match loop hands it the state; its terminal report marks
    it in the heading and the table of bots."""
    code, out = run("playtest", "gtpag", "-n", "2", "--bots", f"{MCTS},random")
    assert code == 0, out
    assert f"bots {MCTS} (omniscient), random (rotated)" in out
    row = next(line for line in out.splitlines() if line.strip().startswith(MCTS))
    assert row.strip().startswith(f"{MCTS} (omniscient)")
