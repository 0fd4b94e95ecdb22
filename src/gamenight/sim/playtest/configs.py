"""What a playtest compares: configurations of one game, and the matches each plays.

A run names one game, a player count, bots and a seed, then any number of rule variants and
parameter sweeps. Their grid gives the configurations (``--variant base --variant long
--param failure_limit=3,5`` is four), and every configuration plays the same matches: match
``i`` is dealt from ``derive_seed(seed, i)`` with the bots rotated ``i`` seats, so a
difference between configurations is the rules', not the luck of the deal (common random
numbers). A skill ladder adds one more set of matches per configuration and rung.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections.abc import Mapping, Sequence
from typing import Any

from gamenight.bots.factory import make_agent
from gamenight.core import registry
from gamenight.core.errors import BotError, GamenightError, InvalidParamsError, brief
from gamenight.core.params import parse_assignment
from gamenight.core.rng import derive_seed

BASE = "base"
"""The variant name that means the rules as published (when a game has no variant so named)."""

DEFAULT_LADDER = ("random", "heuristic", "ismcts:iters=25", "ismcts:iters=50", "ismcts:iters=100")
"""Random play, the game's heuristic, then ISMCTS at doubling budgets."""


@dataclasses.dataclass(frozen=True)
class Configuration:
    """One set of rules: a label for reports, the variant and the parameter changes."""

    label: str
    variant: str | None
    params: Mapping[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "variant": self.variant, "params": dict(self.params)}


@dataclasses.dataclass(frozen=True)
class Lineup:
    """Bots seat by seat before rotation; match ``i`` shifts them ``i`` seats."""

    bots: tuple[str, ...]

    def seat_bots(self, index: int) -> tuple[str, ...]:
        n = len(self.bots)
        shift = index % n
        return tuple(self.bots[(seat - shift) % n] for seat in range(n))


def main_key(config: int) -> str:
    """The key of a configuration's own matches."""
    return f"c{config}"


def ladder_key(config: int, rung: int) -> str:
    """The key of a rung of a configuration's skill ladder."""
    return f"c{config}r{rung}"


@dataclasses.dataclass(frozen=True)
class Series:
    """A set of matches played under one configuration by one lineup.

    ``kind`` is ``"main"`` for the run's own matches, ``"ladder"`` for a rung of the skill
    ladder (``rung`` in the higher seat, every other seat ``rung - 1``).
    """

    key: str
    config: int
    lineup: Lineup
    games: int
    kind: str = "main"
    rung: int = 0


@dataclasses.dataclass(frozen=True)
class PlaytestSpec:
    game: str
    num_players: int
    games: int
    bots: tuple[str, ...]
    configs: tuple[Configuration, ...]
    seed: int = 0
    ladder: tuple[str, ...] = ()
    ladder_games: int = 0
    course_examples: int = 3  # matches per configuration whose standings are kept whole

    def seed_for(self, index: int) -> int:
        """The deal of match ``index``: the same in every configuration and series."""
        return derive_seed(self.seed, index)

    @property
    def lineup(self) -> Lineup:
        n = self.num_players
        return Lineup(tuple(self.bots[min(i, len(self.bots) - 1)] for i in range(n)))

    def series(self) -> list[Series]:
        """Every configuration's main matches, then its ladder rungs."""
        found = [
            Series(main_key(c), c, self.lineup, self.games) for c in range(len(self.configs))
        ]
        for c in range(len(self.configs)):
            for rung in range(1, len(self.ladder)):
                bots = (self.ladder[rung],) + (self.ladder[rung - 1],) * (self.num_players - 1)
                found.append(
                    Series(ladder_key(c, rung), c, Lineup(bots), self.ladder_games, "ladder", rung)
                )
        return found

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.num_players,
            "games": self.games,
            "bots": list(self.bots),
            "seed": self.seed,
            "configs": [config.to_dict() for config in self.configs],
            "ladder": list(self.ladder),
            "ladder_games": self.ladder_games,
        }


def configurations(
    game_name: str,
    variants: Sequence[str],
    assignments: Sequence[str],
) -> tuple[Configuration, ...]:
    """The grid of ``variants`` and ``--param`` sweeps (``key=v1,v2``: one column per value).

    Fixed parameters (one value) apply to every configuration. Each configuration is checked
    by building the game, so a bad variant or value fails here, naming it.
    """
    fixed: dict[str, Any] = {}
    sweeps: list[tuple[str, list[Any]]] = []
    for text in assignments:
        key, values = _sweep(text)
        if len(values) == 1:
            fixed[key] = values[0]
        else:
            sweeps.append((key, values))
    keys = [key for key, _ in sweeps]
    if len(set(keys)) < len(keys) or set(keys) & set(fixed):
        raise InvalidParamsError("each parameter may be set or swept once")
    game_class = type(registry.make_game(game_name))
    own_base = any(v.name == BASE for v in game_class.spec.variants)
    chosen: list[str | None] = [
        None if (name == BASE and not own_base) else name for name in variants
    ] or [None]
    if len(set(chosen)) < len(chosen):
        raise InvalidParamsError("a variant is named twice")
    found: list[Configuration] = []
    for variant, values in itertools.product(chosen, itertools.product(*(v for _, v in sweeps))):
        params = {**fixed, **dict(zip(keys, values, strict=True))}
        registry.make_game(game_name, params, variant)  # fails on a bad variant or value
        found.append(Configuration(_label(variant, keys, values, bool(variants)), variant, params))
    return tuple(found)


def _sweep(text: str) -> tuple[str, list[Any]]:
    """``key=v1,v2,...`` as the key and its values; a value that is JSON as a whole (a list
    such as ``traits=["A","B"]``) is one value, commas and all."""
    key, _, value = text.partition("=")
    if "," not in value or _is_json(value):
        name, single = parse_assignment(text)
        return name, [single]
    parts = [part.strip() for part in value.split(",")]
    if not all(parts):
        raise InvalidParamsError(f"parameter sweep {brief(text)} has an empty value")
    parsed = [parse_assignment(f"{key}={part}") for part in parts]
    values = [value for _, value in parsed]
    if len(set(map(repr, values))) < len(values):
        raise InvalidParamsError(f"parameter sweep {brief(text)} names a value twice")
    return parsed[0][0], values


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:  # JSONDecodeError, or a number too long: not one JSON value
        return False
    except RecursionError:
        return True  # one value, too deep: parse_assignment names the problem
    return True


def _label(
    variant: str | None, keys: Sequence[str], values: Sequence[Any], variants_named: bool
) -> str:
    parts = [variant or BASE] if (variants_named or not keys) else []
    parts += [f"{key}={value}" for key, value in zip(keys, values, strict=True)]
    return ", ".join(parts)


def validate(spec: PlaytestSpec) -> None:
    """Fail fast, in the calling process, on anything that would fail in every worker."""
    if spec.games < 1:
        raise GamenightError("the number of games must be at least 1")
    if spec.ladder and spec.ladder_games < 1:
        raise GamenightError("the skill ladder needs at least 1 game per rung")
    if spec.ladder and len(spec.ladder) < 2:
        raise BotError("a skill ladder needs at least two rungs")
    if not spec.bots:
        raise BotError("name at least one bot")
    if len(spec.bots) > spec.num_players:
        raise BotError(f"{len(spec.bots)} bots named for {spec.num_players} seats")
    for config in spec.configs:
        game = registry.make_game(spec.game, config.params, config.variant)
        game.check_player_count(spec.num_players)
        for bot in {*spec.bots, *spec.ladder}:
            make_agent(bot, game)
