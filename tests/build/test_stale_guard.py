"""issue 16 item 1: a checkout whose compiled modules are older than their sources refuses to
import, rather than silently running the old compiled code instead of the edited source."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import gamenight

PACKAGE = Path(gamenight.__file__).resolve().parent


def fake_checkout(tmp_path: Path, *, with_pyproject: bool = True) -> Path:
    """A copy of the package under ``tmp_path/src`` (a checkout when it has pyproject.toml)."""
    target = tmp_path / "src" / "gamenight"
    shutil.copytree(
        PACKAGE,
        target,
        ignore=shutil.ignore_patterns("__pycache__", *(f"*{s}" for s in EXTENSION_SUFFIXES)),
    )
    if with_pyproject:
        (tmp_path / "pyproject.toml").write_text("[project]\nname = 'gamenight'\n")
    return target


def drop_extension(package: Path, *, age: float) -> Path:
    """A dummy compiled ``core/rng`` module ``age`` seconds older than ``core/rng.py``."""
    source = package / "core" / "rng.py"
    extension = source.with_name("rng" + EXTENSION_SUFFIXES[0])
    extension.write_bytes(b"not a real extension module")
    stamp = source.stat().st_mtime - age
    os.utime(extension, (stamp, stamp))
    return extension


def import_gamenight(src: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    return subprocess.run(
        [sys.executable, "-c", "import gamenight; print(gamenight.__file__)"],
        capture_output=True,
        text=True,
        env=env,
        cwd=src,
        check=False,
        timeout=60,
    )


def test_issue16_item1_a_stale_compiled_module_in_a_checkout_is_refused(tmp_path: Path) -> None:
    """issue 16 item 1: an extension older than its .py in a checkout stops the import."""
    package = fake_checkout(tmp_path)
    drop_extension(package, age=60)
    result = import_gamenight(tmp_path / "src")
    assert result.returncode != 0
    assert "rng" in result.stderr
    assert "is older than its source rng.py" in result.stderr


@pytest.mark.parametrize("checkout", [True, False], ids=["fresh-in-checkout", "not-a-checkout"])
def test_issue16_item1_the_guard_leaves_fresh_or_installed_modules_alone(
    tmp_path: Path, checkout: bool
) -> None:
    """issue 16 item 1: a fresh extension, or any outside a checkout, is not refused."""
    package = fake_checkout(tmp_path, with_pyproject=checkout)
    drop_extension(package, age=-60 if checkout else 60)
    result = import_gamenight(tmp_path / "src")
    assert result.returncode == 0, result.stderr
    assert Path(result.stdout.strip()).resolve() == (package / "__init__.py").resolve()
