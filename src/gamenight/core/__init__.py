"""The engine core: the game contract, matches, records, the seeded generator, the registry.

Nothing here is specific to any one game.
"""

from gamenight.core.agent import Agent
from gamenight.core.engine import Match
from gamenight.core.errors import (
    ActionParseError,
    BotError,
    GamenightError,
    GameOverError,
    IllegalActionError,
    InvalidParamsError,
    PlayerCountError,
    RecordError,
    UnknownGameError,
    WrongActorError,
)
from gamenight.core.game import AnyGame, Game, GameSpec, Outcome, State, Variant, View
from gamenight.core.log import MatchRecord, read_records
from gamenight.core.params import Params
from gamenight.core.rng import Rng, derive_seed

__all__ = [
    "ActionParseError",
    "Agent",
    "AnyGame",
    "BotError",
    "Game",
    "GameOverError",
    "GameSpec",
    "GamenightError",
    "IllegalActionError",
    "InvalidParamsError",
    "Match",
    "MatchRecord",
    "Outcome",
    "Params",
    "PlayerCountError",
    "RecordError",
    "Rng",
    "State",
    "UnknownGameError",
    "Variant",
    "View",
    "WrongActorError",
    "derive_seed",
    "read_records",
]
