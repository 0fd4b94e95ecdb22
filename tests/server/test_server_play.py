"""issue 13 items 1-3, 6, 7: tables over the JSON API, whole matches over real WebSockets.

A real server runs on 127.0.0.1 (an ephemeral port); people are scripted clients that play
seeded random legal actions; bots play on the server.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_harness import Client, RunningServer, running_server
from server_people import latest, play_until_finished, seeded_choice

from gamenight.core import Match, MatchRecord
from gamenight.core.registry import entries

GAMES = [entry.name for entry in entries()]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    with running_server(tmp_path_factory.mktemp("db") / "play.sqlite3") as running:
        yield running


def bot_for(game: str) -> str:
    return "heuristic"


@pytest.mark.parametrize("game", GAMES)
def test_a_person_plays_a_whole_match_against_bots_in_every_game(
    server: RunningServer, game: str
) -> None:
    """issue 13 items 2-3: create, join with the invite's token, play to the end; the
    finished table serves the record, which replays to the same outcome."""
    entry = next(e for e in entries() if e.name == game)
    players = entry.game_class.spec.player_counts[0]
    seats = ["human"] + ["heuristic"] * (players - 1)
    created = server.create(game=game, players=players, seats=seats)
    assert len(created["invites"]) == 1
    invite = created["invites"][0]
    assert invite["seat"] == 0
    assert len(invite["token"]) >= 32  # 192 random bits, URL-safe
    person = server.client(created["table"], invite["token"])
    first = person.state_frame()
    assert first["seat"] == 0
    assert first["view"] is not None
    assert first["players"] == players
    final = play_until_finished({0: person}, seeded_choice(7))
    assert final["outcome"] is not None
    assert final["records"] == [1]
    response = server.http.get(f"/api/tables/{created['table']}/record")
    assert response.status_code == 200
    record = MatchRecord.from_dict(response.json())
    replayed = Match.from_record(record)
    assert replayed.outcome is not None
    assert replayed.outcome.to_dict() == final["outcome"]
    assert replayed.view(0) == final["view"]
    assert record.meta["seats"] == seats
    person.close()


def test_two_people_a_spectator_and_presence(server: RunningServer) -> None:
    """issue 13 items 3, 4, 6: both seats see their own views and who is connected; a
    spectator sees the spectator's view; tokens appear nowhere."""
    created = server.create(game="requirements", players=2)
    table = created["table"]
    tokens = {i["seat"]: i["token"] for i in created["invites"]}
    assert set(tokens) == {0, 1}
    listing = server.http.get("/api/tables", params={"status": "open"}).text
    assert table in listing
    assert not any(token in listing for token in tokens.values())
    alice = server.client(table, tokens[0])
    state = alice.state_frame()
    assert state["status"] == "open"
    assert [s["connected"] for s in state["seats"]] == [True, False]
    refused = _act_and_wait_error(alice, state)
    assert "waits for seat(s) 1" in refused["error"]
    watcher = server.client(table)
    seen = watcher.state_frame()
    assert seen["seat"] is None
    assert seen["legal"] == []
    bob = server.client(table, tokens[1])
    bob.state_frame()
    alice.until(lambda f: f["type"] == "state" and f["status"] == "playing")
    assert [s["connected"] for s in latest(alice)["seats"]] == [True, True]
    final = play_until_finished({0: alice, 1: bob}, seeded_choice(3))
    assert final["status"] == "finished"
    watched = watcher.until(lambda f: f["type"] == "state" and f["status"] == "finished")
    assert watched["outcome"] == final["outcome"]
    assert watched["view"] == Match.from_record(_record(server, table)).view(None)
    everything = "".join(alice.raw + bob.raw + watcher.raw)
    assert tokens[0] not in everything
    assert tokens[1] not in everything
    bob.close()
    frame = alice.until(
        lambda f: f["type"] == "presence" and not f["seats"][1]["connected"], timeout=10
    )
    assert frame["seats"][0]["connected"]
    alice.close()
    watcher.close()


def _record(server: RunningServer, table: str) -> MatchRecord:
    return MatchRecord.from_dict(server.http.get(f"/api/tables/{table}/record").json())


def _act_and_wait_error(client: Client, state: dict[str, object]) -> dict[str, object]:
    client.send({"type": "act", "seq": state["seq"], "action": "claim"})
    return client.until(lambda f: f["type"] == "error")


