"""issue 13 items 3 and 6: the public log goes out incrementally, each seat reading its own
texts, and a reconnecting seat gets exactly the entries it missed.

The games' own narration is being written elsewhere, so this uses a tiny narrating game
registered only here: seats take turns whispering a number; everyone reads "seat N
whispers", the whisperer reads the number.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Iterator
from typing import Any, ClassVar

import pytest
from server_harness import RunningServer, running_server
from server_people import latest

from gamenight.core import registry
from gamenight.core.errors import ActionParseError
from gamenight.core.game import Game, GameSpec, Outcome, View
from gamenight.core.journal import ACTION, Journal
from gamenight.core.params import Params
from gamenight.core.registry import GameEntry
from gamenight.core.rng import Rng

TURNS = 12


@dataclasses.dataclass(frozen=True)
class WhisperParams(Params):
    turns: int = TURNS


class WhisperState:
    def __init__(self, num_players: int) -> None:
        self.num_players = num_players
        self.said: list[int] = []
        self.journal: Journal | None = None

    def clone(self) -> WhisperState:
        twin = WhisperState(self.num_players)
        twin.said = self.said[:]
        return twin

    def to_dict(self) -> dict[str, Any]:
        return {"said": self.said}


class Whisper(Game[WhisperState, str, WhisperParams]):
    spec: ClassVar[GameSpec] = GameSpec(
        name="whisper", title="Whisper", player_counts=(2,), version="1"
    )

    @classmethod
    def default_params(cls) -> WhisperParams:
        return WhisperParams()

    def new_state(self, num_players: int, seed: int) -> WhisperState:
        return WhisperState(num_players)

    def start_journal(self, state: WhisperState) -> Journal:
        journal = super().start_journal(state)
        journal.header("The whispering starts", round_number=1)
        return journal

    def to_act(self, state: WhisperState) -> tuple[int, ...]:
        return () if len(state.said) >= self.params.turns else (len(state.said) % 2,)

    def legal_actions(self, state: WhisperState, player: int) -> list[str]:
        return [f"say {n}" for n in range(3)] if player in self.to_act(state) else []

    def apply(self, state: WhisperState, player: int, action: str) -> None:
        number = int(action.split()[1])
        state.said.append(number)
        if state.journal is not None:
            state.journal.add(
                ACTION,
                f"seat {player} whispers",
                {player: f"you whisper {number} (turn {len(state.said)})"},
                actor=player,
            )

    def outcome(self, state: WhisperState) -> Outcome | None:
        if self.to_act(state):
            return None
        return Outcome((0.0, 0.0), (0, 1), "all whispered")

    def view(self, state: WhisperState, player: int | None) -> View:
        mine = [n for i, n in enumerate(state.said) if player is not None and i % 2 == player]
        return {"viewer": player, "turn": len(state.said), "mine": mine}

    def determinize(self, view: View, player: int, rng: Rng) -> WhisperState:
        state = WhisperState(2)
        mine = list(view["mine"])
        state.said = [
            mine.pop(0) if i % 2 == player else rng.randbelow(3) for i in range(view["turn"])
        ]
        return state

    def parse_action(self, text: str) -> str:
        if text in {f"say {n}" for n in range(3)}:
            return text
        raise ActionParseError(f"{text!r} is not 'say 0', 'say 1' or 'say 2'")

    def components(self, state: WhisperState) -> list[str]:
        return []

    def hidden(self, state: WhisperState, player: int) -> Hashable:
        return tuple(n for i, n in enumerate(state.said) if i % 2 != player)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    registry.entries()  # load the real games first, then add the test's own
    registry.register(GameEntry(game_class=Whisper, render=lambda view: str(view)))
    try:
        with running_server(tmp_path_factory.mktemp("db") / "log.sqlite3") as running:
            yield running
    finally:
        registry._ENTRIES.pop("whisper", None)
        for alias in [a for a, name in registry._ALIASES.items() if name == "whisper"]:
            del registry._ALIASES[alias]


def log_of(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        entry for frame in frames if frame["type"] != "presence" for entry in frame.get("log", [])
    ]


def test_the_log_arrives_incrementally_and_resumes_where_it_stopped(
    server: RunningServer,
) -> None:
    created = server.create(game="whisper", players=2)
    table = created["table"]
    tokens = {i["seat"]: i["token"] for i in created["invites"]}
    alice, bob = server.client(table, tokens[0]), server.client(table, tokens[1])
    watcher = server.client(table)
    for person in (alice, bob):
        person.until(lambda f: f["type"] == "state" and f["status"] == "playing")
    bob.drain()
    bob_log = log_of(bob.frames)
    bob.close()  # bob comes only when it is his turn, resuming his log where it stopped
    for turn in range(TURNS):
        if turn % 2 == 0:
            state = latest(alice)
            if not state["legal"]:
                state = alice.until(lambda f: f["type"] == "state" and bool(f["legal"]))
            alice.send({"type": "act", "seq": state["seq"], "action": f"say {turn % 3}"})
            alice.until(lambda f: f.get("ack") is not None)
            continue
        bob = server.client(table, tokens[1], match=1, log_from=len(bob_log))
        back = bob.state_frame()
        missed = back["log"]
        assert [e["index"] for e in missed] == list(range(len(bob_log), turn + 1))
        assert all(e["text"] == "seat 0 whispers" for e in missed[-1:])
        bob.send({"type": "act", "seq": back["seq"], "action": f"say {turn % 3}"})
        acked = bob.until(lambda f: f.get("ack") is not None)
        bob_log += missed + acked["log"]
        bob.close()
    assert [e["index"] for e in bob_log] == list(range(TURNS + 1))
    assert bob_log[2]["text"] == "you whisper 1 (turn 2)"
    assert bob_log[1]["text"] == "seat 0 whispers"
    for client in (alice, watcher):
        client.until(lambda f: f["type"] == "state" and f["status"] == "finished")
    alice_log = log_of(alice.frames)
    assert [e["index"] for e in alice_log] == list(range(TURNS + 1)), "each entry once, in order"
    assert alice_log[0]["text"] == "The whispering starts"
    assert alice_log[1]["text"] == "you whisper 0 (turn 1)"
    assert alice_log[2]["text"] == "seat 1 whispers"
    spectator_log = log_of(watcher.frames)
    assert [e["text"] for e in spectator_log[1:3]] == ["seat 0 whispers", "seat 1 whispers"]
    assert not any("you whisper" in e["text"] for e in spectator_log)
    assert not any("you whisper" in e["text"] and e["actor"] == 1 for e in alice_log)
    # a fresh socket with no resume point gets the whole log at once
    fresh = server.client(table, tokens[1])
    whole = fresh.state_frame()["log"]
    assert [e["index"] for e in whole] == list(range(TURNS + 1))
    assert whole[2]["text"] == "you whisper 1 (turn 2)"
    for client in (alice, watcher, fresh):
        client.close()
