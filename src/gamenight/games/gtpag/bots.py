"""A heuristic bot for Game to Pick a Game (placeholder)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from gamenight.bots.base import check_options
from gamenight.core.game import View
from gamenight.core.rng import Rng
from gamenight.games.gtpag.actions import Action


class GtpagHeuristic:
    name = "heuristic"
    needs_view: ClassVar[bool] = True

    @classmethod
    def from_options(cls, options: Mapping[str, str]) -> GtpagHeuristic:
        check_options(options, set(), "heuristic")
        return cls()

    def act(self, view: View, legal_actions: Sequence[Action], rng: Rng) -> Action:
        return legal_actions[0]
