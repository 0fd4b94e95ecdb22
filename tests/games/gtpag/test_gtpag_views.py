"""What a seat sees and what determinize draws: G3, G7, G10, C6 (and the conformance
checks of view/determinize for rule variants the shared suite does not run)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from gtpag_helpers import AGOR, GNOME, play, put, smash, two_nominations, use_trait

from gamenight.core import Rng, derive_seed
from gamenight.games.gtpag.params import GtpagParams
from gamenight.games.gtpag.rules import GtpagGame
from gamenight.games.gtpag.state import TIE, GtpagState


def kinds_at(game: GtpagGame, state: GtpagState) -> list[list[str]]:
    return [[game.kind_name(state.kinds[c]) for c in pile] for pile in state.piles]


def hand_kinds(game: GtpagGame, state: GtpagState, seat: int) -> list[str]:
    return sorted(
        game.kind_name(state.kinds[seat * game.per_seat + s])
        for s in range(game.num_bid)
        if state.hand[seat] >> s & 1
    )


def scouted_position() -> tuple[GtpagGame, GtpagState]:
    """Round 2 (characters 5-8): seat 1 (Scout) has looked at seat 3's +2 on n2.1."""
    game, state = two_nominations(4, characters=[5, 6, 7, 8])
    play(game, state, "bid +2 n2", "bid -1 n1", "bid invert n2", "bid +2 n1")
    play(game, state, "bid +2 n2", "scout n2.1", "done")
    return game, state


def test_g3_c6_a_seat_sees_its_own_chips_and_preferences_only() -> None:
    game, state = scouted_position()
    view = game.view(state, 0)
    assert view["hand"] == ["invert", "Warcry"]
    assert view["preferences"] == [4.0, 3.0, 2.0, 1.0]
    assert [s["bid_chips"] for s in view["seats"]] == [1, 2, 2, 2]
    assert [s["trait_in_hand"] for s in view["seats"]] == [True, False, True, True]
    spectator = game.view(state, None)
    assert spectator["hand"] is None
    assert spectator["preferences"] is None
    # seat 0 knows its own face-down chips, nobody else's
    assert [[c["kind"] for c in n["chips"]] for n in view["nominations"]] == [
        ["-1", None],
        [None, None, "+2"],
    ]


def test_g3_views_do_not_change_with_what_the_seat_cannot_see() -> None:
    game, state = scouted_position()
    twin = state.clone()
    # seat 2's face-down +2 (n1.2) and its -1 in hand trade places; seat 2's preferences change
    on_table = state.piles[0][1]
    in_hand = on_table + 1  # slot 1 is the -1
    assert game.kind_name(state.kinds[in_hand]) == "-1"
    twin.piles[0][1] = in_hand
    twin.hand[2] = (twin.hand[2] | 1) & ~2
    twin.prefs = (state.prefs[0], state.prefs[1], (1.0, 2.0, 3.0, 4.0), state.prefs[3])
    for seat in (0, 1, 3, None):
        assert game.view(twin, seat) == game.view(state, seat)
    assert game.view(twin, 2) != game.view(state, 2)
    assert game.hidden(twin, 0) != game.hidden(state, 0)


def test_g3_g7_determinize_keeps_what_the_seat_has_seen_and_deals_the_rest() -> None:
    game, state = scouted_position()
    view = game.view(state, 1)
    full = Counter(["+2", "-1", "invert"])
    seen_hands = set()
    for seed in range(40):
        guess = game.determinize(json.loads(json.dumps(view)), 1, Rng(seed))
        assert game.view(guess, 1) == view
        assert kinds_at(game, guess)[1][0] == "+2"  # G7: what seat 1 looked at stays
        assert hand_kinds(game, guess, 1) == hand_kinds(game, state, 1)
        assert guess.prefs[1] == state.prefs[1]
        for seat in (0, 2, 3):
            placed = Counter(
                game.kind_name(guess.kinds[c])
                for pile in guess.piles
                for c in pile
                if c // game.per_seat == seat and guess.kinds[c] < 100
            )
            assert placed + Counter(hand_kinds(game, guess, seat)) == full
        seen_hands.add(tuple(hand_kinds(game, guess, 2)))
    assert len(seen_hands) > 1  # seat 2's hand is not known to seat 1


