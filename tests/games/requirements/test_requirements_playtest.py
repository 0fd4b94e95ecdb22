"""Issue 15 item 2: what the playtest lab measures in A Game of Requirements (RULES.md M1-M3).

Positions are built by hand (``requirements_positions``); expected figures are worked out from
the rules, not read back from the code.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from requirements_positions import GAME, act, build

from gamenight.core.rng import Rng
from gamenight.games.requirements.params import RequirementsParams
from gamenight.games.requirements.rules import RequirementsGame
from gamenight.games.requirements.state import RequirementsState

TRAITS = ("Moxie", "Spunk", "Cheek", "Verve", "Guts", "Focus", "Pluck")


def uses(state: RequirementsState, text: str, game: RequirementsGame = GAME) -> list[str]:
    """The components the next action uses, as sorted "seat: name" lines; then it is taken."""
    seat = game.to_act(state)[0]
    found = game.component_uses(state, seat, game.parse_action(text))
    act(state, text, game=game)
    return sorted(f"{who}: {name}" for who, name in found)


def known_names(doubles: bool) -> set[str]:
    """M2's names, written out from C1-C3 independently of the code."""
    pairs = [
        f"{a}·{b}"
        for i, a in enumerate(TRAITS)
        for j, b in enumerate(TRAITS)
        if i < j or (doubles and i == j)
    ]
    return (
        {f"trait {t}" for t in TRAITS} | {f"coin {p}" for p in pairs} | {f"tile {p}" for p in pairs}
    )


# -- M1 standings --------------------------------------------------------------------------


def test_m1_standings_start_from_the_table_and_follow_tiles_and_spectacle() -> None:
    state = build(
        requirement="Spunk/Guts",
        bids=(["Cheek/Focus"], []),
        accomplishments=(
            [(["Moxie/Moxie"], []), (["Moxie/Spunk"], ["Pluck/Pluck"])],
            [(["Focus/Focus"], ["Verve/Guts", "Verve/Pluck"])],
        ),
        pool_top=["Spunk/Guts"],
    )
    assert GAME.standings(state) == (1.0, 2.0)  # seat 0: 1x0 + 1x1; seat 1: 1x2
    act(state, "bid pool Spunk", "claim")
    assert GAME.standings(state) == (1.0, 2.0)  # a bid scores nothing
    act(state, "accept")  # D4: the tile joins a2 (its top shares Spunk): Greatness 2 x 1
    assert GAME.standings(state) == (2.0, 2.0)
    act(state, "spectacle b1")  # R15c: a2 is now 2 tiles x 2 coins
    assert GAME.standings(state) == (4.0, 2.0)


def test_m1_a_tile_on_an_accomplishment_without_spectacle_adds_nothing() -> None:
    state = build(
        requirement="Spunk/Guts",
        reserves=(["Spunk/Cheek", "Guts/Verve"], []),
        accomplishments=([(["Moxie/Spunk"], []), (["Cheek/Verve"], ["Pluck/Pluck"])], []),
    )
    assert GAME.standings(state) == (1.0, 0.0)
    act(state, "pay r1", "pay r2")  # D4: only a1 shares a trait (Spunk): 2 tiles x 0 coins
    assert GAME.standings(state) == (1.0, 0.0)


def test_m1_a_state_drawn_from_a_view_counts_its_standings() -> None:
    state = build(
        requirement="Spunk/Guts",
        accomplishments=([(["Moxie/Spunk"], ["Pluck/Pluck", "Cheek/Cheek"])], []),
    )
    drawn = GAME.determinize(GAME.view(state, 1), 1, Rng(3))
    assert GAME.standings(drawn) == (2.0, 0.0)


# -- M2 components -------------------------------------------------------------------------


def test_m2_meeting_uses_every_coin_paid_and_wins_the_tile_with_the_first() -> None:
    state = build(
        requirement="Moxie/Spunk", reserves=(["Guts/Cheek", "Guts/Verve", "Spunk/Focus"], [])
    )
    assert uses(state, "pay r1") == [
        "0: coin Cheek·Guts",  # named by its pair in C1 order, whichever side is up
        "0: tile Moxie·Spunk",
        "0: trait Guts",
    ]
    assert uses(state, "pay r2") == ["0: coin Verve·Guts", "0: trait Guts"]
    assert uses(state, "pay r3") == ["0: coin Spunk·Focus", "0: trait Spunk"]


