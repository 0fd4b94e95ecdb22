"""The order of choosing and every tie rule: R9-R12, R27-R28, R31-R33, R36-R38, D4-D6, G1-G5.

Each test sets the Research cards on offer, plays explicit Teamwork cards through the checked
Match and follows the picks. Default teams: 4 players (0,2) (1,3); 6 players (0,3) (1,4) (2,5).
"""

from __future__ import annotations

import itertools

import pytest
from gnome_testkit import (
    BLUE,
    GREEN,
    MULTI,
    PURPLE,
    RED,
    WHITE,
    YELLOW,
    new_match,
    play_round,
    set_offer,
    steps,
)

from gamenight.core import IllegalActionError
from gamenight.games.gnome.rules import order_for_teams, queue_4p
from gamenight.games.gnome.state import CHOOSE_PARTNER, COMMIT, DEAL, INDIVIDUAL, PARTNER, SHARED


def legal_texts(match, seat: int) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(a) for a in match.legal_actions(seat)]


# -- 4 players --------------------------------------------------------------------------------
def test_r27_order_of_choosing_with_4_players() -> None:
    match = new_match(4)
    set_offer(match, RED, BLUE, GREEN)
    play_round(match, [9, 3, 5, 4])  # team 0+2: 14 (Leader 0); team 1+3: 7 (Assistant 1)
    assert steps(match) == [(INDIVIDUAL, 0, -1), (SHARED, 1, 3), (INDIVIDUAL, 2, -1)]
    assert match.to_act() == (0,)
    assert legal_texts(match, 0) == ["take red", "take green", "take blue"]
    match.apply(0, "take red")  # 1st: Leader of the highest team, Individual
    assert match.to_act() == (1,)
    match.apply(1, "take blue")  # 2nd: Assistant of the lowest team, Shared with 3
    state = match.state
    assert state.individual == [[RED], [], [GREEN], []]  # 3rd: the last card, taken at once
    assert state.shared == [(BLUE, 1, 3)]
    assert state.round == 2
    assert state.phase == COMMIT


def test_r9_the_leader_is_the_higher_card_of_the_team() -> None:
    match = new_match(4)
    set_offer(match, RED, BLUE, GREEN)
    play_round(match, [2, 1, 8, 3])  # team 0+2: 10, Leader 2, Assistant 0; team 1+3: 4
    assert steps(match) == [(INDIVIDUAL, 2, -1), (SHARED, 1, 3), (INDIVIDUAL, 0, -1)]


def test_r28_equal_team_totals_give_nobody_anything() -> None:
    match = new_match(4)
    set_offer(match, RED, BLUE, GREEN)
    play_round(match, [9, 6, 1, 4])  # 10 against 10
    state = match.state
    assert state.individual == [[], [], [], []]
    assert state.shared == []
    assert sorted(state.discard) == [RED, GREEN, BLUE]
    assert state.round == 2


def test_r11_d4_a_team_that_did_not_form_forfeits_its_picks_4p() -> None:
    """Team 0+2 played 5 and 5: it is the highest team (10) but picks nothing; the lowest
    team's Assistant chooses among all three cards and the other two are discarded."""
    match = new_match(4)
    set_offer(match, RED, BLUE, GREEN)
    play_round(match, [5, 2, 5, 3])
    assert steps(match) == [(SHARED, 1, 3)]
    assert legal_texts(match, 1) == ["take red", "take green", "take blue"]
    match.apply(1, "take green")
    assert match.state.shared == [(GREEN, 1, 3)]
    assert sorted(match.state.discard) == [RED, BLUE]
    assert match.state.individual == [[], [], [], []]


def test_r11_d4_lowest_team_not_formed_the_highest_team_picks_both() -> None:
    match = new_match(4)
    set_offer(match, RED, BLUE, GREEN)
    play_round(match, [7, 2, 6, 2])  # team 1+3 played 2 and 2: no team
    assert steps(match) == [(INDIVIDUAL, 0, -1), (INDIVIDUAL, 2, -1)]
    match.apply(0, "take blue")
    match.apply(2, "take red")
    assert match.state.individual == [[BLUE], [], [RED], []]
    assert match.state.discard == [GREEN]


def test_d4_a_team_that_did_not_form_still_ties_on_team_total() -> None:
    match = new_match(4)
    set_offer(match, RED, BLUE, GREEN)
    play_round(match, [5, 6, 5, 4])  # 5+5 = 10 (no team) against 6+4 = 10
    assert match.state.individual == [[], [], [], []]
    assert match.state.shared == []
    assert len(match.state.discard) == 3


