"""Issue 15 item 2: what the playtest lab measures in Game to Pick a Game (RULES.md M1-M3).

Preferences are PREFS_4 (library order AGOR, G.Nome, PGDK, GTPAG):
seat 0 (4, 3, 2, 1), seat 1 (1, 2, 3, 4), seat 2 (4, 1, 2, 3), seat 3 (2, 4, 3, 1).
Expected figures are worked out from them by hand.
"""

from __future__ import annotations

import random

import pytest
from gtpag_helpers import (
    AGOR,
    GNOME,
    PGDK,
    bid_to_a_tie_of_n2_and_n3,
    last_turn_of_bidding,
    new,
    play,
    tied_endgame,
    two_nominations,
)

from gamenight.core.rng import Rng
from gamenight.games.gtpag.rules import GtpagGame
from gamenight.games.gtpag.state import TIE, GtpagState

AGOR_PREFS = (4.0, 1.0, 4.0, 2.0)
GNOME_PREFS = (3.0, 2.0, 1.0, 4.0)
AGOR_OR_GNOME = (3.5, 1.5, 2.5, 3.0)  # each seat's mean of the two

KNOWN = {
    "chip +2",
    "chip -1",
    "chip Invert",
    "chip Boost",
    *(
        f"trait {name}"
        for name in (
            "Spotlight",
            "Switcheroo",
            "House Rule",
            "Hype",
            "Warcry",
            "Scout",
            "Raid",
            "Smash",
        )
    ),
}


def uses(game: GtpagGame, state: GtpagState, text: str) -> list[tuple[int, str]]:
    """The components the next action uses (sorted); then it is played."""
    seat = game.to_act(state)[0]
    found = game.component_uses(state, seat, game.parse_action(text))
    play(game, state, text)
    return sorted(found)


# -- M1 standings --------------------------------------------------------------------------


def test_m1_standings_follow_the_nomination_the_full_tally_puts_ahead() -> None:
    game, state = new(4)
    assert game.standings(state) == (0.0, 0.0, 0.0, 0.0)  # nothing nominated
    play(game, state, f"nominate {AGOR}")
    assert game.standings(state) == AGOR_PREFS  # the only Nomination so far
    play(game, state, f"nominate {GNOME}", "pass", "pass")
    assert game.standings(state) == AGOR_OR_GNOME  # both at 0
    play(game, state, "bid +2 n2")  # seat 3 (R3), face down: it counts all the same
    assert game.standings(state) == GNOME_PREFS
    play(game, state, "bid -1 n2")  # seat 0: n2 at 1
    assert game.standings(state) == GNOME_PREFS
    play(game, state, "bid invert n2")  # seat 1: n2 at -1, behind n1 at 0
    assert game.standings(state) == AGOR_PREFS
    play(game, state, "house-rule n2")  # seat 2: n2's Invert ignored (G12), n2 at 1
    assert game.standings(state) == GNOME_PREFS


def test_m1_boosts_count_and_at_the_end_standings_are_the_scores() -> None:
    game, state = tied_endgame()
    assert game.standings(state) == AGOR_PREFS  # n1 at 2, n2 at -2
    play(game, state, "bid invert n2")  # n2 at 2: a tie; the passers Boost (seat 2 first)
    assert game.standings(state) == AGOR_OR_GNOME
    play(game, state, "boost n2")
    assert game.standings(state) == GNOME_PREFS
    play(game, state, "decline")
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.scores == GNOME_PREFS
    assert game.standings(state) == GNOME_PREFS


def test_m1_in_a_tie_round_only_the_tied_nominations_count() -> None:
    game, state = new(4)
    bid_to_a_tie_of_n2_and_n3(game, state)
    last_turn_of_bidding(game, state, 0)
    play(game, state, "bid invert n3", "decline")  # n2 and n3 tie at 3; n1 is out (R15)
    assert state.phase == TIE
    tied = (2.5, 2.5, 1.5, 3.5)  # the means of G.Nome and PGDK
    assert game.standings(state) == tied
    play(game, state, "bid -1 n2")  # n2 at -1: n3 (0) leads, n1 (out, 0) does not count
    assert game.standings(state) == (2.0, 3.0, 2.0, 3.0)  # PGDK


def test_m1_a_state_drawn_from_a_view_counts_its_chips() -> None:
    game, state = two_nominations(4)
    play(game, state, "bid +2 n2", "bid -1 n1", "bid invert n2")
    for draw in range(10):  # the face-down chips seat 1 did not play are dealt at random
        drawn = game.determinize(game.view(state, 1), 1, Rng(draw))
        assert game.standings(drawn) == full_tally_standings(game, drawn)


# -- M2 components -------------------------------------------------------------------------


def test_m2_bid_chips_are_used_by_the_seat_that_plays_them() -> None:
    game, state = two_nominations(4)
    assert uses(game, state, "bid +2 n2") == [(3, "chip +2")]
    assert uses(game, state, "bid invert n1") == [(0, "chip Invert")]
    assert uses(game, state, "bid -1 n1") == [(1, "chip -1")]


