"""The card list of Pink Godzilla Dev Kit as data (RULES.md C1-C5), and its loader.

A card list is a CSV file (the built-in one is ``cards.csv`` beside this module). Comment
lines start with ``#``; one of them must claim the total, ``# cards: 106``. The header names
the columns ``count,type,name,colours,value,power,origin,text``. Identical physical cards are
one *kind* with a count; actions and views name kinds by their label (``Potion B2``), so two
copies of one card are interchangeable, as at the table.

Every error is an :class:`InvalidParamsError` whose one-line message names the file line.
"""

from __future__ import annotations

import csv
import dataclasses
import functools
import io
import re
from pathlib import Path
from typing import Final

from gamenight.core.errors import InvalidParamsError
from gamenight.core.params import read_param_file

DEFAULT_CARD_LIST = Path(__file__).with_name("cards.csv")
BUILTIN_NAMES = ("default", "")
"""Values of ``card_list`` that name the built-in list rather than a file."""
MAX_CARDS = 1000
"""C5: the most cards a card list may hold (a table, and the engine's per-card tables)."""
MAX_CARD_VALUE = 999
"""C5: the highest value a card may have."""

# Card types (C2). Plain ints for the hot path; Final, so that compiled they are C constants.
TITLE: Final = 0
CHARACTER: Final = 1
GEAR: Final = 2
UPGRADE: Final = 3
WILD: Final = 4
GUARDIAN: Final = 5
EGG: Final = 6
ABILITY: Final = 7
POWERUP: Final = 8
TYPE_NAMES = (
    "Title",
    "Character",
    "Required Gear",
    "Gear Upgrade",
    "Wild",
    "Guardian",
    "Easter Egg",
    "Special Ability",
    "Power Up",
)
PROJECT_TYPES = frozenset((TITLE, CHARACTER, GEAR, UPGRADE, WILD, GUARDIAN, EGG))

# Card powers (C3). 0 is "no power".
NO_POWER: Final = 0
PINK_GODZILLA: Final = 1
GOOD_GUARDIAN: Final = 2
NEUTRAL_GUARDIAN: Final = 3
EVIL_GUARDIAN: Final = 4
CLONE: Final = 5
AUCTION_HOUSE: Final = 6
TALENT_AGENCY: Final = 7
FRANCHISE: Final = 8
BARGAIN_BIN: Final = 9
CLONE_THE_CLONE: Final = 10
CRUNCH_TIME: Final = 11
PUBLISHER_ADVANCE: Final = 12
HEADHUNTER: Final = 13
BUDGET_CUT: Final = 14
MARKET_RESEARCH: Final = 15
POWER_NAMES = (
    "",
    "pink_godzilla",
    "good_guardian",
    "neutral_guardian",
    "evil_guardian",
    "clone",
    "auction_house",
    "talent_agency",
    "franchise",
    "bargain_bin",
    "clone_the_clone",
    "crunch_time",
    "publisher_advance",
    "headhunter",
    "budget_cut",
    "market_research",
)
_POWERS_BY_TYPE: dict[int, tuple[frozenset[int], bool]] = {
    # type: (allowed powers, a power is required)
    CHARACTER: (frozenset((NO_POWER, PINK_GODZILLA)), False),
    GUARDIAN: (frozenset((GOOD_GUARDIAN, NEUTRAL_GUARDIAN, EVIL_GUARDIAN)), True),
    ABILITY: (
        frozenset((NO_POWER, CLONE, AUCTION_HOUSE, TALENT_AGENCY, FRANCHISE, BARGAIN_BIN)),
        False,
    ),
    POWERUP: (
        frozenset(
            (
                CLONE_THE_CLONE,
                CRUNCH_TIME,
                PUBLISHER_ADVANCE,
                HEADHUNTER,
                BUDGET_CUT,
                MARKET_RESEARCH,
            )
        ),
        True,
    ),
}
ORIGINS = ("sourced", "rulebook", "house")
COLUMNS = ("count", "type", "name", "colours", "value", "power", "origin", "text")
_TOTAL = re.compile(r"^#\s*cards\s*:\s*(\S+)\s*$", re.IGNORECASE)
_NUMBER = re.compile(r"[0-9]{1,6}")  # ASCII digits only: int() also takes '²' and '١'
_RESERVED = re.compile(r"( new$| on \d+$| from seat |^(lowest|done|go|new)$)")


