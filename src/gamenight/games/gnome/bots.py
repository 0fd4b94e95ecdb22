"""placeholder"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from gamenight.core.game import View
from gamenight.core.rng import Rng
from gamenight.games.gnome.actions import Action


class GnomeHeuristic:
    name = "heuristic"
    needs_view: ClassVar[bool] = True

    @classmethod
    def from_options(cls, options: Mapping[str, str]) -> GnomeHeuristic:
        return cls()

    def act(self, view: View, legal_actions: Sequence[Action], rng: Rng) -> Action:
        return legal_actions[0]
