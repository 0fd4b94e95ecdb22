"""issue 11 item 13: record files are written match by match and never silently replaced."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

import pytest
from typer.testing import CliRunner

import gamenight
from ctrl_c import as_at_a_terminal
from gamenight.bots.factory import GENERIC_BOTS
from gamenight.cli import app
from gamenight.core import Match, MatchRecord, read_records
from gamenight.core.rng import Rng

runner = CliRunner()
SRC = str(Path(gamenight.__file__).resolve().parent.parent)
KEEP = "a file the user cares about\n"


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "requirements", "-n", "3", "--records"],
        ["tournament", "requirements", "--bots", "random", "-n", "1", "-j", "1", "--records"],
        ["tournament", "requirements", "--bots", "random", "-n", "1", "-j", "1", "--csv"],
        ["play", "requirements", "--seats", "random,random", "--record"],
    ],
)
def test_issue11_item13_an_existing_file_is_refused_in_one_line(
    tmp_path: Path, command: list[str]
) -> None:
    """issue 11 item 13: an existing file is kept unless the user adds --overwrite."""
    path = tmp_path / "mine.txt"
    path.write_text(KEEP)
    code, out = run(*command, str(path))
    assert code == 2
    assert out == f"error: {path} already exists; add --overwrite to replace it\n"
    assert path.read_text() == KEEP
    code, out = run(*command, str(path), "--overwrite")
    assert code == 0, out
    assert path.read_text() != KEEP


def test_issue11_item13_a_bad_run_creates_no_file(tmp_path: Path) -> None:
    """issue 11 item 13: options are checked before the file is created (a retry works)."""
    path = tmp_path / "runs.jsonl"
    code, out = run("simulate", "requirements", "--bots", "genius", "--records", str(path))
    assert code == 2
    assert "unknown bot 'genius'" in out
    assert not path.exists()


class FileWatcher:
    """A random bot that counts, at every move, the records already in the file."""

    name = "watcher"
    needs_view: ClassVar[bool] = False
    path: ClassVar[Path]
    seen: ClassVar[set[int]]

    def act(self, view: dict[str, Any], legal: Sequence[Any], rng: Rng) -> Any:
        lines = FileWatcher.path.read_text().splitlines() if FileWatcher.path.exists() else []
        for line in lines:
            MatchRecord.from_json(line)  # every line whole, at any moment
        FileWatcher.seen.add(len(lines))
        return legal[rng.randbelow(len(legal))]


def test_issue11_item13_each_record_is_on_disk_as_soon_as_its_match_ends(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """issue 11 item 13: during match k the file already holds the k matches before it."""
    path = tmp_path / "runs.jsonl"
    monkeypatch.setitem(GENERIC_BOTS, "watcher", lambda game, options: FileWatcher())
    monkeypatch.setattr(FileWatcher, "path", path, raising=False)
    monkeypatch.setattr(FileWatcher, "seen", set(), raising=False)
    code, out = run(
        *("simulate", "requirements", "-n", "6", "--bots", "watcher", "-j", "1"),
        *("--records", str(path)),
    )
    assert code == 0, out
    assert FileWatcher.seen == set(range(6))
    assert len(list(read_records(path))) == 6


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="POSIX signals")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_issue11_item13_an_interrupted_huge_run_leaves_whole_records(
    tmp_path: Path, jobs: str
) -> None:
    """issue 11 items 12 and 13: `simulate -n 1000000000 --records F`, stopped by Ctrl-C."""
    path = tmp_path / "runs.jsonl"
    cap = 2 << 30
    script = textwrap.dedent(
        f"""
        import resource, sys
        resource.setrlimit(resource.RLIMIT_AS, ({cap}, {cap}))
        from gamenight.cli import main
        sys.argv = ["gamenight", "simulate", "gtpag", "-n", "1000000000", "-j", "{jobs}"]
        sys.argv += ["--records", {str(path)!r}]
        main()
        """
    )
    child = subprocess.Popen(
        [sys.executable, "-c", script],
        env={**os.environ, "PYTHONPATH": SRC},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=as_at_a_terminal,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and child.poll() is None:
            if path.exists() and len(path.read_text().splitlines()) >= 3:
                break
            time.sleep(0.05)
        assert child.poll() is None, child.communicate()[1][-2000:]
        child.send_signal(signal.SIGINT)
        err = child.communicate(timeout=60)[1]
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 130, err[-2000:]
    assert "interrupted" in err
    lines = path.read_text().splitlines()
    assert len(lines) >= 3
    for line in lines:
        assert Match.from_record(MatchRecord.from_json(line)).is_over()
    assert json.loads(lines[0])["game"] == "gtpag"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "requirements", "-n", "3", "--records"],
        ["tournament", "requirements", "--bots", "random", "-n", "1", "-j", "1", "--csv"],
        ["play", "requirements", "--seats", "random,random", "--record"],
    ],
)
def test_issue11_item13_a_full_disk_is_one_line(command: list[str]) -> None:
    """issue 11 item 13: a write that fails (here, a full device) is reported, not a traceback."""
    code, out = run(*command, "/dev/full", "--overwrite")
    assert code == 2
    assert out.splitlines()[-1] == "error: cannot write /dev/full: No space left on device"
