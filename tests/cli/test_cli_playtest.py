"""issue 15: ``gamenight playtest`` from the command line: output, files, bad input."""

from __future__ import annotations

import csv
import importlib.util
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gamenight.cli import app

runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["playtest", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def words(text: str) -> str:
    """The output with the terminal's line wrapping undone."""
    return " ".join(text.split())


def test_a_small_comparison_prints_words_then_tables() -> None:
    code, out = run("requirements", "-n", "40", "-j", "1", "--variant", "base",
                    "--variant", "no-doubles")
    assert code == 0, out
    out = words(out)
    assert "A Game of Requirements: 2 players, bots random (rotated)" in out
    assert "In `base`: over 40 games, win rates seat 0" in out
    assert "In `no-doubles`:" in out
    assert "base: by seat" in out
    assert "no-doubles: outcomes" in out
    assert "comparisons with the first configuration" in out
    assert "games per configuration" in out  # the power sentence


def test_json_has_every_configuration_and_is_the_same_on_any_number_of_processes() -> None:
    args = ("gtpag", "-p", "3", "-n", "30", "--param", "hype_value=2,3", "--json")
    code, one = run(*args, "-j", "1")
    assert code == 0, one
    code, two = run(*args, "-j", "2")
    assert code == 0, two
    first, second = json.loads(one), json.loads(two)
    assert [c["label"] for c in first["configs"]] == ["hype_value=2", "hype_value=3"]
    assert first["matches"] == 60
    assert first["configs"] == second["configs"]
    assert first["comparisons"] == second["comparisons"]


def test_csv_files_hold_one_row_per_match(tmp_path: Path) -> None:
    out = tmp_path / "run"
    code, text = run("requirements", "-n", "12", "-j", "1", "--variant", "base", "--variant",
                     "long", "--ladder", "random,heuristic", "--ladder-games", "4",
                     "--csv", str(out))
    assert code == 0, text
    with (out / "matches.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 12 * 2 + 4 * 2  # two configurations, each with a two-rung ladder
    assert {row["series"] for row in rows} == {"main", "ladder"}
    assert {row["config"] for row in rows} == {"base", "long"}
    with (out / "measures.csv").open() as handle:
        measures = list(csv.DictReader(handle))
    named = {m["measure"] for m in measures}
    assert {"seat0_win", "actions", "ladder_heuristic_vs_random"} <= named
    code, text = run("requirements", "-n", "2", "-j", "1", "--csv", str(out))
    assert code == 2
    assert "already exists; add --overwrite" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--measures", "seats,luck"], "unknown measure 'luck'"),
        (["--measures", ","], "name at least one measure"),
        (["--variant", "nope"], "no variant 'nope'"),
        (["--param", "failure_limit=3,,5"], "has an empty value"),
        (["--param", "no_such_rule=1,2"], "no_such_rule"),
        (["--detect", "0"], "--detect must be"),
        (["--backend", "cloud"], "unknown backend 'cloud'"),
        (["--address", "127.0.0.1:6379"], "--address is for the ray backend"),
        (["--bots", "nobody"], "unknown bot 'nobody'"),
        (["-n", "0"], "at least 1"),
        (["--ladder", "random", "--ladder-games", "3"], "at least two rungs"),
    ],
)
def test_bad_input_is_one_line_and_plays_nothing(args: list[str], message: str) -> None:
    code, out = run("requirements", "-j", "1", *args)
    assert code == 2
    assert message in words(out)
    assert "Traceback" not in out
    assert len(out.strip().splitlines()) == 1


def test_an_existing_report_is_not_replaced(tmp_path: Path) -> None:
    report = tmp_path / "out.html"
    report.write_text("keep me")
    code, out = run("requirements", "-n", "2", "-j", "1", "--report", str(report))
    assert code == 2
    assert "already exists" in out
    assert report.read_text() == "keep me"


def test_without_the_lab_extra_it_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "scipy" else real(name, *a)
    )
    code, out = run("requirements", "-n", "2")
    assert code == 2
    assert "pip install 'gamenight[lab]'" in out
