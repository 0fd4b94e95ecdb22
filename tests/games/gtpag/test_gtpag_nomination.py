"""The Nomination round: R2, R3, D4, G15, DC5."""

from __future__ import annotations

import pytest
from gtpag_helpers import AGOR, GNOME, GTPAG, PGDK, legal_texts, new, play, two_nominations

from gamenight.core import IllegalActionError, Match
from gamenight.games.gtpag.rules import GtpagGame
from gamenight.games.gtpag.state import BIDDING, NOMINATION, GtpagState


def match_at(game: GtpagGame, state: GtpagState) -> Match:
    match = Match(game, state.num_players, 1)
    match.state = state
    return match


def test_r2_nominations_go_counter_clockwise_from_the_starting_character() -> None:
    game, state = new(5)
    order = []
    for text in (f"nominate {AGOR}", "pass", f"nominate {PGDK}", "pass", f"nominate {GTPAG}"):
        order.append(game.to_act(state)[0])
        play(game, state, text)
    assert order == [0, 4, 3, 2, 1]
    assert state.titles == [0, 2, 3]
    assert state.nominators == [0, 3, 1]
    assert state.passed == (1 << 4) | (1 << 2)


def test_r2_each_character_may_nominate_any_title_not_yet_nominated_or_pass() -> None:
    game, state = new(4)
    assert legal_texts(game, state) == [
        "pass",
        f"nominate {AGOR}",
        f"nominate {GNOME}",
        f"nominate {PGDK}",
        f"nominate {GTPAG}",
    ]
    play(game, state, f"nominate {GNOME}")
    assert f"nominate {GNOME}" not in legal_texts(game, state)


def test_d4_a_title_cannot_be_nominated_twice() -> None:
    game, state = new(4)
    play(game, state, f"nominate {GNOME}")
    match = match_at(game, state)
    with pytest.raises(IllegalActionError, match=r"^D4: G\.Nome is already nominated \(n1\)$"):
        match.apply(3, f"nominate {GNOME}")
    assert state.titles == [1]


def test_d4_with_no_nomination_the_last_character_must_nominate() -> None:
    game, state = new(4)
    play(game, state, "pass", "pass", "pass")
    assert game.to_act(state) == (1,)
    assert "pass" not in legal_texts(game, state)
    with pytest.raises(IllegalActionError, match=r"^D4: nobody has nominated yet"):
        match_at(game, state).apply(1, "pass")


def test_d4_g15_a_single_nomination_wins_at_once() -> None:
    game, state = new(4)
    play(game, state, "pass", "pass", "pass", f"nominate {PGDK}")
    assert game.to_act(state) == ()
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.reason == f"{PGDK} picked: the only Nomination"
    assert state.turn == 0  # no chip was played
    assert game.view(state, None)["picked"] == PGDK


def test_d4_a_single_nomination_made_early_also_wins_once_the_others_pass() -> None:
    game, state = new(3)
    play(game, state, f"nominate {GNOME}", "pass", "pass")
    assert game.view(state, 2)["picked"] == GNOME


def test_r3_the_last_character_to_nominate_begins_the_bidding() -> None:
    game, state = new(4)
    play(game, state, f"nominate {AGOR}", "pass", f"nominate {GNOME}", "pass")
    assert state.phase == BIDDING
    assert state.round == 1
    assert game.to_act(state) == (2,)  # seat 2 nominated last


def test_g15_with_no_title_left_a_character_passes_without_a_choice() -> None:
    game, state = new(5, library=[AGOR, GNOME], preferences=None)
    play(game, state, f"nominate {AGOR}", f"nominate {GNOME}")
    # seats 3, 2 and 1 had nothing left to nominate: they passed, and may Boost later
    assert state.phase == BIDDING
    assert state.passed == 0b01110
    assert game.to_act(state) == (4,)


def test_g15_added_titles_join_the_library() -> None:
    game, state = new(2, added_titles=["Carcassonne"], preferences=None)
    assert "nominate Carcassonne" in legal_texts(game, state)
    play(game, state, "nominate Carcassonne", "pass")
    assert game.view(state, 0)["picked"] == "Carcassonne"


def test_d4_dc5_the_starting_character_is_drawn_at_random() -> None:
    game, _ = new(4, first_player=None)
    starts = {game.new_state(4, seed).start for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    state = game.new_state(4, 7)
    assert game.to_act(state) == (state.start,)
    assert state.phase == NOMINATION


def test_r2_a_nomination_belongs_to_the_nominator_in_the_view() -> None:
    game, state = two_nominations(4)
    view = game.view(state, 1)
    assert [(n["number"], n["title"], n["nominator"]) for n in view["nominations"]] == [
        (1, AGOR, 0),
        (2, GNOME, 3),
    ]
    assert [seat["passed"] for seat in view["seats"]] == [False, True, True, False]
