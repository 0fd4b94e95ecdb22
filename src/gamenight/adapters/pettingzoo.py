"""Every gamenight game as a PettingZoo AEC environment.

    from gamenight.adapters.pettingzoo import env

    table = env("requirements", 2, render_mode="ansi")
    table.reset(seed=7)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, info = table.last()
        if termination or truncation:
            table.step(None)
            continue
        mask = observation["action_mask"]
        table.step(table.action_space(agent).sample(mask))

Agents are ``player_0`` .. ``player_{n-1}``, one per seat. Each observation is a dict with
``observation`` (the seat's view as the game's encoding turns it into a float32 vector; it is
built from the view alone, so it holds nothing the seat may not know) and ``action_mask``
(int8, 1 for the ids the agent may take now; all 0 when it is not that agent's turn).

Turn order. ``agent_selection`` is always the first seat in the game's ``to_act``. A
simultaneous step (several seats in ``to_act``) therefore becomes consecutive AEC turns: each
seat commits in turn, and the others' observations show only that it has committed, which is
all the game's views ever show.

Rewards come only at the end (see :data:`gamenight.adapters.codec.REWARD_MODES`; default
``win_share``: 1/k to each of k winners). On the final step every agent's ``info`` holds the
raw ``scores`` of all seats, its own ``score``, the ``winners``, the ``reason`` the match ended
and whether it was ``capped``. A match stopped by the game's safety cap is scored as the rules
say and reported as truncated rather than terminated.

Seeding. ``reset(seed=s)`` starts a stream of deals: that reset and every later reset without
a seed draw their deal seeds from it, so a seeded environment replays the same sequence of
matches. Without any seed the stream starts from the operating system's entropy.
``deal_seed`` and :meth:`GamenightEnv.record` give what is needed to replay a match with
``gamenight replay``.

Illegal actions. The raw environment (:func:`raw_env`) raises
:class:`~gamenight.core.errors.IllegalActionError` naming the id, the action and the rule, and
changes nothing. :func:`env` wraps it the way PettingZoo's classic games are wrapped: an id
outside the action space fails an assertion, and a legal-range id outside the mask ends the
match at once with ``illegal_reward`` (default -1) for the offender and 0 for the others
(PettingZoo's ``TerminateIllegalWrapper``); the game's state is never touched.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from gamenight.adapters.codec import REWARD_MODES, Codec, MaskArray, make_codec
from gamenight.adapters.encodings import FloatArray, encoded_games
from gamenight.core import registry
from gamenight.core.errors import IllegalActionError, InvalidParamsError
from gamenight.core.game import AnyGame
from gamenight.core.log import MatchRecord
from gamenight.core.rng import Rng

__all__ = ["GamenightEnv", "available", "env", "raw_env"]

Observation = dict[str, Any]


class GamenightEnv(AECEnv):
    """One gamenight game at one player count, as an AEC environment (see the module doc)."""

    metadata_render_modes = ("human", "ansi")

    def __init__(
        self,
        game: str | AnyGame = "requirements",
        num_players: int | None = None,
        *,
        variant: str | None = None,
        params: Mapping[str, Any] | None = None,
        reward: str = "win_share",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.codec: Codec = make_codec(game, num_players, variant=variant, params=params)
        if reward not in REWARD_MODES:
            raise InvalidParamsError(
                f"unknown reward {reward!r} (rewards: {', '.join(REWARD_MODES)})"
            )
        if render_mode not in (None, *self.metadata_render_modes):
            raise InvalidParamsError(
                f"unknown render_mode {render_mode!r} "
                f"(modes: {', '.join(self.metadata_render_modes)})"
            )
        self.reward_mode = reward
        self.render_mode = render_mode
        self.game = self.codec.game
        self.num_players = self.codec.num_players
        spec = self.game.spec
        self.metadata = {
            "name": f"gamenight_{spec.name}_v{spec.version}",
            "render_modes": list(self.metadata_render_modes),
            "is_parallelizable": False,
        }
        self.possible_agents = [f"player_{seat}" for seat in range(self.num_players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.reward_range = self.codec.reward_range(reward)
        high = self.codec.layout.high()

        def observation_space() -> gymnasium.spaces.Dict:
            return gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(low=0.0, high=high, dtype=np.float32),
                    "action_mask": gymnasium.spaces.Box(
                        low=0, high=1, shape=(self.codec.num_actions,), dtype=np.int8
                    ),
                }
            )

        # One space object per agent, built once: seeding an agent's space must stick.
        self.observation_spaces = {agent: observation_space() for agent in self.possible_agents}
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(self.codec.num_actions)
            for agent in self.possible_agents
        }
        self._deals: Rng | None = None
        self.deal_seed: int | None = None
        self.game_state: Any = None
        self._moves: list[tuple[int, str]] = []
        self._cache: dict[str, Observation] = {}
        self.agents: list[str] = []

    # -- spaces ---------------------------------------------------------------------------
    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the AEC protocol -----------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new match (``options`` is accepted for the API and not used)."""
        if seed is not None:
            self._deals = Rng(int(seed))
        elif self._deals is None:
            self._deals = Rng(secrets.randbits(64))
        self.deal_seed = self._deals.next_u64()
        self.game_state = self.game.new_state(self.num_players, self.deal_seed)
        self._moves = []
        self._cache = {}
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._select_next()

    def step(self, action: Any) -> None:
        if self.game_state is None:
            raise IllegalActionError("no match yet: call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        seen = self._cache.get(agent)
        if seen is not None and seen["action_mask"][self.codec.index(action)]:
            typed = self.codec.actions[int(action)]  # legal by the mask the agent was shown
        else:
            typed = self.codec.check(self.game_state, seat, action)  # raises, changes nothing
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(self.game_state, seat, typed)
        self._moves.append((seat, str(typed)))
        self._cache = {}
        outcome = self.game.outcome(self.game_state)
        if outcome is None:
            self._clear_rewards()
            self._select_next()
        else:
            rewards = self.codec.rewards(outcome, self.reward_mode)
            ended = self.truncations if outcome.capped else self.terminations
            for other in self.agents:
                other_seat = self._seat[other]
                self.rewards[other] = rewards[other_seat]
                ended[other] = True
                self.infos[other] = {
                    "scores": list(outcome.scores),
                    "score": outcome.scores[other_seat],
                    "winners": list(outcome.winners),
                    "reason": outcome.reason,
                    "capped": outcome.capped,
                }
            self._deads_step_first()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Observation:
        """The agent's observation and action mask (shared, read-only arrays)."""
        cached = self._cache.get(agent)
        if cached is not None:
            return cached
        if self.game_state is None:
            raise IllegalActionError("no match yet: call reset() before observe()")
        seat = self._seat[agent]
        vector: FloatArray = self.codec.observe(self.game_state, seat)
        mask: MaskArray
        # Only the selected agent gets a mask, as in PettingZoo's own games: in a simultaneous
        # step the other seats to act get theirs when their turn in the AEC order comes.
        if agent == self.agent_selection and seat in self.game.to_act(self.game_state):
            mask = self.codec.mask(self.game_state, seat)
        else:
            mask = np.zeros(self.codec.num_actions, dtype=np.int8)
        vector.flags.writeable = False
        mask.flags.writeable = False
        found = {"observation": vector, "action_mask": mask}
        self._cache[agent] = found
        return found

    def render(self) -> str | None:
        """The table as a spectator sees it, as text: printed ("human") or returned ("ansi")."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render_mode; pass render_mode='ansi' or 'human'"
            )
            return None
        if self.game_state is None:
            text = "(no match yet: call reset())\n"
        else:
            text = self.codec.render(self.game.view(self.game_state, None))
            if self._moves:
                seat, last = self._moves[-1]
                text += f"last action: player_{seat}: {last}\n"
            if self.agents and not (
                self.terminations[self.agent_selection] or self.truncations[self.agent_selection]
            ):
                text += f"to act: {self.agent_selection}\n"
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the environment holds no window, process or file."""

    # -- extras ---------------------------------------------------------------------------
    def record(self) -> MatchRecord:
        """The current match as a gamenight record (replays with ``gamenight replay``)."""
        if self.game_state is None or self.deal_seed is None:
            raise InvalidParamsError("no match yet: call reset() first")
        record = MatchRecord(
            game=self.game.spec.name,
            version=self.game.spec.version,
            num_players=self.num_players,
            seed=self.deal_seed,
            params=self.game.params.changed(),
        )
        record.actions = list(self._moves)
        outcome = self.game.outcome(self.game_state)
        if outcome is not None:
            record.outcome = outcome.to_dict()
        return record

    def notation(self, action_id: int) -> str:
        """The game notation of an action id (e.g. ``bid pool Moxie``)."""
        return str(self.codec.action(action_id))

    def _select_next(self) -> None:
        self.agent_selection = self.possible_agents[self.game.to_act(self.game_state)[0]]


def raw_env(
    game: str | AnyGame = "requirements",
    num_players: int | None = None,
    **options: Any,
) -> GamenightEnv:
    """The environment without wrappers: an illegal id raises IllegalActionError."""
    return GamenightEnv(game, num_players, **options)


def env(
    game: str | AnyGame = "requirements",
    num_players: int | None = None,
    *,
    illegal_reward: float = -1.0,
    **options: Any,
) -> AECEnv:
    """The environment with PettingZoo's usual wrappers for board and card games.

    An id outside the action space fails an assertion; an id outside the mask ends the
    match with ``illegal_reward`` for the offender (the state itself is never changed).
    """
    wrapped = raw_env(game, num_players, **options)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=illegal_reward)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def available() -> list[tuple[str, int]]:
    """Every (game, player count) this module serves: each encoded game at each count."""
    return [
        (name, players)
        for name in encoded_games()
        for players in registry.entry(name).game_class.spec.player_counts
    ]