def test_a_stale_action_is_refused_with_a_resync(server: RunningServer) -> None:
    """issue 13 item 6: an action sent from an out-of-date seq is refused with a resync
    carrying the current state, and nothing changes."""
    created = server.create(game="requirements", players=2)
    table = created["table"]
    tokens = {i["seat"]: i["token"] for i in created["invites"]}
    people = {seat: server.client(table, token) for seat, token in tokens.items()}
    for person in people.values():
        person.until(lambda f: f["type"] == "state" and f["status"] == "playing")
    state = {seat: latest(person) for seat, person in people.items()}
    actor = next(seat for seat in people if state[seat]["legal"])
    other = 1 - actor
    old = state[actor]
    people[actor].send({"type": "act", "seq": old["seq"], "action": old["legal"][0]})
    acked = people[actor].until(lambda f: f.get("ack") is not None)
    assert acked["seq"] == old["seq"] + 1
    # the other seat's knowledge changed at that seq: an action from before it is stale
    people[other].until(lambda f: f["type"] == "state" and f["seq"] == acked["seq"])
    people[other].send({"type": "act", "seq": old["seq"], "action": "anything"})
    resync = people[other].until(lambda f: f["type"] == "resync")
    assert "moved on" in resync["reason"]
    assert resync["seq"] == acked["seq"]
    assert resync["view"] is not None
    # a seq from the future is refused the same way
    people[other].send({"type": "act", "seq": acked["seq"] + 5, "action": "anything"})
    ahead = people[other].until(lambda f: f["type"] == "resync")
    assert "ahead" in ahead["reason"]
    assert ahead["seq"] == acked["seq"]
    for person in people.values():
        person.close()


def test_reconnecting_gets_the_current_state_and_the_missed_log(server: RunningServer) -> None:
    """issue 13 item 6: a person who drops and comes back gets the current view and seq,
    and the public log entries it missed (from where its own log stopped)."""
    created = server.create(game="pgdk", players=2, seats=["human", "heuristic"])
    table, token = created["table"], created["invites"][0]["token"]
    choose = seeded_choice(5)
    person = server.client(table, token)
    acks = 0
    for _ in range(100):
        if person.state is None or not latest(person)["legal"]:
            person.until(lambda f: f["type"] in ("state", "resync") and bool(f["legal"]))
        state = latest(person)
        if not state["legal"]:
            continue
        person.send({"type": "act", "seq": state["seq"], "action": choose(state["legal"])})
        answer = person.until(lambda f: f.get("ack") is not None or f["type"] != "state")
        acks += answer.get("ack") is not None
        if acks == 6:
            break
    assert acks == 6
    before = latest(person)
    log_seen = [entry for frame in person.frames for entry in frame.get("log", [])]
    indices = [entry["index"] for entry in log_seen]
    assert indices == sorted(set(indices)), "log entries arrive once each, in order"
    person.close()
    back = server.client(table, token, match=before["match"], log_from=len(log_seen))
    state = back.state_frame()
    assert state["seq"] >= before["seq"]
    assert state["seat"] == 0
    record_so_far = _replay_to(server, table, state)
    if record_so_far.journal is not None and len(record_so_far.journal):
        full = record_so_far.log(0)
        assert state["log"] == [e for e in full if e["index"] >= len(log_seen)]
    fresh = server.client(table, token)
    whole = fresh.state_frame()
    # the bot may have moved since: compare with the match as it stood at this frame's seq
    assert whole["log"] == _replay_to(server, table, whole).log(0)
    back.close()
    fresh.close()


def _replay_to(server: RunningServer, table: str, state: dict[str, object]) -> Match:
    """The table's match rebuilt from the server's own log up to ``state`` (a test helper
    that reads the database directly; only tests may)."""
    import sqlite3

    connection = sqlite3.connect(server.db)
    rows = connection.execute(
        "SELECT kind, data FROM events WHERE table_id = ? AND seq <= ? ORDER BY seq",
        (table, state["seq"]),
    ).fetchall()
    connection.close()
    match: Match | None = None
    for kind, data in rows:
        payload = json.loads(data)
        if kind == "match":
            from gamenight.core.registry import make_game

            match = Match(make_game(payload["game"], payload["params"]), 2, payload["seed"])
        elif kind == "act":
            assert match is not None
            match.apply(payload["seat"], payload["action"])
    assert match is not None
    return match