@dataclasses.dataclass(frozen=True)
class Genre:
    """One colour and the game genre it stands for (C3), e.g. B, blue, RPG, Vehicle+Potion."""

    code: str
    colour: str
    genre: str
    gear: tuple[str, str]


def parse_genres(specs: tuple[str, ...]) -> tuple[Genre, ...]:
    """``"B:blue:RPG:Vehicle+Potion"`` entries; an InvalidParamsError names a bad one."""
    genres = []
    for spec in specs:
        parts = spec.split(":")
        gear = parts[3].split("+") if len(parts) == 4 else []
        if len(parts) != 4 or len(gear) != 2 or not all(p.strip() for p in (*parts, *gear)):
            raise InvalidParamsError(
                f"genres: {spec!r} is not CODE:colour:genre:Gear+Gear "
                "(e.g. B:blue:RPG:Vehicle+Potion)"
            )
        code = parts[0].strip()
        if len(code) != 1 or not code.isalpha() or not code.isupper():
            raise InvalidParamsError(f"genres: colour code {code!r} must be one capital letter")
        first, second = gear[0].strip(), gear[1].strip()
        if first.lower() == second.lower():
            raise InvalidParamsError(f"genres: {spec!r} needs two different Required Gear types")
        genres.append(Genre(code, parts[1].strip(), parts[2].strip(), (first, second)))
    if not 1 <= len(genres) <= 8:
        raise InvalidParamsError("genres: between 1 and 8 colours are supported")
    if len({g.code for g in genres}) != len(genres):
        raise InvalidParamsError("genres: colour codes must differ")
    return tuple(genres)


@dataclasses.dataclass(frozen=True)
class CardKind:
    """One kind of card; ``count`` identical physical cards share it."""

    index: int
    type: int
    name: str
    colours: int  # bit mask over the genres' colours
    value: int
    power: int
    origin: str
    text: str
    count: int
    line: int
    label: str = ""
    colour_text: str = ""

    @property
    def type_name(self) -> str:
        return TYPE_NAMES[self.type]

    @property
    def house(self) -> bool:
        return self.origin == "house"


@dataclasses.dataclass(frozen=True)
class CardList:
    """A loaded, checked card list: the kinds and per-kind lookup tables for the rules."""

    source: str
    genres: tuple[Genre, ...]
    kinds: tuple[CardKind, ...]
    total: int

    @functools.cached_property
    def all_colours(self) -> int:
        return (1 << len(self.genres)) - 1

    @functools.cached_property
    def by_label(self) -> dict[str, CardKind]:
        return {_key(kind.label): kind for kind in self.kinds}

    @functools.cached_property
    def gear_names(self) -> tuple[str, ...]:
        """Every Required Gear type the genres name, in first-seen order."""
        names: list[str] = []
        for genre in self.genres:
            for gear in genre.gear:
                if gear.lower() not in (n.lower() for n in names):
                    names.append(gear)
        return tuple(names)

    def colour_mask_text(self, mask: int) -> str:
        if mask == self.all_colours and len(self.genres) > 1:
            return "any"
        return "".join(g.code for i, g in enumerate(self.genres) if mask >> i & 1)

    def find(self, label: str) -> CardKind:
        """The kind with this label (case and spacing ignored); KeyError if none."""
        return self.by_label[_key(label)]


def _shown(text: str) -> str:
    """``text`` quoted for a message, cut short: a line of a card list may be very long."""
    return repr(text if len(text) <= 30 else text[:27] + "...")


def _key(text: str) -> str:
    return " ".join(text.lower().split())


def resolve(card_list: str) -> Path:
    return DEFAULT_CARD_LIST if card_list in BUILTIN_NAMES else Path(card_list).expanduser()


