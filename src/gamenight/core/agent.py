"""The bot contract: a bot sees one seat's view and the legal actions, never the state.

One exception is marked explicitly: an *omniscient* bot (``omniscient = True``) reads the
true state of the match, secrets included. It exists to measure what knowing everything is
worth (OpenSpiel's perfect-information MCTS as a ceiling), so only the match loops for bots
(the simulator, the tournament, the playtest lab) seat it, handing it the state through
``act_on_state``; every place a person can sit refuses it, and every report that names it
marks it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, ClassVar, Protocol, TypeGuard, cast

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


class StepStart:
    """The state as the current simultaneous step began, for omniscient bots that choose
    blind to the step (an instance attribute ``blind_to_step`` that is True; issue 17).

    A match loop plays a simultaneous step (several seats in ``to_act``) one seat after
    another, so the true state a later seat is asked in holds the earlier seats' face-down
    choices of the same step: an omniscient bot reading it would see the cards its rivals
    have just committed, which the rules keep from everyone until all have chosen. A blind
    one is handed a copy of the state as the step began instead, so it knows every hidden
    card but chooses, as the rules have everyone choose, before seeing the others' choices.
    The loop calls :meth:`before` ahead of every decision, :meth:`after` once the action is
    applied, and :meth:`state_for` for the blind bot's copy. Caveats:

    - The step is recognised from ``to_act`` alone: it starts when several seats are to act,
      and goes on while the seats to act are exactly those of the step still waiting. A game
      whose next ``to_act`` after a commitment is anything else starts a new step there (the
      copy then holds the commitments made so far).
    - The copy is only handed over where the seat's legal actions in it are those it has now
      (always so where a seat's options do not depend on the others' hidden choices);
      otherwise the bot gets the true state, as a seeing one would.
    """

    __slots__ = ("start", "waiting")

    def __init__(self) -> None:
        self.start: Any = None  # a copy of the state as the step began, or None
        self.waiting: tuple[int, ...] = ()  # the step's seats still to choose

    def before(self, state: Any, actors: tuple[int, ...]) -> None:
        """A decision among ``actors`` (the game's ``to_act``) is about to be asked for."""
        if actors != self.waiting:  # not the rest of the step under way: a new step, or none
            self.start = state.clone() if len(actors) > 1 else None

    def after(self, actors: tuple[int, ...], seat: int) -> None:
        """``seat``, one of ``actors``, has chosen and its action is applied."""
        self.waiting = tuple([other for other in actors if other != seat])

    def state_for(self, game: AnyGame, state: Any, seat: int, legal: Sequence[Any]) -> Any:
        """A copy of the state a blind bot in ``seat`` decides from (see the class)."""
        start = self.start
        if start is not None and list(game.legal_actions(start, seat)) == list(legal):
            return start.clone()
        return state.clone()


def seer_state(
    seer: object,
    steps: StepStart | None,
    game: AnyGame,
    state: Any,
    seat: int,
    legal: Sequence[Any],
) -> Any:
    """The copy of the state an omniscient ``seer`` in ``seat`` is handed: the true state's,
    or, for a bot blind to the step, the state as the step began (:class:`StepStart`)."""
    if steps is not None and getattr(seer, "blind_to_step", False):
        return steps.state_for(game, state, seat, legal)
    return state.clone()


def step_tracker(seers: Sequence[object | None]) -> StepStart | None:
    """A :class:`StepStart` when some seat's bot is blind to the step, else None (no cost)."""
    if any(getattr(seer, "blind_to_step", False) for seer in seers if seer is not None):
        return StepStart()
    return None


class Observer(Protocol):
    """A bot that also watches the match between its decisions (optional; issue 17).

    A bot declares it with the class attribute ``observes = True``; match loops look it up
    with ``getattr(agent, "observes", False)``, so bots without it cost nothing. The loops
    that call it: ``sim.runner.play_match``, ``sim.playtest.measure.play_measured``, the
    terminal table and the server's bots (``server/bots.py``, from the seat's history; a
    worker rebuilds its bot from the calls when it lacks it). Caveats:

    - Everything it is given is a view or public: ``public`` is what the watching seat learns
      of the action (``game.public_action``, computed before the action is applied; the
      watcher's own actions in full, as ``str(action)``), and ``view`` is the watcher's view
      right after the action (the engine's automatic moves included). Never the state.
    - One instance may sit in several seats of one match and play many matches, one after
      another: what it remembers is kept per seat, and ``begin_match`` forgets the seat's
      previous match.
    - A loop that does not call the hook (a benchmark, a test that calls ``act`` directly)
      must still get sound decisions: ``act`` may not rely on it and must check that what
      it remembers agrees with the view it is given.
    - ``rng`` is the seat's own generator from the loop; a bot that needs one of its own for
      watching spawns it there, so its decisions stay reproducible from the match seed. (The
      server, whose seeds are fresh for every decision, gives a seed kept with the seat's
      history, so a rebuilt bot watches exactly as the first did.)
    """

    observes: ClassVar[bool]

    def begin_match(self, seat: int, view: View, rng: Rng) -> None:
        """A match starts (or is joined) with this bot in ``seat``; ``view`` is the seat's."""
        ...

    def observe(self, seat: int, actor: int, public: str, view: View) -> None:
        """``actor`` took an action; ``seat`` saw it as ``public`` and now sees ``view``."""
        ...


def watching_seats(agents: Sequence[object | None]) -> tuple[int, ...]:
    """The seats whose bot observes the match (usually none)."""
    return tuple(
        seat
        for seat, agent in enumerate(agents)
        if agent is not None and getattr(agent, "observes", False)
    )


def begin_watchers(
    agents: Sequence[object | None],
    watchers: Sequence[int],
    view_of: Callable[[int], View],
    rngs: Sequence[Rng],
) -> None:
    """Tell every watching seat's bot that the match starts, with its view."""
    for seat in watchers:
        cast(Observer, agents[seat]).begin_match(seat, view_of(seat), rngs[seat])


def tell_watchers(
    agents: Sequence[object | None],
    watchers: Sequence[int],
    actor: int,
    action: Hashable,
    public: str,
    view_of: Callable[[int], View],
) -> None:
    """After ``actor``'s ``action`` (``public``: what the others saw), tell each watcher."""
    for seat in watchers:
        seen = str(action) if seat == actor else public
        cast(Observer, agents[seat]).observe(seat, actor, seen, view_of(seat))
