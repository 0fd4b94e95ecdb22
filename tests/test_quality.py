"""The code standards hold: mypy --strict and ruff are clean on the sources."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_tool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_mypy_strict_is_clean_on_src() -> None:
    pytest.importorskip("mypy")
    result = run_tool("mypy", "--strict", "src")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_is_clean_on_src_and_tests() -> None:
    pytest.importorskip("ruff")
    result = run_tool("ruff", "check", "src", "tests")
    assert result.returncode == 0, result.stdout + result.stderr
