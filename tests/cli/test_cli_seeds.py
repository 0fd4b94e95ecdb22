"""issue 11 item 1: the seed of a match people play is shown only once it is over, and is big.

A seed rebuilds every hidden card, so it must stay off the screen until nothing is hidden any
more; drawn at random, it must not be searchable from a seat's opening view (64 bits).
"""

from __future__ import annotations

import secrets
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gamenight.cli import app
from gamenight.core import MatchRecord

runner = CliRunner()
SEED = 987_654_321_987  # given with --seed
DRAWN = (1 << 63) + 424_242  # what the patched generator draws


def run(*args: str, input: str | None = None) -> str:
    result = runner.invoke(app, list(args), input=input)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture
def drawn_bits(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Make the system generator draw DRAWN; returns how many bits each draw asked for."""
    asked: list[int] = []

    def randbits(bits: int) -> int:
        asked.append(bits)
        return DRAWN % (1 << bits)

    monkeypatch.setattr(secrets, "randbits", randbits)
    return asked


def test_issue11_item1_play_shows_the_seed_after_the_outcome_not_before(tmp_path: Path) -> None:
    """issue 11 item 1: nothing the table prints before the end holds the seed."""
    path = tmp_path / "m.json"
    out = run(
        *("play", "pgdk", "--seats", "heuristic,human", "--seed", str(SEED)),
        *("--record", str(path)),
        input="a\n" * 3000,
    )
    before, over, after = out.partition("Game over")
    assert over
    assert str(SEED) not in before
    assert f"Seed of this match: {SEED}" in after
    assert MatchRecord.from_json(path.read_text()).seed == SEED


def test_issue11_item1_leaving_the_table_never_shows_the_seed() -> None:
    """issue 11 item 1: a match left unfinished keeps its seed off the screen."""
    out = run("play", "pgdk", "--seats", "heuristic,human", "--seed", str(SEED), input="a\nq\n")
    assert "You left the table." in out
    assert str(SEED) not in out


def test_issue11_item1_a_drawn_play_seed_has_64_bits(tmp_path: Path, drawn_bits: list[int]) -> None:
    """issue 11 item 1: the random seed of `play` comes from 64 bits of the system generator."""
    path = tmp_path / "m.json"
    out = run("play", "requirements", "--record", str(path), input="q\n")
    assert drawn_bits
    assert min(drawn_bits) >= 64
    assert MatchRecord.from_json(path.read_text()).seed == DRAWN
    assert str(DRAWN) not in out


def test_issue11_item1_night_draws_64_bits_and_shows_its_seed_only_at_the_end(
    drawn_bits: list[int],
) -> None:
    """issue 11 item 1: the night's seed deals both games: shown after the second one."""
    out = run("night", "--humans", "0", "-p", "3")
    assert drawn_bits
    assert min(drawn_bits) >= 64
    assert out.count("Game over (") == 2
    second_game_over = out.rindex("Game over (")
    assert str(DRAWN) not in out[:second_game_over]
    assert f"Seed of the night: {DRAWN}" in out[second_game_over:]


def test_issue11_item1_a_person_at_the_night_never_sees_its_seed_before_the_end() -> None:
    """issue 11 item 1: with a person rating and playing, the seed stays hidden."""
    seed = 31_415_926_535
    # 4 players: rate G.Nome and Pink Godzilla Dev Kit, then answer 1 to every question
    out = run("night", "--seed", str(seed), input="9\n0\n" + "a\n" * 3000)
    final = out.rindex("Game over (")
    assert str(seed) not in out[:final]
    assert f"Seed of the night: {seed}" in out[final:]
