"""C5, C6: a card list named by path is read only as a small regular text file, and a record
opens it only when the user names it too (issue 11 item 9).

Nothing here needs a timeout: every refusal comes from ``os.stat`` before the file is opened,
and the ``never_opened`` guard turns an attempt to open a forbidden path into a failure rather
than a hang (a FIFO or /dev/stdin blocks, /dev/zero never ends).
"""

from __future__ import annotations

import builtins
import io
import json
import os
import pathlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from gamenight.cli import app
from gamenight.core.engine import Match
from gamenight.core.errors import InvalidParamsError, RecordError
from gamenight.core.log import MatchRecord
from gamenight.core.params import MAX_PARAM_FILE_BYTES, read_param_file
from gamenight.core.rng import Rng
from gamenight.games.pgdk.cards import DEFAULT_CARD_LIST, MAX_CARDS
from gamenight.games.pgdk.rules import PgdkGame

Guard = Callable[..., None]


@pytest.fixture
def never_opened(monkeypatch: pytest.MonkeyPatch) -> Guard:
    """``never_opened(path, ...)``: opening any of these paths fails the test at once."""
    forbidden: set[str] = set()

    def wrap(opener: Callable[..., Any]) -> Callable[..., Any]:
        def guarded(file: Any, *args: Any, **kwargs: Any) -> Any:
            if isinstance(file, str | os.PathLike) and os.path.abspath(file) in forbidden:
                raise AssertionError(f"{file} was opened; it must be refused before that")
            return opener(file, *args, **kwargs)

        return guarded

    monkeypatch.setattr(os, "open", wrap(os.open))
    monkeypatch.setattr(builtins, "open", wrap(builtins.open))
    monkeypatch.setattr(io, "open", wrap(io.open))
    monkeypatch.setattr(pathlib.Path, "open", wrap(pathlib.Path.open))

    def forbid(*paths: str | Path) -> None:
        forbidden.update(os.path.abspath(path) for path in paths)

    return forbid


def load(path: str | Path) -> PgdkGame:
    return PgdkGame(PgdkGame.params_from({"card_list": str(path)}))


def refused(path: str | Path, message: str) -> str:
    with pytest.raises(InvalidParamsError) as error:
        load(path)
    text = str(error.value)
    assert message in text
    assert "\n" not in text
    assert text.startswith(("card_list: ", f"card_list {path} line "))
    assert str(path) in text  # the message names the file
    return text


def default_text() -> str:
    return DEFAULT_CARD_LIST.read_text(encoding="utf-8")


def write(tmp_path: Path, content: str | bytes, name: str = "cards.csv") -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


# -- what may be read --------------------------------------------------------------------------
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/stdin", "/dev/null"])
def test_c6_issue_11_item_9_a_device_is_refused_before_it_is_opened(
    device: str, never_opened: Guard
) -> None:
    if not os.path.exists(device):
        pytest.skip(f"{device} does not exist here")
    never_opened(device, os.path.realpath(device))
    text = refused(device, "is not a regular file")
    assert repr(device) in text


def test_c6_issue_11_item_9_a_fifo_is_refused_before_it_is_opened(
    tmp_path: Path, never_opened: Guard
) -> None:
    fifo = tmp_path / "cards.csv"
    os.mkfifo(fifo)
    never_opened(fifo)
    refused(fifo, "is not a regular file")


def test_c6_issue_11_item_9_a_directory_is_refused(tmp_path: Path, never_opened: Guard) -> None:
    never_opened(tmp_path)
    refused(tmp_path, "is not a regular file")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe", "is not UTF-8 text (byte 0)"),
        (b"count,type\x00\x00\x00\n", "holds NUL bytes"),
    ],
    ids=["not-utf8", "nul-bytes"],
)
def test_c6_issue_11_item_9_a_binary_file_is_one_line(
    tmp_path: Path, content: bytes, message: str
) -> None:
    refused(write(tmp_path, content), message)


