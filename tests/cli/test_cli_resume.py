"""``--resume``: a stopped simulate or tournament goes on from its records file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gamenight.cli import app

runner = CliRunner()
TOURNAMENT = ["tournament", "gtpag", "-p", "3", "--bots", "ismcts:iters=6,heuristic", "-n", "3",
              "--seed", "7", "-j", "1"]  # fmt: skip
SIMULATE = ["simulate", "requirements", "--bots", "heuristic,random", "-n", "6", "--seed", "2"]


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def unwrapped(out: str) -> str:
    """The terminal's text with rich's line wrapping undone."""
    return " ".join(out.split())


def test_a_tournament_cut_off_mid_record_resumes_to_the_same_files_and_report(
    tmp_path: Path,
) -> None:
    whole, whole_csv = tmp_path / "whole.jsonl", tmp_path / "whole.csv"
    code, report = run(*TOURNAMENT, "--records", str(whole), "--csv", str(whole_csv), "--json")
    assert code == 0, report
    lines = whole.read_bytes().splitlines(keepends=True)
    assert len(lines) == 9
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"".join(lines[:4]) + lines[4][:50])  # stopped while writing match 5
    cut_csv = tmp_path / "cut.csv"
    cut_csv.write_text("the stopped run's rows\n")  # replaced: the CSV is written anew
    code, resumed = run(*TOURNAMENT, "--records", str(cut), "--csv", str(cut_csv), "--resume",
                        "--json")  # fmt: skip
    assert code == 0, resumed
    assert cut.read_bytes() == whole.read_bytes()  # the cut line replaced, the rest appended
    assert cut_csv.read_text() == whole_csv.read_text()  # every match's rows, the kept ones too
    assert json.loads(resumed) == json.loads(report)


def test_resuming_says_how_far_the_run_had_gone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a short path: rich would wrap a long one mid-name
    records = Path("run.jsonl")
    code, out = run(*SIMULATE, "--records", str(records), "--resume")  # no file yet: from 0
    assert code == 0, out
    assert f"resuming: no match in {records} yet; playing all 6" in unwrapped(out)
    whole = records.read_text()
    records.write_text("".join(whole.splitlines(keepends=True)[:2]))
    code, out = run(*SIMULATE, "--records", str(records), "--resume")
    assert code == 0, out
    assert f"resuming: 2 of 6 matches already in {records}" in unwrapped(out)
    assert records.read_text() == whole
    code, out = run(*SIMULATE, "--records", str(records), "--resume")  # all done: none played
    assert code == 0, out
    assert f"resuming: 6 of 6 matches already in {records}" in unwrapped(out)
    assert records.read_text() == whole


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (["--seed", "8"], "{path} record 1 is not this run's match 1: deal seed "),
        (["-n", "1"], "{path} holds more than the 3 matches of this run"),
        (["--overwrite"], "--resume keeps the records file and --overwrite replaces it"),
        (["--players", "2"], "{path} record 1 is not this run's match 1: players 3 where"),
    ],
)
def test_records_of_another_run_are_refused_in_one_line_and_kept(
    tmp_path: Path, change: list[str], message: str
) -> None:
    path = tmp_path / "run.jsonl"
    code, out = run(*TOURNAMENT, "-n", "2", "--records", str(path))  # 6 matches
    assert code == 0, out
    before = path.read_bytes()
    code, out = run(*TOURNAMENT, "-n", "2", *change, "--records", str(path), "--resume")
    assert code == 2
    assert out.startswith("error: " + message.format(path=path))
    assert out.count("\n") == 1
    assert path.read_bytes() == before


def test_resume_without_records_names_the_option() -> None:
    code, out = run(*SIMULATE, "--resume")
    assert (code, out) == (2, "error: --resume goes on from a run's records: name them with "
                               "--records\n")  # fmt: skip


def test_a_damaged_records_file_is_refused_naming_its_line(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    code, out = run(*SIMULATE, "--records", str(path))
    assert code == 0, out
    lines = path.read_text().splitlines(keepends=True)
    damaged = "".join([lines[0], "{not json}\n", *lines[2:]])
    path.write_text(damaged)
    code, out = run(*SIMULATE, "--records", str(path), "--resume")
    assert code == 2
    assert out.startswith(f"error: {path} line 2: ")
    assert out.count("\n") == 1
    assert path.read_text() == damaged