def test_a_finished_table_plays_again_with_the_same_invites(server: RunningServer) -> None:
    """issue 13 item 2: a finished table can be played again with the same seats (the same
    invites stay valid); each finished match keeps its record."""
    created = server.create(game="requirements", players=2, seats=["human", "random"])
    table, token = created["table"], created["invites"][0]["token"]
    person = server.client(table, token)
    play_until_finished({0: person}, seeded_choice(11))
    assert server.http.post(f"/api/tables/{table}/again", json={"token": "nope"}).status_code == 403
    response = server.http.post(f"/api/tables/{table}/again", json={"token": token})
    assert response.status_code == 200, response.text
    assert response.json()["match"] == 2
    person.until(lambda f: f["type"] == "state" and f["match"] == 2)
    final = play_until_finished({0: person}, seeded_choice(12), match=2)
    assert final["records"] == [1, 2]
    first = server.http.get(f"/api/tables/{table}/record", params={"match": 1}).json()
    second = server.http.get(f"/api/tables/{table}/record").json()
    assert first["seed"] != second["seed"]
    assert server.http.get(f"/api/tables/{table}/record", params={"match": 9}).status_code == 404
    # again over the socket too
    person.send({"type": "again", "seq": final["seq"]})
    person.until(lambda f: f["type"] == "state" and f["match"] == 3)
    person.send({"type": "again", "seq": latest(person)["seq"]})
    refused = person.until(lambda f: f["type"] == "error")
    assert "not finished" in refused["error"]
    still_secret = server.http.get(f"/api/tables/{table}/record", params={"match": 3})
    assert still_secret.status_code == 409
    person.close()


def test_bot_only_tables_play_themselves_and_spectators_watch(server: RunningServer) -> None:
    """issue 13 item 7: bot seats act on the server (no person needed)."""
    created = server.create(game="gnome", players=3, seats=["heuristic", "random", "heuristic"])
    assert created["invites"] == []
    watcher = server.client(created["table"])
    final = watcher.until(lambda f: f["type"] == "state" and f["status"] == "finished", timeout=60)
    assert final["outcome"] is not None
    listing = server.http.get("/api/tables", params={"status": "finished"}).json()["tables"]
    assert created["table"] in [t["table"] for t in listing]
    watcher.close()


def test_a_search_bot_plays_in_a_worker_process(server: RunningServer) -> None:
    """issue 13 item 7: ISMCTS runs in the process pool; the table still finishes."""
    created = server.create(game="requirements", players=2, seats=["ismcts:iters=20", "random"])
    watcher = server.client(created["table"])
    final = watcher.until(lambda f: f["type"] == "state" and f["status"] == "finished", timeout=90)
    assert final["outcome"] is not None
    watcher.close()


def test_an_absent_person_is_played_by_a_stand_in_until_they_return(tmp_path: Path) -> None:
    """issue 13 item 7: with absent='bot', a seat whose person is away past the limit is
    handed to a bot; coming back takes it back."""
    with running_server(tmp_path / "absent.sqlite3", bot_pause=0.05) as server:
        created = server.create(
            game="pgdk",
            players=2,
            seats=["human", "random"],
            absent="bot",
            absent_after=0.3,
            stand_in="random",
        )
        table, token = created["table"], created["invites"][0]["token"]
        person = server.client(table, token)
        start = person.state_frame()
        person.close()
        watcher = server.client(table)
        handed = watcher.until(
            lambda f: f["type"] == "state" and f["seats"][0]["stand_in"] == "random", timeout=10
        )
        assert handed["seq"] >= start["seq"]
        watcher.until(lambda f: f["type"] == "state" and f["seq"] > handed["seq"] + 3)
        person = server.client(table, token)  # back: the seat is the person's again
        back = person.until(
            lambda f: f["type"] in ("state", "resync") and (bool(f["legal"]) or f["outcome"])
        )
        assert back["outcome"] is None, "the match ended before the person came back"
        assert back["seats"][0]["stand_in"] is None
        time.sleep(0.5)  # nobody acts for a person who is here
        assert _actors_since(server, table, back["seq"]) <= {1}
        now = latest(person)
        person.send({"type": "act", "seq": now["seq"], "action": now["legal"][0]})
        assert person.until(lambda f: f.get("ack") is not None)["seq"] > now["seq"]
        person.close()
        watcher.close()


def _actors_since(server: RunningServer, table: str, seq: int) -> set[int]:
    """The seats whose actions the table's log holds after ``seq`` (read from the database
    directly, as only a test may)."""
    import sqlite3

    connection = sqlite3.connect(server.db)
    rows = connection.execute(
        "SELECT data FROM events WHERE table_id = ? AND seq > ? AND kind = 'act'", (table, seq)
    ).fetchall()
    connection.close()
    return {json.loads(data)["seat"] for (data,) in rows}


