"""Every gamenight game registered with OpenSpiel (``pyspiel``).

Importing this module registers ``python_gamenight_<game>`` for every game that has an
encoding; then the usual OpenSpiel calls work::

    import pyspiel
    import gamenight.adapters.openspiel  # registers the games

    game = pyspiel.load_game("python_gamenight_requirements(players=2,failure_limit=6)")
    state = game.new_initial_state()

Parameters. ``players`` (default: the game's smallest count), ``variant`` (a variant name of
the game, "" for none), ``reward`` (``win_share`` or ``zero_sum``, see
:data:`gamenight.adapters.codec.REWARD_MODES`), ``deal_bytes`` (see Chance below), and every
scalar field of the game's Params (ints, floats, bools, strings) under its own name. A field
is applied when it differs from the published rules, after the variant; so with a variant, a
field written at its default value keeps the variant's value. Tuple and optional fields are
not parameters (OpenSpiel has no type for them): use a variant.

Chance. A gamenight match takes all its chance from one 64-bit seed given at setup; there are
no chance events during play. OpenSpiel sees that seed as ``deal_bytes`` explicit chance nodes
at the start of every match, each choosing one byte uniformly among 256 outcomes; the seed is
those bytes in order. With the default 8 every seed the engine can take is reachable, so the
deals are exactly the engine's; a smaller count gives a small, enumerable set of deals
(``deal_bytes=1``: 256 deals) for tabular methods. Because the seed is part of the history, a
history alone fixes the state: serialisation, cloning and replay need nothing else.

Turns. Sequential dynamics: the player to move is the first seat in the game's ``to_act``.
Simultaneous steps become consecutive turns; the later seats' observations show only that
the earlier ones have committed, which is all the game's views ever show.

Observations. ``observation_tensor`` is the game's encoding of the player's view, with the
encoding's segments as the named tensors of the observer; ``observation_string`` is the
canonical JSON of the same view. ``information_state_string`` adds, to that view, every
action of the match as the player saw it: its own actions in full, the others' as the game
reports them publicly (``Game.public_action``). Nothing is built from the hidden state. An
observer with ``private_info=NONE`` sees the spectator's view.

Rewards are terminal: the outcome through the chosen reward mode. Raw scores are in
``state.outcome()``.

Illegal actions. ``apply_action`` with an id that is not legal raises
:class:`~gamenight.core.errors.IllegalActionError` naming it, and the state (history
included) is unchanged.

Resampling. ``state.resample_from_infostate(player, sampler)`` is a new state that
``player`` cannot tell from this one: its hidden parts are drawn by the game's
``determinize`` from that seat's view (the true hidden state is never read), seeded from
two calls of ``sampler`` (any callable returning a float in [0, 1), such as
``pyspiel.UniformProbabilitySampler(0., 1.)``). Its information state string, observation
string and tensor for ``player``, its legal actions and its current player equal the
original's; it clones, plays on to the end and gives returns like any state. Caveats:

- Only the seat to act may be resampled for, as OpenSpiel's ISMCTS (Python and C++) does:
  for another seat the actor's legal actions could depend on its own hidden cards, so they
  could not equal the original's. Any other seat, a state still being dealt, or a match that
  is over raises :class:`ResampleError`. (OpenSpiel's C++ ``ResampleInfostateTest`` asks it
  for every seat; it cannot reach a Python game anyway, see below.)
- Its record of the moves before the resampling keeps ``player``'s own action ids, and only
  the public text of the others' actions: their true ids may be hidden choices (a face-down
  bid), so they are replaced by :data:`HIDDEN_ACTION` (-1). Every seat's information state
  string shows such a move by its public text, so in a resampled world another seat's
  information state lacks its own earlier secret moves: it is what ``player`` knows of it.
- Its C++ ``history()`` and ``move_number()`` start empty at the resampling: they list only
  the actions applied to it since. Do not use them to replay it.
- It is not built from a deal seed, so it pickles (and serialises through
  ``pyspiel.serialize_game_and_state``) as its gamenight state itself, not as a deal and ids;
  it holds a drawn world only, never the match's secrets.

C++ algorithms cannot use the method: pyspiel's bridge for Python games (``PyState`` in
``python_games.h``) forwards no ``ResampleFromInfostate`` to Python, and with pyspiel 2.0.2
the C++ search bots (``pyspiel.ISMCTSBot``, ``pyspiel.MCTSBot``) stop the interpreter with a
segmentation fault on every Python game, OpenSpiel's own ``python_kuhn_poker`` included
(docs/rl.md). Use OpenSpiel's Python ``ISMCTSBot``, or gamenight's ``openspiel-ismcts`` bot.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Hashable, Mapping
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from gamenight.adapters.codec import REWARD_MODES, Codec, make_codec
from gamenight.adapters.encodings import FloatArray, encoded_games
from gamenight.core import registry
from gamenight.core.errors import (
    GamenightError,
    GameOverError,
    IllegalActionError,
    InvalidParamsError,
)
from gamenight.core.game import AnyGame, Outcome
from gamenight.core.params import Params
from gamenight.core.rng import Rng

__all__ = [
    "DEAL_OUTCOMES",
    "HIDDEN_ACTION",
    "GamenightSpielGame",
    "GamenightSpielState",
    "ResampleError",
    "game_of",
    "ismcts_choice",
    "load",
    "mcts_choice",
    "register_all",
    "short_name",
    "world_state",
]

DEAL_OUTCOMES = 256
"""Outcomes of each chance node: one byte of the deal seed."""

HIDDEN_ACTION = -1
"""The action id a resampled state records for another seat's move made before it was
resampled: the true id may be a secret, so only that move's public text is kept."""

