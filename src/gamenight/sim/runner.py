"""Run one match between bots: the loop under the simulator, the tournament and the tests."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from gamenight.core.agent import (
    Agent,
    begin_watchers,
    is_omniscient,
    seer_state,
    step_tracker,
    tell_watchers,
    watching_seats,
)
from gamenight.core.engine import Match
from gamenight.core.errors import BotError, brief
from gamenight.core.game import AnyGame, Outcome
from gamenight.core.log import MatchRecord
from gamenight.core.rng import Rng, derive_seed


@dataclasses.dataclass(frozen=True)
class MatchResult:
    seed: int
    bots: tuple[str, ...]
    outcome: Outcome
    steps: int
    record: MatchRecord | None = None


def agent_rngs(seed: int, num_players: int) -> list[Rng]:
    """One generator per seat's bot, derived from the match seed (reproducible runs)."""
    return [Rng(derive_seed(seed, 0xB07, seat)) for seat in range(num_players)]


def illegal_choice(agent: Agent, seat: int, action: object, seed: int, step: int) -> BotError:
    """The error for a bot that chose an action that is not legal, naming what reproduces it."""
    return BotError(
        f"bot {agent.name!r} in seat {seat} chose {brief(action)}, which is not legal "
        f"(match seed {seed}, step {step})"
    )


def play_match(
    game: AnyGame,
    num_players: int,
    seed: int,
    agents: Sequence[Agent],
    *,
    keep_record: bool = False,
) -> MatchResult:
    """Play a match to its end, each seat's bot choosing from that seat's view only.

    A bot that returns an action that is not legal raises :class:`BotError` naming it. An
    omniscient bot (``core.agent``) is handed a copy of the true state instead of a view.
    """
    if len(agents) != num_players:
        raise BotError(f"{num_players} seats need {num_players} bots, got {len(agents)}")
    match = Match(game, num_players, seed, narrate=False)  # bulk play needs no story
    state = match.state
    rngs = agent_rngs(seed, num_players)
    actions = match.record.actions
    watchers = watching_seats(agents)  # bots that watch the match between decisions (issue 17)
    if watchers:
        begin_watchers(agents, watchers, lambda w: game.view(state, w), rngs)
    steps = 0
    seers = [agent if is_omniscient(agent) else None for agent in agents]
    steps_seen = step_tracker(seers)  # blind omniscient bots choose as a step began
    while True:
        actors = game.to_act(state)
        if not actors:
            break
        seat = actors[0]
        agent = agents[seat]
        legal = game.legal_actions(state, seat)
        if steps_seen is not None:
            steps_seen.before(state, actors)
        seer = seers[seat]
        if seer is not None:
            seen = seer_state(seer, steps_seen, game, state, seat, legal)
            action = seer.act_on_state(game, seen, seat, legal, rngs[seat])
        else:
            view = game.view(state, seat) if agent.needs_view else {}
            action = agent.act(view, legal, rngs[seat])
        try:
            # the game's own instance: an equal object with other fields must not be applied
            action = legal[legal.index(action)]
        except ValueError:
            raise illegal_choice(agent, seat, action, seed, steps + 1) from None
        public = game.public_action(state, seat, action) if watchers else ""
        game.apply(state, seat, action)
        if steps_seen is not None:
            steps_seen.after(actors, seat)
        if watchers:
            tell_watchers(agents, watchers, seat, action, public, lambda w: game.view(state, w))
        steps += 1
        if keep_record:
            actions.append((seat, str(action)))
    outcome = game.outcome(state)
    assert outcome is not None
    record = None
    if keep_record:
        match.record.outcome = outcome.to_dict()
        match.record.meta = {"bots": [agent.name for agent in agents]}
        record = match.record
    return MatchResult(
        seed=seed,
        bots=tuple(agent.name for agent in agents),
        outcome=outcome,
        steps=steps,
        record=record,
    )
