"""issue 16 item 3: what the playout policy and the rules keep to go faster is always right.

The playout policy keeps, per seat, the last table of card worths and the last answer of
which colours can still get a game; a Project keeps its progress. After every action of
seeded random matches (every player count), each must equal a recount from scratch: a fresh
policy with nothing kept, and a progress counted from the Project's own fields.
"""

from __future__ import annotations

import pytest
from pgdk_helpers import policy_for

from gamenight.core.registry import make_game
from gamenight.core.rng import Rng
from gamenight.games.pgdk.bots import PgdkPlayout
from gamenight.games.pgdk.rules import PgdkGame
from gamenight.games.pgdk.state import PgdkState


def counted_progress(state: PgdkState) -> list[tuple[int, int]]:
    """(kept, recounted) progress of every videogame on the table."""
    pairs = []
    for games in (*state.projects, *state.completed):
        for project in games:
            gear = min(project.gears.bit_count() + project.wild, 2)
            recount = (1 if project.title >= 0 else 0) + gear + (1 if project.chars else 0)
            pairs.append((project.progress, recount))
    return pairs


def check_against_fresh(game: PgdkGame, kept: PgdkPlayout, state: PgdkState) -> None:
    fresh = policy_for(game)
    assert kept._live(state) == fresh._live(state) == fresh._count_live(state)
    kinds = range(len(game.k_type))
    for seat in range(state.num_players):
        cached = kept._worth(state, seat)
        recount = fresh._worth(state, seat)
        assert [cached(k) for k in kinds] == [recount(k) for k in kinds]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_issue16_item3_kept_worths_live_colours_and_progress_match_a_recount(
    players: int,
) -> None:
    game = make_game("pgdk")
    assert isinstance(game, PgdkGame)
    kept = policy_for(game)
    for seed in range(4):
        state = game.new_state(players, seed)
        rng = Rng(seed + 100)
        steps = 0
        while actors := game.to_act(state):
            seat = actors[0]
            legal = game.legal_actions(state, seat)
            if steps % 3 == 0:
                check_against_fresh(game, kept, state)
                for have, recount in counted_progress(state):
                    assert have == recount
                # the kept policy chooses what a fresh one does, from the same draws
                assert kept.choose(state, seat, legal, Rng(steps)) == policy_for(game).choose(
                    state, seat, legal, Rng(steps)
                )
            game.apply(state, seat, legal[rng.randbelow(len(legal))])
            steps += 1
        assert steps > 50


@pytest.mark.parametrize("players", [2, 3, 4])
def test_issue16_item3_kept_values_survive_clone_and_determinize(players: int) -> None:
    """A search works on clones and determinized states: the policy's kept tables must agree
    with a recount there too, and the progress of rebuilt games with their fields."""
    game = make_game("pgdk")
    assert isinstance(game, PgdkGame)
    kept = policy_for(game)
    state = game.new_state(players, 11)
    rng = Rng(5)
    steps = 0
    while (actors := game.to_act(state)) and steps < 400:
        seat = actors[0]
        legal = game.legal_actions(state, seat)
        game.apply(state, seat, legal[rng.randbelow(len(legal))])
        steps += 1
        if steps % 25 == 0 and game.to_act(state):
            twin = state.clone()
            check_against_fresh(game, kept, twin)
            viewer = game.to_act(state)[0]
            sampled = game.determinize(game.view(state, viewer), viewer, Rng(steps))
            check_against_fresh(game, kept, sampled)
            for have, recount in counted_progress(sampled):
                assert have == recount


def test_issue16_item3_determinize_shares_the_completed_games_it_rebuilds() -> None:
    """Like games in development, each completed game on the table is built once per card
    list, first-of-colour mark and powering Guardian, shared by later determinizations, and
    equal to a fresh build."""
    game = make_game("pgdk")
    assert isinstance(game, PgdkGame)
    policy = policy_for(game)  # it completes games, where random play rarely does
    state = game.new_state(2, 3)
    chooser = Rng(9)
    while not any(state.completed) and game.to_act(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        game.apply(state, seat, policy.choose(state, seat, legal, chooser))
    assert any(state.completed), "a completed game to rebuild"
    seat = game.to_act(state)[0] if game.to_act(state) else 0
    view = game.view(state, seat)
    first = game.determinize(view, seat, Rng(1))
    second = game.determinize(view, seat, Rng(2))
    for owner in range(state.num_players):
        for a, b, real in zip(
            first.completed[owner], second.completed[owner], state.completed[owner], strict=True
        ):
            assert a is b
            fresh = game.build(a.cards, gold=True, first=a.first, powered=a.powered)
            assert fresh is not None
            assert fresh.to_dict() == a.to_dict()
            assert (fresh.open, fresh.ready, fresh.progress) == (a.open, a.ready, a.progress)
            assert [game.kind_of[c] for c in a.cards] == [game.kind_of[c] for c in real.cards]


def test_issue16_item3_the_inlined_gain_terms_give_what_gain_gives() -> None:
    """The worth table adds a card onto a game from per-kind terms instead of calling
    ``_gain``: for every kind, onto every game of policy-played matches, the same number."""
    from gamenight.games.pgdk.bots import _gain

    game = make_game("pgdk")
    assert isinstance(game, PgdkGame)
    policy = policy_for(game)
    projects = []
    for seed in range(3):
        state = game.new_state(3, seed)
        chooser = Rng(seed)
        while game.to_act(state) and len(projects) < 200:
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            game.apply(state, seat, policy.choose(state, seat, legal, chooser))
            projects += [p for games in state.projects for p in games]
    assert any(p.chars for p in projects)
    assert any(not p.chars for p in projects)
    for project in projects:
        for k in range(len(game.k_type)):
            piece, flat, character = policy.gains[k]
            inlined = (
                flat
                if piece < 0 or (character and project.chars)
                else piece + 1.5 * project.progress
            )
            assert inlined == _gain(policy, project, k, project.progress)


def test_issue16_item3_the_payment_test_answers_as_paying_least_wanted_first() -> None:
    """The playout's ``_can_pay`` sums the cards worth less than ``wanted - 2`` instead of
    paying them one by one in order of want: the same answer, for every seat, price and want,
    along policy-played matches."""
    game = make_game("pgdk")
    assert isinstance(game, PgdkGame)
    policy = policy_for(game)

    def paid_in_order(state: PgdkState, seat: int, price: int, wanted: float) -> bool:
        worth = policy._worth(state, seat)
        total = 0
        for k in sorted((game.kind_of[c] for c in state.hands[seat]), key=worth.junk_key):
            if total >= price:
                return True
            if worth(k) >= wanted - 2:
                return False
            total += game.k_value[k]
        return total >= price

    answers = set()
    for players in (2, 3, 4):
        state = game.new_state(players, players)
        chooser = Rng(players)
        steps = 0
        while game.to_act(state) and steps < 600:
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            if steps % 5 == 0:
                for other in range(players):
                    worth = policy._worth(state, other)
                    for price in (0, 1, 3, 5, 8):
                        for wanted in (2.0, 7.0, 9.5, 12.0, 22.0):
                            fast = policy._can_pay(state, other, worth, price, wanted)
                            assert fast == paid_in_order(state, other, price, wanted)
                            answers.add(fast)
            game.apply(state, seat, policy.choose(state, seat, legal, chooser))
            steps += 1
    assert answers == {True, False}
