"""A Game of Requirements, rule by rule (numbers from games/requirements/RULES.md)."""

from __future__ import annotations

from collections import Counter

import pytest
from requirements_positions import GAME, act, build, legal, names, pair_id, tile_names, trait

from gamenight.core import IllegalActionError, InvalidParamsError, Match, PlayerCountError
from gamenight.core.rng import Rng
from gamenight.games.requirements.params import RequirementsParams
from gamenight.games.requirements.rules import CAPPED, FAILURES, STACK_EMPTY, RequirementsGame
from gamenight.games.requirements.state import Phase

# -- components and setup ----------------------------------------------------------------


def test_c1_c2_c3_seven_traits_and_every_pair_once() -> None:
    assert GAME.params.traits == ("Moxie", "Spunk", "Cheek", "Verve", "Guts", "Focus", "Pluck")
    assert len(GAME.pairs) == 28
    assert sum(1 for a, b in GAME.pairs if a == b) == 7
    assert len(set(GAME.pairs)) == 28
    no_doubles = RequirementsGame(RequirementsParams(doubles=False))
    assert len(no_doubles.pairs) == 21


@pytest.mark.parametrize("seed", range(20))
def test_r1_r2_d1_setup_stacks_by_exposed_trait(seed: int) -> None:
    state = GAME.new_state(2, seed)
    assert len(state.stack) == 27  # R9 turned one up already
    assert sorted([*state.stack, state.requirement]) == list(range(28))
    for shown, stack in enumerate(state.pool):
        assert all(state.coin_up[c] == shown for c in stack)
        assert 1 <= len(stack) <= 7  # C3 with D1: seven stacks of 1 to 7
    for c in range(28):
        assert sorted((state.coin_up[c], state.coin_down[c])) == list(GAME.pairs[c])
    assert state.reserve == [[], []]
    assert state.seen == [0, 0]


def test_d1_coins_land_either_side_up() -> None:
    ups = Counter()
    for seed in range(50):
        state = GAME.new_state(2, seed)
        c = pair_id("Moxie/Spunk")
        ups[state.coin_up[c]] += 1
    assert ups[trait("Moxie")] > 10
    assert ups[trait("Spunk")] > 10


def test_d2_first_player_drawn_at_random_and_alternates() -> None:
    firsts = {GAME.new_state(2, seed).first for seed in range(20)}
    assert firsts == {0, 1}
    fixed = RequirementsGame(RequirementsParams(first_player=1))
    state = fixed.new_state(2, 3)
    assert state.first == 1
    rng = Rng(0)
    rounds_seen = {}
    while fixed.to_act(state):
        rounds_seen[state.round] = state.first
        seat = fixed.to_act(state)[0]
        acts = fixed.legal_actions(state, seat)
        fixed.apply(state, seat, acts[rng.randbelow(len(acts))])
    for number, first in rounds_seen.items():
        assert first == (1 + number - 1) % 2


def test_player_count_other_than_two_is_refused() -> None:
    with pytest.raises(PlayerCountError, match="for 2 players, not 3"):
        GAME.new_state(3, 0)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"traits": ["Moxie"]}, "at least two traits"),
        ({"traits": ["Moxie", "moxie"]}, "must differ"),
        ({"failure_limit": 0}, "failure_limit"),
        ({"distinct_substitute": 7}, "between 1 and 6"),
        ({"first_player": 2}, "first_player"),
        ({"failure_limt": 3}, "unknown parameter 'failure_limt'"),
        ({"failure_limit": "five"}, "needs a whole number"),
    ],
)
def test_invalid_params_are_refused_with_one_line(change: dict, message: str) -> None:
    with pytest.raises(InvalidParamsError, match=message):
        RequirementsGame.params_from(change)


# -- Receptive phase ---------------------------------------------------------------------------


def test_r9_the_round_turns_up_the_top_tile() -> None:
    state = build(requirement="Moxie/Spunk")
    assert tile_names([state.requirement]) == ["Moxie/Spunk"]
    assert state.round == 1


def test_r10_first_player_chooses_first_then_the_second() -> None:
    state = build(
        requirement="Moxie/Spunk",
        first=1,
        reserves=(["Moxie/Cheek", "Spunk/Verve"], ["Moxie/Guts", "Spunk/Focus"]),
    )
    assert state.phase == Phase.RECEPTIVE
    assert state.actor == 1
    act(state, "pass")
    assert state.phase == Phase.RECEPTIVE
    assert state.actor == 0
    act(state, "pass")
    assert state.phase == Phase.BIDDING  # R10c
    assert state.actor == 1  # D5: the first player bids first


