"""Every number and component list of Game to Pick a Game, as data (RULES.md C1-C6).

The library of candidate games is a plain tuple of titles so that a caller (the command line,
``gamenight night``) can pass the real list of games it runs, filtered as it likes, and a table
can add its own titles with ``added_titles``.
"""

from __future__ import annotations

import dataclasses
import math
from functools import cached_property
from typing import Final

from gamenight.core.errors import InvalidParamsError, PlayerCountError
from gamenight.core.params import Params

DEFAULT_LIBRARY = (
    "A Game of Requirements",
    "G.Nome",
    "Pink Godzilla Dev Kit",
    "Game to Pick a Game",
)
"""C5: the games gamenight runs (the lead passes the real list later)."""

TRAIT_NAMES = (
    "Spotlight",
    "Switcheroo",
    "House Rule",
    "Hype",
    "Warcry",
    "Scout",
    "Raid",
    "Smash",
)
"""C4, D2: the eight Traits; the trait codes below index this tuple."""

TRAIT_WORDS = tuple(name.lower().replace(" ", "-") for name in TRAIT_NAMES)
"""The Traits as written in the action notation (``house-rule n2``)."""

# the Traits' codes (TRAIT_NAMES order), Final literals: compiled modules inline them
SPOTLIGHT: Final = 0
SWITCHEROO: Final = 1
HOUSE_RULE: Final = 2
HYPE: Final = 3
WARCRY: Final = 4
SCOUT: Final = 5
RAID: Final = 6
SMASH: Final = 7

CHARACTER_NAMES = ("Red", "Orange", "Yellow", "Green", "Blue", "Purple", "Pink", "Grey")
"""C1 (*house design*): characters 1-4 (first box) and 5-8 (second box), named by colour."""

INVERT = "invert"


def trait_code(name: str) -> int:
    """The Trait code of ``name`` in any spelling ("House Rule", "house-rule", "HOUSE_RULE")."""
    key = "".join(ch for ch in name.lower() if ch.isalpha())
    for code, known in enumerate(TRAIT_NAMES):
        if key == known.lower().replace(" ", ""):
            return code
    raise InvalidParamsError(f"traits: unknown Trait {name!r} (Traits: {', '.join(TRAIT_NAMES)})")


def chip_label(text: str) -> str:
    """The canonical label of a Bid chip: ``+2``, ``-1``, ``+0`` or ``invert``."""
    word = text.strip().lower()
    if word in (INVERT, "inv", "i"):
        return INVERT
    try:
        value = int(word)
    except ValueError:
        raise InvalidParamsError(
            f"bid_chips: {text!r} is neither a number (like +2 or -1) nor 'invert'"
        ) from None
    return f"{value:+d}"