def load_card_list(card_list: str, genres: tuple[str, ...]) -> CardList:
    """The card list named by ``card_list`` ("default" or a path), checked against ``genres``.

    A path must name a regular UTF-8 file of at most 1 MiB (``read_param_file``).
    """
    if card_list in BUILTIN_NAMES:
        return _parse(DEFAULT_CARD_LIST.read_text(encoding="utf-8"), "default", genres)
    path = str(resolve(card_list))
    return _parse(read_param_file("card_list", path), path, genres)


@functools.lru_cache(maxsize=32)
def _parse(text: str, source: str, genre_specs: tuple[str, ...]) -> CardList:
    genres = parse_genres(genre_specs)
    codes = {g.code: i for i, g in enumerate(genres)}
    gear_by_name: dict[str, int] = {}
    for i, genre in enumerate(genres):
        for gear in genre.gear:
            gear_by_name[gear.lower()] = gear_by_name.get(gear.lower(), 0) | 1 << i
    where = "card_list" if source == "default" else f"card_list {source}"
    claimed: int | None = None
    header_seen = False
    rows: list[tuple[int, list[str]]] = []
    lines = text.splitlines()
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            found = _TOTAL.match(stripped)
            if found:
                if claimed is not None:
                    raise InvalidParamsError(f"{where} line {number}: a second 'cards:' total")
                if not _NUMBER.fullmatch(found.group(1)):
                    raise InvalidParamsError(
                        f"{where} line {number}: the total {_shown(found.group(1))} is not a number"
                    )
                claimed = int(found.group(1))
            continue
        try:
            fields = next(csv.reader(io.StringIO(line)))
        except csv.Error as error:
            raise InvalidParamsError(f"{where} line {number}: not CSV ({error})") from None
        if not header_seen:
            names = tuple(f.strip().lower() for f in fields)
            if names != COLUMNS:
                raise InvalidParamsError(
                    f"{where} line {number}: the header must be {','.join(COLUMNS)}"
                )
            header_seen = True
            continue
        rows.append((number, fields))
    if not header_seen:
        raise InvalidParamsError(f"{where}: no header line ({','.join(COLUMNS)})")
    if claimed is None:
        raise InvalidParamsError(f"{where}: no '# cards: N' line claiming the total")

    kinds: list[CardKind] = []
    identities: dict[tuple[int, str, int, int, int], int] = {}
    clone_colours: dict[int, int] = {}
    total = 0
    for number, fields in rows:
        at = f"{where} line {number}"
        if len(fields) != len(COLUMNS):
            raise InvalidParamsError(f"{at}: {len(fields)} fields, expected {len(COLUMNS)}")
        count_text, type_text, name, colour_text, value_text, power_text, origin, card_text = (
            f.strip() for f in fields
        )
        if not _NUMBER.fullmatch(count_text) or int(count_text) < 1:
            raise InvalidParamsError(f"{at}: count {_shown(count_text)} is not a whole number >= 1")
        count = int(count_text)
        if total + count > MAX_CARDS:
            raise InvalidParamsError(f"{at}: the list would hold more than {MAX_CARDS} cards")
        type_key = type_text.lower()
        types = [t.lower() for t in TYPE_NAMES]
        if type_key not in types:
            raise InvalidParamsError(
                f"{at}: unknown type {type_text!r} (types: {', '.join(TYPE_NAMES)})"
            )
        card_type = types.index(type_key)
        if not name or not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9 '&!.-]*", name):
            raise InvalidParamsError(
                f"{at}: name {name!r} must be letters, digits, spaces and ' & ! . -"
            )
        if colour_text.lower() == "any":
            colours = (1 << len(genres)) - 1
        else:
            colours = 0
            for letter in colour_text:
                if letter not in codes:
                    raise InvalidParamsError(
                        f"{at}: colour {letter!r} is not one of {', '.join(codes)} or 'any'"
                    )
                colours |= 1 << codes[letter]
            if not colours:
                raise InvalidParamsError(f"{at}: no colour given (use letters or 'any')")
        if not _NUMBER.fullmatch(value_text):
            raise InvalidParamsError(f"{at}: value {_shown(value_text)} is not a whole number")
        value = int(value_text)
        if value > MAX_CARD_VALUE:
            raise InvalidParamsError(f"{at}: value {value} is more than {MAX_CARD_VALUE}")
        if power_text.lower() not in POWER_NAMES:
            raise InvalidParamsError(f"{at}: unknown power {power_text!r}")
        power = POWER_NAMES.index(power_text.lower())
        allowed, required = _POWERS_BY_TYPE.get(card_type, (frozenset((NO_POWER,)), False))
        if power not in allowed or (required and power == NO_POWER):
            choices = ", ".join(POWER_NAMES[p] or "(none)" for p in sorted(allowed))
            raise InvalidParamsError(
                f"{at}: a {TYPE_NAMES[card_type]} takes power {choices}, not {power_text!r}"
            )
        if origin.lower() not in ORIGINS:
            raise InvalidParamsError(f"{at}: origin {origin!r} is not one of {', '.join(ORIGINS)}")
        if card_type == TITLE and colours.bit_count() != 1:
            raise InvalidParamsError(f"{at}: a Title has exactly one colour (it sets the genre)")
        if card_type == GEAR:
            fits = gear_by_name.get(name.lower())
            if fits is None:
                raise InvalidParamsError(
                    f"{at}: Required Gear {name!r} is not a gear type of any genre "
                    f"({', '.join(sorted(gear_by_name))})"
                )
            if not colours & fits:
                raise InvalidParamsError(
                    f"{at}: {name} fits no genre of its colours {colour_text!r}"
                )
        if power == CLONE:
            if colours.bit_count() != 1:
                raise InvalidParamsError(f"{at}: a Clone card has exactly one colour")
            if colours in clone_colours:
                raise InvalidParamsError(
                    f"{at}: a second Clone of one colour (first on line {clone_colours[colours]})"
                )
            clone_colours[colours] = number
        identity = (card_type, name.lower(), colours, value, power)
        if identity in identities:
            raise InvalidParamsError(
                f"{at}: repeats the card of line {identities[identity]} (raise its count instead)"
            )
        identities[identity] = number
        kinds.append(
            CardKind(
                index=len(kinds),
                type=card_type,
                name=name,
                colours=colours,
                value=value,
                power=power,
                origin=origin.lower(),
                text=card_text,
                count=count,
                line=number,
            )
        )
        total += count
    if total != claimed:
        raise InvalidParamsError(
            f"{where}: the rows hold {total} cards but the '# cards:' line claims {claimed}"
        )
    if not kinds:
        raise InvalidParamsError(f"{where}: no cards")
    kinds = _label(kinds, genres, where)
    return CardList(source=source, genres=genres, kinds=tuple(kinds), total=total)