def test_c6_issue_11_item_9_a_file_over_the_size_cap_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A valid card list padded with comments past 1 MiB: refused by its size alone."""
    padding = ("# " + "x" * 98 + "\n") * (MAX_PARAM_FILE_BYTES // 100 + 1)
    path = write(tmp_path, default_text() + padding)
    assert path.stat().st_size > MAX_PARAM_FILE_BYTES
    refused(path, f"is larger than {MAX_PARAM_FILE_BYTES} bytes")
    # the cap is a parameter of the reader; the file is fine under a larger one
    assert read_param_file("card_list", str(path), limit=2 * MAX_PARAM_FILE_BYTES)


def test_c6_issue_11_item_9_a_missing_file_is_one_line() -> None:
    refused("/nonexistent/pgdk-cards.csv", "cannot read it")


def test_c6_issue_11_item_9_a_regular_file_still_loads(tmp_path: Path) -> None:
    game = load(write(tmp_path, default_text()))
    assert game.num_cards == 106


# -- what a read file may hold -------------------------------------------------------------------
def replace_line(start: str, new: str) -> str:
    lines = default_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(start))
    lines[at] = new
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("start", "new", "message"),
    [
        ("1,Title,Pixel Quest", "²,Title,Pixel Quest,B,3,,house,", "count '²' is not a whole"),
        ("1,Title,Pixel Quest", "1,Title,Pixel Quest,B,٣,,house,", "value '٣' is not a whole"),
        ("1,Title,Pixel Quest", "1,Title,Pixel Quest,B,1000,,house,", "value 1000 is more"),
        ("# cards", "# cards: ¹⁰⁶", "the total '¹⁰⁶' is not a number"),
        ("1,Title,Pixel Quest", "1,Title,Pixel Quest,B," + "9" * 5000 + ",,house,", "value"),
        ("1,Title,Pixel Quest", "1,Title,Pixel Quest,B,3,," + "h" * 200_000 + ",", "not CSV"),
    ],
    ids=["count-digit", "value-digit", "value-cap", "total-digit", "huge-number", "huge-field"],
)
def test_c5_issue_11_item_9_malformed_content_is_one_line(
    tmp_path: Path, start: str, new: str, message: str
) -> None:
    refused(write(tmp_path, replace_line(start, new)), message)


def test_c5_issue_11_item_9_a_card_list_holds_at_most_max_cards(tmp_path: Path) -> None:
    """A count that would make the per-card tables huge is refused on its line."""
    big = MAX_CARDS * 5
    text = replace_line("1,Title,Pixel Quest", f"{big},Title,Pixel Quest,B,3,,house,")
    text = text.replace("# cards: 106", f"# cards: {105 + big}")
    refused(write(tmp_path, text), f"more than {MAX_CARDS} cards")


# -- records -------------------------------------------------------------------------------------
def record_with(card_list: str) -> MatchRecord:
    """A short real match on the built-in list, recorded as if played with ``card_list``."""
    match = Match(PgdkGame(), 2, 5)
    rng = Rng(5)
    for _ in range(12):
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        match.apply(seat, legal[rng.randbelow(len(legal))])
    record = MatchRecord.from_dict(json.loads(match.record.to_json()))
    record.params["card_list"] = card_list
    return record


def test_c6_issue_11_item_9_a_record_alone_never_opens_a_file(
    tmp_path: Path, never_opened: Guard
) -> None:
    for path in ("/dev/zero", "/dev/stdin", str(write(tmp_path, default_text()))):
        never_opened(path, os.path.realpath(path))
        with pytest.raises(RecordError) as error:
            Match.from_record(record_with(path))
        text = str(error.value)
        assert "\n" not in text
        assert f"names the file {path!r}" in text
        assert "--param card_list=PATH" in text


def test_c6_issue_11_item_9_a_record_opens_the_file_the_user_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path, default_text())
    record = record_with(str(path))
    replayed = Match.from_record(record, trusted_files=[str(path)])
    assert replayed.game.params.card_list == str(path)
    assert len(replayed.record.actions) == 12
    # another spelling of the same file is the same file
    monkeypatch.chdir(tmp_path)
    assert Match.from_record(record, trusted_files=["./cards.csv"]).num_players == 2
    # naming another file allows nothing
    other = write(tmp_path, default_text(), "other.csv")
    with pytest.raises(RecordError, match="names the file"):
        Match.from_record(record, trusted_files=[str(other)])
    # the built-in list is no file: records naming it need nothing
    assert Match.from_record(record_with("default")).num_players == 2


def test_c6_issue_11_item_9_a_named_device_is_still_refused() -> None:
    with pytest.raises(RecordError, match="is not a regular file"):
        Match.from_record(record_with("/dev/zero"), trusted_files=["/dev/zero"])


def run_cli(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_c6_issue_11_item_9_replay_reads_a_card_list_only_when_named(tmp_path: Path) -> None:
    cards = write(tmp_path, default_text())
    saved = tmp_path / "match.json"
    saved.write_text(record_with(str(cards)).to_json(), encoding="utf-8")
    code, out = run_cli("replay", str(saved), "--final")
    assert code == 2
    assert "names the file" in out
    assert len(out.strip().splitlines()) == 1
    code, out = run_cli("replay", str(saved), "--final", "--param", f"card_list={cards}")
    assert code == 0, out
    assert "Pink Godzilla Dev Kit" in out
    code, out = run_cli("replay", str(saved), "--final", "--param", "max_turns=3")
    assert code == 2
    assert "only names files a record may read (card_list), not 'max_turns'" in out


def test_c6_issue_11_item_9_replay_of_a_record_naming_stdin_does_not_wait(
    tmp_path: Path,
) -> None:
    saved = tmp_path / "match.json"
    saved.write_text(record_with("/dev/stdin").to_json(), encoding="utf-8")
    code, out = run_cli("replay", str(saved), "--final")
    assert code == 2
    assert "names the file '/dev/stdin'" in out
    code, out = run_cli("replay", str(saved), "--final", "--param", "card_list=/dev/stdin")
    assert code == 2
    assert "is not a regular file" in out
