"""The actions of A Game of Requirements and their text notation.

Positions in the notation count from 1, as the terminal shows them: ``r3`` is the third coin
of the actor's Trait Reserve, ``b2`` the second coin of a bid, ``a1`` the first
Accomplishment. Every action of a game instance is built once, in an :class:`ActionBook`;
``legal_actions`` hands out those shared values, so the hot path allocates nothing.
"""

from __future__ import annotations

import dataclasses
from enum import IntEnum

from gamenight.core.errors import ActionParseError


class Kind(IntEnum):
    PASS = 0  # R10: do not meet the Requirement
    PAY = 1  # R11, D3: pay with reserve coin (index) toward the current need
    PLACE = 2  # R11, R15b, D4: put the won tile on Accomplishment (index)
    BID_RESERVE = 3  # R12, D5: bid reserve coin (index)
    BID_POOL = 4  # R12, D5: bid the top Pool coin showing trait (index)
    DECLINE = 5  # R12, R13: do not bid this turn
    CLAIM = 6  # R12, R14: say "It's done!" about the coin just bid
    NO_CLAIM = 7  # R12: say nothing; play passes
    CHALLENGE = 8  # R14
    ACCEPT = 9  # R14: let the claim stand
    PROVE = 10  # R14: show the claim coin's hidden side
    CONCEDE = 11  # R14, D6: decline to prove
    TAKE = 12  # R14, D6: take the other player's bid coin (index)
    SPECTACLE = 13  # R15c, D8: put own bid coin (index) on the Accomplishment
    DONE = 14  # R15c: no more Spectacle


# Plain ints for the hot path (see state.py).
(
    PASS,
    PAY,
    PLACE,
    BID_RESERVE,
    BID_POOL,
    DECLINE,
    CLAIM,
    NO_CLAIM,
    CHALLENGE,
    ACCEPT,
    PROVE,
    CONCEDE,
    TAKE,
    SPECTACLE,
    DONE,
) = (int(kind) for kind in Kind)


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    kind: int
    index: int = -1
    text: str = dataclasses.field(default="", compare=False)

    def __str__(self) -> str:
        return self.text


_WORDS = {
    Kind.PASS: "pass",
    Kind.DECLINE: "decline",
    Kind.CLAIM: "claim",
    Kind.NO_CLAIM: "no-claim",
    Kind.CHALLENGE: "challenge",
    Kind.ACCEPT: "accept",
    Kind.PROVE: "prove",
    Kind.CONCEDE: "concede",
    Kind.DONE: "done",
}
_POSITIONAL = {
    Kind.PAY: ("pay", "r"),
    Kind.PLACE: ("place", "a"),
    Kind.BID_RESERVE: ("bid", "r"),
    Kind.TAKE: ("take", "b"),
    Kind.SPECTACLE: ("spectacle", "b"),
}


class ActionBook:
    """Every action for one set of traits, each built once, and the parser for them."""

    def __init__(self, traits: tuple[str, ...], max_position: int) -> None:
        self.traits = traits
        self.simple: dict[int, Action] = {
            kind: Action(kind, -1, word) for kind, word in _WORDS.items()
        }
        self.positional: dict[int, tuple[Action, ...]] = {
            kind: tuple(Action(kind, i, f"{verb} {prefix}{i + 1}") for i in range(max_position))
            for kind, (verb, prefix) in _POSITIONAL.items()
        }
        self.pool_bids = tuple(
            Action(Kind.BID_POOL, t, f"bid pool {name}") for t, name in enumerate(traits)
        )
        self._by_text: dict[str, Action] = {}
        for action in (
            *self.simple.values(),
            *self.pool_bids,
            *(a for group in self.positional.values() for a in group),
        ):
            self._by_text[action.text.lower()] = action

    def at(self, kind: int, index: int) -> Action:
        return self.positional[kind][index]

    def parse(self, text: str) -> Action:
        key = " ".join(text.lower().replace("'", "").split())
        key = {
            "it's done": "claim",
            "its done": "claim",
            "done!": "done",
            "noclaim": "no-claim",
        }.get(key, key)
        found = self._by_text.get(key)
        if found is not None:
            return found
        words = key.split()
        if words and words[0] in ("pay", "place", "bid", "take", "spectacle") and len(words) >= 2:
            verb = words[0]
            if verb == "bid" and words[1] == "pool":
                names = ", ".join(self.traits)
                raise ActionParseError(f"'{text}': the Pool's traits are {names}")
            raise ActionParseError(
                f"'{text}': no such position (write e.g. 'pay r1', 'bid r2', 'bid pool "
                f"{self.traits[0]}', 'place a1', 'take b1', 'spectacle b1')"
            )
        raise ActionParseError(
            f"'{text}' is not an action of A Game of Requirements (actions: pass, pay rN, "
            "place aN, bid rN, bid pool TRAIT, decline, claim, no-claim, challenge, accept, "
            "prove, concede, take bN, spectacle bN, done)"
        )