def test_g2_a_player_who_cannot_meet_is_passed_over() -> None:
    state = build(
        requirement="Moxie/Spunk",
        first=0,
        reserves=(["Cheek/Verve"], ["Moxie/Guts", "Spunk/Focus"]),
    )
    assert state.phase == Phase.RECEPTIVE
    assert state.actor == 1


def test_r11_exact_payment_wins_the_tile_and_discards_same_side_up() -> None:
    state = build(
        requirement="Moxie/Spunk", reserves=(["Moxie/Cheek", "Guts/Verve", "Spunk/Focus"], [])
    )
    # G3: Moxie is paid first, and only the Moxie coin can start a payment that completes
    assert legal(state) == ["pass", "pay r1"]
    act(state, "pay r1", "pay r3")
    assert names(state, state.discard) == ["Moxie/Cheek", "Spunk/Focus"]
    assert names(state, state.reserve[0]) == ["Guts/Verve"]
    assert tile_names(state.acc_tiles[0][0]) == ["Moxie/Spunk"]
    assert state.round == 2  # R10a: meeting ends the round


def test_r11a_two_matching_coins_pay_for_a_trait() -> None:
    state = build(
        requirement="Moxie/Spunk", reserves=(["Guts/Cheek", "Guts/Verve", "Spunk/Focus"], [])
    )
    act(state, "pay r1")
    assert legal(state) == ["pay r2"]  # Spunk would leave Moxie's route unfinishable
    act(state, "pay r2", "pay r3")
    assert names(state, state.discard) == ["Guts/Cheek", "Guts/Verve", "Spunk/Focus"]
    assert len(state.acc_tiles[0]) == 1


def test_r11b_three_different_traits_pay_for_a_fourth() -> None:
    state = build(
        requirement="Moxie/Spunk",
        reserves=(["Cheek/Cheek", "Verve/Verve", "Guts/Guts", "Spunk/Spunk"], []),
    )
    act(state, "pay r1", "pay r2", "pay r3", "pay r4")
    assert names(state, state.discard) == ["Cheek/Cheek", "Verve/Verve", "Guts/Guts", "Spunk/Spunk"]
    assert len(state.acc_tiles[0]) == 1


def test_r11b_the_three_must_not_include_the_needed_trait_and_must_differ() -> None:
    # Cheek, Verve and a Cheek cannot pay for Moxie: not three different traits, not a pair
    state = build(
        requirement="Moxie/Spunk",
        first=0,
        reserves=(["Cheek/Moxie", "Verve/Spunk", "Spunk/Guts"], []),
    )
    assert state.phase == Phase.BIDDING  # neither seat could meet (G2)


def test_d3_a_double_needs_its_trait_twice() -> None:
    state = build(
        requirement="Moxie/Moxie", reserves=(["Moxie/Cheek", "Guts/Verve", "Guts/Focus"], [])
    )
    assert state.phase == Phase.RECEPTIVE
    act(state, "pay r1", "pay r2", "pay r3")
    assert len(state.acc_tiles[0]) == 1
    one_moxie = build(
        requirement="Moxie/Moxie", first=0, reserves=(["Moxie/Cheek", "Guts/Verve"], [])
    )
    assert one_moxie.phase == Phase.BIDDING


def test_d3_meeting_is_optional_and_tried_once() -> None:
    state = build(requirement="Moxie/Spunk", first=0, reserves=(["Moxie/Cheek", "Spunk/Focus"], []))
    act(state, "pass")
    assert state.phase == Phase.BIDDING  # seat 1 cannot meet; no second chance for seat 0
    assert state.actor == 0


def test_g3_a_payment_once_begun_cannot_be_taken_back() -> None:
    state = build(requirement="Moxie/Spunk", reserves=(["Moxie/Cheek", "Spunk/Focus"], []))
    act(state, "pay r1")
    assert legal(state) == ["pay r2"]


