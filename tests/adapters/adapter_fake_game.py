"""A tiny game with simultaneous hidden commitments, and its encoding, for the adapter tests.

Secret bids: each round every seat commits a bid of 0..2 at once (hidden until all have
committed); the highest single bid scores its bidder one point, ties score nothing. Three
rounds; the deal (a random bonus round that scores double) comes from the seed. It exists to
check that the adapters handle several seats in ``to_act``, and that a game becomes available
to them through its encoding alone. It is registered only inside the tests that use it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable
from typing import Any, ClassVar

from gamenight.adapters.encodings import Encoding, FloatArray, Segment
from gamenight.core.errors import ActionParseError
from gamenight.core.game import Game, GameSpec, Outcome, View, winners_by_score
from gamenight.core.params import Params
from gamenight.core.rng import Rng

ROUNDS = 3
BIDS = 3


@dataclasses.dataclass(frozen=True)
class BidsParams(Params):
    rounds: int = ROUNDS


class BidsState:
    __slots__ = ("bonus", "committed", "num_players", "round", "scores", "shown")

    def __init__(self, num_players: int) -> None:
        self.num_players = num_players
        self.bonus = 0
        self.round = 0
        self.committed: list[int] = [-1] * num_players
        self.scores = [0] * num_players
        self.shown: list[list[int]] = []  # every finished round's bids

    def clone(self) -> BidsState:
        twin = BidsState(self.num_players)
        twin.bonus, twin.round = self.bonus, self.round
        twin.committed, twin.scores = self.committed[:], self.scores[:]
        twin.shown = [bids[:] for bids in self.shown]
        return twin

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}


class SecretBids(Game[BidsState, str, BidsParams]):
    spec: ClassVar[GameSpec] = GameSpec(
        name="secretbids", title="Secret Bids", player_counts=(2, 3), version="1"
    )

    @classmethod
    def default_params(cls) -> BidsParams:
        return BidsParams()

    def new_state(self, num_players: int, seed: int) -> BidsState:
        self.check_player_count(num_players)
        state = BidsState(num_players)
        state.bonus = Rng(seed).randbelow(self.params.rounds)
        return state

    def to_act(self, state: BidsState) -> tuple[int, ...]:
        if state.round >= self.params.rounds:
            return ()
        return tuple(p for p in range(state.num_players) if state.committed[p] < 0)

    def legal_actions(self, state: BidsState, player: int) -> list[str]:
        return [f"bid {b}" for b in range(BIDS)] if player in self.to_act(state) else []

    def apply(self, state: BidsState, player: int, action: str) -> None:
        state.committed[player] = int(action.split()[1])
        if min(state.committed) < 0:
            return
        bids = state.committed
        best = max(bids)
        if bids.count(best) == 1:
            state.scores[bids.index(best)] += 2 if state.round == state.bonus else 1
        state.shown.append(bids[:])
        state.committed = [-1] * state.num_players
        state.round += 1

    def outcome(self, state: BidsState) -> Outcome | None:
        if self.to_act(state):
            return None
        scores = tuple(float(s) for s in state.scores)
        return Outcome(scores, winners_by_score(scores, tie_means_no_winner=False), "done")

    def view(self, state: BidsState, player: int | None) -> View:
        return {
            "viewer": player,
            "round": state.round,
            "bonus": state.bonus,
            "committed": [c >= 0 for c in state.committed],
            "own": state.committed[player] if player is not None else None,
            "shown": [bids[:] for bids in state.shown],
            "scores": state.scores[:],
        }

    def determinize(self, view: View, player: int, rng: Rng) -> BidsState:
        state = BidsState(len(view["scores"]))
        state.bonus, state.round = view["bonus"], view["round"]
        state.scores, state.shown = view["scores"][:], [b[:] for b in view["shown"]]
        state.committed = [rng.randbelow(BIDS) if c else -1 for c in view["committed"]]
        if view["own"] is not None:
            state.committed[player] = view["own"]
        return state

    def parse_action(self, text: str) -> str:
        words = text.split()
        if len(words) == 2 and words[0] == "bid" and words[1] in {str(b) for b in range(BIDS)}:
            return f"bid {words[1]}"
        raise ActionParseError(f"{text!r} is not a bid (bid 0, bid 1 or bid 2)")

    def public_action(self, state: BidsState, player: int, action: str) -> str:
        return "commits a bid"

    def components(self, state: BidsState) -> list[str]:
        return []

    def hidden(self, state: BidsState, player: int) -> Hashable:
        return tuple(c for p, c in enumerate(state.committed) if p != player)


class SecretBidsEncoding(Encoding):
    game_name = "secretbids"

    def action_notations(self) -> list[str]:
        return [f"bid {b}" for b in range(BIDS)]

    def segments(self) -> list[Segment]:
        n, rounds = self.num_players, self.game.params.rounds
        return [
            Segment("seat", (n,), "the viewer's seat"),
            Segment("round", (rounds + 1,), "round, one-hot"),
            Segment("bonus", (rounds,), "the double round"),
            Segment("committed", (n,), "has committed, relative"),
            Segment("own", (BIDS,), "own committed bid"),
            Segment("scores", (n,), "scores, relative", high=2.0 * rounds),
        ]

    def fill(self, view: View, out: FloatArray) -> None:
        o = self.layout.offsets
        n = self.num_players
        me = view["viewer"] or 0
        if view["viewer"] is not None:
            out[o["seat"] + view["viewer"]] = 1.0
        out[o["round"] + view["round"]] = 1.0
        out[o["bonus"] + view["bonus"]] = 1.0
        for seat in range(n):
            k = (seat - me) % n
            out[o["committed"] + k] = float(view["committed"][seat])
            out[o["scores"] + k] = view["scores"][seat]
        if view["own"] is not None and view["own"] >= 0:
            out[o["own"] + view["own"]] = 1.0

    def max_game_length(self) -> int:
        return self.game.params.rounds * self.num_players


ENCODING = SecretBidsEncoding