def test_m2_a_trait_is_used_once_at_its_first_choice() -> None:
    game, state = two_nominations(4)
    play(game, state, "bid +2 n2", "bid +2 n1", "bid -1 n2", "bid -1 n1")  # round 1
    seat = game.to_act(state)[0]  # round 2: whoever R7/R8 say
    texts = {0: "spotlight n1.1", 1: "switcheroo n1.1", 2: "house-rule n1", 3: "hype n2"}
    names = {0: "Spotlight", 1: "Switcheroo", 2: "House Rule", 3: "Hype"}
    assert uses(game, state, texts[seat]) == [(seat, f"trait {names[seat]}")]


def test_m2_switcheroo_and_scout_second_steps_add_no_use() -> None:
    game, state = two_nominations(4, characters=[2, 6, 3, 4])  # seat 0 Switcheroo, 1 Scout
    play(game, state, "bid +2 n2", "bid +2 n1", "bid -1 n2", "bid -1 n1")
    while game.to_act(state)[0] != 0:
        play(game, state, "bid invert n1")
    assert uses(game, state, "switcheroo n1.1") == [(0, "trait Switcheroo")]
    assert uses(game, state, "with n2.1") == []
    while game.to_act(state)[0] != 1:
        play(game, state, "bid invert n2")
    assert uses(game, state, "scout n1.1") == [(1, "trait Scout")]
    assert uses(game, state, "scout n1.2") == []


def test_m2_a_boost_uses_the_character_chip_and_nominating_uses_nothing() -> None:
    game, state = new(4)
    assert uses(game, state, f"nominate {AGOR}") == []
    assert uses(game, state, "pass") == []
    game, state = tied_endgame()
    play(game, state, "bid invert n2")
    assert uses(game, state, "boost n1") == [(2, "chip Boost")]
    assert uses(game, state, "decline") == []


# -- M3 rounds -----------------------------------------------------------------------------


def test_m3_the_nomination_round_counts_and_a_single_nomination_ends_there() -> None:
    game, state = new(4)
    assert game.rounds_played(state) == 1
    play(game, state, f"nominate {PGDK}", "pass", "pass", "pass")
    assert game.outcome(state) is not None  # D4: a single Nomination wins at once
    assert game.rounds_played(state) == 1


def test_m3_bidding_rounds_and_tie_rounds_add_up() -> None:
    game, state = two_nominations(4)
    assert game.rounds_played(state) == 2  # Nominations, Bidding round 1
    game, state = tied_endgame()  # the helper is in Bidding round 4
    play(game, state, "bid invert n2", "decline", "decline")  # a tie: a tie round begins
    assert state.phase == TIE
    assert game.rounds_played(state) == 1 + 4 + 1


# -- random matches ------------------------------------------------------------------------


def full_tally_standings(game: GtpagGame, state: GtpagState) -> tuple[float, ...]:
    """M1 from scratch, with the game's own tally of every chip (R13)."""
    if state.picked >= 0:
        return tuple(prefs[state.titles[state.picked]] for prefs in state.prefs)
    active = [j for j in range(len(state.titles)) if state.active >> j & 1]
    if not active:
        return (0.0,) * state.num_players
    scores = {j: game.tally(state, j).score for j in active}
    best = max(scores.values())
    ahead = [state.titles[j] for j in active if scores[j] == best]
    return tuple(sum(prefs[t] for t in ahead) / len(ahead) for prefs in state.prefs)


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("variant", [None, "no-traits"])
def test_m1_m2_m3_hold_in_random_matches(players: int, variant: str | None) -> None:
    game = GtpagGame(GtpagGame.params_from({}, variant))
    traits = variant is None
    for seed in range(50 if traits else 10):
        rng = random.Random(seed)
        state = game.new_state(players, seed)
        chips = [0] * players
        trait_uses = [0] * players
        boosts = [0] * players
        bids = 0
        while game.to_act(state):
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
            found = game.component_uses(state, seat, action)
            for who, name in found:
                assert name in KNOWN, found
                assert who == seat, found
                chips[who] += name in ("chip +2", "chip -1", "chip Invert")
                trait_uses[who] += name.startswith("trait ")
                boosts[who] += name == "chip Boost"
            bids += str(action).startswith("bid ")
            game.apply(state, seat, action)
            assert game.standings(state) == full_tally_standings(game, state)
        outcome = game.outcome(state)
        assert outcome is not None
        assert game.standings(state) == outcome.scores  # M1
        tie_rounds = len(state.tie_history) - state.drawn
        bidding_rounds = (4 if traits else 3) if len(state.titles) > 1 else 0  # G14
        assert game.rounds_played(state) == 1 + bidding_rounds + tie_rounds  # M3
        assert sum(chips) == bids
        for seat in range(players):
            if bidding_rounds:  # G14: every chip is played in the Bidding
                assert chips[seat] >= 3
                assert trait_uses[seat] == (1 if traits else 0)
            assert boosts[seat] <= (state.passed >> seat & 1)  # R12: passers only, once