_RESERVED = ("players", "variant", "reward", "deal_bytes")
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_CHANCE_OUTCOMES = [(byte, 1.0 / DEAL_OUTCOMES) for byte in range(DEAL_OUTCOMES)]


class ResampleError(GamenightError, ValueError):
    """A resampling (or a world state) for a seat that is not to act, while dealing, or over."""


def short_name(game: str) -> str:
    """OpenSpiel's name for a gamenight game: ``python_gamenight_<name>``."""
    return f"python_gamenight_{registry.entry(game).name}"


# -- setup -----------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class _Setup:
    """Everything fixed for one OpenSpiel game object; shared by all its states."""

    name: str
    params: Params
    num_players: int
    deal_bytes: int
    reward: str
    codec: Codec = dataclasses.field(compare=False, hash=False)

    @property
    def game(self) -> AnyGame:
        return self.codec.game

    def key(self) -> tuple[str, dict[str, Any], int, int, str]:
        """The setup as plain data (for pickling): params as their JSON-safe dict."""
        return (self.name, self.params.to_dict(), self.num_players, self.deal_bytes, self.reward)


@functools.lru_cache(maxsize=64)
def _setup(name: str, params: Params, num_players: int, deal_bytes: int, reward: str) -> _Setup:
    game_class = registry.entry(name).game_class
    codec = make_codec(game_class(params), num_players)
    return _Setup(name, params, num_players, deal_bytes, reward, codec)


def _scalar_fields(game_class: type[AnyGame]) -> dict[str, bool | int | float | str]:
    """The Params fields OpenSpiel can carry, with their published values."""
    defaults = game_class.default_params()
    found: dict[str, bool | int | float | str] = {}
    for field in dataclasses.fields(defaults):
        value = getattr(defaults, field.name)
        if type(value) in (bool, int, float, str):
            if field.name in _RESERVED:
                raise ValueError(
                    f"{game_class.spec.name}: param {field.name!r} clashes with an OpenSpiel "
                    f"parameter of the adapter ({', '.join(_RESERVED)})"
                )
            found[field.name] = value
    return found


def _setup_from(name: str, values: Mapping[str, Any]) -> _Setup:
    """The setup OpenSpiel's parameter values describe (defaults already filled in)."""
    entry = registry.entry(name)
    game_class = entry.game_class
    defaults = _scalar_fields(game_class)
    overrides = {key: values[key] for key in defaults if values[key] != defaults[key]}
    variant = str(values["variant"]) or None
    params = game_class.params_from(overrides, variant)
    players = int(values["players"])  # checked, with the params, where the setup is built
    deal_bytes = int(values["deal_bytes"])
    if not 1 <= deal_bytes <= 8:
        raise InvalidParamsError(f"deal_bytes must be between 1 and 8, not {deal_bytes}")
    reward = str(values["reward"])
    if reward not in REWARD_MODES:
        raise InvalidParamsError(f"unknown reward {reward!r} (rewards: {', '.join(REWARD_MODES)})")
    return _setup(entry.name, params, players, deal_bytes, reward)


