"""One simulated match, watched: everything the lab measures, in one pass.

The loop is ``play_match``'s (each seat's bot chooses from that seat's view; the game's own
instance of the chosen action is applied), plus a few counters per action: decision points
and their branching, turns, the components put to use, and the course of the game from the
game's ``standings`` after every action. Everything a match gives the lab fits in a
:class:`MatchRow` and a few counts, so batches travel between processes cheaply.

Definitions (the docs' "Measures" section cites their sources):

* a *decision point* is a seat asked to act; it is a *choice* when it has more than one legal
  action; the *branching factor* is the number of legal actions at a decision point;
* a *turn* is a maximal run of actions by one seat;
* the *leader* after an action is the seat with the strictly highest standing (on a tie for
  the top there is none); a *lead change* is a new leader different from the previous one;
* *drama* is the mean, over the actions after which the eventual winner is behind, of how
  far behind the top standing it is (in the game's points): how deep the comeback was;
* *decisiveness* is the share of the match's actions left to play when the eventual winner
  went alone to the top for the last time and stayed there: 0.4 means that over the last 40%
  of the game nobody caught the winner (a tie for the top counts as caught).
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

from gamenight.core.agent import (
    Agent,
    begin_watchers,
    is_omniscient,
    seer_state,
    step_tracker,
    tell_watchers,
    watching_seats,
)
from gamenight.core.game import AnyGame, Game
from gamenight.sim.runner import agent_rngs, illegal_choice

SHARES = 60  # win shares counted in 60ths: a win shared by 2..6 seats is a whole number


@dataclasses.dataclass(frozen=True, slots=True)
class MatchRow:
    """One match, as the lab keeps it (per seat where the tuple says so)."""

    index: int
    bots: tuple[str, ...]
    scores: tuple[float, ...]
    wins: tuple[int, ...]  # each seat's share of the win, in 60ths
    actions: int
    turns: int
    rounds: int  # -1: the game has no rounds
    decisions: int
    choices: int
    branching: int  # legal actions summed over decision points
    lead_changes: int  # -1: the game gives no standings
    drama: float  # nan: the winner was never behind, or no single winner, or no standings
    decisiveness: float  # nan: no single winner, or no standings
    capped: bool
    reason: str


@dataclasses.dataclass
class ComponentTally:
    """How often each component kind was put to use, and how its users fared.

    Integer counts only, so tallies merge in any order to the same figures.
    """

    seat_games: int = 0  # seats x matches
    win_shares: int = 0  # in 60ths, over all seats and matches
    uses: Counter[str] = dataclasses.field(default_factory=Counter)
    users: Counter[str] = dataclasses.field(default_factory=Counter)  # seats that used it
    user_wins: Counter[str] = dataclasses.field(default_factory=Counter)  # their shares

    def merge(self, other: ComponentTally) -> None:
        self.seat_games += other.seat_games
        self.win_shares += other.win_shares
        self.uses.update(other.uses)
        self.users.update(other.users)
        self.user_wins.update(other.user_wins)


def overrides(game: AnyGame, hook: str) -> bool:
    """Whether the game implements an optional playtest hook (the default measures nothing)."""
    return getattr(type(game), hook) is not getattr(Game, hook)


def play_measured(
    game: AnyGame,
    num_players: int,
    seed: int,
    index: int,
    agents: Sequence[Agent],
    components: ComponentTally,
    course: list[tuple[float, ...]] | None = None,
) -> MatchRow:
    """Play one match to its end and measure it; ``course`` (if given) gets every standing."""
    state: Any = game.new_state(num_players, seed)
    rngs = agent_rngs(seed, num_players)
    to_act, legal_actions, apply, view = game.to_act, game.legal_actions, game.apply, game.view
    standings = game.standings if overrides(game, "standings") else None
    uses_of = game.component_uses if overrides(game, "component_uses") else None
    uses: list[tuple[int, str]] = []  # every use, counted once the match is over
    decisions = choices = branching = turns = 0
    last_seat = -1
    # (action number, standings) at every change: most actions leave the standings as they
    # were, and the course measures need the winner, known only at the end
    changes: list[tuple[int, Sequence[float]]] = []
    previous: object = None
    seers = [agent if is_omniscient(agent) else None for agent in agents]  # read the state
    steps_seen = step_tracker(seers)  # blind omniscient bots choose as a step began
    watchers = watching_seats(agents)  # bots that watch the match between decisions (issue 17)
    if watchers:
        begin_watchers(agents, watchers, lambda w: view(state, w), rngs)
    while True:
        actors = to_act(state)
        if not actors:
            break
        seat = actors[0]
        agent = agents[seat]
        legal = legal_actions(state, seat)
        if steps_seen is not None:
            steps_seen.before(state, actors)
        count = len(legal)
        decisions += 1
        branching += count
        if count > 1:
            choices += 1
        seer = seers[seat]
        if seer is not None:
            seen = seer_state(seer, steps_seen, game, state, seat, legal)
            action = seer.act_on_state(game, seen, seat, legal, rngs[seat])
        else:
            action = agent.act(view(state, seat) if agent.needs_view else {}, legal, rngs[seat])
        try:
            action = legal[legal.index(action)]
        except ValueError:
            raise illegal_choice(agent, seat, action, seed, decisions) from None
        if uses_of is not None:
            uses.extend(uses_of(state, seat, action))
        public = game.public_action(state, seat, action) if watchers else ""
        apply(state, seat, action)
        if steps_seen is not None:
            steps_seen.after(actors, seat)
        if watchers:
            tell_watchers(agents, watchers, seat, action, public, lambda w: view(state, w))
        if seat != last_seat:
            turns += 1
            last_seat = seat
        if standings is not None:
            now = standings(state)
            if now is not previous and now != previous and now is not None:
                changes.append((decisions, now))
            previous = now
            if course is not None and now is not None:
                course.append(tuple(now))
    outcome = game.outcome(state)
    assert outcome is not None
    winners = outcome.winners
    wins = tuple(SHARES // len(winners) if seat in winners else 0 for seat in range(num_players))
    components.seat_games += num_players
    components.win_shares += sum(wins)
    if uses:
        components.uses.update(name for _, name in uses)
        for seat, name in set(uses):
            components.users[name] += 1
            components.user_wins[name] += wins[seat]
    rounds = game.rounds_played(state)
    drama = decisiveness = math.nan
    lead_changes = -1
    if standings is not None:
        lead_changes = count_lead_changes(changes)
        if len(winners) == 1:
            drama, decisiveness = winner_course(changes, decisions, winners[0])
    return MatchRow(
        index=index,
        bots=tuple(agent.name for agent in agents),
        scores=outcome.scores,
        wins=wins,
        actions=decisions,
        turns=turns,
        rounds=-1 if rounds is None else rounds,
        decisions=decisions,
        choices=choices,
        branching=branching,
        lead_changes=lead_changes,
        drama=drama,
        decisiveness=decisiveness,
        capped=outcome.capped,
        reason=outcome.reason,
    )


def _alone_on_top(standing: Sequence[float]) -> int:
    """The seat strictly ahead of every other, or -1 on a tie for the top."""
    top = max(standing)
    return standing.index(top) if standing.count(top) == 1 else -1


def count_lead_changes(changes: Sequence[tuple[int, Sequence[float]]]) -> int:
    """How often a new leader replaced the previous one (a tie for the top leads nobody)."""
    leader = -1
    count = 0
    for _, standing in changes:
        alone = _alone_on_top(standing)
        if alone >= 0 and alone != leader:
            count += leader >= 0
            leader = alone
    return count


def winner_course(
    changes: Sequence[tuple[int, Sequence[float]]], actions: int, winner: int
) -> tuple[float, float]:
    """(drama, decisiveness) of a match of ``actions`` actions won by ``winner`` alone.

    ``changes`` lists (action number, standings) each time the standings changed; a standing
    holds from its action until the action before the next change (or the end), so each
    weighs by the number of actions it lasted.
    """
    behind_by = 0.0  # the winner's distance below the top, summed over the actions it lasted
    behind = 0  # actions after which the winner was behind
    not_alone_until = 0  # the last action after which the winner was not alone on top
    ends = [start for start, _ in changes[1:]] + [actions + 1]
    for (start, standing), end in zip(changes, ends, strict=True):
        lasted = end - start
        gap = max(standing) - standing[winner]
        if gap > 0:
            behind_by += gap * lasted
            behind += lasted
        if _alone_on_top(standing) != winner:
            not_alone_until = end - 1
    drama = behind_by / behind if behind else math.nan
    return drama, (1 - not_alone_until / actions if actions else math.nan)
