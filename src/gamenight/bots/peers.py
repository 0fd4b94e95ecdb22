"""Peer bots: OpenSpiel's own search bots playing gamenight games, to measure ours against.

Both need the ``rl`` extra (OpenSpiel); it is imported when a bot is built, so gamenight
runs without it and asking for one of them says which extra to install. Both search with
OpenSpiel's random rollouts (``RandomRolloutEvaluator``, one rollout per leaf) and maximise
OpenSpiel's returns (a seat's share of the win), with every random draw seeded from the
generator the match loop hands the bot: a match replays identically.

``openspiel-ismcts[:sims=300,c=2,rollouts=1]`` is an ordinary bot: it sees the seat's view
only. For each decision it draws one world from the view with the game's ``determinize`` and
makes it the root of OpenSpiel's Python ``ISMCTSBot``; every simulation then draws a world of
its own through the adapter's ``resample_from_infostate`` (a resampling callback fed by the
bot's generator). What the root's information state holds: the seat's view (everything it
has legitimately seen, including what is hidden again now) and no move list, since the match
before the root is not an OpenSpiel history the bot was handed. Moves earlier in the match
therefore count only through what the view shows of them, exactly as for gamenight's own
ISMCTS: the comparison is between searches over the same information. OpenSpiel's C++
``pyspiel.ISMCTSBot`` is not offered: it cannot search a Python game (see
:mod:`gamenight.adapters.openspiel`).

``openspiel-mcts[:sims=300,c=2,rollouts=1]`` is OpenSpiel's perfect-information ``MCTSBot``
searching the TRUE state, other seats' hands and the deck order included: it is
*omniscient* (:class:`~gamenight.core.agent.OmniscientAgent`). It measures what knowing
everything is worth and nothing else: only the bots' match loops seat it, no table for
people offers it, and reports mark its results "omniscient".

Options: ``sims`` simulations per decision (1 to 100000, default 300), ``c`` the UCT
exploration constant (0 to 100, default 2, as in OpenSpiel's examples; returns lie in
[0, 1]), ``rollouts`` random rollouts per leaf (1 to 100, default 1). The MCTS is plain UCT
(OpenSpiel's ``solve=False``). ``openspiel-mcts`` alone takes ``simultaneous``: ``sees`` (the
default) or ``blind``. A simultaneous step (G.Nome's Teamwork cards, face-down bids) is
played one seat after another, so a seat asked later finds the earlier seats' face-down
choices of that step in the true state, and a seeing bot reads them: it knows more than
every hidden card, it knows what its rivals chose before choosing itself. A blind one is
handed the state as the step began (:class:`~gamenight.core.agent.StepStart`): every hidden
card, but no choice of the same step, as the rules have everyone choose. Every OpenSpiel
call lives in :mod:`gamenight.adapters.openspiel`.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from gamenight.bots.base import check_options, option_float
from gamenight.core.errors import BotError
from gamenight.core.game import AnyGame, View
from gamenight.core.rng import Rng

ISMCTS = "openspiel-ismcts"
MCTS = "openspiel-mcts"
DEFAULT_SIMULATIONS = 300
MOST_SIMULATIONS = 100_000
DEFAULT_UCT_C = 2.0
MOST_ROLLOUTS = 100
OPTIONS = {"sims", "c", "rollouts"}
MCTS_OPTIONS = OPTIONS | {"simultaneous"}
SIMULTANEOUS = ("sees", "blind")  # what the omniscient bot knows of a simultaneous step


def _adapter(bot: str) -> Any:
    """The OpenSpiel adapter (which holds every OpenSpiel call), or the error naming the
    extra to install when OpenSpiel is missing."""
    try:
        return importlib.import_module("gamenight.adapters.openspiel")
    except ImportError:
        raise BotError(f"bot {bot!r} needs OpenSpiel: pip install 'gamenight[rl]'") from None


def _count(options: Mapping[str, str], key: str, default: int, most: int, bot: str) -> int:
    if key not in options:
        return default
    text = options[key]
    try:
        value = int(text)
    except ValueError:
        raise BotError(f"bot {bot!r}: option {key}={text!r} is not a whole number") from None
    if not 1 <= value <= most:
        raise BotError(f"bot {bot!r}: option {key} must be between 1 and {most}, not {value}")
    return value


class _Search:
    """What both peer bots share: their options, their OpenSpiel games, the seeding."""

    name = ""

    def __init__(
        self, game: AnyGame, options: Mapping[str, str], bot: str, known: set[str] = OPTIONS
    ) -> None:
        self.adapter = _adapter(bot)
        check_options(options, known, bot)
        self.name = bot
        self.game = game
        self.simulations = _count(options, "sims", DEFAULT_SIMULATIONS, MOST_SIMULATIONS, bot)
        self.uct_c = option_float(options, "c", DEFAULT_UCT_C, 0.0, 100.0, bot)
        self.rollouts = _count(options, "rollouts", 1, MOST_ROLLOUTS, bot)
        self._games: dict[int, Any] = {}

    def root(self, world: Any, seat: int) -> Any:
        """An OpenSpiel state of the gamenight state ``world``, ``seat`` to act."""
        players: int = world.num_players
        spiel_game = self._games.get(players)
        if spiel_game is None:
            spiel_game = self._games[players] = self.adapter.game_of(self.game, players)
        return self.adapter.world_state(spiel_game, world, seat)

    def chosen(self, root: Any, action_id: int, legal_actions: Sequence[Any]) -> Any:
        """The game's own instance of the action with OpenSpiel id ``action_id``."""
        action = root.get_game().setup.codec.actions[action_id]
        return legal_actions[legal_actions.index(action)]


