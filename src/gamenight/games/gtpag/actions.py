"""The actions of Game to Pick a Game and their text notation (RULES.md G2).

Nominations are numbered ``n1``, ``n2``... in the order they were made; ``n2.3`` is the third
chip on Nomination 2, counting every chip there in the order it arrived (face-up ones too).
Every action of a game instance is built once, in an :class:`ActionBook`; ``legal_actions``
hands out those shared values, so the hot path allocates nothing.

    nominate G.Nome     pass                 bid +2 n1     bid invert n2
    spotlight n1.2      switcheroo n1.2      with n2.1     house-rule n1   hype n2
    warcry n1           scout n1.2           done          raid n1.2       to n2
    smash n2.1          boost n1             decline
    spotlight           (a Trait with no legal target: played, and used up, D5)
"""

from __future__ import annotations

import dataclasses
from enum import IntEnum
from typing import Final

from gamenight.core.errors import ActionParseError
from gamenight.games.gtpag.params import (
    HOUSE_RULE,
    HYPE,
    RAID,
    SCOUT,
    SMASH,
    SPOTLIGHT,
    SWITCHEROO,
    TRAIT_WORDS,
    WARCRY,
    chip_label,
)


class Kind(IntEnum):
    NOMINATE = 0  # R2, D4: nominate candidate (a)
    PASS = 1  # R2, D4
    BID = 2  # R5, D5, D7: play a Bid chip of kind (a) face down on Nomination (b)
    SPOTLIGHT = 3  # D2.1: turn chip (a, b) face up
    SWITCHEROO = 4  # D2.2, G8: first chip (a, b) of the swap
    WITH = 5  # D2.2, G8: second chip (a, b) of the swap
    HOUSE_RULE = 6  # D2.3: on Nomination (a)
    HYPE = 7  # D2.4: on Nomination (a)
    WARCRY = 8  # D2.5: on Nomination (a)
    SCOUT = 9  # D2.6, G7: look at chip (a, b)
    DONE = 10  # D2.6, G7: look at no more chips
    RAID = 11  # D2.7, G9: the chip (a, b) to move
    TO = 12  # D2.7, G9: the Nomination (a) it moves to
    SMASH = 13  # D2.8, G10: remove chip (a, b) from the game
    BOOST = 14  # R12, D6: Boost Nomination (a)
    DECLINE = 15  # D6: no Boost


# Kind's values as Final literals, for the hot path: compiled modules inline them (tests
# check they match Kind)
NOMINATE: Final = 0
PASS: Final = 1
BID: Final = 2
K_SPOTLIGHT: Final = 3
K_SWITCHEROO: Final = 4
WITH: Final = 5
K_HOUSE_RULE: Final = 6
K_HYPE: Final = 7
K_WARCRY: Final = 8
K_SCOUT: Final = 9
DONE: Final = 10
K_RAID: Final = 11
TO: Final = 12
K_SMASH: Final = 13
BOOST: Final = 14
DECLINE: Final = 15

TRAIT_KIND = {
    SPOTLIGHT: K_SPOTLIGHT,
    SWITCHEROO: K_SWITCHEROO,
    HOUSE_RULE: K_HOUSE_RULE,
    HYPE: K_HYPE,
    WARCRY: K_WARCRY,
    SCOUT: K_SCOUT,
    RAID: K_RAID,
    SMASH: K_SMASH,
}
"""Trait code -> the kind of the action that plays it."""
KIND_TRAIT = {kind: trait for trait, kind in TRAIT_KIND.items()}
TRAIT_OF_KIND: Final = tuple(KIND_TRAIT.get(kind, -1) for kind in range(len(Kind)))
"""Action kind -> the Trait code it plays, -1 for none (KIND_TRAIT as a tuple: one index)."""

CHIP_TARGET_TRAITS: Final = (SPOTLIGHT, SWITCHEROO, SCOUT, RAID, SMASH)
"""Traits aimed at a face-down Bid chip."""
PLACED_TRAITS: Final = (HOUSE_RULE, HYPE, WARCRY)
"""Traits laid face up on a Nomination."""


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    kind: int
    a: int = -1
    b: int = -1
    text: str = dataclasses.field(default="", compare=False)

    def __str__(self) -> str:
        return self.text


def chip_name(nomination: int, position: int) -> str:
    return f"n{nomination + 1}.{position + 1}"


