"""The bots every game gets: the uniform random bot, and the bot-spec parser."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import ClassVar, TypeVar

from gamenight.core.agent import Agent
from gamenight.core.errors import BotError
from gamenight.core.game import View
from gamenight.core.rng import Rng

A = TypeVar("A", bound=Hashable)

__all__ = ["Agent", "BotSpec", "RandomAgent", "check_options", "option_float", "parse_bot_spec"]


class RandomAgent:
    """Picks uniformly among the legal actions. Never looks at the view."""

    name = "random"
    needs_view: ClassVar[bool] = False

    def act(self, view: View, legal_actions: Sequence[A], rng: Rng) -> A:
        return legal_actions[rng.randbelow(len(legal_actions))]


BotSpec = tuple[str, dict[str, str]]


def parse_bot_spec(text: str) -> BotSpec:
    """``"ismcts:iters=800,rollout=heuristic"`` -> ``("ismcts", {"iters": "800", ...})``."""
    name, _, rest = text.strip().partition(":")
    name = name.strip().lower()
    if not name:
        raise BotError(f"empty bot name in {text!r}")
    options: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise BotError(f"bot option {part!r} in {text!r} is not key=value")
        options[key.strip().lower()] = value.strip()
    return name, options


def option_float(
    options: Mapping[str, str], key: str, default: float, low: float, high: float, bot: str
) -> float:
    """A numeric bot option within [low, high], with a clear error naming the bot."""
    if key not in options:
        return default
    try:
        value = float(options[key])
    except ValueError:
        raise BotError(f"bot {bot!r}: option {key}={options[key]!r} is not a number") from None
    if not low <= value <= high:
        raise BotError(f"bot {bot!r}: option {key} must be between {low} and {high}")
    return value


def check_options(options: Mapping[str, str], known: set[str], bot: str) -> None:
    unknown = sorted(set(options) - known)
    if unknown:
        allowed = ", ".join(sorted(known)) or "none"
        raise BotError(f"bot {bot!r} has no option {unknown[0]!r} (options: {allowed})")
