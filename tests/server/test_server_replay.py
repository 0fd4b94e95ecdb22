"""issue 14 item 1: a finished match step by step over HTTP, as any seat or a spectator."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from server_harness import RunningServer, running_server
from server_people import play_until_finished, seeded_choice


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    with running_server(tmp_path_factory.mktemp("db") / "replay.sqlite3") as running:
        yield running


def test_a_finished_match_replays_step_by_step(server: RunningServer) -> None:
    """issue 14 item 1: /replay serves step 0 to the last of a finished match; the log grows
    step by step; the last step's outcome is the record's; a seat's view may differ from the
    spectator's (nothing is secret once the match is over)."""
    created = server.create(game="requirements", seats=["human", "heuristic"])
    table = created["table"]
    assert server.http.get(f"/api/tables/{table}/replay").status_code == 409
    person = server.client(table, created["invites"][0]["token"])
    person.state_frame()
    play_until_finished({0: person}, seeded_choice(3))
    person.close()
    record = server.http.get(f"/api/tables/{table}/record").json()
    total = len(record["actions"])
    start = server.http.get(f"/api/tables/{table}/replay?step=0").json()
    assert (start["step"], start["steps"], start["seat"], start["outcome"]) == (
        0,
        total,
        None,
        None,
    )
    assert start["to_act"]
    end = server.http.get(f"/api/tables/{table}/replay?match=1&step={total}&seat=1").json()
    assert end["outcome"] == record["outcome"]
    assert end["to_act"] == []
    logs = [
        len(server.http.get(f"/api/tables/{table}/replay?step={step}").json()["log"])
        for step in (0, total // 2, total)
    ]
    assert logs == sorted(logs)
    assert logs[0] < logs[-1]
    differs = any(
        server.http.get(f"/api/tables/{table}/replay?step={step}&seat=0").json()["view"]
        != server.http.get(f"/api/tables/{table}/replay?step={step}&seat=spectator").json()["view"]
        for step in range(1, total, max(1, total // 8))
    )
    assert differs, "a seat's view never differed from the spectator's"


@pytest.mark.parametrize(
    ("query", "status"),
    [("step=-1", 400), ("step=99999", 400), ("seat=7", 400), ("seat=x", 400), ("match=9", 404)],
)
def test_a_bad_replay_request_is_refused_with_a_reason(
    server: RunningServer, query: str, status: int
) -> None:
    """issue 14 bad input: a step, seat or match out of range is a JSON error, no traceback."""
    created = server.create(game="requirements", seats=["human", "heuristic"])
    person = server.client(created["table"], created["invites"][0]["token"])
    person.state_frame()
    play_until_finished({0: person}, seeded_choice(5))
    person.close()
    answer = server.http.get(f"/api/tables/{created['table']}/replay?{query}")
    assert answer.status_code == status
    assert answer.json()["error"]
