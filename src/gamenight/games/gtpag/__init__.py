"""Game to Pick a Game: The Gateway Edition: nominate games, bid on them, play the winner."""

from pathlib import Path
from typing import cast

from gamenight.core.registry import GameEntry, register
from gamenight.games.gtpag.bots import GtpagHeuristic, GtpagPlayout
from gamenight.games.gtpag.render import GUIDE, render
from gamenight.games.gtpag.rules import GtpagGame

register(
    GameEntry(
        game_class=GtpagGame,
        render=render,
        bots={"heuristic": lambda game, options: GtpagHeuristic.from_options(options)},
        playout=lambda game: GtpagPlayout(cast(GtpagGame, game)),
        guide=GUIDE,
        web_board=Path(__file__).parent / "web" / "board.js",
    )
)

__all__ = ["GtpagGame"]
