"""issue 13 item 4: no secret on the wire.

Every frame sent to every seat and to a spectator is recorded over whole matches of every
game and player count (each seat played by a client that picks random legal actions). Once
a match is over, its record is replayed step by step and every frame is checked against the
position it was sent from:

- its view is exactly ``view(state, seat)`` (``view(state, None)`` for the spectator), its
  legal actions exactly the seat's, its log exactly the seat's own public log;
- the frame would have been the same in another world: a state drawn by
  ``determinize(view)`` that differs in ``hidden(state, seat)`` gives the same view and the
  same legal actions (and the spectator the same view), so nothing in the frame depends on
  what the seat cannot see;
- no frame holds a key outside the protocol's, another seat's token (nor its own), or the
  match's seed in any spelling.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from typing import Any

import pytest
from server_harness import RunningServer, running_server

from gamenight.core import Match, MatchRecord, Rng
from gamenight.core.registry import entries
from gamenight.server.client import SeatClient

STATE_KEYS = {
    "type", "seq", "table", "status", "match", "game", "title", "players", "seat", "view",
    "legal", "to_act", "log", "outcome", "seats", "spectators", "records", "ack", "reason",
}  # fmt: skip
PRESENCE_KEYS = {"type", "seq", "seats", "spectators"}
ERROR_KEYS = {"type", "seq", "code", "error"}

ALL_CASES = [
    (entry.name, players) for entry in entries() for players in entry.game_class.spec.player_counts
]
# the quick run: every game, at its smallest and largest count
QUICK_CASES = sorted(
    {
        (entry.name, count)
        for entry in entries()
        for count in (
            entry.game_class.spec.player_counts[0],
            entry.game_class.spec.player_counts[-1],
        )
    }
)
Recorded = list[tuple[int | None, dict[str, Any], str]]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    with running_server(tmp_path_factory.mktemp("db") / "leak.sqlite3") as running:
        yield running


async def _play_table(
    server: RunningServer, game: str, players: int, seed: int
) -> tuple[str, list[str], Recorded]:
    created = server.create(game=game, players=players)
    table = created["table"]
    tokens = [invite["token"] for invite in sorted(created["invites"], key=lambda i: i["seat"])]
    recorded: Recorded = []
    base = f"ws://127.0.0.1:{server.port}"

    def keeper(seat: int | None) -> Any:
        return lambda frame, text, _: recorded.append((seat, frame, text))

    rng = random.Random(seed)

    def choose(legal: list[str]) -> str:
        return legal[rng.randrange(len(legal))]

    async def seat(number: int) -> None:
        async with SeatClient(base, table, tokens[number], on_frame=keeper(number)) as client:
            await client.play(choose, timeout=240)

    async def spectator() -> None:
        async with SeatClient(base, table, None, on_frame=keeper(None)) as client:
            await client.play(None, timeout=240)

    await asyncio.gather(spectator(), *(seat(n) for n in range(players)))
    return table, tokens, recorded


def _positions(record: MatchRecord) -> list[Match]:
    """The match after each step: index i is the table at seq i + 1."""
    match = Match.from_record(record, steps=0)
    states = [_frozen(match)]
    for seat, text in record.actions:
        match.apply(seat, text)
        states.append(_frozen(match))
    return states


def _frozen(match: Match) -> Match:
    copy = Match.__new__(Match)
    copy.__dict__.update(match.__dict__)
    copy.state = match.state.clone()
    copy.journal = None
    return copy


def check_frames(
    record: MatchRecord, tokens: list[str], recorded: Recorded, full_log: dict[int | None, Any]
) -> int:
    """Check every recorded frame (see the module's docstring); returns how many frames
    were shown to be the same in a world that differs in what their seat cannot see."""
    game = Match.from_record(record, steps=0).game
    positions = _positions(record)
    seed_texts = {str(record.seed), f"{record.seed:x}", f"{record.seed:X}"}
    rng = Rng(record.seed ^ 0x5EED)
    varied = 0
    log_seen: dict[int | None, list[dict[str, Any]]] = {}
    for seat, frame, text in recorded:
        kind = frame["type"]
        allowed = {"state": STATE_KEYS, "resync": STATE_KEYS, "presence": PRESENCE_KEYS}
        assert set(frame) <= allowed.get(kind, ERROR_KEYS), f"unexpected keys in {kind}"
        for token in tokens:
            assert token not in text, "a seat token went over the wire"
        assert not any(spelling in text for spelling in seed_texts), "the seed went out"
        if kind not in ("state", "resync"):
            continue
        log_seen.setdefault(seat, []).extend(frame["log"])
        position = positions[frame["seq"] - 1]
        state = position.state
        assert frame["view"] == game.view(state, seat)
        if seat is None:
            assert frame["legal"] == []
            continue
        legal = [str(a) for a in game.legal_actions(state, seat)] if seat in frame["to_act"] else []
        assert frame["legal"] == legal
        if frame["seq"] % 2 or game.to_act(state) == ():
            continue
        guess = game.determinize(frame["view"], seat, rng)
        assert game.view(guess, seat) == frame["view"]
        if legal:
            assert [str(a) for a in game.legal_actions(guess, seat)] == legal
        spectator = game.view(state, None)
        assert game.view(guess, None) == spectator
        if game.hidden(guess, seat) != game.hidden(state, seat):
            varied += 1
    for seat, entries_seen in log_seen.items():
        assert entries_seen == full_log[seat], "each seat's log arrives whole, once, in order"
    return varied


def _run_case(server: RunningServer, game: str, players: int, seed: int) -> int:
    table, tokens, recorded = asyncio.run(_play_table(server, game, players, seed))
    response = server.http.get(f"/api/tables/{table}/record")
    assert response.status_code == 200
    record = MatchRecord.from_dict(response.json())
    final = Match.from_record(record)
    full_log = {seat: final.log(seat) for seat in (None, *range(players))}
    assert {seat for seat, _, _ in recorded} == {None, *range(players)}
    return check_frames(record, tokens, recorded, full_log)


@pytest.mark.parametrize(
    ("game", "players"), QUICK_CASES, ids=[f"{g}-{p}p" for g, p in QUICK_CASES]
)
def test_no_frame_carries_what_its_seat_cannot_see(
    server: RunningServer, game: str, players: int
) -> None:
    varied = _run_case(server, game, players, seed=players)
    assert varied > 0, "the check never met a position where hidden things could differ"


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), ALL_CASES, ids=[f"{g}-{p}p" for g, p in ALL_CASES])
@pytest.mark.parametrize("seed", range(3))
def test_no_frame_leaks_over_many_matches_of_every_count(
    server: RunningServer, game: str, players: int, seed: int
) -> None:
    varied = _run_case(server, game, players, seed=100 + seed)
    assert varied > 0
