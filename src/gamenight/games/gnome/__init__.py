"""G.Nome: gnome geneticists in teams of two race to collect matching Research cards."""

from gamenight.core.registry import GameEntry, register
from gamenight.games.gnome.bots import GnomeHeuristic
from gamenight.games.gnome.render import render
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
    )
)

__all__ = ["GnomeGame"]
