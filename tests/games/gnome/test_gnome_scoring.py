"""Scoring: R19-R24 and D7 (squares per colour, White, Multicolour, the set of six)."""

from __future__ import annotations

import pytest
from gnome_testkit import BLUE, GREEN, MULTI, PURPLE, RED, WHITE, YELLOW, make_game, new_match

from gamenight.games.gnome.params import GnomeParams
from gamenight.games.gnome.scoring import Scorer

SCORER = Scorer(GnomeParams())


def score(*cards: int) -> int:
    return SCORER.score(cards)


@pytest.mark.parametrize(("count", "expected"), [(1, 1), (2, 4), (3, 9), (4, 16), (5, 25), (6, 36)])
def test_r22_score_table_for_one_to_six_cards(count: int, expected: int) -> None:
    """R22: the rulebook's table, 1 to 6 cards of a colour."""
    assert score(*[BLUE] * count) == expected


@pytest.mark.parametrize(("count", "expected"), [(7, 49), (8, 64), (10, 100)])
def test_d7_beyond_six_cards_a_colour_scores_n_squared(count: int, expected: int) -> None:
    assert score(*[RED] * count) == expected


def test_r19_r24_colours_are_scored_separately_and_added() -> None:
    assert score(RED, RED, BLUE, BLUE, BLUE, GREEN) == 4 + 9 + 1


def test_r21_white_scores_zero() -> None:
    assert score(WHITE) == 0
    assert score(WHITE, WHITE, RED) == 1


def test_r23_d7_set_of_six_with_white_scores_the_bonus() -> None:
    assert score(RED, YELLOW, GREEN, BLUE, PURPLE, WHITE) == 5 + 10


def test_d7_five_colours_without_white_are_no_set() -> None:
    assert score(RED, YELLOW, GREEN, BLUE, PURPLE) == 5


def test_d7_set_bonus_counts_at_most_once() -> None:
    two_sets = [RED, YELLOW, GREEN, BLUE, PURPLE, WHITE] * 2
    assert score(*two_sets) == 5 * 4 + 10


def test_r20_d7_multicolour_completes_the_set() -> None:
    """A Multicolour card stands for the missing Purple; White completes the six."""
    assert score(RED, YELLOW, GREEN, BLUE, MULTI, WHITE) == 5 + 10


def test_d7_multicolour_never_counts_as_white() -> None:
    """Five colours and a Multicolour but no White: no set; the Multicolour joins a colour."""
    assert score(RED, YELLOW, GREEN, BLUE, PURPLE, MULTI) == 4 + 4


def test_r20_d7_multicolour_joins_the_colour_where_it_scores_best() -> None:
    assert score(RED, RED, RED, BLUE, MULTI) == 16 + 1
    assert score(MULTI, MULTI) == 4
    assert score(RED, RED, BLUE, BLUE, BLUE, MULTI, MULTI) == 4 + 25


@pytest.mark.parametrize(
    ("reds", "expected", "why"),
    [
        (4, 16 + 3 + 1 + 10, "the set (30) beats four Reds becoming five (25 + 3 = 28)"),
        (5, 39, "a draw: the set gives 25 + 3 + 1 + 10, six Reds 36 + 3"),
        (6, 49 + 3, "seven Reds (49 + 3 = 52) beat the set (36 + 3 + 1 + 10 = 50)"),
    ],
)
def test_d7_multicolour_weighs_the_set_against_a_bigger_colour(
    reds: int, expected: int, why: str
) -> None:
    cards = [RED] * reds + [YELLOW, GREEN, BLUE, MULTI, WHITE]
    assert score(*cards) == expected, why


def test_d7_shared_multicolour_counts_where_best_for_each_holder() -> None:
    """Seat 0 (Reds) and seat 2 (Blues) share a Multicolour; each counts it their own way."""
    match = new_match(4, seed=1)
    state = match.state
    state.secret = (-1, -1, -1, -1)
    state.individual = [[RED, RED], [], [BLUE, BLUE, BLUE], []]
    state.shared = [(MULTI, 0, 2)]
    assert match.game.scores(state) == (9, 0, 16, 0)


def test_r19_secret_individual_and_shared_cards_count_alike() -> None:
    match = new_match(4, seed=1)
    state = match.state
    state.secret = (RED, GREEN, BLUE, PURPLE)
    state.individual = [[RED], [], [], []]
    state.shared = [(RED, 0, 2), (GREEN, 1, 3)]
    assert match.game.scores(state) == (9, 4, 2, 2)


def test_params_score_exponent_and_bonus_are_data() -> None:
    cubes = Scorer(GnomeParams(score_exponent=3, set_bonus=20))
    assert cubes.score([RED, RED, BLUE]) == 8 + 1
    assert cubes.score([RED, YELLOW, GREEN, BLUE, PURPLE, WHITE]) == 5 + 20


def test_params_score_table_then_exponent_beyond_it() -> None:
    table = Scorer(GnomeParams(score_table=(0, 2, 5)))
    assert table.score([RED]) == 2
    assert table.score([RED, RED]) == 5
    assert table.score([RED, RED, RED]) == 9  # past the table: 3 squared


def test_d7_multicolour_search_works_for_tables_that_are_not_convex() -> None:
    """With 1 card worth 5 and 2 worth 1, two Multicolour cards go to different colours."""
    odd = Scorer(GnomeParams(score_table=(0, 5, 1)))
    assert odd.score([MULTI, MULTI]) == 10


def test_five_colour_set_variant_needs_no_white() -> None:
    game = make_game(set_needs_white=False)
    assert game.scorer.score([RED, YELLOW, GREEN, BLUE, PURPLE]) == 15