def test_g3_determinize_keeps_a_spotlighted_chip_and_one_moved_by_raid() -> None:
    game, state = two_nominations(4, characters=[1, 6, 7, 8])  # Spotlight, Scout, Raid, Smash
    play(game, state, "bid +2 n2", "bid -1 n1", "bid invert n2", "bid +2 n1")
    play(game, state, "spotlight n2.2", "scout n2.1", "done", "raid n2.1", "to n1")
    truth = kinds_at(game, state)
    for seat in range(4):
        view = game.view(state, seat)
        for seed in range(10):
            guess = game.determinize(view, seat, Rng(seed))
            assert game.view(guess, seat) == view
            assert kinds_at(game, guess)[1][0] == "invert"  # Spotlighted: public
            if seat in (1, 3):  # seat 1 looked at seat 3's +2; seat 3 owns it
                assert kinds_at(game, guess)[0][-1] == truth[0][-1] == "+2"


def test_g10_a_tie_round_hand_never_holds_the_smashed_chip() -> None:
    game, state = two_nominations(4, characters=[1, 2, 3, 8])
    plan: list[tuple[int, str, int | None]] = [
        (3, "+2", 1), (0, "+2", 0), (1, "-1", 0), (2, "+2", 1),
        (3, "-1", 1), (0, "-1", 0), (2, "-1", 1),
        (0, "invert", 0), (1, "invert", 0), (2, "invert", 1),
        (0, "Spotlight", None), (1, "Switcheroo", None), (2, "House Rule", 0),
    ]  # fmt: skip
    for seat, kind, nomination in plan:
        if nomination is None:
            use_trait(game, state, seat)
        else:
            put(game, state, seat, kind, nomination)
    put(game, state, 1, "+2", 1)
    smash(game, state, 1, -1)  # seat 3 Smashed seat 1's +2
    use_trait(game, state, 3)
    state.round, state.actor, state.turns_left = 4, 3, 1
    play(game, state, "bid invert n2")
    # n1: +2 -1 -1, Inverts ignored (House Rule): 0; n2: +2 +2 -1 -1, 2 Inverts: 2
    play(game, state, "boost n1", "decline")
    assert state.phase == TIE
    play(game, state, "bid -1 n1")  # seat 3 opens the tie round
    for viewer in (0, 2):
        view = game.view(state, viewer)
        assert view["smashed"][0]["kind"] == "+2"
        hands = set()
        for seed in range(20):
            guess = game.determinize(view, viewer, Rng(seed))
            assert game.view(guess, viewer) == view
            assert hand_kinds(game, guess, 1) == ["-1", "invert"]
            assert game.kind_name(guess.kinds[guess.smashed[0]]) == "+2"
            hands.add(tuple(hand_kinds(game, guess, 3)))
        assert hands == {("+2", "invert"), ("+2", "-1"), ("-1", "invert")}


# -- the conformance checks, for params the shared suite does not try ---------------------

VARIANTS: list[dict[str, Any]] = [
    {"use_traits": False},
    {"boost_value": 3},
    {"bid_chips": ["+2", "+2", "-1", "invert"]},
    {"bid_chips": ["+3"]},
    {"library": [AGOR]},
    {"library": [AGOR, GNOME]},
    {"added_titles": ["Carcassonne", "Azul", "Brass"]},
    {"scout_looks": 1, "max_tie_rounds": 0},
    {"max_tie_rounds": 1},
    {"max_actions": 9},
]
VARIANT_CASES = [(i, n) for i in range(len(VARIANTS)) for n in (2, 4, 8)]


def random_trace(game: GtpagGame, players: int, seed: int) -> list[tuple[GtpagState, int]]:
    rng = Rng(derive_seed(seed, 1))
    state = game.new_state(players, seed)
    trace = []
    while game.to_act(state):
        actor = game.to_act(state)[0]
        trace.append((state.clone(), actor))
        legal = game.legal_actions(state, actor)
        game.apply(state, actor, legal[rng.randbelow(len(legal))])
    trace.append((state.clone(), -1))
    return trace


@pytest.mark.parametrize(("variant", "players"), VARIANT_CASES)
def test_g3_variants_keep_views_determinize_and_components_consistent(
    variant: int, players: int
) -> None:
    game = GtpagGame(GtpagParams().with_overrides(VARIANTS[variant]))
    rng = Rng(variant)
    for seed in range(4):
        trace = random_trace(game, players, seed)
        components = Counter(game.components(trace[0][0]))
        for state, actor in trace[::2]:
            assert Counter(game.components(state)) == components
            for seat in range(players):
                view = game.view(state, seat)
                assert json.loads(json.dumps(view)) == view
                guess = game.determinize(json.loads(json.dumps(view)), seat, rng)
                assert game.view(guess, seat) == view
                assert game.view(guess, None) == game.view(state, None)
                assert game.to_act(guess) == game.to_act(state)
                if seat == actor:
                    assert list(map(str, game.legal_actions(guess, seat))) == list(
                        map(str, game.legal_actions(state, seat))
                    )
        final = trace[-1][0]
        outcome = game.outcome(final)
        assert outcome is not None
        assert len(outcome.scores) == players
