"""Match records: only what ``to_dict`` could have written is read back (issue 11, items 8, 10)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from gamenight.core import Match, MatchRecord, RecordError, read_records


def finished_record() -> dict[str, Any]:
    match = Match.new("requirements", 2, 1)
    while not match.is_over():
        seat = match.to_act()[0]
        match.apply(seat, match.legal_actions(seat)[0])
    match.record.meta = {"seats": ["random", "random"]}
    return match.record.to_dict()


GOOD = finished_record()


def changed(**fields: Any) -> dict[str, Any]:
    return {**json.loads(json.dumps(GOOD)), **fields}


def nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def test_a_written_record_reads_back_and_replays() -> None:
    record = MatchRecord.from_json(json.dumps(GOOD))
    assert record.to_dict() == GOOD
    assert Match.from_record(record).outcome is not None


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (changed(extra=1), "unknown field 'extra'"),
        (changed(meta=[1]), "field 'meta' must be an object"),
        (changed(meta="seats"), "field 'meta' must be an object"),
        (changed(meta={"x": {1, 2}}), r"field 'meta.x' holds a set, not JSON"),
        (changed(meta={1: "x"}), "field 'meta' has a key that is not a text"),
        (changed(game="requirements\x00"), "field 'game' holds a control character"),
        (changed(game="requirements\n"), "field 'game' holds a control character"),
        (changed(game="Requirements"), "field 'game' must be a game's registered name"),
        (changed(game="A Game of Requirements"), "field 'game' must be a game's registered name"),
        (changed(game=""), "field 'game' is missing or not a text"),
        (changed(version="1\x1b[2J"), "field 'version' holds a control character"),
        (changed(version="1" * 2000), "field 'version' is longer than"),
        (changed(format=True), "unsupported record format True"),
        (changed(format=1.0), "unsupported record format 1.0"),
        (changed(players=2.0), "field 'players' is missing or not an integer"),
        (changed(seed=10**200), "field 'seed' is too large an integer"),
        (changed(params=[]), "field 'params' must be an object"),
        (changed(params={"max_actions": float("nan")}), "'params.max_actions' is not a finite"),
        (changed(params={"x": b"1"}), "'params.x' holds a bytes, not JSON"),
        (changed(actions=[[0, "pass\x00"]]), "step 1's action text holds a control character"),
        (changed(actions=[[True, "pass"]]), "step 1 must be"),
        (changed(actions=[[-1, "pass"]]), "step 1: the seat -1 is no seat"),
        (changed(outcome=[]), "field 'outcome' must be an object"),
        (changed(outcome={**GOOD["outcome"], "x": 1}), "'outcome' has an unknown field 'x'"),
        (changed(outcome={**GOOD["outcome"], "scores": [1]}), "'outcome.scores' must list 2"),
        (changed(outcome={**GOOD["outcome"], "scores": ["1", 2]}), "holds '1', not a score"),
        (changed(outcome={**GOOD["outcome"], "winners": [9]}), "'outcome.winners' must list"),
        (changed(outcome={**GOOD["outcome"], "reason": None}), "'outcome.reason' is missing"),
        (changed(outcome={**GOOD["outcome"], "capped": "no"}), "'outcome.capped' must be true"),
    ],
)
def test_issue11_item10_what_is_not_a_valid_record_is_refused_naming_the_field(
    data: dict[str, Any], message: str
) -> None:
    """issue 11 item 10: unknown keys, a non-object meta, a game name with control characters..."""
    with pytest.raises(RecordError, match=message) as caught:
        MatchRecord.from_dict(data)
    assert "\n" not in str(caught.value)


def test_issue11_item10_a_record_built_in_code_is_checked_on_replay() -> None:
    """issue 11 item 10: ``requirements\\x00`` is never taken as ``requirements``."""
    record = MatchRecord(game="requirements\x00", version="1", num_players=2, seed=1)
    with pytest.raises(RecordError, match="control character"):
        Match.from_record(record)


def test_issue11_item10_a_record_names_its_game_exactly() -> None:
    """issue 11 item 10: an alias is a name for people; a record says the registered name."""
    with pytest.raises(RecordError, match=r"must be a registered name \('requirements'\)"):
        Match.from_record(MatchRecord.from_dict(changed(game="agor")))


@pytest.mark.parametrize("where", ["meta", "params", "outcome", "actions", "top"])
def test_issue11_item8_deep_json_in_a_record_is_one_line(where: str) -> None:
    """issue 11 item 8: nesting past the decoder's limit is a RecordError, not RecursionError."""
    deep = "[" * 100_000 + "]" * 100_000
    text = json.dumps(changed(**{where: "DEEP"})).replace('"DEEP"', deep)
    if where == "top":
        text = deep
    with pytest.raises(RecordError, match="nested too deeply") as caught:
        MatchRecord.from_json(text)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("where", ["meta", "params"])
def test_issue11_item8_nesting_in_meta_or_params_is_bounded(where: str) -> None:
    """issue 11 item 8: JSON the decoder takes but no record needs is refused, naming where."""
    with pytest.raises(RecordError, match=rf"field '{where}\.x[^']*' nests deeper than 32"):
        MatchRecord.from_json(json.dumps(changed(**{where: {"x": nested(200)}})))


@pytest.mark.parametrize("field", ["seed", "players", "params"])
def test_issue11_item8_integers_too_long_to_read_are_one_line(field: str) -> None:
    """issue 11 item 8: over 4,300 digits json.loads raises ValueError; it is a RecordError."""
    digits = "9" * (sys.get_int_max_str_digits() + 1)
    value: Any = {"max_actions": "BIG"} if field == "params" else "BIG"
    text = json.dumps(changed(**{field: value})).replace('"BIG"', digits)
    with pytest.raises(RecordError, match="an integer of more than 4300 digits"):
        MatchRecord.from_json(text)


def test_issue11_item8_files_of_records_fail_in_one_line(tmp_path: Path) -> None:
    """issue 11 item 8: the same in record files, one record or JSON lines."""
    path = tmp_path / "records.jsonl"
    good = json.dumps(GOOD)
    for text, message in [
        ("[" * 100_000 + "\n" + good, "nested too deeply"),
        (good + "\n" + "[" * 100_000, "line 2: not a match record: JSON nested too deeply"),
        (good + "\n" + good.replace('"seed": 1', '"seed": ' + "7" * 5000), "line 2: not a"),
        (json.dumps(GOOD, indent=1).replace('"seed": 1', '"seed": ' + "7" * 5000), "4300 digits"),
    ]:
        path.write_text(text)
        with pytest.raises(RecordError, match=message):
            list(read_records(path))
