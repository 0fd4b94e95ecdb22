"""The contract every game implements.

A :class:`Game` holds the rules and the parameters and nothing else; all that changes during a
match lives in a State object the game creates. Only views (JSON-safe dicts of what one seat
may know) ever leave a game: bots, user interfaces, the network and player-facing logs see
nothing else.

Actions are small immutable values with a text notation (``str(action)``), parsed back by
``parse_action``. Decisions are atomic: a compound choice is a short sequence of actions, so
every decision point offers a small finite list.

Simultaneous choices are hidden commitments: every seat in ``to_act`` may commit in any order,
the state records each commitment, views show only that a seat has committed, and the last
commitment resolves the step.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from mypy_extensions import mypyc_attr

from gamenight.core.errors import InvalidParamsError, PlayerCountError
from gamenight.core.journal import Journal
from gamenight.core.params import Params
from gamenight.core.rng import Rng

View = dict[str, Any]
"""What one seat may know, as plain JSON-safe data."""


class State(Protocol):
    """Plain mutable game data. Only the game's own modules read or write its fields.

    Besides its own fields, every state says how many seats its match has.
    """

    num_players: int
    journal: Journal | None
    """The public log of a real match; None in search and simulation (see core.journal)."""

    def clone(self) -> Self:
        """An independent copy: changing either never affects the other.

        The copy's ``journal`` is None: a copy made for search never writes into the story.
        """
        ...

    def to_dict(self) -> dict[str, Any]:
        """Everything, secrets included, as JSON-safe data: for tests and debugging only."""
        ...


S = TypeVar("S", bound=State)
A = TypeVar("A", bound=Hashable)
P = TypeVar("P", bound=Params)


@dataclasses.dataclass(frozen=True)
class Variant:
    """A named set of parameter changes, e.g. a rulebook's recommended rule."""

    name: str
    description: str
    overrides: Mapping[str, Any]


@dataclasses.dataclass(frozen=True)
class GameSpec:
    """What the registry and the command line say about a game."""

    name: str
    title: str
    player_counts: tuple[int, ...]
    version: str
    summary: str = ""
    variants: tuple[Variant, ...] = ()
    aliases: tuple[str, ...] = ()

    @property
    def min_players(self) -> int:
        return min(self.player_counts)

    @property
    def max_players(self) -> int:
        return max(self.player_counts)

    def players_text(self) -> str:
        counts = self.player_counts
        if counts == tuple(range(counts[0], counts[-1] + 1)) and len(counts) > 1:
            return f"{counts[0]}-{counts[-1]}"
        return ", ".join(map(str, counts))


