"""Game night, whatever front end hosts it: the library, ratings and what the table plays next.

Game to Pick a Game picks over the library (every game gamenight runs for this many players,
Game to Pick a Game itself aside, plus titles the table adds), from each person's private
ratings and random rankings for bots (G6 of its rules). The same seats then play the pick:
people stay, every bot seat gets that game's own bot. The terminal (``gamenight night``) and
the server (a game-night table) both build on this module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gamenight.core import registry
from gamenight.core.errors import InvalidParamsError, UnknownGameError
from gamenight.core.game import AnyGame
from gamenight.core.rng import Rng

PICKER = "gtpag"
RATING_HELP = "0 = not tonight, 10 = yes please"
LOWEST_RATING = 0.0
HIGHEST_RATING = 10.0


def night_library(players: int, added: Sequence[str]) -> list[str]:
    """Titles of the games gamenight runs for ``players``, then the table's own titles."""
    library = [
        entry.game_class.spec.title
        for entry in registry.entries()
        if entry.name != PICKER and players in entry.game_class.spec.player_counts
    ]
    for title in added:
        clean = " ".join(title.split())
        if not clean:
            raise InvalidParamsError("an added title is empty")
        if clean.lower() in (t.lower() for t in library):
            raise InvalidParamsError(f"{clean!r} is already in the library")
        library.append(clean)
    if not library:
        raise InvalidParamsError(f"no game in the library suits {players} players; add titles")
    return library


def runnable(title: str, players: int) -> str | None:
    """The registry name of the game called ``title``, if gamenight runs it for ``players``."""
    try:
        entry = registry.entry(title)
    except UnknownGameError:
        return None
    return entry.name if players in entry.game_class.spec.player_counts else None


def check_ratings(ratings: Sequence[Any], library: Sequence[str]) -> tuple[float, ...]:
    """One person's ratings, one number from 0 to 10 per title; else an error naming why."""
    if len(ratings) != len(library):
        raise InvalidParamsError(
            f"give one rating per title: {len(library)} titles, {len(ratings)} ratings"
        )
    checked = []
    for title, value in zip(library, ratings, strict=True):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise InvalidParamsError(f"the rating of {title!r} is not a number: {value!r}")
        if not LOWEST_RATING <= value <= HIGHEST_RATING:
            raise InvalidParamsError(f"the rating of {title!r} is out of range; {RATING_HELP}")
        checked.append(float(value))
    return tuple(checked)


def bot_preferences(library: Sequence[str], rng: Rng) -> tuple[float, ...]:
    """A bot's preferences: a random ranking of the library, as the picker's rules say (G6)."""
    picker: Any = registry.make_game(PICKER, {"library": list(library)})
    preferences: tuple[float, ...] = picker.random_preferences(rng)
    return preferences


def picker_params(library: Sequence[str], preferences: Sequence[Sequence[float]]) -> dict[str, Any]:
    """The parameters of the picking match: the library and every seat's preferences."""
    return {"library": list(library), "preferences": [list(p) for p in preferences]}


def default_bot(game: AnyGame) -> str:
    """The game's own heuristic bot where it has one, else the random bot."""
    return "heuristic" if "heuristic" in registry.entry(game.spec.name).bots else "random"


def picked_title(final_view: Mapping[str, Any]) -> str | None:
    """The title the picking match chose, from its final view (None if nothing was picked)."""
    picked = final_view.get("picked")
    return str(picked) if picked is not None else None
