"""issue 15 item 2: the measured match loop (decisions, turns, course, components)."""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Sequence
from typing import Any

import pytest

from gamenight.bots.factory import make_agent
from gamenight.core import registry
from gamenight.core.game import Game, Outcome
from gamenight.core.rng import derive_seed
from gamenight.games.requirements.rules import RequirementsGame
from gamenight.sim.playtest.measure import (
    SHARES,
    ComponentTally,
    count_lead_changes,
    play_measured,
    winner_course,
)
from gamenight.sim.runner import play_match

GAMES = [("requirements", 2), ("gtpag", 3), ("gnome", 4), ("pgdk", 3)]


def course_of(standings: Sequence[tuple[float, ...]], winner: int) -> tuple[int, float, float]:
    """As the match loop does: each change noted with the number of the action that made it."""
    changes = []
    previous: tuple[float, ...] | None = None
    for actions, standing in enumerate(standings, start=1):
        if standing != previous:
            changes.append((actions, standing))
        previous = standing
    drama, decisiveness = winner_course(changes, len(standings), winner)
    return count_lead_changes(changes), drama, decisiveness


# after each of 7 actions: seat 0 leads, seat 1 passes it, seat 0 again, a tie, seat 1 again
WORKED = [(1, 0), (1, 0), (1, 2), (3, 2), (3, 3), (3, 5), (3, 5)]


def test_course_worked_example_won_by_the_late_leader() -> None:
    lead_changes, drama, decisiveness = course_of(WORKED, winner=1)
    assert lead_changes == 3  # 0 -> 1 -> 0 -> 1; the tie at action 5 is nobody's lead
    # seat 1 was behind by 1 after actions 1, 2 and 4
    assert drama == pytest.approx(1.0)
    # not alone on top after actions 1, 2, 4 and 5: alone for the last 2 of 7
    assert decisiveness == pytest.approx(2 / 7)


def test_course_worked_example_seen_from_the_other_seat() -> None:
    _, drama, decisiveness = course_of(WORKED, winner=0)
    # seat 0 was behind by 1 after action 3 and by 2 after actions 6 and 7
    assert drama == pytest.approx(5 / 3)
    assert decisiveness == 0.0  # behind at the very end


def test_a_winner_never_behind_and_alone_from_the_first_action() -> None:
    lead_changes, drama, decisiveness = course_of([(1, 0), (2, 0), (2, 1)], winner=0)
    assert lead_changes == 0
    assert math.isnan(drama)  # never behind: no comeback to measure
    assert decisiveness == 1.0


def _agents(game: Any, bots: Sequence[str]) -> list[Any]:
    return [make_agent(bot, game) for bot in bots]


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_lab_plays_the_same_match_as_the_simulator(name: str, players: int) -> None:
    """Same seed and bots: the same actions, scores and ending as ``play_match``."""
    game = registry.make_game(name)
    bots = ["heuristic"] + ["random"] * (players - 1)
    for index in range(4):
        seed = derive_seed(11, index)
        plain = play_match(game, players, seed, _agents(game, bots), keep_record=True)
        row = play_measured(game, players, seed, index, _agents(game, bots), ComponentTally())
        assert plain.record is not None
        seats = [seat for seat, _ in plain.record.actions]
        assert row.actions == row.decisions == plain.steps
        assert row.scores == plain.outcome.scores
        assert row.reason == plain.outcome.reason
        assert row.capped == plain.outcome.capped
        # a turn is a run of actions by one seat, counted here from the record
        assert row.turns == len([key for key, _ in itertools.groupby(seats)])
        assert row.decisions <= row.branching
        assert row.choices <= row.decisions
        winners = plain.outcome.winners
        assert row.wins == tuple(
            SHARES // len(winners) if seat in winners else 0 for seat in range(players)
        )


def test_a_shared_win_is_split_in_sixtieths() -> None:
    game = SeatBadges()
    agents = _agents(game, ["random", "random"])
    rows = [play_measured(game, 2, derive_seed(3, i), i, agents, ComponentTally())
            for i in range(20)]
    assert {row.wins for row in rows} <= {(30, 30), (0, 0)}
    assert (30, 30) in {row.wins for row in rows}


class SeatBadges(RequirementsGame):
    """Requirements in which every action 'uses' a badge named after its seat, a seat's
    standing is the number of actions it took, and every decided match is won by both:
    hooks and outcomes whose truth the test knows."""

    def __init__(self) -> None:
        super().__init__()
        self.counts: dict[int, list[int]] = {}  # by id(state): the states have slots

    def component_uses(self, state: Any, player: int, action: Any) -> tuple[tuple[int, str], ...]:
        return ((player, f"badge {player}"),)

    def standings(self, state: Any) -> tuple[float, ...]:
        return tuple(self.counts[id(state)])

    def apply(self, state: Any, player: int, action: Any) -> None:
        super().apply(state, player, action)
        self.counts.setdefault(id(state), [0, 0])[player] += 1

    def outcome(self, state: Any) -> Outcome | None:
        plain = super().outcome(state)
        if plain is None or not plain.winners:
            return plain
        return dataclasses.replace(plain, winners=(0, 1))


class NoHooks(RequirementsGame):
    """Requirements as a game without the optional playtest hooks."""

    standings = Game.standings
    component_uses = Game.component_uses


def test_components_count_uses_users_and_the_users_wins() -> None:
    game = SeatBadges()
    agents = _agents(game, ["random", "random"])
    tally = ComponentTally()
    rows = [play_measured(game, 2, derive_seed(5, i), i, agents, tally) for i in range(30)]
    assert tally.seat_games == 60
    assert tally.win_shares == sum(sum(row.wins) for row in rows)
    for seat in (0, 1):
        name = f"badge {seat}"
        assert tally.users[name] == 30  # every seat acts in every match
        assert tally.user_wins[name] == sum(row.wins[seat] for row in rows)
    assert tally.uses["badge 0"] + tally.uses["badge 1"] == sum(row.actions for row in rows)


def test_the_course_is_kept_for_example_matches_only_when_asked() -> None:
    game = SeatBadges()
    agents = _agents(game, ["random", "random"])
    course: list[tuple[float, ...]] = []
    row = play_measured(game, 2, derive_seed(5, 0), 0, agents, ComponentTally(), course)
    assert len(course) == row.actions
    assert course[-1][0] + course[-1][1] == row.actions
    assert row.lead_changes >= 0
    plain = play_measured(NoHooks(), 2, derive_seed(5, 0), 0, agents, ComponentTally())
    assert plain.lead_changes == -1  # no standings from the game: no course measures
    assert math.isnan(plain.decisiveness)
