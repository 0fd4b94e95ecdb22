"""The game-agnostic integer layer under both adapters.

A :class:`Codec` joins a game (with its params), a player count and the game's encoding, and
answers everything an RL interface asks: how many action ids there are, which ids are legal
for a seat, which typed action an id stands for, the observation vector of a seat, the text of
a view and the rewards of an outcome. Codecs are cached per (game class, params, player count):
building the id tables parses every notation once, and every environment or OpenSpiel game
of the same setup shares them.

Ids are checked here, once, for every adapter: an id outside the table or outside the legal
set is refused with an :class:`~gamenight.core.errors.IllegalActionError` that names it, and
nothing is applied.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Hashable, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from gamenight.adapters.encodings import Encoding, FloatArray, Layout, encoding_class
from gamenight.core import registry
from gamenight.core.errors import IllegalActionError, InvalidParamsError
from gamenight.core.game import AnyGame, Outcome, View
from gamenight.core.params import Params

MaskArray = npt.NDArray[np.int8]

REWARD_MODES = ("win_share", "zero_sum")
"""How an outcome becomes rewards.

- ``win_share`` (default): 1/k to each of k winners, 0 to everyone else
  (``Outcome.win_share``). A tie that the rules score as no win gives everyone 0.
- ``zero_sum``: the win share minus the seats' mean win share, so rewards sum to 0 (for
  two players: +1/2 and -1/2, or 0 and 0 on a draw). Algorithms written for zero-sum games
  (CFR, alpha-beta style search) need this form.

Raw scores are never the reward: their scale differs from game to game and a learner
maximising its own score can ignore the opponents'. Adapters expose them beside the rewards.
"""


class Codec:
    """Integer ids, masks, observations and rewards for one game setup."""

    def __init__(self, game: AnyGame, num_players: int) -> None:
        game.check_player_count(num_players)
        self.game = game
        self.num_players = num_players
        self.name = game.spec.name
        self.encoding: Encoding = encoding_class(self.name)(game, num_players)
        self.layout: Layout = self.encoding.layout
        self.size = self.layout.size
        notations = self.encoding.action_notations()
        actions: list[Hashable] = []
        for notation in notations:
            action = game.parse_action(notation)
            if str(action) != notation:
                raise ValueError(
                    f"{self.name} encoding lists {notation!r}, which the game writes as "
                    f"{str(action)!r}"
                )
            actions.append(action)
        self.notations: tuple[str, ...] = tuple(notations)
        self.actions: tuple[Hashable, ...] = tuple(actions)
        self.ids: dict[Hashable, int] = {action: i for i, action in enumerate(actions)}
        if len(self.ids) != len(actions):
            raise ValueError(f"{self.name} encoding lists the same action twice")
        self.num_actions = len(actions)
        self.max_game_length = self.encoding.max_game_length()

    def __repr__(self) -> str:
        return f"Codec({self.name!r}, players={self.num_players}, actions={self.num_actions})"

    # -- actions --------------------------------------------------------------------------
    def legal_ids(self, state: Any, seat: int) -> list[int]:
        """The ids of ``seat``'s legal actions, ascending ([] if the seat may not act)."""
        ids = self.ids
        try:
            found = [ids[action] for action in self.game.legal_actions(state, seat)]
        except KeyError as missing:
            raise ValueError(
                f"{self.name}: legal action {str(missing.args[0])!r} has no id; its encoding "
                "must list every action the game can take"
            ) from None
        found.sort()
        return found

    def mask(self, state: Any, seat: int) -> MaskArray:
        """1 at the ids ``seat`` may take now, 0 elsewhere (int8, as gymnasium wants)."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        mask[self.legal_ids(state, seat)] = 1
        return mask

    def index(self, action_id: Any) -> int:
        """``action_id`` as a plain int, if it is an id of the table; else an error naming it."""
        if isinstance(action_id, bool) or not isinstance(action_id, int | np.integer):
            raise IllegalActionError(
                f"an action id is an integer from 0 to {self.num_actions - 1}, not {action_id!r}"
            )
        index = int(action_id)
        if not 0 <= index < self.num_actions:
            raise IllegalActionError(
                f"action id {index} is out of range: {self.name} for {self.num_players} players "
                f"has ids 0 to {self.num_actions - 1}"
            )
        return index

    def action(self, action_id: Any) -> Hashable:
        """The typed action with this id; an error naming the id if there is none."""
        return self.actions[self.index(action_id)]

    def check(self, state: Any, seat: int, action_id: Any) -> Hashable:
        """The action for ``action_id`` if ``seat`` may take it now; else an error, no change."""
        action = self.action(action_id)
        legal = self.game.legal_actions(state, seat)
        if action not in legal:
            if not legal:
                raise IllegalActionError(f"seat {seat} may not act now")
            reason = self.game.explain_illegal(state, seat, action)
            raise IllegalActionError(
                f"action id {int(action_id)} ({action}) is not legal for seat {seat}: {reason}"
            )
        return action

    # -- observations ---------------------------------------------------------------------
    def encode(self, view: View, out: FloatArray | None = None) -> FloatArray:
        """The observation vector of ``view`` (written into ``out`` if given)."""
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out.fill(0.0)
        self.encoding.fill(view, out)
        return out

    def observe(self, state: Any, seat: int | None) -> FloatArray:
        """The observation of ``seat`` (None: the spectator), built from its view only."""
        return self.encode(self.game.view(state, seat))

    def text(self, view: View) -> str:
        return self.encoding.text(view)

    def render(self, view: View, width: int = 100) -> str:
        """The game's own table rendering of ``view`` as plain text (no colour codes)."""
        from rich.console import Console

        buffer = io.StringIO()
        console = Console(file=buffer, width=width, color_system=None, force_terminal=False)
        console.print(registry.entry(self.name).render(view))
        return buffer.getvalue()

    # -- rewards --------------------------------------------------------------------------
    def rewards(self, outcome: Outcome, mode: str = "win_share") -> tuple[float, ...]:
        """One reward per seat for ``outcome`` (see :data:`REWARD_MODES`)."""
        shares = tuple(outcome.win_share(seat) for seat in range(self.num_players))
        if mode == "win_share":
            return shares
        if mode == "zero_sum":
            mean = sum(shares) / self.num_players
            return tuple(share - mean for share in shares)
        raise InvalidParamsError(f"unknown reward {mode!r} (rewards: {', '.join(REWARD_MODES)})")

    def reward_range(self, mode: str = "win_share") -> tuple[float, float]:
        """The lowest and highest reward a seat can get under ``mode``."""
        if mode == "win_share":
            return 0.0, 1.0
        if mode == "zero_sum":
            return -1.0 / self.num_players, 1.0 - 1.0 / self.num_players
        raise InvalidParamsError(f"unknown reward {mode!r} (rewards: {', '.join(REWARD_MODES)})")


def make_codec(
    game: str | AnyGame,
    num_players: int | None = None,
    *,
    variant: str | None = None,
    params: Mapping[str, Any] | None = None,
) -> Codec:
    """The shared codec of a game setup: a game name (with variant and param overrides) or a
    game instance, and a player count (default: the game's smallest)."""
    if isinstance(game, str):
        game = registry.make_game(game, params, variant)
    elif variant is not None or params:
        raise InvalidParamsError("give variant and params with a game name, not a game object")
    players = game.spec.min_players if num_players is None else num_players
    game.check_player_count(players)
    return _cached(type(game), game.params, players)


@functools.lru_cache(maxsize=64)
def _cached(game_class: type[AnyGame], params: Params, num_players: int) -> Codec:
    return Codec(game_class(params), num_players)
