"""Build bots from spec strings such as ``random`` or ``heuristic`` for a given game."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from gamenight.bots.base import RandomAgent, check_options, parse_bot_spec
from gamenight.bots.ismcts import ISMCTSAgent
from gamenight.core import registry
from gamenight.core.agent import Agent
from gamenight.core.errors import BotError
from gamenight.core.game import AnyGame

GenericFactory = Callable[[AnyGame, Mapping[str, str]], Agent]


def _random(game: AnyGame, options: Mapping[str, str]) -> Agent:
    check_options(options, set(), "random")
    return RandomAgent()


def _ismcts(game: AnyGame, options: Mapping[str, str]) -> Agent:
    return ISMCTSAgent.from_options(game, options)


GENERIC_BOTS: dict[str, GenericFactory] = {"random": _random, "ismcts": _ismcts}
"""Bots that play every game; search bots add themselves here."""


def bot_names(game: AnyGame) -> list[str]:
    own = registry.entry(game.spec.name).bots
    return sorted({*GENERIC_BOTS, *own})


def make_agent(spec: str, game: AnyGame) -> Agent:
    """The bot named by ``spec`` (``name`` or ``name:key=value,...``) for ``game``."""
    name, options = parse_bot_spec(spec)
    own = registry.entry(game.spec.name).bots
    factory = own.get(name) or GENERIC_BOTS.get(name)
    if factory is None:
        known = ", ".join(bot_names(game))
        raise BotError(f"unknown bot {name!r} for {game.spec.name} (bots: {known})")
    agent = factory(game, options)
    agent.name = spec.strip()
    return agent
