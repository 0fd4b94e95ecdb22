"""A Game of Requirements: a two-player game of meeting Requirements, or lying about it."""

from pathlib import Path
from typing import cast

from gamenight.core.registry import GameEntry, register
from gamenight.games.requirements.bots import RequirementsHeuristic, RequirementsPlayout
from gamenight.games.requirements.render import GUIDE, render
from gamenight.games.requirements.rules import RequirementsGame

register(
    GameEntry(
        game_class=RequirementsGame,
        render=render,
        bots={"heuristic": lambda game, options: RequirementsHeuristic.from_options(options)},
        playout=lambda game: RequirementsPlayout(cast(RequirementsGame, game)),
        guide=GUIDE,
        web_board=Path(__file__).parent / "web" / "board.js",
    )
)

__all__ = ["RequirementsGame"]