def _game_type(game_class: type[AnyGame], reward: str) -> Any:
    spec = game_class.spec
    parameters: dict[str, bool | int | float | str] = {
        "players": spec.min_players,
        "variant": "",
        "reward": "win_share",
        "deal_bytes": 8,
        **_scalar_fields(game_class),
    }
    utility = (
        pyspiel.GameType.Utility.ZERO_SUM
        if reward == "zero_sum"
        else pyspiel.GameType.Utility.GENERAL_SUM
    )
    return pyspiel.GameType(
        short_name=f"python_gamenight_{spec.name}",
        long_name=f"gamenight: {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=parameters,
    )


# -- the game --------------------------------------------------------------------------------
class GamenightSpielGame(pyspiel.Game):
    """One gamenight game setup as an OpenSpiel game (made by ``pyspiel.load_game``).

    :func:`register_all` registers one subclass per game, naming the game in
    ``gamenight_name``. The creator handed to pyspiel is that class rather than a function:
    pyspiel keeps its creators until the process ends, after the interpreter has shut down,
    and a class (unlike a plain function) is still referenced by then, so its release does
    not need the interpreter that is gone.
    """

    gamenight_name = ""

    def __init__(self, params: Mapping[str, Any], setup: _Setup | None = None) -> None:
        """``setup`` (from :func:`game_of`) is used as given instead of read from ``params``."""
        self.setup = setup if setup is not None else _setup_from(self.gamenight_name, params)
        setup = self.setup
        codec = setup.codec
        low, high = codec.reward_range(setup.reward)
        info = pyspiel.GameInfo(
            num_distinct_actions=codec.num_actions,
            max_chance_outcomes=DEAL_OUTCOMES,
            num_players=setup.num_players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if setup.reward == "zero_sum" else None,
            max_game_length=codec.max_game_length,
        )
        super().__init__(_game_type(type(setup.game), setup.reward), info, dict(params))

    def new_initial_state(self) -> GamenightSpielState:
        return GamenightSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> _Observer:
        return _Observer(self.setup, iig_obs_type, params)

    def max_chance_nodes_in_history(self) -> int:
        return self.setup.deal_bytes