def test_g1_a_pick_among_cards_all_alike_is_taken_at_once() -> None:
    match = new_match(4)
    set_offer(match, RED, RED, RED)
    play_round(match, [9, 3, 5, 4])
    state = match.state
    assert state.individual == [[RED], [], [RED], []]
    assert state.shared == [(RED, 1, 3)]
    assert state.phase == COMMIT


# -- 6 players --------------------------------------------------------------------------------
def test_r31_order_of_choosing_with_6_players() -> None:
    """Highest 0+3 (17, Leader 0), middle 1+4 (11, Leader 4), lowest 2+5 (3, Assistant 2)."""
    match = new_match(6)
    set_offer(match, RED, YELLOW, GREEN, BLUE)
    play_round(match, [9, 5, 1, 8, 6, 2])
    assert steps(match) == [
        (INDIVIDUAL, 0, -1),
        (SHARED, 2, 5),
        (INDIVIDUAL, 3, -1),
        (SHARED, 4, 1),
    ]
    match.apply(0, "take red")
    match.apply(2, "take yellow")
    match.apply(3, "take blue")
    state = match.state  # 4th: the middle team takes the remaining Green as a Shared card
    assert state.individual == [[RED], [], [], [BLUE], [], []]
    assert state.shared == [(YELLOW, 2, 5), (GREEN, 4, 1)]
    assert state.round == 2


@pytest.mark.parametrize("lone_is_highest", [True, False])
def test_r32_d5_two_teams_tie_the_third_picks_first_the_tied_get_dealt_cards(
    lone_is_highest: bool,
) -> None:
    """Teams 1+4 and 2+5 tie on 7; team 0+3 picks twice (first its Leader, then its
    Assistant), wherever its total ranks; each tied team is dealt one of the last two cards."""
    match = new_match(6, seed=3)
    set_offer(match, RED, YELLOW, GREEN, BLUE)
    lone = [9, 8] if lone_is_highest else [1, 2]
    play_round(match, [lone[0], 3, 2, lone[1], 4, 5])
    leader, assistant = (0, 3) if lone_is_highest else (3, 0)
    assert steps(match) == [
        (INDIVIDUAL, leader, -1),
        (INDIVIDUAL, assistant, -1),
        (DEAL, 4, 1),
        (DEAL, 5, 2),
    ]
    match.apply(leader, "take red")
    match.apply(assistant, "take green")
    state = match.state
    assert state.individual[leader] == [RED]
    assert state.individual[assistant] == [GREEN]
    dealt = sorted(card for card, _, _ in state.shared)
    assert dealt == [YELLOW, BLUE]
    assert [(a, b) for _, a, b in state.shared] == [(4, 1), (5, 2)]
    assert state.discard == []


def test_r32_d5_the_dealt_cards_are_random() -> None:
    """Over seeds, each tied team receives each of the two remaining cards sometimes."""
    seen = set()
    for seed in range(20):
        match = new_match(6, seed=seed)
        set_offer(match, RED, YELLOW, GREEN, BLUE)
        play_round(match, [9, 3, 2, 8, 4, 5])
        match.apply(0, "take red")
        match.apply(3, "take green")
        seen.add(tuple(card for card, _, _ in match.state.shared))
    assert seen == {(YELLOW, BLUE), (BLUE, YELLOW)}


def test_d5_a_tied_team_that_did_not_form_is_dealt_nothing() -> None:
    match = new_match(6)
    set_offer(match, RED, YELLOW, GREEN, BLUE)
    play_round(match, [9, 6, 5, 8, 4, 5])  # 1+4: 6+4 = 10; 2+5: 5+5 = 10, no team
    assert steps(match) == [(INDIVIDUAL, 0, -1), (INDIVIDUAL, 3, -1), (DEAL, 1, 4)]
    match.apply(0, "take red")
    match.apply(3, "take green")
    state = match.state
    assert len(state.shared) == 1
    assert state.shared[0][1:] == (1, 4)
    assert len(state.discard) == 1


def test_r32_d4_two_teams_tie_and_the_third_did_not_form() -> None:
    match = new_match(6)
    set_offer(match, RED, YELLOW, GREEN, BLUE)
    play_round(match, [7, 3, 2, 7, 4, 5])  # 0+3 no team (14); 1+4 and 2+5 tie on 7
    state = match.state  # nobody picks: both deals happen at once
    assert [(a, b) for _, a, b in state.shared] == [(4, 1), (5, 2)]
    assert len(state.discard) == 2
    assert state.individual == [[]] * 6


