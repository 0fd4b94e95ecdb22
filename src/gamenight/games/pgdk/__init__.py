"""Pink Godzilla Dev Kit: a card game of videogame development for 2-4 players."""

from pathlib import Path
from typing import cast

from gamenight.core.registry import GameEntry, register
from gamenight.games.pgdk.bots import PgdkHeuristic, PgdkPlayout
from gamenight.games.pgdk.render import GUIDE, render
from gamenight.games.pgdk.rules import PgdkGame

register(
    GameEntry(
        game_class=PgdkGame,
        render=render,
        bots={"heuristic": lambda game, options: PgdkHeuristic.from_options(options)},
        playout=lambda game: PgdkPlayout(cast(PgdkGame, game)),
        guide=GUIDE,
        web_board=Path(__file__).parent / "web" / "board.js",
    )
)

__all__ = ["PgdkGame", "PgdkHeuristic"]