# -- the state -------------------------------------------------------------------------------
class _Run:
    """A match in progress: the deal so far, the gamenight state and what was played.

    It is the only Python attribute of an OpenSpiel state, because OpenSpiel clones a Python
    state with ``copy.deepcopy`` of its attributes and serialises it by pickling them: this
    class makes the first a call to the game's fast ``clone()`` and the second a compact
    record (deal bytes and action ids) that is replayed on loading.
    """

    __slots__ = (
        "current",
        "drawn",
        "legal",
        "moves",
        "outcome",
        "seed",
        "setup",
        "state",
        "undealt",
    )

    def __init__(self, setup: _Setup) -> None:
        self.setup = setup
        self.seed = 0
        self.drawn = 0
        self.state: Any = None
        self.moves: list[tuple[int, int, str]] = []  # seat, id, what the others learnt
        self.current = _CHANCE
        self.legal: list[int] | None = None
        self.outcome: Outcome | None = None
        # built from a gamenight state (a resampled world, or a state handed in): no seed
        self.undealt = False

    def __deepcopy__(self, memo: dict[int, Any]) -> _Run:
        twin = _Run.__new__(_Run)
        twin.setup = self.setup
        twin.seed = self.seed
        twin.drawn = self.drawn
        twin.state = None if self.state is None else self.state.clone()
        twin.moves = self.moves[:]
        twin.current = self.current
        twin.legal = self.legal
        twin.outcome = self.outcome
        twin.undealt = self.undealt
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        if self.undealt:  # no deal to replay: the world itself (a drawn one holds no secret)
            return (_restore_undealt, (self.setup.key(), self.state, self.moves, self.current))
        return (_restore, (self.setup.key(), self.seed, self.drawn, [m[1] for m in self.moves]))

    def resample(self, player: int, sampler: Callable[[], float]) -> _Run:
        """A run ``player`` cannot tell from this one, drawn from that seat's view only."""
        if self.state is None:
            raise ResampleError("cannot resample while the deal is being drawn (a chance node)")
        if self.current == _TERMINAL:
            raise ResampleError("cannot resample a match that is over")
        if player != self.current:
            raise ResampleError(
                f"cannot resample for seat {player}: it is not to act (seat {self.current} is)"
            )
        seed = (int(sampler() * 2**32) << 32) | int(sampler() * 2**32)
        game = self.setup.game
        view = game.view(self.state, player)
        moves = [
            move if move[0] == player else (move[0], HIDDEN_ACTION, move[2]) for move in self.moves
        ]
        # the seat to act is public; it may be a later seat of a simultaneous step (world_state)
        return _Run.of_world(self.setup, game.determinize(view, player, Rng(seed)), moves, player)

    @staticmethod
    def of_world(
        setup: _Setup, world: Any, moves: list[tuple[int, int, str]], current: int
    ) -> _Run:
        """A run of a gamenight state (not dealt), with ``current`` the seat to act."""
        run = _Run(setup)
        run.undealt = True
        run.drawn = setup.deal_bytes
        run.state = world
        run.moves = moves
        run._advance()
        if current != run.current and run.current != _TERMINAL:
            run.current = current
        return run

    def deal(self, byte: int) -> None:
        if not 0 <= byte < DEAL_OUTCOMES:
            raise IllegalActionError(f"a deal byte is 0 to {DEAL_OUTCOMES - 1}, not {byte}")
        self.seed = (self.seed << 8) | byte
        self.drawn += 1
        if self.drawn == self.setup.deal_bytes:
            self.state = self.setup.game.new_state(self.setup.num_players, self.seed)
            self._advance()

    def play(self, action_id: int) -> None:
        if self.current == _TERMINAL:
            raise GameOverError("the match is over; no more actions are taken")
        seat = self.current
        codec = self.setup.codec
        typed: Hashable
        if action_id in self.legal_ids():
            typed = codec.actions[action_id]
        else:
            typed = codec.check(self.state, seat, action_id)  # raises with the reason
        game = self.setup.game
        public = game.public_action(self.state, seat, typed)
        game.apply(self.state, seat, typed)
        self.moves.append((seat, action_id, public))
        self._advance()

    def legal_ids(self) -> list[int]:
        if self.legal is None:
            self.legal = self.setup.codec.legal_ids(self.state, self.current)
        return self.legal

    def _advance(self) -> None:
        game = self.setup.game
        actors = game.to_act(self.state)
        self.legal = None
        if actors:
            self.current = actors[0]
        else:
            self.current = _TERMINAL
            self.outcome = game.outcome(self.state)


SetupKey = tuple[str, dict[str, Any], int, int, str]


def _setup_of(key: SetupKey) -> _Setup:
    name, values, num_players, deal_bytes, reward = key
    params = registry.entry(name).game_class.default_params().from_dict(values)
    return _setup(name, params, num_players, deal_bytes, reward)


def _restore(key: SetupKey, seed: int, drawn: int, moves: list[int]) -> _Run:
    """Rebuild a pickled :class:`_Run` by dealing the same seed and replaying its ids."""
    run = _Run(_setup_of(key))
    for shift in range(drawn - 1, -1, -1):
        run.deal((seed >> (8 * shift)) & 0xFF)
    for action_id in moves:
        run.play(action_id)
    return run


def _restore_undealt(
    key: SetupKey, state: Any, moves: list[tuple[int, int, str]], current: int
) -> _Run:
    """Rebuild a pickled run that was not dealt from its gamenight state and moves."""
    return _Run.of_world(_setup_of(key), state, moves, current)


