"""The end: R11-R15, D6, D7, G5, G10, G13, G16, G17, G18, G23 (boosting, final tally, ties)."""

from __future__ import annotations

import pytest
from gtpag_helpers import (
    AGOR,
    GNOME,
    Plan,
    bid_to_a_tie_of_n2_and_n3,
    chip,
    last_turn_of_bidding,
    lay,
    legal_texts,
    move,
    new,
    play,
    smash,
    tied_endgame,
    two_nominations,
)

from gamenight.core import IllegalActionError, Match
from gamenight.games.gtpag.state import BOOSTING, OVER, TIE


def test_r11_r12_d6_after_the_flip_only_passers_boost_counter_clockwise() -> None:
    game, state = tied_endgame()
    play(game, state, "bid invert n2")
    assert state.phase == BOOSTING
    assert all(state.face_up >> c & 1 for pile in state.piles for c in pile)  # R11
    # D6: the passer who played most recently (seat 2) first, then counter-clockwise: seat 1
    assert state.boost_queue == (2, 1)
    assert legal_texts(game, state) == ["boost n1", "boost n2", "decline"]
    play(game, state, "boost n2", "decline")
    assert state.phase == OVER
    assert game.view(state, None)["nominations"][1]["boosts"] == [2]
    assert game.view(state, None)["picked"] == GNOME


def test_d6_g4_boosting_starts_with_the_passer_who_played_most_recently() -> None:
    game, state = new(5, preferences=None)
    play(game, state, f"nominate {AGOR}", "pass", f"nominate {GNOME}", "pass", "pass")
    # n1 seat 0, n2 seat 3; passers 4, 2, 1. Every hand is emptied; seat 1 plays just before
    # the last chip, which seat 3 (a nominator) plays.
    plan: Plan = []
    for seat in (4, 2, 0, 1):
        plan += [(seat, "+2", 0), (seat, "-1", 1), (seat, "invert", 1)]
    plan += [(3, "+2", 0), (3, "-1", 1), (3, "Hype", 1)]
    plan += [(2, "House Rule", 0), (4, "Warcry", 0), (0, "Spotlight", None)]
    plan += [(1, "Switcheroo", None)]
    lay(game, state, plan)
    last_turn_of_bidding(game, state, 3)
    play(game, state, "bid invert n1")
    assert state.boost_queue == (1, 4, 2)  # 1, then counter-clockwise: (0), 4, (3), 2
    assert game.to_act(state) == (1,)


def test_r12_g5_a_boost_adds_after_inverts() -> None:
    game, state = tied_endgame()
    moved = chip(game, state, 2, "invert", in_hand=False)
    move(game, state, moved, 0)  # n1 (House Rule) takes it: n2 keeps no Invert
    play(game, state, "bid invert n2")  # n2: values 2, one Invert: -2
    play(game, state, "boost n2", "decline")
    tally = game.view(state, 0)["nominations"][1]["tally"]
    assert (tally["values"], tally["inverts"], tally["boosts"]) == (2, 1, 2)
    assert tally["score"] == -2 + 2  # not -(2 + 2)
    assert game.view(state, 0)["nominations"][0]["tally"]["score"] == 2  # n1, House Rule
    assert state.phase == OVER
    assert state.picked == 0  # R14: n1's 2 beats n2's 0


def test_g16_the_result_is_each_seats_preference_for_the_picked_game() -> None:
    """R14: the highest Score is picked; DC3, G16: a seat wins if it is its favourite."""
    game, state = tied_endgame()
    play(game, state, "bid invert n2", "decline", "boost n1")
    outcome = game.outcome(state)
    assert outcome is not None
    # PREFS_4: seat 0 (4,3,2,1), seat 1 (1,2,3,4), seat 2 (4,1,2,3), seat 3 (2,4,3,1)
    assert outcome.scores == (4.0, 1.0, 4.0, 2.0)
    assert outcome.winners == (0, 2)  # AGOR is their favourite
    assert outcome.reason == f"{AGOR} picked with a Score of 4"
    assert not outcome.capped
    for viewer in (None, 0, 1):
        assert game.view(state, viewer)["picked"] == AGOR


def test_g16_no_one_wins_when_the_pick_is_nobodys_favourite() -> None:
    game, state = tied_endgame(preferences=[[1, 3, 2, 4]] * 4)
    play(game, state, "bid invert n2", "decline", "boost n1")
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.winners == ()
    assert outcome.scores == (1.0,) * 4