def test_d4_tile_goes_on_a_matching_accomplishment_and_its_coins_stay() -> None:
    state = build(
        requirement="Spunk/Guts",
        reserves=(["Spunk/Cheek", "Guts/Verve"], []),
        accomplishments=(
            [(["Cheek/Verve"], ["Focus/Pluck"]), (["Moxie/Spunk"], ["Pluck/Pluck"])],
            [],
        ),
    )
    act(state, "pay r1", "pay r2")
    assert tile_names(state.acc_tiles[0][1]) == ["Moxie/Spunk", "Spunk/Guts"]
    assert names(state, state.acc_coins[0][1]) == ["Pluck/Pluck"]
    assert len(state.acc_tiles[0]) == 2


def test_d4_the_player_chooses_among_several_matching_accomplishments() -> None:
    state = build(
        requirement="Spunk/Guts",
        reserves=(["Spunk/Cheek", "Guts/Verve"], []),
        accomplishments=([(["Moxie/Guts"], []), (["Cheek/Verve"], []), (["Moxie/Spunk"], [])], []),
    )
    act(state, "pay r1", "pay r2")
    assert state.phase == Phase.PLACING
    assert legal(state) == ["place a1", "place a3"]
    with pytest.raises(IllegalActionError, match="D4"):
        Match_check(state, "place a2")
    act(state, "place a3")
    assert tile_names(state.acc_tiles[0][2]) == ["Moxie/Spunk", "Spunk/Guts"]


def test_d4_without_a_matching_accomplishment_a_new_one_starts() -> None:
    state = build(
        requirement="Spunk/Guts",
        reserves=(["Spunk/Cheek", "Guts/Verve"], []),
        accomplishments=([(["Cheek/Verve"], ["Moxie/Moxie"])], []),
    )
    act(state, "pay r1", "pay r2")
    assert [tile_names(t) for t in state.acc_tiles[0]] == [["Cheek/Verve"], ["Spunk/Guts"]]


# -- Deceptive phase ---------------------------------------------------------------------------


def test_r12_d5_bids_come_from_own_reserve_or_a_pool_top_showing_a_required_trait() -> None:
    state = build(
        requirement="Moxie/Spunk",
        first=0,
        reserves=(["Moxie/Cheek", "Guts/Verve"], ["Spunk/Focus"]),
    )
    assert state.phase == Phase.BIDDING
    assert legal(state) == ["decline", "bid r1", "bid pool Moxie", "bid pool Spunk"]
    with pytest.raises(
        IllegalActionError, match=r"rule 12: a bid coin must show Moxie or Spunk; r2 shows Guts"
    ):
        Match_check(state, "bid r2")
    with pytest.raises(IllegalActionError, match="rule 12"):
        Match_check(state, "bid pool Guts")


def test_r12_pool_bid_takes_the_top_coin_of_the_named_stack() -> None:
    state = build(requirement="Moxie/Spunk", pool_top=["Moxie/Pluck"])
    act(state, "bid pool Moxie")
    assert names(state, state.bid[0]) == ["Moxie/Pluck"]
    assert state.phase == Phase.CLAIMING


def test_g1_d7_the_bidder_sees_the_hidden_side_the_other_does_not() -> None:
    state = build(requirement="Moxie/Spunk", pool_top=["Moxie/Pluck"])
    act(state, "bid pool Moxie")
    mine = GAME.view(state, 0)["seats"][0]["bid"][0]
    theirs = GAME.view(state, 1)["seats"][0]["bid"][0]
    assert mine == {"up": "Moxie", "down": "Pluck", "seen_by": [0], "proven": False}
    assert theirs == {"up": "Moxie", "down": None, "seen_by": [0], "proven": False}
    assert GAME.view(state, None)["seats"][0]["bid"][0]["down"] is None


def test_d7_knowledge_follows_the_coin_wherever_it_goes() -> None:
    state = build(requirement="Moxie/Spunk", pool_top=["Moxie/Pluck"])
    act(state, "bid pool Moxie", "no-claim", "decline", "decline")  # R13: the tile fails
    # next round (seat 1 first), seat 0 still knows its carried-over bid coin
    assert GAME.view(state, 0)["seats"][0]["bid"][0]["down"] == "Pluck"
    assert GAME.view(state, 1)["seats"][0]["bid"][0]["down"] is None


def test_r13_two_declines_fail_the_requirement_and_bids_stay() -> None:
    state = build(requirement="Moxie/Spunk", pool_top=["Moxie/Pluck"], stack_left=3)
    act(state, "bid pool Moxie", "no-claim", "decline", "decline")
    assert tile_names(state.failed) == ["Moxie/Spunk"]
    assert names(state, state.bid[0]) == ["Moxie/Pluck"]
    assert state.round == 2
    assert state.first == 1  # R8: the marker changes hands


