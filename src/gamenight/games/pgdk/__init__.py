"""Pink Godzilla Dev Kit: a card game of videogame development for 2-4 players."""

from gamenight.core.registry import GameEntry, register
from gamenight.games.pgdk.rules import PgdkGame

register(GameEntry(game_class=PgdkGame, render=lambda view: str(view)))

__all__ = ["PgdkGame"]
