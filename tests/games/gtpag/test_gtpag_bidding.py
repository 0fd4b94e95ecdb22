"""The Bidding rounds: R3-R11, D5, G4, G14, G19, G21, G22."""

from __future__ import annotations

import pytest
from gtpag_helpers import AGOR, GNOME, legal_texts, new, play, two_nominations

from gamenight.core import Match, Rng, WrongActorError
from gamenight.core.registry import make_game
from gamenight.games.gtpag.rules import GtpagGame
from gamenight.games.gtpag.state import BOOSTING, GtpagState


def actors_of_round(game: GtpagGame, state: GtpagState, *texts: str) -> list[int]:
    order = []
    for text in texts:
        order.append(game.to_act(state)[0])
        play(game, state, text)
    return order


def test_r3_r4_d5_one_chip_a_turn_clockwise_from_the_last_nominator() -> None:
    game, state = two_nominations(4)  # n1 by seat 0, n2 by seat 3 (the last to nominate)
    order = actors_of_round(game, state, "bid +2 n2", "bid -1 n1", "bid invert n2", "bid +2 n1")
    assert order == [3, 0, 1, 2]
    assert [state.hand[seat].bit_count() for seat in range(4)] == [3, 3, 3, 3]
    assert state.round == 2


def test_r4_a_character_plays_exactly_one_chip_then_the_turn_passes() -> None:
    game, state = two_nominations(4)
    match = Match(game, 4, 1)
    match.state = state
    match.apply(3, "bid +2 n2")
    with pytest.raises(WrongActorError):
        match.apply(3, "bid -1 n2")


def test_d5_bidding_on_ones_own_nomination_is_allowed() -> None:
    game, state = two_nominations(4)
    assert "bid +2 n2" in legal_texts(game, state)  # seat 3 nominated n2


def test_r5_g19_bid_chips_lie_face_down_the_table_sees_only_where() -> None:
    game, state = two_nominations(4)
    action = game.parse_action("bid +2 n2")
    assert game.public_action(state, 3, action) == "bid a chip n2"
    play(game, state, "bid +2 n2")
    own = game.view(state, 3)["nominations"][1]["chips"]
    other = game.view(state, 0)["nominations"][1]["chips"]
    spectator = game.view(state, None)["nominations"][1]["chips"]
    assert own == [{"owner": 3, "kind": "+2", "face_up": False, "seen_by": []}]
    assert other == spectator == [{"owner": 3, "kind": None, "face_up": False, "seen_by": []}]


def test_r7_the_nominator_of_the_highest_face_up_score_begins_the_next_round() -> None:
    game, state = two_nominations(4)
    play(game, state, "bid +2 n2", "spotlight n2.1", "bid -1 n1", "bid +2 n1")
    # face up: n2 shows +2, n1 shows nothing
    assert game.view(state, 1)["nominations"][1]["tally"]["score"] == 2
    assert state.round == 2
    assert game.to_act(state) == (3,)


def test_r7_g21_a_face_up_trait_counts_between_rounds() -> None:
    game, state = two_nominations(4)
    play(game, state, "hype n2", "bid +2 n1", "bid +2 n1", "bid +2 n1")
    # n1 holds +6 face down; n2 shows Hype +2 face up: n2 leads
    assert game.to_act(state) == (3,)


def test_r8_d5_g4_on_a_tie_the_tied_nominator_with_the_most_recent_turn_begins() -> None:
    game, state = two_nominations(4)
    play(game, state, "bid +2 n2", "bid +2 n1", "bid -1 n1", "bid -1 n2")
    # nothing face up: n1 (seat 0) and n2 (seat 3) tie at 0; seat 0 played after seat 3
    assert game.to_act(state) == (0,)


def test_r8_the_most_recent_turn_decides_whichever_seat_it_is() -> None:
    game, state = new(4)
    play(game, state, "pass", f"nominate {AGOR}", f"nominate {GNOME}", "pass")
    # n1 by seat 3, n2 by seat 2; round 1 runs 2, 3, 0, 1
    play(game, state, "bid +2 n1", "bid +2 n2", "bid -1 n1", "bid -1 n2")
    assert game.to_act(state) == (3,)
    # round 2 runs 3, 0, 1, 2: now seat 2 played after seat 3
    play(game, state, "bid -1 n1", "bid +2 n2", "bid +2 n1", "bid -1 n2")
    assert game.to_act(state) == (2,)


def _smash_hand(game: GtpagGame, state: GtpagState, seat: int) -> None:
    """Take every chip out of ``seat``'s hand (out of the game) to test skipping."""
    for slot in range(game.per_seat):
        if state.hand[seat] >> slot & 1:
            state.smashed += (seat * game.per_seat + slot,)
    state.hand[seat] = 0


def test_r9_g22_a_starter_with_no_chips_is_skipped_and_the_round_goes_on_clockwise() -> None:
    game, state = two_nominations(4)
    play(game, state, "bid +2 n2", "spotlight n2.1")
    _smash_hand(game, state, 3)
    play(game, state, "bid -1 n1", "bid +2 n1")
    # n2 (seat 3) leads, but seat 3 has no chip: seat 0 begins, then 1, 2, and 3 is skipped
    assert state.round == 2
    order = actors_of_round(game, state, "bid +2 n1", "bid +2 n2", "bid -1 n2")
    assert order == [0, 1, 2]
    assert state.round == 3


def test_g4_a_skipped_turn_is_no_turn() -> None:
    game, state = new(4)
    play(game, state, "pass", f"nominate {AGOR}", f"nominate {GNOME}", "pass")
    # round 1 would run 2, 3, 0, 1; seat 3 (n1) has nothing to play and is skipped
    _smash_hand(game, state, 3)
    play(game, state, "bid +2 n1", "bid +2 n2", "bid -1 n1")
    # tie at 0: seat 3's skipped turn came after seat 2's, but only seat 2 played
    assert game.to_act(state) == (2,)


def test_r10_r11_g14_four_rounds_then_every_chip_is_flipped() -> None:
    game, state = two_nominations(4)
    rounds_seen = set()
    while state.phase in (1, 2):
        rounds_seen.add(state.round)
        seat = game.to_act(state)[0]
        game.apply(state, seat, game.legal_actions(state, seat)[0])
    assert rounds_seen == {1, 2, 3, 4}
    assert state.turn == 16  # every character played each of its 4 chips
    assert state.hand == [0, 0, 0, 0]
    for pile in state.piles:
        assert all(state.face_up >> c & 1 for c in pile)
    assert state.phase == BOOSTING  # seats 1 and 2 passed


def test_g14_without_traits_there_are_three_rounds() -> None:
    game, state = two_nominations(4, use_traits=False)
    while state.phase == 1:
        seat = game.to_act(state)[0]
        game.apply(state, seat, game.legal_actions(state, seat)[0])
    assert state.round == 3
    assert state.turn == 12


def test_r7_g21_the_between_rounds_tally_matches_the_face_up_chips() -> None:
    """The rules keep the face-up chips aside for R7 and tally fast for R13; both must agree
    with the plain tally of the piles."""
    game = make_game("gtpag")
    rng = Rng(8)
    checked = 0
    for seed in range(30):
        state = game.new_state(5, seed)
        while game.to_act(state):
            if state.phase in (1, 2):
                fast = game._face_up_scores(state)
                for j in range(len(state.piles)):
                    assert fast[j] == game.tally(state, j, face_up_only=True).score
                    assert game._score(state, j) == game.tally(state, j).score  # R13
                    checked += 1
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            game.apply(state, seat, legal[rng.randbelow(len(legal))])
    assert checked > 1000
