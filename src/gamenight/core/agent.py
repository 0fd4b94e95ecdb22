"""The bot contract: a bot sees one seat's view and the legal actions, never the state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Protocol

from gamenight.core.game import View
from gamenight.core.rng import Rng


class Agent(Protocol):
    """Anything that picks an action for one seat.

    ``needs_view`` lets a bot that ignores the view (the uniform random bot) spare the
    simulator the cost of building one; such a bot is handed an empty dict.
    """

    name: str
    needs_view: ClassVar[bool]

    def act(self, view: View, legal_actions: Sequence[Any], rng: Rng) -> Any:
        """One of ``legal_actions`` (never empty)."""
        ...