def test_r15_d7_g13_a_tie_sends_every_chip_home_and_starts_a_tie_round() -> None:
    game, state = tied_endgame()
    play(game, state, "bid invert n2", "decline", "decline")
    assert state.phase == TIE
    assert state.tie_round == 1
    assert state.tie_history == (((0, 2), (1, 2)),)
    assert state.piles == [[], []]
    assert state.used == ()
    assert state.hand == [game.full_hand] * 4  # G13: Traits too, unplayable
    assert state.face_up == 0
    assert game.to_act(state) == (3,)  # D7: whoever played the last chip
    assert legal_texts(game, state) == [
        "bid +2 n1", "bid +2 n2", "bid -1 n1", "bid -1 n2", "bid invert n1", "bid invert n2"
    ]  # fmt: skip


def test_r15_d7_g23_tie_rounds_repeat_and_tally_from_zero() -> None:
    game, state = tied_endgame()
    play(game, state, "bid invert n2", "decline", "decline")
    # tie round 1, clockwise from seat 3: 1 against 1
    play(game, state, "bid +2 n1", "bid +2 n2", "bid -1 n1", "bid -1 n2")
    assert state.tie_round == 2
    assert state.tie_history[-1] == ((0, 1), (1, 1))
    assert game.to_act(state) == (2,)  # seat 2 played the last chip
    play(game, state, "bid +2 n1", "bid invert n2", "bid -1 n1", "bid +2 n2")
    assert state.phase == OVER
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.reason == f"{AGOR} picked with a Score of 1 after 2 tie rounds"
    assert game.tally(state, 1).score == -2


def test_r15_the_other_nominations_leave_the_tie_round() -> None:
    game, state = new(4)
    bid_to_a_tie_of_n2_and_n3(game, state)
    assert [game.tally(state, j).score for j in range(3)] == [0, 3, 3]
    last_turn_of_bidding(game, state, 0)
    play(game, state, "bid invert n3")  # n3: its Inverts are ignored (House Rule)
    play(game, state, "decline")  # seat 1, the only passer
    assert state.phase == TIE
    assert state.active == 0b110
    assert "bid +2 n1" not in legal_texts(game, state)
    match = Match(game, 4, 1)
    match.state = state
    with pytest.raises(IllegalActionError, match=r"^R15: n1 is out of the tie round"):
        match.apply(game.to_act(state)[0], "bid +2 n1")


def test_d7_g10_smashed_chips_stay_out_and_r9_a_character_without_bid_chips_is_skipped() -> None:
    game, state = two_nominations(4, characters=[1, 2, 4, 8], bid_chips=["+2"])
    # seat 1's only Bid chip was Smashed; n1: +2 and Hype = 4; n2: +2, then seat 3's +2 = 4
    lay(game, state, [(0, "+2", 0), (1, "+2", 1), (2, "+2", 1), (2, "Hype", 0)])
    smashed = smash(game, state, 1, 0)
    lay(game, state, [(0, "Spotlight", None), (1, "Switcheroo", None), (3, "Smash", None)])
    assert game.view(state, 0)["smashed"][0]["kind"] is None
    last_turn_of_bidding(game, state, 3)
    play(game, state, "bid +2 n2")
    # G10: at the flip every other chip of seat 1 is face up: its Smashed chip is known
    assert game.view(state, 0)["smashed"][0]["kind"] == "+2"
    play(game, state, "decline", "decline")
    assert state.phase == TIE
    assert state.smashed == (smashed,)
    order = []
    for text in ("bid +2 n1", "bid +2 n2", "bid +2 n1"):
        order.append(game.to_act(state)[0])
        play(game, state, text)
    assert order == [3, 0, 2]  # seat 1 holds no Bid chip: skipped
    assert game.view(state, 1)["picked"] == AGOR


def test_d7_g17_after_the_last_tied_repeat_the_winner_is_drawn() -> None:
    picks = set()
    for seed in range(12):
        game, state = tied_endgame(max_tie_rounds=0)
        state.rng = type(state.rng)(seed)
        play(game, state, "bid invert n2", "decline", "decline")
        assert state.phase == OVER
        assert state.drawn
        outcome = game.outcome(state)
        assert outcome is not None
        assert "random draw" in outcome.reason
        picks.add(state.picked)
    assert picks == {0, 1}


def test_g18_the_safety_cap_scores_as_at_the_end_and_says_so() -> None:
    """DC4, G18."""
    game, state = two_nominations(4, max_actions=6)
    play(game, state, "bid +2 n2", "bid -1 n1")
    assert state.phase == OVER
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.capped
    assert outcome.reason == f"safety cap reached; {GNOME} picked with a Score of 2"
    assert game.view(state, None)["picked"] == GNOME


def test_g18_capped_before_any_nomination_nothing_is_picked() -> None:
    game, state = new(4, max_actions=1)
    play(game, state, "pass")
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.capped
    assert outcome.winners == ()
    assert outcome.scores == (0.0,) * 4
    assert game.view(state, 0)["picked"] is None