def test_m2_bids_from_reserve_and_pool_use_the_coin_and_the_trait_it_shows() -> None:
    state = build(
        requirement="Moxie/Spunk",
        first=0,
        reserves=(["Moxie/Cheek", "Guts/Verve"], ["Spunk/Focus"]),
        pool_top=["Spunk/Pluck"],
    )
    assert uses(state, "bid r1") == ["0: coin Moxie·Cheek", "0: trait Moxie"]
    assert uses(state, "no-claim") == []
    assert uses(state, "bid pool Spunk") == ["1: coin Spunk·Pluck", "1: trait Spunk"]
    assert uses(state, "no-claim") == []
    assert uses(state, "decline") == []


def test_m2_a_proof_wins_the_tile_for_the_claimant_and_taking_uses_nothing() -> None:
    state = build(
        requirement="Moxie/Spunk",
        bids=([], ["Spunk/Guts", "Moxie/Focus"]),
        pool_top=["Moxie/Spunk"],
    )
    assert uses(state, "bid pool Moxie") == ["0: coin Moxie·Spunk", "0: trait Moxie"]
    assert uses(state, "claim") == []
    assert uses(state, "challenge") == []
    assert uses(state, "prove") == ["0: tile Moxie·Spunk"]
    assert uses(state, "take b2") == []
    assert uses(state, "done") == []


def test_m2_a_declined_proof_wins_the_tile_for_the_challenger() -> None:
    state = build(requirement="Moxie/Spunk", bids=(["Spunk/Guts"], []), pool_top=["Moxie/Spunk"])
    act(state, "bid pool Moxie", "claim", "challenge")
    assert uses(state, "concede") == ["1: tile Moxie·Spunk"]  # seat 0 concedes (D6)


def test_m2_an_accepted_claim_wins_the_tile_for_the_claimant_and_spectacle_uses_coins() -> None:
    state = build(
        requirement="Spunk/Guts",
        bids=(["Cheek/Focus", "Focus/Focus"], []),
        accomplishments=([(["Moxie/Spunk"], [])], []),
        pool_top=["Spunk/Guts"],
    )
    act(state, "bid pool Spunk", "claim")
    assert uses(state, "accept") == ["0: tile Spunk·Guts"]  # seat 1 accepts: seat 0 wins
    assert uses(state, "spectacle b2") == ["0: coin Focus·Focus", "0: trait Focus"]


def test_m2_passing_a_requirement_one_could_meet_uses_nothing() -> None:
    state = build(requirement="Moxie/Spunk", first=0, reserves=(["Moxie/Cheek", "Spunk/Focus"], []))
    assert uses(state, "pass") == []


# -- M3 rounds -----------------------------------------------------------------------------


def test_m3_rounds_count_every_round_begun_up_to_the_last_tile() -> None:
    state = build(requirement="Moxie/Spunk", stack_left=1)
    assert GAME.rounds_played(state) == 1
    act(state, "decline", "decline")  # R13: failed; R9: round 2 turns up the last tile
    assert GAME.rounds_played(state) == 2
    while GAME.to_act(state):
        act(state, "decline")
    assert GAME.outcome(state) is not None
    assert GAME.rounds_played(state) == 2  # D9: the game ended with round 2


def test_m3_a_game_that_ends_within_a_round_counts_that_round() -> None:
    quick = RequirementsGame(RequirementsParams(failure_limit=1))
    state = build(requirement="Moxie/Spunk", game=quick)
    act(state, "decline", "decline", game=quick)  # R16: the first failure ends the game
    assert quick.outcome(state) is not None
    assert quick.rounds_played(state) == 1


# -- random matches ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "seeds"), [(None, range(50)), ("no-doubles", range(20)), ("long", range(20))]
)
def test_m1_m2_m3_hold_in_random_matches(variant: str | None, seeds: range) -> None:
    game = RequirementsGame(RequirementsGame.params_from({}, variant))
    names = known_names(game.params.doubles)
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_state(2, seed)
        counts: Counter[tuple[int, str]] = Counter()
        while game.to_act(state):
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
            found = game.component_uses(state, seat, action)
            assert {name for _, name in found} <= names, found
            for who, name in found:
                counts[who, name.split()[0]] += 1
            game.apply(state, seat, action)
            assert game.standings(state) == tuple(float(s) for s in game.scores(state))
        outcome = game.outcome(state)
        assert outcome is not None
        assert game.standings(state) == outcome.scores  # M1
        for seat in range(2):
            won = sum(len(tiles) for tiles in state.acc_tiles[seat])
            assert counts[seat, "tile"] == won  # M2: every tile won, credited once
            assert counts[seat, "coin"] == counts[seat, "trait"]
        # M3: one Requirement is turned up per round (R9)
        assert game.rounds_played(state) == len(game.pairs) - len(state.stack) >= 1
