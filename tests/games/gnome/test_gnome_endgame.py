"""The end of the game and the winner: R18, R25, R29, D1, D8, D9, G9-G11.

Matches are driven to their end with seeded random choices; then the collections and the
Teamwork cards left are set explicitly, and the outcome is read.
"""

from __future__ import annotations

import pytest
from gnome_testkit import BLUE, GREEN, PURPLE, RED, YELLOW, finish_randomly, make_game, new_match

from gamenight.core import InvalidParamsError, Match, PlayerCountError, Rng
from gamenight.core.registry import make_game as registry_game
from gamenight.games.gnome.state import GameRecord, GnomeState


def ended(players: int = 4, seed: int = 0, **overrides: object) -> Match:
    match = new_match(players, seed, **overrides)
    finish_randomly(match, seed)
    return match


def set_final(state: GnomeState, collections: list[list[int]], left: list[int | None]) -> None:
    """Each seat holds exactly ``collections[seat]`` (as Individual cards) and has the one
    Teamwork card ``left[seat]`` (None: no card) left."""
    state.secret = (-1,) * state.num_players
    state.shared = []
    state.individual = [list(cards) for cards in collections]
    state.hand = [0 if card is None else 1 << card for card in left]


# -- the end ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "aside"), [(3, 8), (4, 0), (6, 0)])
def test_d1_r18_eight_rounds_use_the_whole_deck_and_leave_one_teamwork_card(
    players: int, aside: int
) -> None:
    match = ended(players, seed=2)
    state = match.state
    assert match.is_over()
    assert state.round == 8
    assert state.deck == []
    assert len(state.aside) == aside  # G8: 3 players set 8 of the base 24 aside unseen
    assert all(bin(cards).count("1") == 1 for cards in state.hand)
    assert match.outcome is not None
    assert match.outcome.reason.startswith("all Research cards drawn")


# -- the winner -------------------------------------------------------------------------------
def test_r25_the_highest_research_result_wins() -> None:
    match = ended()
    set_final(match.state, [[RED, RED, RED], [BLUE, BLUE], [GREEN], []], [1, 9, 9, 9])
    outcome = match.outcome
    assert outcome is not None
    assert outcome.scores == (9.0, 4.0, 1.0, 0.0)
    assert outcome.winners == (0,)
    assert not outcome.capped


def test_r25_d8_a_tie_goes_to_the_highest_remaining_teamwork_card() -> None:
    match = ended()
    set_final(match.state, [[RED, RED], [BLUE, BLUE], [GREEN], []], [3, 8, 9, 9])
    outcome = match.outcome
    assert outcome is not None
    assert outcome.winners == (1,)
    assert "highest Teamwork card left" in outcome.reason


def test_r25_d8_a_second_tie_means_no_one_wins() -> None:
    match = ended()
    set_final(match.state, [[RED, RED], [BLUE, BLUE], [GREEN], []], [7, 7, 9, 9])
    outcome = match.outcome
    assert outcome is not None
    assert outcome.winners == ()
    assert "no one wins" in outcome.reason


def test_r25_three_way_tie_broken_by_the_one_highest_card() -> None:
    match = ended(6)
    set_final(
        match.state,
        [[RED], [BLUE], [GREEN], [YELLOW], [PURPLE, PURPLE], [PURPLE, PURPLE]],
        [9, 9, 9, 9, 4, 6],
    )
    outcome = match.outcome
    assert outcome is not None
    assert outcome.winners == (5,)


def test_r25_3_players_tie_break() -> None:
    match = ended(3)
    set_final(match.state, [[RED, RED], [BLUE, BLUE], [GREEN, GREEN]], [2, 5, 5])
    outcome = match.outcome
    assert outcome is not None
    assert outcome.winners == ()
    set_final(match.state, [[RED, RED], [BLUE, BLUE], [GREEN, GREEN]], [2, 5, 6])
    assert match.outcome is not None
    assert match.outcome.winners == (2,)


def test_g10_with_no_teamwork_card_left_a_tie_stands() -> None:
    """9 rounds of 9 Teamwork cards: nobody has a card left to break a tie."""
    match = ended(4, rounds=9, cards_per_round_4p=2)
    state = match.state
    assert state.hand == [0, 0, 0, 0]
    set_final(state, [[RED], [BLUE], [], []], [None] * 4)
    assert match.outcome is not None
    assert match.outcome.winners == ()


# -- session play -----------------------------------------------------------------------------
def test_r29_g9_session_is_three_games_with_a_new_partner_each() -> None:
    match = ended(4, seed=5, session_games=3)
    state = match.state
    assert [game[4] for game in state.history] == [
        ((0, 2), (1, 3)),
        ((0, 1), (2, 3)),
        ((0, 3), (1, 2)),
    ]
    partners = {frozenset(team) for game in state.history for team in game[4]}
    assert len(partners) == 6  # every pair of seats partnered exactly once
    outcome = match.outcome
    assert outcome is not None
    totals = tuple(float(sum(game[0][seat] for game in state.history)) for seat in range(4))
    assert outcome.scores == totals
    assert outcome.reason.startswith("session over")