@dataclasses.dataclass(frozen=True)
class GtpagParams(Params):
    library: tuple[str, ...] = DEFAULT_LIBRARY
    """C5, D3: the candidate games a character may nominate."""
    added_titles: tuple[str, ...] = ()
    """C5, D3: titles the table adds to the library (they come after it)."""
    preferences: tuple[tuple[float, ...], ...] | None = None
    """C6, D3: one tuple per seat, one number per candidate (library, then added titles), set
    by the people; None draws every seat's preferences at random (G6)."""
    characters: tuple[int, ...] | None = None
    """C1, G1: the character number (1-8) each seat plays; None gives seat i character i+1."""
    character_names: tuple[str, ...] = CHARACTER_NAMES
    """C1, G1 (*house design*): the characters' names, character 1 first."""
    traits: tuple[str, ...] = TRAIT_NAMES
    """C4, D2: the Trait of each character, character 1 first."""
    bid_chips: tuple[str, ...] = ("+2", "-1", INVERT)
    """C3, D1: every character's Bid chips: numbers, or 'invert'."""
    use_traits: bool = True
    """C2, R1: whether the Trait chips are played (the 'no-traits' variant leaves them out)."""
    boost_value: int = 2
    """R12, D6: what one Boost adds, after Inverts."""
    hype_value: int = 2
    """D2.4: what Hype adds to its Nomination, after Inverts."""
    warcry_value: int = 1
    """D2.5: Warcry's value (a value: Inverts flip it)."""
    scout_looks: int = 2
    """D2.6: how many face-down Bid chips Scout may look at."""
    first_player: int | None = None
    """D4: the seat that starts the Nominations; None draws it at random."""
    max_tie_rounds: int = 10
    """D7: tie rounds still tied after this many end in a random draw among the tied."""
    max_actions: int = 5000
    """G18: safety cap on the number of actions; the game is then tallied and marked capped."""

    def validate(self) -> None:
        titles = self.candidates
        if not titles:
            raise InvalidParamsError("library: at least one title is needed")
        seen: dict[str, str] = {}
        for title in titles:
            if not title.strip() or "\n" in title or title != " ".join(title.split()):
                raise InvalidParamsError(
                    f"library: {title!r} is not a title (one line, no leading, trailing or "
                    "double spaces)"
                )
            key = title.lower()
            if key in seen:
                raise InvalidParamsError(f"library: {title!r} appears twice")
            seen[key] = title
        if len(self.character_names) != len(self.traits):
            raise InvalidParamsError(
                f"character_names has {len(self.character_names)} names but traits has "
                f"{len(self.traits)} Traits; give one Trait per character"
            )
        if len(self.character_names) < 2:
            raise InvalidParamsError("character_names: at least two characters are needed")
        if len({n.strip().lower() for n in self.character_names}) != len(self.character_names):
            raise InvalidParamsError("character_names: names must differ")
        if any(not name.strip() for name in self.character_names):
            raise InvalidParamsError("character_names: every character needs a name")
        for name in self.traits:
            trait_code(name)
        if not 1 <= len(self.bid_chips) <= 6:
            raise InvalidParamsError("bid_chips: every character needs 1 to 6 Bid chips")
        for chip in self.bid_chips:
            label = chip_label(chip)
            if label != INVERT and abs(int(label)) > 99:
                raise InvalidParamsError(f"bid_chips: {chip!r} is out of range (-99..+99)")
        for name in ("boost_value", "hype_value", "warcry_value"):
            if abs(getattr(self, name)) > 99:
                raise InvalidParamsError(f"{name} must be between -99 and 99")
        if not 1 <= self.scout_looks <= 8:
            raise InvalidParamsError("scout_looks must be between 1 and 8")
        if self.max_tie_rounds < 0:
            raise InvalidParamsError("max_tie_rounds must be 0 or more")
        if self.max_actions < 1:
            raise InvalidParamsError("max_actions must be at least 1")
        if self.first_player is not None and not 0 <= self.first_player < 8:
            raise InvalidParamsError("first_player must be a seat (0-7) or null (drawn at random)")
        if self.characters is not None:
            count = len(self.character_names)
            for number in self.characters:
                if not 1 <= number <= count:
                    raise InvalidParamsError(
                        f"characters: {number} is no character (characters are 1 to {count})"
                    )
            if len(set(self.characters)) != len(self.characters):
                raise InvalidParamsError("characters: two seats cannot play the same character")
        if self.preferences is not None:
            for seat, values in enumerate(self.preferences):
                if len(values) != len(titles):
                    raise InvalidParamsError(
                        f"preferences: seat {seat} gives {len(values)} numbers but the library "
                        f"has {len(titles)} titles ({', '.join(titles)}); give one per title"
                    )
                if not all(math.isfinite(v) for v in values):
                    raise InvalidParamsError(
                        f"preferences: seat {seat} has a number that is not finite"
                    )

    def check_players(self, num_players: int) -> None:
        """The checks that need the player count (PlayerCountError / InvalidParamsError)."""
        if num_players > len(self.character_names):
            raise PlayerCountError(
                f"Game to Pick a Game has {len(self.character_names)} characters, "
                f"not enough for {num_players} players"
            )
        if self.characters is not None and len(self.characters) != num_players:
            raise InvalidParamsError(
                f"characters names {len(self.characters)} characters for {num_players} players; "
                "give one per seat"
            )
        if self.preferences is not None and len(self.preferences) != num_players:
            raise InvalidParamsError(
                f"preferences are given for {len(self.preferences)} seats but {num_players} "
                "play; give one tuple per seat"
            )
        if self.first_player is not None and self.first_player >= num_players:
            raise InvalidParamsError(
                f"first_player {self.first_player} is no seat of a {num_players}-player game"
            )

    @cached_property
    def candidates(self) -> tuple[str, ...]:
        """Every title that may be nominated: the library, then the added titles."""
        return (*self.library, *self.added_titles)

    @cached_property
    def trait_codes(self) -> tuple[int, ...]:
        return tuple(trait_code(name) for name in self.traits)

    @cached_property
    def chip_labels(self) -> tuple[str, ...]:
        """The distinct Bid chip kinds, in the order of ``bid_chips``."""
        labels: list[str] = []
        for chip in self.bid_chips:
            label = chip_label(chip)
            if label not in labels:
                labels.append(label)
        return tuple(labels)