def _seed(rng: Rng) -> int:
    """A seed for OpenSpiel's numpy generator (below 2**32), drawn from the match's."""
    return rng.next_u64() >> 32


class OpenSpielISMCTSAgent(_Search):
    """OpenSpiel's Python ISMCTS, from the seat's view only (see the module's docstring)."""

    needs_view: ClassVar[bool] = True
    omniscient: ClassVar[bool] = False

    def __init__(self, game: AnyGame, options: Mapping[str, str]) -> None:
        super().__init__(game, options, ISMCTS)

    def act(self, view: View, legal_actions: Sequence[Any], rng: Rng) -> Any:
        if len(legal_actions) == 1:
            return legal_actions[0]
        me = view.get("viewer")
        if not isinstance(me, int):
            raise BotError(f"bot {ISMCTS!r} needs a seat's view (it got a spectator's)")
        root = self.root(self.game.determinize(view, me, rng.spawn()), me)
        worlds = rng.spawn()  # every simulation's world is drawn from this one
        action_id = self.adapter.ismcts_choice(
            root, self.simulations, self.uct_c, self.rollouts, _seed(rng), worlds.random
        )
        return self.chosen(root, action_id, legal_actions)


class OpenSpielMCTSAgent(_Search):
    """OpenSpiel's perfect-information MCTS on the true state: omniscient (see the module)."""

    needs_view: ClassVar[bool] = False
    omniscient: ClassVar[bool] = True

    def __init__(self, game: AnyGame, options: Mapping[str, str]) -> None:
        super().__init__(game, options, MCTS, MCTS_OPTIONS)
        simultaneous = options.get("simultaneous", "sees")
        if simultaneous not in SIMULTANEOUS:
            raise BotError(
                f"bot {MCTS!r}: option simultaneous must be sees or blind, not {simultaneous!r}"
            )
        # blind: at a simultaneous step it searches the state as the step began, so it never
        # sees the other seats' face-down choices of that step (core.agent.StepStart)
        self.blind_to_step = simultaneous == "blind"

    def act(self, view: View, legal_actions: Sequence[Any], rng: Rng) -> Any:
        raise BotError(
            f"bot {MCTS!r} is omniscient: it plays from the true state, which only simulate, "
            "tournament and the playtest lab hand it"
        )

    def act_on_state(
        self, game: AnyGame, state: Any, seat: int, legal_actions: Sequence[Any], rng: Rng
    ) -> Any:
        if len(legal_actions) == 1:
            return legal_actions[0]
        root = self.root(state, seat)
        action_id = self.adapter.mcts_choice(
            root, self.simulations, self.uct_c, self.rollouts, _seed(rng)
        )
        return self.chosen(root, action_id, legal_actions)


def make_ismcts(game: AnyGame, options: Mapping[str, str]) -> OpenSpielISMCTSAgent:
    return OpenSpielISMCTSAgent(game, options)


def make_mcts(game: AnyGame, options: Mapping[str, str]) -> OpenSpielMCTSAgent:
    return OpenSpielMCTSAgent(game, options)