def _label(kinds: list[CardKind], genres: tuple[Genre, ...], where: str) -> list[CardKind]:
    """C4: a kind's label is its name, plus colours and value when the name is shared."""
    all_colours = (1 << len(genres)) - 1
    shared: dict[str, int] = {}
    for kind in kinds:
        shared[kind.name.lower()] = shared.get(kind.name.lower(), 0) + 1
    labelled = []
    seen: dict[str, int] = {}
    for kind in kinds:
        if kind.colours == all_colours and len(genres) > 1:
            colour_text = "any"
            suffix = f"{kind.value}"
        else:
            colour_text = "".join(g.code for i, g in enumerate(genres) if kind.colours >> i & 1)
            suffix = f"{colour_text}{kind.value}"
        label = kind.name if shared[kind.name.lower()] == 1 else f"{kind.name} {suffix}"
        key = _key(label)
        if key in seen:
            raise InvalidParamsError(
                f"{where} line {kind.line}: its label {label!r} is the same as line {seen[key]}'s"
            )
        if _RESERVED.search(key):
            raise InvalidParamsError(
                f"{where} line {kind.line}: the name {kind.name!r} clashes with the action "
                "notation (avoid 'new', 'on N', 'from seat')"
            )
        seen[key] = kind.line
        labelled.append(dataclasses.replace(kind, label=label, colour_text=colour_text))
    return labelled