def test_r33_three_teams_tie_and_nobody_gets_anything() -> None:
    match = new_match(6)
    set_offer(match, RED, YELLOW, GREEN, BLUE)
    play_round(match, [9, 6, 5, 1, 4, 5])  # 10, 10, 10 (2+5 did not form, still 10)
    state = match.state
    assert state.shared == []
    assert state.individual == [[]] * 6
    assert sorted(state.discard) == [RED, YELLOW, GREEN, BLUE]


def test_g3_the_middle_leader_chooses_when_several_cards_remain() -> None:
    """Highest 0+3 did not form (8+8): picks 1 and 3 are forfeited, so after the lowest
    team's Shared card, the middle team's Leader (4) chooses among three cards."""
    match = new_match(6)
    set_offer(match, RED, YELLOW, GREEN, BLUE)
    play_round(match, [8, 5, 1, 8, 6, 2])
    assert steps(match) == [(SHARED, 2, 5), (SHARED, 4, 1)]
    match.apply(2, "take blue")
    assert match.to_act() == (4,)
    assert legal_texts(match, 4) == ["take red", "take yellow", "take green"]
    match.apply(4, "take yellow")
    state = match.state
    assert state.shared == [(BLUE, 2, 5), (YELLOW, 4, 1)]
    assert sorted(state.discard) == [RED, GREEN]


# -- 3 players --------------------------------------------------------------------------------
def test_r36_order_of_choosing_with_3_players() -> None:
    match = new_match(3)
    set_offer(match, RED, MULTI)
    play_round(match, [2, 9, 5])
    assert steps(match) == [(INDIVIDUAL, 1, -1), (CHOOSE_PARTNER, 0, -1)]
    match.apply(1, "take multicolour")  # 1st: the highest card, Individual
    state = match.state
    assert state.phase == PARTNER  # 2nd: the lowest took the Red and names a partner
    assert state.pending == RED
    assert match.to_act() == (0,)
    assert legal_texts(match, 0) == ["share 1", "share 2"]
    match.apply(0, "share 2")
    assert state.individual == [[], [MULTI], []]
    assert state.shared == [(RED, 0, 2)]
    assert state.round == 2


@pytest.mark.parametrize("cards", [[5, 5, 3], [3, 5, 5], [5, 8, 5]])
def test_r37_d6_two_tied_players_get_nothing_the_third_picks_one(cards: list[int]) -> None:
    match = new_match(3)
    set_offer(match, GREEN, PURPLE)
    play_round(match, cards)
    lone = next(seat for seat, v in enumerate(cards) if cards.count(v) == 1)
    assert steps(match) == [(INDIVIDUAL, lone, -1)]
    match.apply(lone, "take purple")
    state = match.state
    assert state.individual[lone] == [PURPLE]
    assert state.shared == []
    assert state.discard == [GREEN]


def test_r38_all_three_play_the_same_card_and_nobody_gets_anything() -> None:
    match = new_match(3)
    set_offer(match, GREEN, WHITE)
    play_round(match, [4, 4, 4])
    state = match.state
    assert state.individual == [[], [], []]
    assert state.shared == []
    assert sorted(state.discard) == [GREEN, WHITE]


def test_r36_g5_the_lowest_player_cannot_share_with_himself() -> None:
    match = new_match(3)
    set_offer(match, RED, BLUE)
    play_round(match, [2, 9, 5])
    match.apply(1, "take red")
    with pytest.raises(IllegalActionError, match="R36"):
        match.apply(0, "share 0")


def test_g3_g5_the_lowest_player_chooses_when_several_cards_remain() -> None:
    match = new_match(3, cards_per_round_3p=3)
    set_offer(match, RED, BLUE, GREEN)
    play_round(match, [2, 9, 5])
    match.apply(1, "take red")
    assert legal_texts(match, 0) == ["take green", "take blue"]
    match.apply(0, "take blue")
    match.apply(0, "share 1")
    assert match.state.shared == [(BLUE, 0, 1)]
    assert match.state.discard == [GREEN]


def test_r27_r28_d4_the_4_player_shortcut_agrees_with_the_general_order() -> None:
    """The hot path's queue for two teams equals the general order, for every card set."""
    teams = ((0, 2), (1, 3))
    for cards in itertools.product(range(1, 6), repeat=4):
        rows = []
        for a, b in teams:
            va, vb = cards[a], cards[b]
            leader, assistant = (a, b) if va > vb else (b, a)
            rows.append((va + vb, va != vb, leader, assistant))
        general = order_for_teams(rows)
        assert queue_4p(list(cards), teams) == general[::-1], cards
