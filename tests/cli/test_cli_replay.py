"""issue 11 item 14: replay steps forward through one match instead of replaying every step."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from gamenight.bots.factory import make_agent
from gamenight.cli import app
from gamenight.cli.replay import PROMPT
from gamenight.core import MatchRecord, registry
from gamenight.games.requirements.rules import RequirementsGame
from gamenight.sim.runner import play_match

runner = CliRunner()


def recorded(seed: int) -> MatchRecord:
    game = registry.make_game("requirements")
    bot = make_agent("random", game)
    record = play_match(game, 2, seed, [bot, bot], keep_record=True).record
    assert record is not None
    return record


def write(path: Path, record: MatchRecord) -> Path:
    path.write_text(record.to_json() + "\n")
    return path


def replay(*args: str, input: str | None = None) -> str:
    result = runner.invoke(app, ["replay", *args], input=input)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture
def applies(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts every call of the rules' apply (one entry per call)."""
    calls: list[int] = []
    original: Callable[..., None] = RequirementsGame.apply

    def counted(self: RequirementsGame, state: Any, player: int, action: Any) -> None:
        calls.append(player)
        original(self, state, player, action)

    monkeypatch.setattr(RequirementsGame, "apply", counted)
    return calls


@pytest.mark.parametrize("seat", [None, 1])
def test_issue11_item14_replay_all_applies_each_action_a_bounded_number_of_times(
    tmp_path: Path, applies: list[int], seat: int | None
) -> None:
    """issue 11 item 14: --all costs one check of the record plus one pass through it."""
    record = recorded(0)
    steps = len(record.actions)
    assert steps > 50
    applies.clear()
    seat_args = [] if seat is None else ["--seat", str(seat)]
    out = replay(str(write(tmp_path / "m.json", record)), "--all", *seat_args)
    assert f"step {steps}/{steps}" in out
    assert len(applies) <= 2 * steps  # it was about steps * steps


def test_issue11_item14_stepping_forward_with_enter_is_linear_too(
    tmp_path: Path, applies: list[int]
) -> None:
    """issue 11 item 14: Enter at every step of an interactive replay."""
    record = recorded(0)
    steps = len(record.actions)
    applies.clear()
    out = replay(str(write(tmp_path / "m.json", record)), input="\n" * steps)
    assert f"step {steps}/{steps}" in out
    assert len(applies) <= 2 * steps


def _normalised(text: str) -> list[str]:
    """Lines without prompts, each rule's dashes dropped (its length follows its title's)."""
    lines = text.replace(PROMPT, "").splitlines()
    return [re.sub("─+", "", line).strip() if "─" in line else line for line in lines]


@pytest.mark.parametrize("seat", [None, 1])
def test_issue11_item14_replay_all_shows_what_each_step_rebuilt_from_scratch_shows(
    tmp_path: Path, seat: int | None
) -> None:
    """issue 11 item 14: the output is the one of replaying each prefix on its own."""
    record = recorded(1)
    steps = len(record.actions)
    seat_args = [] if seat is None else ["--seat", str(seat)]
    whole = replay(str(write(tmp_path / "m.json", record)), "--all", *seat_args)
    expected = [whole.splitlines()[0]]  # the header
    for step in range(steps + 1):
        prefix = dataclasses.replace(record, actions=record.actions[:step], outcome=None)
        alone = replay(str(write(tmp_path / f"{step}.json", prefix)), "--final", *seat_args)
        shown = alone.split("\n", 1)[1].replace(f"step {step}/{step}:", f"step {step}/{steps}:")
        expected += _normalised(shown)
    assert whole.splitlines()[-1].startswith("Game over (")  # the last prefix is the whole match
    assert _normalised(whole) == expected


def test_issue11_item14_jumping_back_rebuilds_and_forward_goes_on(tmp_path: Path) -> None:
    """issue 11 item 14: a jump backwards still shows the right step."""
    record = recorded(1)
    path = write(tmp_path / "m.json", record)
    out = _normalised(replay(str(path), "--seat", "0", input="5\n2\n\nq\n"))
    rules = [line for line in out if line.startswith(("setup", "step"))]
    assert [rule.split(":")[0] for rule in rules] == [
        "setup",
        f"step 5/{len(record.actions)}",
        f"step 2/{len(record.actions)}",
        f"step 3/{len(record.actions)}",
    ]
    alone = _normalised(replay(str(path), "--seat", "0", input="2\n\nq\n"))  # 3 by a step too
    assert out[-len(alone) + alone.index(rules[-1]) :] == alone[alone.index(rules[-1]) :]
