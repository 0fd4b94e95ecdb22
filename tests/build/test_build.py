"""issue 16 items 1-2: the optional compiled build, and the package saying which build runs.

The same tests run in both builds: the pure suite from the source tree, and CI's compiled job
against an installed compiled wheel with ``GAMENIGHT_EXPECT_COMPILED=1`` (see .ci/run).
"""

from __future__ import annotations

import os
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest
from typer.testing import CliRunner

import gamenight
import gamenight.core.game
import gamenight.core.rng
from gamenight.cli import app

ROOT = Path(__file__).resolve().parents[2]
EXPECT_COMPILED = os.environ.get("GAMENIGHT_EXPECT_COMPILED") == "1"


def is_extension(path: str | None) -> bool:
    return (path or "").endswith(tuple(EXTENSION_SUFFIXES))


def test_issue16_item1_the_source_tree_holds_no_compiled_module() -> None:
    """issue 16 item 1: no extension module in src/ (it would shadow the edited sources)."""
    found = [
        path.relative_to(ROOT)
        for path in (ROOT / "src").rglob("*")
        if path.name.endswith((*EXTENSION_SUFFIXES, ".so", ".pyd"))
    ]
    assert found == []


def test_issue16_item2_version_names_the_build() -> None:
    """issue 16 item 2: ``gamenight --version`` names the build that is running."""
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    if EXPECT_COMPILED:
        count = len(gamenight.build().compiled_modules)
        assert count >= 20
        assert result.output.strip() == (
            f"gamenight {gamenight.__version__} (compiled with mypyc: {count} modules)"
        )
    else:
        assert result.output.strip() == f"gamenight {gamenight.__version__} (pure Python)"


@pytest.mark.skipif(not EXPECT_COMPILED, reason="runs in CI's compiled job")
def test_issue16_item2_the_compiled_modules_are_the_ones_imported() -> None:
    """issue 16 item 2: the compiled job really runs the installed compiled modules."""
    assert gamenight.build().compiled
    assert is_extension(gamenight.core.game.__file__)
    assert is_extension(gamenight.core.rng.__file__)
    assert ROOT / "src" not in Path(gamenight.__file__).resolve().parents


def test_issue16_item2_the_pure_build_imports_the_sources() -> None:
    """issue 16 item 2: the pure build's hot modules are the .py files, and it says so."""
    if EXPECT_COMPILED:
        pytest.skip("the compiled job checks the opposite")
    assert not is_extension(gamenight.core.game.__file__)
    assert gamenight.build() == gamenight.Build(())
    assert gamenight.build().describe() == "pure Python"


def test_issue16_item2_the_description_counts_modules() -> None:
    """issue 16 item 2: the version's wording for one and for several compiled modules."""
    assert gamenight.Build(("gamenight.core.rng",)).describe() == "compiled with mypyc: 1 module"
    assert gamenight.Build(("a", "b")).describe() == "compiled with mypyc: 2 modules"