@dataclasses.dataclass(frozen=True)
class Outcome:
    """How a match ended.

    ``scores`` is one number per seat; ``winners`` may hold several seats (a shared win) or
    none (a game whose rules say that a tie means no one wins). ``capped`` marks a match that
    reached the safety cap on its length and was scored as if it had ended normally.
    """

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    reason: str
    capped: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "reason": self.reason,
            "capped": self.capped,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Outcome:
        return cls(
            scores=tuple(data["scores"]),
            winners=tuple(data["winners"]),
            reason=str(data["reason"]),
            capped=bool(data.get("capped", False)),
        )

    def win_share(self, seat: int) -> float:
        """1/k if the seat is one of k winners, else 0: the usual reward for search bots."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0


def winners_by_score(scores: tuple[float, ...], *, tie_means_no_winner: bool) -> tuple[int, ...]:
    """Seats with the highest score; on a tie, all of them or none, as the rules say."""
    best = max(scores)
    top = tuple(seat for seat, score in enumerate(scores) if score == best)
    if len(top) > 1 and tie_means_no_winner:
        return ()
    return top


@mypyc_attr(allow_interpreted_subclasses=True)  # tests and plug-in games subclass it
class Game(ABC, Generic[S, A, P]):
    """The rules of one game. Stateless apart from its parameters.

    ``apply`` is only ever given a legal action by a legal actor (the :class:`Match` checks);
    games may assume so and stay fast.

    Caveat for the compiled build (docs/speed.md): a game class compiled with mypyc that
    other code subclasses needs ``@mypyc_attr(allow_interpreted_subclasses=True)`` too, and
    a subclass overrides an attribute the base declares by assigning it in ``__init__`` (or
    redeclaring it with the same type), never by a bare class attribute.
    """

    spec: ClassVar[GameSpec]

    def __init__(self, params: P | None = None) -> None:
        self.params: P = params if params is not None else self.default_params()
        self.params.validate()

    # -- parameters -------------------------------------------------------------------------
    @classmethod
    @abstractmethod
    def default_params(cls) -> P:
        """The published rules (with the project's decisions)."""

    @classmethod
    def params_from(cls, overrides: Mapping[str, Any], variant: str | None = None) -> P:
        """Defaults, then the named variant, then explicit overrides."""
        params = cls.default_params()
        if variant:
            params = params.with_overrides(cls.variant(variant).overrides)
        return params.with_overrides(overrides)

    @classmethod
    def variant(cls, name: str) -> Variant:
        for variant in cls.spec.variants:
            if variant.name == name:
                return variant
        known = ", ".join(v.name for v in cls.spec.variants) or "none"
        raise InvalidParamsError(f"{cls.spec.name} has no variant {name!r} (variants: {known})")

    def check_player_count(self, num_players: int) -> None:
        if num_players not in self.spec.player_counts:
            raise PlayerCountError(
                f"{self.spec.title} is for {self.spec.players_text()} players, not {num_players}"
            )

    # -- the contract -----------------------------------------------------------------------
    @abstractmethod
    def new_state(self, num_players: int, seed: int) -> S:
        """Set up a match; all its chance comes from a generator seeded with ``seed``."""

    @abstractmethod
    def to_act(self, state: S) -> tuple[int, ...]:
        """Seats that may act now: () once the match is over, several for a simultaneous step."""

    @abstractmethod
    def legal_actions(self, state: S, player: int) -> list[A]:
        """Every action ``player`` may take now ([] if the seat may not act)."""

    def search_actions(self, legal: Sequence[A]) -> Sequence[A]:
        """Of the legal actions ``legal`` of one seat, those a search bot weighs: by default
        all of them (``legal`` itself).

        For the tree of ``bots/ismcts.py``, whose decisions and tree choices read this rather
        than ``legal_actions``. A game may leave out an action that never serves a bot and lets
        a search go round in circles: one that only undoes the seat's previous choice, when
        the choice can always be carried through instead. A search values the pair "choose,
        then undo and do something else" at the best of what follows, so it can prefer the
        choice to everything else, undo it, and choose it again, turn after turn (Pink
        Godzilla's trade given up, G25). Caveats:

        - It reads ``legal`` only, never the state: what a seat may do depends on its view
          alone, so leaving an action out tells the bot nothing hidden.
        - It returns a non-empty sub-sequence of a non-empty ``legal``, in ``legal``'s order
          and with ``legal``'s own objects (the conformance suite checks it).
        - The rules are unchanged: people, the other bots and the search's rollouts may take
          every legal action, and the bot's model of its opponents (inference) still weighs
          every one of them.
        """
        return legal

    def simultaneous(self, state: S) -> bool:
        """Whether the seats now to act choose blind to one another's choices of this step: by
        default, when several of them are to act (``to_act``).

        For the ``simultaneous=regret`` option of ``bots/ismcts.py``, which chooses by regret
        matching where this is true, and by UCB1 elsewhere. A game whose seats commit one by
        one to a step whose choices stay hidden until all have committed says so for the whole
        step: the last seat to commit, alone in ``to_act``, sees the others' choices no more
        than the first did (G.Nome's Teamwork cards, Pink Godzilla's sealed bids). Caveats:

        - It reads only what every seat sees (whose commitment is still to come, the phase),
          so that every world a search draws from one view gives the same answer.
        - It is true whenever several seats are to act; it adds steps, never removes them.
        - The rules are unchanged: it only tells a search how a choice is made.
        """
        return len(self.to_act(state)) > 1

    @abstractmethod
    def apply(self, state: S, player: int, action: A) -> None:
        """Carry out a legal action, mutating ``state``."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """The result once the match is over, else None."""

    @abstractmethod
    def view(self, state: S, player: int | None) -> View:
        """All that ``player`` may know (``None``: a spectator), as JSON-safe data."""

    @abstractmethod
    def determinize(self, view: View, player: int, rng: Rng) -> S:
        """A full state consistent with ``view``: hidden parts drawn at random with ``rng``."""

    def redraw_unseen(self, state: S, view: View, player: int, rng: Rng) -> S | None:
        """``state``, a world ``player`` once could not tell from the real one, made to show
        ``player`` its real ``view`` again by drawing anew only what no seat has seen.

        For inference (``bots/inference.py``): a world kept through a match stops showing the
        seat its view as soon as chance turns up other cards in it than at the table (its
        deck order is its own), and with it would go everything the opponents' earlier
        actions said about their hidden cards. Returns a new state that shows ``player``
        exactly ``view``, with a deck order and cards set aside drawn with ``rng``, and with
        every other seat's hidden holdings of ``state`` kept: hands, secret cards, face-down
        commitments still hidden. Whatever ``view`` shows comes from ``view`` (a commitment
        now turned up is the table's, whatever ``state`` had). Returns None when no such state
        exists: a kept card is now seen elsewhere, a new deal has begun. Never changes
        ``state``. The default offers no such draw: None (the world is then given up).
        """
        return None

    def mend(self, state: S, view: View, player: int, rng: Rng) -> S | None:
        """A world that shows ``player`` exactly ``view``, keeping as much of what ``state``
        holds in the other seats' hidden places as still fits, the rest drawn as
        ``determinize`` draws it.

        For inference, where ``redraw_unseen`` cannot help: a world in which an opponent
        could not have taken the action the table saw (it played a card the world had put
        elsewhere), or whose face-down commitment turned up otherwise. Dropping it would lose
        everything it believed; a mended world keeps the beliefs the table has not refuted.
        Unlike ``redraw_unseen``, the result need not keep every hidden holding of ``state``:
        which ones no longer fit is the game's call. Never changes ``state``. None where no
        such world can be made; the default offers none (the world is then replaced by a
        fresh ``determinize``).
        """
        return None

    @abstractmethod
    def parse_action(self, text: str) -> A:
        """The action written as ``text``; :class:`ActionParseError` if it is no action."""

    # -- the public log and the final reckoning ------------------------------------------
    def start_journal(self, state: S) -> Journal:
        """Turn narration on for ``state`` (a real match) and tell the story of its setup.

        From then on ``apply`` writes every action into ``state.journal``, the engine's
        automatic decisions included, as each seat saw it. Games override this to add the
        setup's entries (the first round's header, what was dealt face up) after calling it.
        """
        journal = Journal()
        state.journal = journal
        return journal

    # -- checks and descriptions, with sensible defaults ------------------------------------
    def explain_illegal(self, state: S, player: int, action: A) -> str:
        """Why ``action`` is not legal for ``player`` now, naming the rule where possible."""
        return f"{action} is not a legal action now"

    def public_action(self, state: S, player: int, action: A) -> str:
        """What the other seats learn when ``player`` takes ``action`` (called before apply).

        Games with hidden commitments override this to hide what was committed.
        """
        return str(action)

    def reveals(self, state: S, player: int, action: A) -> str | None:
        """The rule by which taking ``action`` shows ``player`` something it could not see.

        Returns that rule's number as the game's RULES.md writes it (listed there under
        "Reveals"), or None when the action shows ``player`` nothing hidden: a card it draws, a
        coin it looks at, hidden commitments turned over, a tile or card turned up, a random
        deal. Called before ``apply`` with a legal action, and never on a hot path: a game may
        answer by applying the action to a clone.

        Caveat: it speaks only of what ``player`` learns by its own action and what follows
        from it at once, not of what other seats learn. The conformance suite relies on it:
        two states ``player`` cannot tell apart must stay alike to it after it takes the same
        action, unless this names a rule. A game may err on the side of naming a rule (say,
        for a drawn card ``player`` happened to know already); it must never return None for
        an action that does show something hidden.
        """
        return None

    # -- what the playtest lab measures (optional; the defaults measure nothing) ---------
    def standings(self, state: S) -> tuple[float, ...] | None:
        """Each seat's standing now, higher is better: the score so far, or the game's own
        cheap estimate where points come only at the end. None: the game offers none.

        The playtest lab calls it after every action of a simulated match to trace the course
        of a game (lead changes, drama, decisiveness), so it must be cheap: no search, no
        copies. It reads the full state (the lab is an observer, like the score sheet), but
        its figures reach only reports, never a seat. Caveat: the course measures compare
        seats by these numbers, so a game must return comparable figures for every seat,
        the same ones ``outcome`` turns into scores once the match is over where possible.
        """
        return None

    def component_uses(self, state: S, player: int, action: A) -> tuple[tuple[int, str], ...]:
        """The components ``action`` puts to use, as ``(seat, component)`` pairs.

        Called before ``apply``, with a legal action, by the playtest lab only (never on a
        search path). A component is named by its kind as the rules name it, prefixed by
        its sort (``"trait Moxie"``, ``"card Pink Godzilla 3"``, ``"colour red"``), so the lab
        can say which kinds go with winning. The seat is the one credited with the use,
        usually ``player``. The same pair may come many times in a match; the lab counts the
        uses and whether each seat used each kind at all. The default: nothing measured.
        """
        return ()

    def rounds_played(self, state: S) -> int | None:
        """How many rounds the match has begun (a finished match: how many it had), or None
        for a game without rounds. Read by the playtest lab once a match is over."""
        return None

    @abstractmethod
    def components(self, state: S) -> list[str]:
        """One entry per physical component in play, wherever it lies; must never change."""

    @abstractmethod
    def hidden(self, state: S, player: int) -> Hashable:
        """Everything ``player`` cannot see, as one comparable value (for the leak tests)."""


AnyGame = Game[Any, Any, Any]