def test_r13_a_bid_breaks_a_run_of_declines() -> None:
    state = build(requirement="Moxie/Spunk")
    act(state, "decline", "bid pool Spunk", "no-claim")
    assert state.phase == Phase.BIDDING
    act(state, "decline")
    assert state.phase == Phase.BIDDING  # one decline since the last bid
    act(state, "decline")
    assert len(state.failed) == 1


def test_g2_a_player_who_cannot_bid_declines_at_once() -> None:
    # empty Pool stacks for Moxie and Spunk, and no such coins in seat 1's reserve
    state = build(requirement="Moxie/Spunk", reserves=([], ["Guts/Guts"]))
    state.pool[trait("Moxie")].clear()
    state.pool[trait("Spunk")].clear()
    assert legal(state) == ["decline"]


def test_r14_an_unchallenged_claim_wins_the_requirement() -> None:
    state = build(requirement="Moxie/Spunk", pool_top=["Moxie/Pluck"])
    act(state, "bid pool Moxie", "claim")
    assert state.phase == Phase.CHALLENGE
    assert state.actor == 1
    act(state, "accept")  # a false claim let stand still wins
    assert tile_names(state.acc_tiles[0][0]) == ["Moxie/Spunk"]


def test_r14_a_proven_claim_takes_a_challenger_coin_and_wins() -> None:
    state = build(
        requirement="Moxie/Spunk",
        bids=([], ["Spunk/Guts", "Moxie/Focus"]),
        pool_top=["Moxie/Spunk"],
    )
    act(state, "bid pool Moxie", "claim", "challenge")
    assert legal(state) == ["prove", "concede"]
    act(state, "prove")
    assert state.phase == Phase.TAKING
    act(state, "take b2")
    assert names(state, state.reserve[0]) == ["Moxie/Focus"]  # G7: taken before the tile
    assert tile_names(state.acc_tiles[0][0]) == ["Moxie/Spunk"]
    act(state, "done")
    assert names(state, state.reserve[0]) == ["Moxie/Focus", "Moxie/Spunk"]
    assert names(state, state.reserve[1]) == ["Spunk/Guts"]
    # D7: a proven coin is public
    proven = GAME.view(state, 1)["seats"][0]["reserve"][1]
    assert proven == {"up": "Moxie", "down": "Spunk", "seen_by": [0], "proven": True}


def test_r14_d6_declining_to_prove_a_true_claim_gives_the_challenger_the_win() -> None:
    state = build(requirement="Moxie/Spunk", bids=(["Spunk/Guts"], []), pool_top=["Moxie/Spunk"])
    act(state, "bid pool Moxie", "claim", "challenge", "concede")
    assert state.phase == Phase.TAKING
    assert state.actor == 1
    act(state, "take b1")
    assert names(state, state.reserve[1]) == ["Spunk/Guts"]
    assert tile_names(state.acc_tiles[1][0]) == ["Moxie/Spunk"]
    assert not state.proven


def test_r14_d6_g2_a_challenged_false_claim_is_still_asked_and_can_only_concede() -> None:
    """Issue 11 item 2: the claimant answers a challenge even when it cannot prove (G2)."""
    state = build(requirement="Moxie/Spunk", pool_top=["Moxie/Pluck"])
    act(state, "bid pool Moxie", "claim", "challenge")
    assert state.phase == Phase.PROOF
    assert GAME.to_act(state) == (0,)
    assert legal(state) == ["concede"]
    act(state, "concede")
    # one coin in the claimant's bid: taken at once (G2), then the challenger wins
    assert names(state, state.reserve[1]) == ["Moxie/Pluck"]
    assert tile_names(state.acc_tiles[1][0]) == ["Moxie/Spunk"]


