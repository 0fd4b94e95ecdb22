"""Build bots from spec strings such as ``random`` or ``heuristic`` for a given game."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from gamenight.bots import peers
from gamenight.bots.base import RandomAgent, check_options, parse_bot_spec
from gamenight.bots.ismcts import ISMCTSAgent
from gamenight.core import registry
from gamenight.core.agent import Agent, is_omniscient
from gamenight.core.errors import BotError
from gamenight.core.game import AnyGame

GenericFactory = Callable[[AnyGame, Mapping[str, str]], Agent]


def _random(game: AnyGame, options: Mapping[str, str]) -> Agent:
    check_options(options, set(), "random")
    return RandomAgent()


def _ismcts(game: AnyGame, options: Mapping[str, str]) -> Agent:
    return ISMCTSAgent.from_options(game, options)


GENERIC_BOTS: dict[str, GenericFactory] = {
    "random": _random,
    "ismcts": _ismcts,
    peers.ISMCTS: peers.make_ismcts,  # OpenSpiel's, for comparison (the rl extra)
    peers.MCTS: peers.make_mcts,
}
"""Bots that play every game; search bots add themselves here."""

OMNISCIENT_BOTS = frozenset({peers.MCTS})
"""Bots that read the true state (their agents have ``omniscient = True``). Known by name so
that they are refused, and marked in reports, without building them (which needs OpenSpiel)."""


def omniscient_spec(spec: str) -> bool:
    """Whether the bot a spec names reads the true state (see :data:`OMNISCIENT_BOTS`)."""
    return spec.strip().partition(":")[0].strip().lower() in OMNISCIENT_BOTS


def bot_names(game: AnyGame, *, omniscient: bool = False) -> list[str]:
    """The bots for ``game``: those a person can sit with, plus the omniscient ones if asked."""
    own = registry.entry(game.spec.name).bots
    names = {*GENERIC_BOTS, *own}
    return sorted(names if omniscient else names - OMNISCIENT_BOTS)


def make_agent(spec: str, game: AnyGame) -> Agent:
    """The bot named by ``spec`` (``name`` or ``name:key=value,...``) for ``game``."""
    name, options = parse_bot_spec(spec)
    own = registry.entry(game.spec.name).bots
    factory = own.get(name) or GENERIC_BOTS.get(name)
    if factory is None:
        known = ", ".join(bot_names(game, omniscient=True))
        raise BotError(f"unknown bot {name!r} for {game.spec.name} (bots: {known})")
    agent = factory(game, options)
    agent.name = spec.strip()
    return agent


def _at_table_error(name: str) -> BotError:
    return BotError(
        f"bot {name!r} reads the true state of the match (omniscient): it plays in simulate "
        "and tournament only, never at a table with people"
    )


def make_table_agent(spec: str, game: AnyGame) -> Agent:
    """:func:`make_agent` for a seat where people play: an omniscient bot is refused."""
    if omniscient_spec(spec):  # before building it: it may need an extra not installed
        raise _at_table_error(parse_bot_spec(spec)[0])
    agent = make_agent(spec, game)
    if is_omniscient(agent):  # a game's own bot that reads the state, not known by name
        raise _at_table_error(parse_bot_spec(spec)[0])
    return agent
