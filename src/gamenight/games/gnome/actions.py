"""The actions of G.Nome and their text notation.

``play 7`` commits Teamwork card 7 face down (R7), ``take red`` picks the Red Research card on
offer (R12; cards of a colour are alike, G2), ``share 2`` names seat 2 as the partner of a
3-player Shared card (R36). Every action of a game instance is built once, in an
:class:`ActionBook`; ``legal_actions`` hands out those shared values.
"""

from __future__ import annotations

import dataclasses
from enum import IntEnum
from typing import Final

from gamenight.core.errors import ActionParseError


class Kind(IntEnum):
    PLAY = 0  # R7, D3: commit Teamwork card (index = its number)
    TAKE = 1  # R12: take a Research card of kind (index)
    SHARE = 2  # R36, D6: share the card just taken with seat (index)


PLAY: Final = int(Kind.PLAY)
TAKE: Final = int(Kind.TAKE)
SHARE: Final = int(Kind.SHARE)

MAX_SEATS = 6


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    kind: int
    index: int
    text: str = dataclasses.field(default="", compare=False)

    def __str__(self) -> str:
        return self.text


class ActionBook:
    """Every action for one parameter set, each built once, and the parser for them."""

    def __init__(self, teamwork: tuple[int, ...], card_names: tuple[str, ...]) -> None:
        self.card_names = card_names
        top = max(teamwork)
        self.plays: tuple[Action | None, ...] = tuple(
            Action(PLAY, v, f"play {v}") if v in teamwork else None for v in range(top + 1)
        )
        self.takes = tuple(
            Action(TAKE, kind, f"take {name.lower()}") for kind, name in enumerate(card_names)
        )
        self.shares = tuple(Action(SHARE, seat, f"share {seat}") for seat in range(MAX_SEATS))
        self._by_text: dict[str, Action] = {}
        for action in (*self.plays, *self.takes, *self.shares):
            if action is not None:
                self._by_text[action.text] = action
        self._values = sorted(teamwork)

    def play(self, value: int) -> Action:
        action = self.plays[value]
        assert action is not None
        return action

    def parse(self, text: str) -> Action:
        words = text.lower().replace(",", " ").split()
        if words[:2] == ["share", "with"]:
            words = ["share", *words[2:]]
        if len(words) == 3 and words[0] == "share" and words[1] == "seat":
            words = ["share", words[2]]
        if len(words) == 2 and words[0] == "take" and words[1] == "multi":
            words = ["take", self.card_names[-1].lower()]
        key = " ".join(words)
        found = self._by_text.get(key)
        if found is not None:
            return found
        verb = words[0] if words else ""
        if verb == "play":
            values = ", ".join(map(str, self._values))
            raise ActionParseError(f"'{text}': Teamwork cards are numbered {values}")
        if verb == "take":
            names = ", ".join(name.lower() for name in self.card_names)
            raise ActionParseError(f"'{text}': Research cards are {names}")
        if verb == "share":
            raise ActionParseError(f"'{text}': write 'share N' with N the seat to share with")
        raise ActionParseError(
            f"'{text}' is not an action of G.Nome (actions: play N, take COLOUR, share SEAT)"
        )