def test_r14_d6_g2_a_challenge_does_not_tell_the_challenger_whether_the_claim_is_true() -> None:
    """Issue 11 item 2 (its reproduction): seat 1 cannot tell a true claim (Moxie/Spunk on top
    of the Moxie stack) from a false one (Moxie/Cheek), neither before the challenge, nor after
    it (the claimant is asked in both, G2), nor after a concession (D6)."""
    true_claim = build(requirement="Moxie/Spunk", pool_top=["Moxie/Spunk"])
    false_claim = build(requirement="Moxie/Spunk", pool_top=["Moxie/Cheek"])
    for state in (true_claim, false_claim):
        act(state, "bid pool Moxie", "claim")
    assert GAME.view(true_claim, 1) == GAME.view(false_claim, 1)
    for state in (true_claim, false_claim):
        act(state, "challenge")
    assert GAME.view(true_claim, 1) == GAME.view(false_claim, 1)
    assert GAME.to_act(true_claim) == GAME.to_act(false_claim) == (0,)
    assert legal(true_claim) == ["prove", "concede"]  # G1: the claimant knows its coin
    assert legal(false_claim) == ["concede"]
    for state in (true_claim, false_claim):
        act(state, "concede")
    assert GAME.view(true_claim, 1) == GAME.view(false_claim, 1)
    assert not true_claim.proven


def test_d6_with_no_coin_to_take_nothing_is_taken() -> None:
    state = build(requirement="Moxie/Spunk", pool_top=["Moxie/Spunk"])
    act(state, "bid pool Moxie", "claim", "challenge", "prove")
    assert state.reserve == [[], []]
    assert tile_names(state.acc_tiles[0][0]) == ["Moxie/Spunk"]


def test_r15_spectacle_coins_match_each_other_the_rest_go_home() -> None:
    state = build(
        requirement="Moxie/Spunk",
        bids=(["Guts/Focus", "Guts/Pluck", "Moxie/Cheek"], ["Spunk/Verve"]),
        pool_top=["Moxie/Spunk"],
    )
    act(state, "bid pool Moxie", "claim", "accept")
    assert state.phase == Phase.SPECTACLE
    act(state, "spectacle b1")
    assert legal(state) == ["done", "spectacle b1"]  # only the other Guts may follow (D8)
    act(state, "spectacle b1")
    assert state.round == 2  # G2: nothing else can join, so the Spectacle is done
    assert names(state, state.acc_coins[0][0]) == ["Guts/Focus", "Guts/Pluck"]
    assert names(state, state.reserve[0]) == ["Moxie/Cheek", "Moxie/Spunk"]  # R15d
    assert names(state, state.reserve[1]) == ["Spunk/Verve"]  # R15e
    assert state.bid == [[], []]


def test_r15c_spectacle_may_be_none_at_all() -> None:
    state = build(requirement="Moxie/Spunk", bids=(["Guts/Focus"], []), pool_top=["Moxie/Spunk"])
    act(state, "bid pool Moxie", "claim", "accept", "done")
    assert state.acc_coins[0] == [[]]
    assert names(state, state.reserve[0]) == ["Guts/Focus", "Moxie/Spunk"]


def test_r15c_spectacle_goes_on_the_accomplishment_just_grown() -> None:
    state = build(
        requirement="Spunk/Guts",
        bids=(["Cheek/Focus"], []),
        accomplishments=([(["Moxie/Moxie"], []), (["Moxie/Spunk"], ["Pluck/Pluck"])], []),
        pool_top=["Spunk/Guts"],
    )
    act(state, "bid pool Spunk", "claim", "accept", "spectacle b1")
    assert names(state, state.acc_coins[0][1]) == ["Pluck/Pluck", "Cheek/Focus"]
    assert GAME.scores(state) == (2 * 2, 0)


# -- the end and the score ---------------------------------------------------------------------


def test_r16_the_fifth_failure_ends_the_game_at_once() -> None:
    state = build(
        requirement="Moxie/Spunk",
        failed=["Guts/Guts", "Cheek/Cheek", "Verve/Verve", "Focus/Focus"],
        bids=(["Guts/Focus"], []),
        accomplishments=([(["Moxie/Moxie"], ["Cheek/Verve"])], []),
    )
    act(state, "decline", "decline")
    assert state.phase == Phase.OVER
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.reason == FAILURES
    assert outcome.scores == (1.0, 0.0)
    assert outcome.winners == (0,)


def test_d9_the_game_ends_with_the_round_of_the_last_tile() -> None:
    state = build(
        requirement="Moxie/Spunk", reserves=(["Moxie/Cheek", "Spunk/Focus"], []), stack_left=0
    )
    assert GAME.outcome(state) is None
    act(state, "pay r1", "pay r2")
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.reason == STACK_EMPTY


