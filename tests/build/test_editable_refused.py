"""issue 16 item 1: the compiled build is never installed editable (its compiled modules would
sit in src/ and shadow every later edit), and the refusal comes before any compiling."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_issue16_item1_an_editable_compiled_install_is_refused(tmp_path: Path) -> None:
    """issue 16 item 1: ``pip install -e .`` with the switch on fails with a clear message."""
    if not (ROOT / "hatch_build.py").is_file():
        pytest.skip("needs a source checkout")
    project = tmp_path / "project"
    project.mkdir()
    for name in ("pyproject.toml", "hatch_build.py", "README.md"):
        shutil.copy(ROOT / name, project / name)
    shutil.copytree(ROOT / "src", project / "src", ignore=shutil.ignore_patterns("__pycache__"))
    target = tmp_path / "target"
    env = {**os.environ, "HATCH_BUILD_HOOK_ENABLE_MYPYC": "1"}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--no-deps",
            "--target",
            str(target),
            "-e",
            str(project),
        ],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=600,
    )
    output = result.stdout + result.stderr
    assert result.returncode != 0
    assert "cannot be installed editable" in output
    assert not list((project / "src").rglob("*.so"))
