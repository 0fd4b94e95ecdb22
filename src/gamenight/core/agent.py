"""The bot contract: a bot sees one seat's view and the legal actions, never the state.

One exception is marked explicitly: an *omniscient* bot (``omniscient = True``) reads the
true state of the match, secrets included. It exists to measure what knowing everything is
worth (OpenSpiel's perfect-information MCTS as a ceiling), so only the match loops for bots
(the simulator, the tournament, the playtest lab) seat it, handing it the state through
``act_on_state``; every place a person can sit refuses it, and every report that names it
marks it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Protocol, TypeGuard

from gamenight.core.game import AnyGame, View
from gamenight.core.rng import Rng


class Agent(Protocol):
    """Anything that picks an action for one seat.

    ``needs_view`` lets a bot that ignores the view (the uniform random bot) spare the
    simulator the cost of building one; such a bot is handed an empty dict.

    An agent without an ``omniscient`` attribute is an ordinary one (see
    :func:`is_omniscient`).
    """

    name: str
    needs_view: ClassVar[bool]

    def act(self, view: View, legal_actions: Sequence[Any], rng: Rng) -> Any:
        """One of ``legal_actions`` (never empty)."""
        ...


class OmniscientAgent(Agent, Protocol):
    """A bot that decides from the true state: for measuring, never for a table of people.

    ``omniscient`` is True. The bots' match loops call ``act_on_state`` with a copy of the
    match's state (the bot may change it) instead of ``act``; its ``act`` refuses, since a
    view alone is not what it plays from.
    """

    omniscient: ClassVar[bool]

    def act_on_state(
        self, game: AnyGame, state: Any, seat: int, legal_actions: Sequence[Any], rng: Rng
    ) -> Any:
        """One of ``legal_actions`` for ``seat``, chosen knowing all of ``state``."""
        ...


def is_omniscient(agent: object) -> TypeGuard[OmniscientAgent]:
    """Whether ``agent`` reads the true state (``omniscient = True``; False when absent)."""
    return bool(getattr(agent, "omniscient", False))
