"""G.Nome: gnome geneticists in teams of two race to collect matching Research cards."""

from pathlib import Path
from typing import cast

from gamenight.core.registry import GameEntry, register
from gamenight.games.gnome.bots import GnomeHeuristic, GnomePlayout
from gamenight.games.gnome.render import GUIDE, render
from gamenight.games.gnome.rules import GnomeGame

register(
    GameEntry(
        game_class=GnomeGame,
        render=render,
        bots={
            "heuristic": lambda game, options: GnomeHeuristic.from_options(
                options, params=game.params
            )
        },
        playout=lambda game: GnomePlayout(cast(GnomeGame, game)),
        guide=GUIDE,
        web_board=Path(__file__).parent / "web" / "board.js",
    )
)

__all__ = ["GnomeGame"]