class GamenightSpielState(pyspiel.State):
    """A match of a gamenight game, as OpenSpiel sees it."""

    def __init__(self, game: GamenightSpielGame) -> None:
        super().__init__(game)
        self._run = _Run(game.setup)

    def current_player(self) -> int:
        return self._run.current

    def _legal_actions(self, player: int) -> list[int]:
        run = self._run
        if player != run.current or run.state is None:
            return []
        return run.legal_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return _CHANCE_OUTCOMES if self._run.state is None else []

    def _apply_action(self, action: int) -> None:
        run = self._run
        if run.state is None:
            run.deal(action)
        else:
            run.play(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            return f"deal byte {action}"
        return str(self._run.setup.codec.action(action))

    def is_terminal(self) -> bool:
        return self._run.current == _TERMINAL

    def returns(self) -> list[float]:
        run = self._run
        if run.outcome is None:
            return [0.0] * run.setup.num_players
        return list(run.setup.codec.rewards(run.outcome, run.setup.reward))

    def outcome(self) -> Outcome | None:
        """The gamenight outcome (raw scores, winners, reason) once the match is over."""
        return self._run.outcome

    def gamenight_state(self) -> Any:
        """The engine's own state (None while the deal is being drawn); for debugging."""
        return self._run.state

    def resample_from_infostate(
        self, player: int, sampler: Callable[[], float]
    ) -> GamenightSpielState:
        """A state consistent with ``player``'s information state (see the module's
        Resampling section): its hidden parts drawn by the game's ``determinize`` from the
        seat's view, seeded from ``sampler``. Only for the seat to act."""
        twin = GamenightSpielState(self.get_game())
        twin._run = self._run.resample(player, sampler)
        return twin

    def __str__(self) -> str:
        run = self._run
        if run.state is None:
            return f"dealing: {run.drawn} of {run.setup.deal_bytes} seed bytes drawn"
        notations = run.setup.codec.notations
        lines = ["a world without its deal" if run.undealt else f"deal seed {run.seed}"]
        lines += [
            f"seat {seat}: {public if action_id == HIDDEN_ACTION else notations[action_id]}"
            for seat, action_id, public in run.moves
        ]
        if run.outcome is not None:
            lines.append(f"over: {run.outcome.to_dict()}")
        return "\n".join(lines)


def game_of(game: AnyGame, num_players: int, reward: str = "win_share") -> GamenightSpielGame:
    """The OpenSpiel game of a gamenight game object, its params exactly as they are.

    Unlike :func:`load`, tuple and optional params (the picker's preferences) are kept; the
    game's OpenSpiel parameters show its scalar fields only, so ``str(game)`` may not load
    the same setup again. For bots that search a gamenight match through OpenSpiel.
    """
    if reward not in REWARD_MODES:
        raise InvalidParamsError(f"unknown reward {reward!r} (rewards: {', '.join(REWARD_MODES)})")
    game.check_player_count(num_players)
    name = game.spec.name
    values: dict[str, Any] = {
        "players": num_players,
        "variant": "",
        "reward": reward,
        "deal_bytes": 8,
        **{field: getattr(game.params, field) for field in _scalar_fields(type(game))},
    }
    return GamenightSpielGame(values, _setup(name, game.params, num_players, 8, reward))


def world_state(game: GamenightSpielGame, world: Any, seat: int) -> GamenightSpielState:
    """An OpenSpiel state of the gamenight state ``world`` (not copied), ``seat`` to act.

    It has no moves before it: its information state strings hold the seats' views of
    ``world`` and the moves applied from then on. ``seat`` must be among the game's
    ``to_act`` (at a simultaneous step, any of them may be made the one to act first).
    Like a resampled state it is pickled as its gamenight state; its ``history()`` starts
    empty.
    """
    actors = game.setup.game.to_act(world)
    if seat not in actors:
        raise ResampleError(f"seat {seat} is not to act in this state (to act: {list(actors)})")
    state = GamenightSpielState(game)
    state._run = _Run.of_world(game.setup, world, [], seat)
    return state


# -- OpenSpiel's search bots, for gamenight's peer bots (bots/peers.py) -----------------------
def _evaluator(rollouts: int, random_state: np.random.RandomState) -> Any:
    return mcts.RandomRolloutEvaluator(n_rollouts=rollouts, random_state=random_state)


def ismcts_choice(
    root: GamenightSpielState,
    simulations: int,
    uct_c: float,
    rollouts: int,
    seed: int,
    sampler: Callable[[], float],
) -> int:
    """The action id OpenSpiel's Python ``ISMCTSBot`` picks at ``root``, with random rollouts.

    Its generator is seeded with ``seed`` (below 2**32); every simulation's world is drawn
    by :meth:`GamenightSpielState.resample_from_infostate` fed by ``sampler``.
    """
    random_state = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        root.get_game(),
        _evaluator(rollouts, random_state),
        uct_c=uct_c,
        max_simulations=simulations,
        random_state=random_state,
    )
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    return int(bot.step(root))