def test_a_waiting_table_does_not_hand_seats_to_bots(server: RunningServer) -> None:
    """issue 13 item 7: with absent='wait' (the default) an absent person's turn waits."""
    created = server.create(game="requirements", players=2, seats=["human", "random"])
    table, token = created["table"], created["invites"][0]["token"]
    person = server.client(table, token)
    state = person.state_frame()
    while not state["legal"]:
        state = person.state_frame()
    person.close()
    time.sleep(0.5)
    again = server.client(table, token)
    back = again.state_frame()
    assert back["seq"] == state["seq"]
    assert back["legal"] == state["legal"]
    again.close()


def rate_until_acknowledged(person: Client, ratings: list[float]) -> None:
    """Send ``ratings`` from the newest state the person has. Another seat's rating can land
    first and change this seat's view: the table then answers with a resync (the seq was
    stale), and the person sends again from it, as a client does."""
    while True:
        person.send({"type": "rate", "seq": latest(person)["seq"], "ratings": ratings})
        answer = person.until(lambda f: f.get("ack") == "rated" or f["type"] == "resync")
        if answer.get("ack") == "rated":
            return


def test_game_night_rates_privately_then_plays_the_pick(server: RunningServer) -> None:
    """issue 13 item 2: a game-night table: each person rates the library privately, Game
    to Pick a Game picks, then the same seats play the pick at the same table."""
    created = server.create(kind="night", players=3, seats=["human", "human", "random"])
    table = created["table"]
    tokens = {i["seat"]: i["token"] for i in created["invites"]}
    people = {seat: server.client(table, token) for seat, token in tokens.items()}
    states = {seat: person.state_frame() for seat, person in people.items()}
    night = states[0]["night"]
    assert night["stage"] == "rating"
    library = night["library"]
    assert "G.Nome" in library
    ratings = {0: [10.0] + [0.0] * (len(library) - 1), 1: [9.0] + [1.0] * (len(library) - 1)}
    people[0].send(
        {"type": "rate", "seq": latest(people[0])["seq"], "ratings": [11] * len(library)}
    )
    bad = people[0].until(lambda f: f["type"] == "error")
    assert "out of range" in bad["error"]
    for seat in (0, 1):
        rate_until_acknowledged(people[seat], ratings[seat])
    # nobody's frames ever carried another person's ratings
    other_rating = json.dumps(ratings[1], separators=(",", ":"))[1:-1]
    for frame in people[0].frames:
        if frame.get("night"):
            assert frame["night"]["mine"] in (None, ratings[0])
    assert other_rating not in "".join(people[0].raw)
    final = play_until_finished(people, seeded_choice(4), timeout=150)
    assert final["match"] == 2  # the pick was played at the same table
    assert final["game"] != "gtpag"
    assert final["night"]["stage"] == "play"
    picked_record = server.http.get(f"/api/tables/{table}/record", params={"match": 1}).json()
    assert picked_record["game"] == "gtpag"
    for person in people.values():
        person.close()


def test_a_restart_rebuilds_unfinished_tables_and_finished_ones_on_demand(
    tmp_path: Path,
) -> None:
    """issue 13 item 5: after a restart the unfinished table is where it was, and a finished
    table (not held in memory) is loaded from its log when asked for."""
    db = tmp_path / "restart.sqlite3"
    with running_server(db) as first:
        done = first.create(game="requirements", players=2, seats=["random", "random"])
        watcher = first.client(done["table"])
        final = watcher.until(lambda f: f["type"] == "state" and f["status"] == "finished")
        watcher.close()
        waiting = first.create(game="pgdk", players=2, seats=["human", "heuristic"])
        person = first.client(waiting["table"], waiting["invites"][0]["token"])
        person.until(lambda f: f["type"] == "state" and bool(f["legal"]))
        before = latest(person)  # the person's turn: nothing moves until they act
        person.close()
        record = first.http.get(f"/api/tables/{done['table']}/record").json()
    with running_server(db) as second:
        assert second.http.get(f"/api/tables/{done['table']}/record").json() == record
        summary = second.http.get(f"/api/tables/{done['table']}").json()
        assert summary["status"] == "finished"
        assert summary["records"] == [1]
        again = second.client(done["table"])
        assert again.state_frame()["view"] == final["view"]
        again.close()
        person = second.client(waiting["table"], waiting["invites"][0]["token"])
        after = person.state_frame()
        assert (after["seq"], after["view"], after["legal"]) == (
            before["seq"],
            before["view"],
            before["legal"],
        )
        person.close()
