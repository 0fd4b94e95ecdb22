"""What a game's encoding provides: the id order of its actions and a numeric view.

An encoding is the only game-specific code behind the PettingZoo and OpenSpiel adapters. It
knows two things about its game at one player count (and one set of params):

- every action notation the game can ever accept, in a fixed order: the index in that list is
  the action's integer id. Listing notations (text) rather than action objects keeps the ids
  tied to the game's documented notation and lets the generic layer check the list against
  the game's own parser (``parse_action``), so a stale encoding fails loudly;
- how to turn one seat's VIEW into a fixed-size float32 vector, segment by segment. It reads
  the view only, never the state: the view is by contract all the seat may know, so nothing
  can leak through the observation that the seat's view does not already show.

Every value lies in ``[0, segment.high]``; most segments are one-hot or multi-hot flags or
counts scaled into ``[0, 1]``, so the vector can feed a network without further scaling.
"""

from __future__ import annotations

import dataclasses
import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from functools import cached_property
from typing import ClassVar

import numpy as np
import numpy.typing as npt

from gamenight.core.game import AnyGame, View

FloatArray = npt.NDArray[np.float32]


@dataclasses.dataclass(frozen=True)
class Segment:
    """A named slice of the observation vector; ``shape`` is how it reads as a tensor."""

    name: str
    shape: tuple[int, ...]
    description: str
    high: float = 1.0
    """Largest value any entry may take (every lower bound is 0)."""

    @property
    def size(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64))


class Layout:
    """The segments of an observation vector, in order, with their offsets."""

    def __init__(self, segments: Sequence[Segment]) -> None:
        names = [segment.name for segment in segments]
        if len(set(names)) != len(names):
            raise ValueError(f"segment names must differ: {names}")
        if any(segment.size <= 0 or segment.high <= 0 for segment in segments):
            raise ValueError("every segment needs a positive size and a positive upper bound")
        self.segments: tuple[Segment, ...] = tuple(segments)
        self.offsets: dict[str, int] = {}
        offset = 0
        for segment in self.segments:
            self.offsets[segment.name] = offset
            offset += segment.size
        self.size = offset

    def __getitem__(self, name: str) -> Segment:
        for segment in self.segments:
            if segment.name == name:
                return segment
        raise KeyError(name)

    def offset(self, name: str) -> int:
        return self.offsets[name]

    def high(self) -> FloatArray:
        """The per-entry upper bounds, as a Box observation space wants them."""
        return np.concatenate(
            [np.full(segment.size, segment.high, dtype=np.float32) for segment in self.segments]
        )

    def split(self, vector: FloatArray) -> dict[str, FloatArray]:
        """Named, reshaped views (not copies) of ``vector``'s segments, in layout order."""
        return {
            segment.name: vector[
                self.offsets[segment.name] : self.offsets[segment.name] + segment.size
            ].reshape(segment.shape)
            for segment in self.segments
        }

    def describe(self) -> str:
        """A plain-text table of the layout: offset, shape, bound and meaning of each segment."""
        lines = [f"{'offset':>7}  {'shape':<12} {'max':>5}  segment: meaning"]
        for segment in self.segments:
            shape = "x".join(map(str, segment.shape))
            lines.append(
                f"{self.offsets[segment.name]:>7}  {shape:<12} {segment.high:>5g}  "
                f"{segment.name}: {segment.description}"
            )
        lines.append(f"{self.size:>7}  total")
        return "\n".join(lines)


class Encoding(ABC):
    """The numeric face of one game at one player count and one set of params.

    Subclasses set ``game_name`` and implement :meth:`action_notations`, :meth:`segments`,
    :meth:`fill` and :meth:`max_game_length`. An instance is built once per
    (params, player count) by :func:`gamenight.adapters.codec.codec` and shared, so the
    constructor is the place for any table worth precomputing.
    """

    game_name: ClassVar[str]

    def __init__(self, game: AnyGame, num_players: int) -> None:
        game.check_player_count(num_players)
        self.game = game
        self.num_players = num_players

    @abstractmethod
    def action_notations(self) -> list[str]:
        """Every action the game can take at this player count, as its notation; id = index.

        The list must cover every action ``legal_actions`` can ever return, and each entry
        must parse (``game.parse_action``) to an action whose notation is the entry itself.
        """

    @abstractmethod
    def segments(self) -> list[Segment]:
        """The layout of the observation vector."""

    @abstractmethod
    def fill(self, view: View, out: FloatArray) -> None:
        """Write ``view`` into ``out``: flat float32, all zero, ``layout.size`` long.

        ``view`` is a seat's view, or the spectator's (``view["viewer"] is None``) when an
        adapter asks for public information only.
        """

    @abstractmethod
    def max_game_length(self) -> int:
        """An upper bound on the number of actions in a match (the game's safety cap)."""

    @cached_property
    def layout(self) -> Layout:
        return Layout(self.segments())

    def text(self, view: View) -> str:
        """The view as one canonical line of text (OpenSpiel's observation string).

        Canonical JSON: the same view always gives the same string, and two views give the
        same string only if they are equal. Encodings may override it with something shorter.
        """
        return json.dumps(view, sort_keys=True, separators=(",", ":"))