def mcts_choice(
    root: GamenightSpielState, simulations: int, uct_c: float, rollouts: int, seed: int
) -> int:
    """The action id OpenSpiel's perfect-information ``MCTSBot`` (plain UCT, no solver)
    picks at ``root``, searching it as it is: the caller decides what the root may hold."""
    random_state = np.random.RandomState(seed)
    bot = mcts.MCTSBot(
        root.get_game(),
        uct_c,
        simulations,
        _evaluator(rollouts, random_state),
        solve=False,
        random_state=random_state,
    )
    return int(bot.step(root))


# -- observations ----------------------------------------------------------------------------
class _Observer:
    """OpenSpiel's PyObserver protocol on top of the game's encoding and views."""

    def __init__(self, setup: _Setup, iig_obs_type: Any, params: Mapping[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {dict(params)}")
        self.setup = setup
        self.perfect_recall = bool(iig_obs_type.perfect_recall) if iig_obs_type else False
        private = (
            iig_obs_type.private_info if iig_obs_type else pyspiel.PrivateInfoType.SINGLE_PLAYER
        )
        if iig_obs_type is not None and not iig_obs_type.public_info:
            raise ValueError("gamenight observations always include the public table")
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("no gamenight view shows every seat's secrets at once")
        self.spectator = private == pyspiel.PrivateInfoType.NONE
        self.tensor: FloatArray | None
        self.dict: dict[str, FloatArray]
        if self.perfect_recall:
            self.tensor = None  # information states come as strings only
            self.dict = {}
        else:
            self.tensor = np.zeros(setup.codec.size, dtype=np.float32)
            self.dict = setup.codec.layout.split(self.tensor)

    def _view(self, run: _Run, player: int) -> dict[str, Any]:
        view: dict[str, Any] = run.setup.game.view(run.state, None if self.spectator else player)
        return view

    def set_from(self, state: GamenightSpielState, player: int) -> None:
        run = state._run
        if self.tensor is None:
            return
        if run.state is None:
            self.tensor.fill(0.0)
            return
        self.setup.codec.encode(self._view(run, player), self.tensor)

    def string_from(self, state: GamenightSpielState, player: int) -> str:
        run = state._run
        if run.state is None:
            return "dealing"
        text = self.setup.codec.text(self._view(run, player))
        if not self.perfect_recall:
            return text
        notations = self.setup.codec.notations
        own = -1 if self.spectator else player
        seen = [  # a resampled world's HIDDEN_ACTION shows as public text, even to its seat
            f"{seat}:{notations[action_id] if seat == own and action_id >= 0 else public}"
            for seat, action_id, public in run.moves
        ]
        return text + "\n" + "\n".join(seen)


# -- registration ----------------------------------------------------------------------------
_registered: dict[str, type[GamenightSpielGame]] = {}


def register_all() -> list[str]:
    """Register every encoded game with pyspiel (idempotent); returns their short names."""
    names = []
    for name in encoded_games():
        game_class = registry.entry(name).game_class
        game_type = _game_type(game_class, "win_share")
        short = game_type.short_name
        if short not in _registered and short not in pyspiel.registered_names():
            title = "".join(part.title() for part in name.replace("-", "_").split("_"))
            creator = type(f"{title}SpielGame", (GamenightSpielGame,), {"gamenight_name": name})
            pyspiel.register_game(game_type, creator)
            _registered[short] = creator
        names.append(short)
    return names


def load(game: str, num_players: int | None = None, **parameters: Any) -> Any:
    """``pyspiel.load_game`` for a gamenight game by its gamenight name or alias."""
    register_all()
    values = dict(parameters)
    if num_players is not None:
        values["players"] = num_players
    return pyspiel.load_game(short_name(game), values)


register_all()