def test_g9_each_session_game_is_a_fresh_deal() -> None:
    match = new_match(4, seed=5, session_games=3)
    state = match.state
    while not state.history:
        finish_step(match)
    assert state.game_number == 1
    assert state.round == 1
    assert state.teams == ((0, 1), (2, 3))
    assert all(cards == match.game.full_hand for cards in state.hand)
    assert state.individual == [[], [], [], []]
    assert len(state.deck) == 24 - 3
    view = match.view(1)
    assert view["session"]["history"][0]["secrets"] == [
        match.game.params.card_names[c] for c in state.history[0][3]
    ]


def finish_step(match: Match) -> None:
    seat = match.to_act()[0]
    match.apply(seat, match.legal_actions(seat)[0])


def _session_state(totals: list[list[int]], left_sums: list[list[int]]) -> Match:
    match = ended(4, seed=6, session_games=3)
    teams = match.state.history[0][4]
    match.state.history = tuple(
        GameRecord(
            tuple(scores), (9, 9, 9, 9), tuple(left), (RED, GREEN, BLUE, PURPLE), teams, (), ()
        )
        for scores, left in zip(totals, left_sums, strict=True)
    )
    return match


def test_d9_session_winner_has_the_highest_cumulative_score() -> None:
    match = _session_state([[10, 5, 3, 0], [10, 20, 3, 0], [10, 0, 3, 0]], [[1] * 4] * 3)
    assert match.outcome is not None
    assert match.outcome.scores == (30.0, 25.0, 9.0, 0.0)
    assert match.outcome.winners == (0,)


def test_d9_session_tie_broken_by_the_sum_of_leftover_teamwork_cards() -> None:
    match = _session_state(
        [[10, 5, 3, 0], [10, 25, 3, 0], [10, 0, 3, 0]],
        [[9, 1, 1, 1], [1, 1, 1, 1], [1, 8, 1, 1]],
    )
    assert match.outcome is not None
    assert match.outcome.scores[:2] == (30.0, 30.0)
    assert match.outcome.winners == (0,)  # 9 + 1 + 1 = 11 left beats 1 + 1 + 8 = 10
    assert "sum of Teamwork cards left" in match.outcome.reason


def test_d9_session_tie_on_both_means_no_one_wins() -> None:
    match = _session_state(
        [[10, 5, 3, 0], [10, 25, 3, 0], [10, 0, 3, 0]],
        [[9, 1, 1, 1], [1, 9, 1, 1], [1, 1, 1, 1]],  # 11 and 11 left
    )
    assert match.outcome is not None
    assert match.outcome.winners == ()


@pytest.mark.parametrize("players", [3, 6])
def test_r29_g12_session_play_is_refused_at_other_player_counts(players: int) -> None:
    game = registry_game("gnome", variant="session")
    with pytest.raises(PlayerCountError, match=r"session play .* 4 players only, not"):
        Match(game, players, 0)
    with pytest.raises(PlayerCountError):
        game.new_state(players, 0)


# -- the safety cap ---------------------------------------------------------------------------
def test_g11_the_safety_cap_scores_the_game_and_marks_it_capped() -> None:
    match = ended(4, max_actions=10)
    outcome = match.outcome
    assert outcome is not None
    assert outcome.capped
    assert outcome.reason.startswith("safety cap reached")
    assert match.state.steps == 10
    assert outcome.scores == tuple(float(s) for s in match.game.scores(match.state))


def test_g11_a_capped_session_counts_the_unfinished_game() -> None:
    match = ended(4, max_actions=60, session_games=3)
    state = match.state
    assert match.outcome is not None
    assert match.outcome.capped
    assert len(state.history) == 2
    totals = tuple(float(sum(game[0][seat] for game in state.history)) for seat in range(4))
    assert match.outcome.scores == totals


def test_d1_rounds_need_a_deck_large_enough_for_the_player_count() -> None:
    game = make_game(rounds=9)
    with pytest.raises(InvalidParamsError, match="4 players: the Research deck holds 24"):
        Match(game, 4, 0)
    Match(game, 3, 0)  # 9 x 2 cards fit in the base deck of 24


def test_g11_a_match_capped_mid_commit_keeps_the_face_down_cards_in_hand() -> None:
    """Stopped after two commitments: those cards count as not played, in every view."""
    match = new_match(4, seed=1, max_actions=2)
    match.apply(0, "play 9")
    match.apply(1, "play 4")
    assert match.is_over()
    game = match.game
    for seat in range(4):
        seen = match.view(seat)
        assert [s["unrevealed"] for s in seen["seats"]] == [list(range(1, 10))] * 4
        guess = game.determinize(seen, seat, Rng(seat))
        assert game.view(guess, seat) == seen
        assert sorted(game.components(guess)) == sorted(game.components(match.state))
    outcome = match.outcome
    assert outcome is not None
    assert outcome.capped
