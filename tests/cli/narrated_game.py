"""Face Down, a tiny narrating game for the terminal tests; registered only inside them.

Each round every seat in turn plays one of its cards (numbered 1 to ``cards``) face down; after
each play every other seat, in order, must answer (a window: ``pass`` is its only action, as
for a seat without a Pink Godzilla). When all have played, the round's cards are turned over
and each scores its value. The log tells everything: round headers, "Seat N played a card
face down" to the others and "You (seat N) played card V face down" to the player (a secret
only that seat's own texts carry), the passes, the reveal and the end. Finished views carry a
score sheet (each round's card, a detail and a note).

``narrate=False`` makes a game that writes no log and ``sheet=False`` one whose final views
have no score sheet, to try the terminal's fall-backs for games not narrated yet.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from typing import Any, ClassVar

import pytest
from rich.text import Text

from gamenight.core import registry
from gamenight.core.errors import ActionParseError
from gamenight.core.game import Game, GameSpec, Outcome, View, winners_by_score
from gamenight.core.journal import ACTION, AUTO, END, REVEAL, Journal
from gamenight.core.params import Params
from gamenight.core.rng import Rng
from gamenight.core.scoresheet import ScoreDetail, ScoreItem, score_sheet

NAME = "facedown"
GUIDE = (
    "Face Down: play a card face down each round; the highest total wins. 'play 3' plays card 3."
)


@dataclasses.dataclass(frozen=True)
class FaceDownParams(Params):
    rounds: int = 2
    cards: int = 5
    narrate: bool = True
    sheet: bool = True


class FaceDownState:
    def __init__(self, players: int, cards: int) -> None:
        self.players = players
        self.round = 1
        self.actor = 0
        self.window: list[int] = []  # seats still to answer the last play
        self.hands = [list(range(1, cards + 1)) for _ in range(players)]
        self.played: list[int | None] = [None] * players
        self.history: list[list[int]] = []  # each finished round's cards
        self.journal: Journal | None = None

    def clone(self) -> FaceDownState:
        twin = FaceDownState(self.players, 0)
        twin.round, twin.actor, twin.window = self.round, self.actor, self.window[:]
        twin.hands = [hand[:] for hand in self.hands]
        twin.played, twin.history = self.played[:], [r[:] for r in self.history]
        return twin

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.round, "hands": self.hands, "history": self.history}


class FaceDown(Game[FaceDownState, str, FaceDownParams]):
    spec: ClassVar[GameSpec] = GameSpec(
        name=NAME, title="Face Down", player_counts=(2, 3, 4), version="1"
    )

    @classmethod
    def default_params(cls) -> FaceDownParams:
        return FaceDownParams()

    def new_state(self, num_players: int, seed: int) -> FaceDownState:
        return FaceDownState(num_players, self.params.cards)

    def start_journal(self, state: FaceDownState) -> Journal:
        journal = super().start_journal(state)
        if self.params.narrate:
            journal.header("Round 1", round_number=1)
        else:
            state.journal = None
        return journal

    def to_act(self, state: FaceDownState) -> tuple[int, ...]:
        if state.round > self.params.rounds:
            return ()
        return (state.window[0],) if state.window else (state.actor,)

    def legal_actions(self, state: FaceDownState, player: int) -> list[str]:
        if state.window:
            return ["pass"]
        return [f"play {card}" for card in state.hands[player]]

    def apply(self, state: FaceDownState, player: int, action: str) -> None:
        journal = state.journal
        if action == "pass":
            state.window.pop(0)
            if journal is not None:
                journal.add(AUTO, f"Seat {player} passed", {player: "You passed"}, actor=player)
        else:
            card = int(action.split()[1])
            state.hands[player].remove(card)
            state.played[player] = card
            if journal is not None:
                journal.add(
                    ACTION,
                    f"Seat {player} played a card face down",
                    {player: f"You (seat {player}) played card {card} face down"},
                    actor=player,
                )
            state.window = [(player + k) % state.players for k in range(1, state.players)]
        if not state.window and state.played[state.actor] is not None:
            self._next_player(state)

    def _next_player(self, state: FaceDownState) -> None:
        if state.actor + 1 < state.players:
            state.actor += 1
            return
        cards = [card or 0 for card in state.played]
        state.history.append(cards)
        state.played = [None] * state.players
        state.actor = 0
        state.round += 1
        journal = state.journal
        if journal is None:
            return
        shown = ", ".join(f"seat {seat} {card}" for seat, card in enumerate(cards))
        journal.add(REVEAL, f"The cards turned over: {shown}")
        if state.round <= self.params.rounds:
            journal.header(f"Round {state.round}", round_number=state.round)
        else:
            outcome = self.outcome(state)
            assert outcome is not None
            journal.add(END, f"The end: seats {list(outcome.winners)} win")

    def outcome(self, state: FaceDownState) -> Outcome | None:
        if state.round <= self.params.rounds:
            return None
        scores = tuple(float(sum(r[seat] for r in state.history)) for seat in range(state.players))
        return Outcome(scores, winners_by_score(scores, tie_means_no_winner=False), "all played")

    def view(self, state: FaceDownState, player: int | None) -> View:
        view: dict[str, Any] = {
            "viewer": player,
            "round": state.round,
            "history": [r[:] for r in state.history],
            "hand": state.hands[player][:] if player is not None else None,
        }
        outcome = self.outcome(state)
        if outcome is not None and self.params.sheet:
            view["score_sheet"] = score_sheet(
                [
                    [
                        ScoreItem(f"round {n} card", cards[seat], detail=f"card {cards[seat]}")
                        for n, cards in enumerate(state.history, start=1)
                    ]
                    for seat in range(state.players)
                ],
                outcome.scores,
                [ScoreDetail("How cards score", ("each card scores its value",))],
                ["Ties share the win."],
            )
        return view

    def determinize(self, view: View, player: int, rng: Rng) -> FaceDownState:
        raise NotImplementedError

    def parse_action(self, text: str) -> str:
        words = text.split()
        if words == ["pass"] or (len(words) == 2 and words[0] == "play" and words[1].isdigit()):
            return " ".join(words)
        raise ActionParseError(f"{text!r} is not an action of Face Down (play N, pass)")

    def public_action(self, state: FaceDownState, player: int, action: str) -> str:
        return "pass" if action == "pass" else "play (face down)"

    def components(self, state: FaceDownState) -> list[str]:
        return []

    def hidden(self, state: FaceDownState, player: int) -> Hashable:
        return tuple(tuple(hand) for seat, hand in enumerate(state.hands) if seat != player)


def render(view: View) -> Text:
    hand = view["hand"]
    return Text(f"(Face Down, round {view['round']}, hand {hand})" if hand else "(Face Down)")


@contextmanager
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Face Down in the registry for the duration, with its guide."""
    registry.entries()  # load the real games first, so that loading cannot undo the patch
    entry = registry.GameEntry(game_class=FaceDown, render=render, guide=GUIDE)
    monkeypatch.setitem(registry._ENTRIES, NAME, entry)
    monkeypatch.setitem(registry._ALIASES, NAME, NAME)
    yield