class ActionBook:
    """Every action of one game instance, each built once, and the parser for them."""

    def __init__(
        self, titles: tuple[str, ...], labels: tuple[str, ...], max_noms: int, max_pile: int
    ) -> None:
        self.titles = titles
        self.labels = labels
        self.max_noms = max_noms
        self.max_pile = max_pile
        self.passing = Action(PASS, -1, -1, "pass")
        self.done = Action(DONE, -1, -1, "done")
        self.decline = Action(DECLINE, -1, -1, "decline")
        self.nominate = tuple(
            Action(NOMINATE, t, -1, f"nominate {title}") for t, title in enumerate(titles)
        )
        self.bid = tuple(
            tuple(Action(BID, k, j, f"bid {label} n{j + 1}") for j in range(max_noms))
            for k, label in enumerate(labels)
        )
        # trait code -> nomination -> position -> action (chip targets)
        self.target: dict[int, tuple[tuple[Action, ...], ...]] = {
            trait: self._chip_actions(TRAIT_KIND[trait], TRAIT_WORDS[trait])
            for trait in CHIP_TARGET_TRAITS
        }
        self.with_ = self._chip_actions(WITH, "with")
        # trait code -> nomination -> action (placed Traits)
        self.place: dict[int, tuple[Action, ...]] = {
            trait: tuple(
                Action(TRAIT_KIND[trait], j, -1, f"{TRAIT_WORDS[trait]} n{j + 1}")
                for j in range(max_noms)
            )
            for trait in PLACED_TRAITS
        }
        self.bare = {
            trait: Action(TRAIT_KIND[trait], -1, -1, TRAIT_WORDS[trait]) for trait in TRAIT_KIND
        }
        self.to = tuple(Action(TO, j, -1, f"to n{j + 1}") for j in range(max_noms))
        self.boost = tuple(Action(BOOST, j, -1, f"boost n{j + 1}") for j in range(max_noms))
        self._by_text: dict[str, Action] = {}
        every = [
            self.passing,
            self.done,
            self.decline,
            *self.nominate,
            *(a for row in self.bid for a in row),
            *(a for rows in self.target.values() for row in rows for a in row),
            *(a for row in self.with_ for a in row),
            *(a for row in self.place.values() for a in row),
            *self.bare.values(),
            *self.to,
            *self.boost,
        ]
        for action in every:
            self._by_text[_key(action.text)] = action

    def _chip_actions(self, kind: int, word: str) -> tuple[tuple[Action, ...], ...]:
        return tuple(
            tuple(Action(kind, j, i, f"{word} {chip_name(j, i)}") for i in range(self.max_pile))
            for j in range(self.max_noms)
        )

    def parse(self, text: str) -> Action:
        key = _key(text)
        found = self._by_text.get(key)
        if found is not None:
            return found
        words = key.split()
        if len(words) >= 2 and words[0] == "bid":
            try:
                label = chip_label(words[1])
            except ValueError:
                label = ""
            found = self._by_text.get(" ".join(["bid", label, *words[2:]]))
            if found is not None:
                return found
            kinds = ", ".join(self.labels)
            raise ActionParseError(
                f"'{text}': write 'bid CHIP nN' with CHIP one of {kinds} (e.g. 'bid "
                f"{self.labels[0]} n1')"
            )
        if words and words[0] == "nominate":
            raise ActionParseError(
                f"'{text}': no such title in the library ({'; '.join(self.titles)})"
            )
        verbs = {"with", "to", "boost", *TRAIT_WORDS}
        if words and words[0] in verbs:
            raise ActionParseError(
                f"'{text}': no such Nomination or chip (write e.g. '{words[0]} n1' or "
                f"'{words[0]} n1.2': Nomination 1, its second chip)"
            )
        raise ActionParseError(
            f"'{text}' is not an action of Game to Pick a Game (actions: nominate TITLE, pass, "
            "bid CHIP nN, spotlight nN.M, switcheroo nN.M, with nN.M, house-rule nN, hype nN, "
            "warcry nN, scout nN.M, done, raid nN.M, to nN, smash nN.M, boost nN, decline)"
        )


def _key(text: str) -> str:
    words = text.lower().split()
    # "bid +2 on n1" reads naturally; titles are left alone, as they may contain "on"
    if words and words[0] != "nominate" and "on" in words[1:]:
        words = [w for i, w in enumerate(words) if i == 0 or w != "on"]
    return " ".join(words)
