"""Packaging: the adapters sit behind the ``rl`` extra and the playtest lab behind ``lab``
and ``ray``; the core never needs them."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RL_LIBRARIES = ("numpy", "pettingzoo", "gymnasium", "pyspiel", "open_spiel")
LAB_LIBRARIES = ("numpy", "scipy", "plotly", "ray")
OPTIONAL = tuple(dict.fromkeys(RL_LIBRARIES + LAB_LIBRARIES))
# where each optional library may be imported at the top of a module
ALLOWED = {"adapters": RL_LIBRARIES, "playtest": LAB_LIBRARIES}

# Run in a fresh interpreter in which importing any RL library fails, as on a machine where
# only the core is installed.
BLOCKED_CORE = f"""
import importlib.abc, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {OPTIONAL!r}:
            raise ImportError(f"{{name}} is blocked: the core must not need it")
        return None
sys.meta_path.insert(0, Block())
import gamenight, gamenight.cli, gamenight.sim, gamenight.bots
from gamenight.core.registry import entries, make_game
from gamenight.bots import make_agent
from gamenight.sim import play_match
for entry in entries():
    game = make_game(entry.name)
    players = entry.game_class.spec.min_players
    play_match(game, players, 1, [make_agent("random", game) for _ in range(players)])
try:
    import gamenight.adapters.codec
except ImportError as error:
    print("adapters need the extra:", error)
from typer.testing import CliRunner
result = CliRunner().invoke(gamenight.cli.app, ["playtest", "requirements", "-n", "2"])
print("playtest says:", result.output.strip(), result.exception)
print("core ok")
"""


def test_the_core_installs_and_runs_without_the_rl_libraries() -> None:
    result = subprocess.run(
        [sys.executable, "-c", BLOCKED_CORE],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": ""},
    )
    assert result.returncode == 0, result.stderr
    assert "core ok" in result.stdout
    assert "adapters need the extra" in result.stdout
    assert "playtest says: error: this needs the lab extra" in result.stdout


def test_the_rl_extra_declares_the_libraries_and_the_core_does_not() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    core = " ".join(project["dependencies"]).lower()
    extra = " ".join(project["optional-dependencies"]["rl"]).lower()
    for library in ("numpy", "pettingzoo", "gymnasium", "open-spiel"):
        assert library not in core
        assert library in extra


def test_optional_libraries_are_imported_only_where_their_extra_is_needed() -> None:
    """numpy, OpenSpiel and PettingZoo in the adapters (rl); numpy, scipy, plotly and ray in
    the playtest lab (lab, ray), which the command imports only when it runs."""
    outside = []
    for path in (ROOT / "src" / "gamenight").rglob("*.py"):
        allowed = {lib for part, libs in ALLOWED.items() if part in path.parts for lib in libs}
        for line in path.read_text().splitlines():
            for lib in OPTIONAL:
                if lib in allowed:
                    continue
                if line.split()[:2] in (["import", lib], ["from", lib]) or line.startswith(
                    (f"import {lib}.", f"from {lib}.")
                ):
                    outside.append((str(path.relative_to(ROOT)), lib))
    assert outside == []