def test_r17_score_is_greatness_times_spectacle_summed() -> None:
    state = build(
        requirement="Pluck/Pluck",
        accomplishments=(
            [
                (["Moxie/Spunk", "Spunk/Spunk", "Spunk/Guts"], ["Moxie/Moxie", "Moxie/Guts"]),
                (["Cheek/Verve"], []),
            ],
            [(["Focus/Focus", "Focus/Pluck"], ["Cheek/Cheek"])],
        ),
    )
    assert GAME.scores(state) == (3 * 2 + 1 * 0, 2 * 1)


def test_r18_a_tie_means_no_one_wins() -> None:
    state = build(
        requirement="Moxie/Spunk",
        failed=["Guts/Guts", "Cheek/Cheek", "Verve/Verve", "Focus/Focus"],
        accomplishments=([(["Moxie/Moxie"], ["Cheek/Verve"])], [(["Pluck/Pluck"], ["Guts/Focus"])]),
    )
    act(state, "decline", "decline")
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.scores == (1.0, 1.0)
    assert outcome.winners == ()


def test_g5_the_safety_cap_scores_the_game_and_says_so() -> None:
    capped = RequirementsGame(RequirementsParams(max_actions=3))
    state = capped.new_state(2, 1)
    rng = Rng(5)
    steps = 0
    while capped.to_act(state):
        seat = capped.to_act(state)[0]
        acts = capped.legal_actions(state, seat)
        capped.apply(state, seat, acts[rng.randbelow(len(acts))])
        steps += 1
    outcome = capped.outcome(state)
    assert steps == 3
    assert outcome is not None
    assert outcome.capped
    assert outcome.reason == CAPPED


# -- bad input -----------------------------------------------------------------------------------


def Match_check(state: object, text: str) -> None:  # noqa: N802 - reads like Match.check
    """Check an action through the engine's gate, on a position built by hand."""
    match = Match(GAME, 2, 0)
    match.state = state
    match.check(GAME.to_act(state)[0], text)  # type: ignore[arg-type]


def test_illegal_actions_name_their_rule() -> None:
    state = build(requirement="Moxie/Spunk", reserves=(["Moxie/Cheek", "Spunk/Focus"], []))
    with pytest.raises(IllegalActionError, match="rule 10"):
        Match_check(state, "bid pool Moxie")
    with pytest.raises(IllegalActionError, match="rule 11: you have no coin r5"):
        Match_check(state, "pay r5")
    act(state, "pay r1")
    with pytest.raises(IllegalActionError, match="G3: r1 is already part of this payment"):
        Match_check(state, "pay r1")


def test_answering_a_claim_out_of_step_names_rule_14() -> None:
    state = build(requirement="Moxie/Spunk", pool_top=["Moxie/Spunk"])
    act(state, "bid pool Moxie", "claim")
    with pytest.raises(IllegalActionError, match="rule 14: 'prove' is not possible now"):
        Match_check(state, "prove")


# -- Reveals (issue 11 item 4) --------------------------------------------------------------


def reveals(state: object, text: str) -> str | None:
    seat = GAME.to_act(state)[0]  # type: ignore[arg-type]
    return GAME.reveals(state, seat, GAME.parse_action(text))  # type: ignore[arg-type]


def test_reveals_g1_a_bid_coin_the_bidder_has_not_looked_at() -> None:
    """A Pool coin and a Reserve coin won from the other bid are unseen; a coin the bidder
    bid before is not (G1, D7)."""
    state = build(requirement="Moxie/Spunk", reserves=(["Moxie/Guts", "Spunk/Focus"], []))
    act(state, "pass")  # seat 0 cannot meet with these; seat 1 has nothing to pay with
    seen_before = state.reserve[0][0]
    state.seen[0] |= 1 << seen_before
    assert reveals(state, "bid pool Moxie") == "G1"
    assert reveals(state, "bid r1") is None
    assert reveals(state, "bid r2") == "G1"
    assert reveals(state, "decline") is None


def test_reveals_r9_only_when_a_round_ends_and_another_begins() -> None:
    """R9: the next Requirement is turned up when a round ends; not in the last round (D9)."""
    for stack_left, expected in ((3, "R9"), (0, None)):
        state = build(requirement="Moxie/Spunk", pool_top=["Moxie/Cheek"], stack_left=stack_left)
        act(state, "bid pool Moxie")
        assert reveals(state, "claim") is None
        act(state, "claim")
        assert reveals(state, "challenge") is None  # the claimant answers first (G2)
        act(state, "accept")
        assert reveals(state, "spectacle b1") == expected  # nothing more can join: round over
