"""What each seat sees, and determinize: R14-R16, D3, G7 (and the contract of DESIGN.md)."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from gnome_testkit import BLUE, GREEN, PURPLE, RED, finish_randomly, new_match

from gamenight.core import Rng


def test_d3_others_see_only_that_a_seat_has_committed() -> None:
    match = new_match(4, seed=1)
    match.apply(1, "play 7")
    seen = match.view(0)
    assert seen["seats"][1]["committed"] is True
    assert seen["seats"][1]["unrevealed"] == list(range(1, 10))  # 7 may still be anywhere
    assert seen["my_commitment"] is None
    assert seen["waiting"] == [0, 2, 3]
    own = match.view(1)
    assert own["my_commitment"] == 7
    assert 7 not in own["seats"][1]["unrevealed"]
    assert match.view(None)["my_commitment"] is None


def test_d3_states_differing_only_in_a_face_down_card_look_alike_to_others() -> None:
    a, b = new_match(4, seed=1), new_match(4, seed=1)
    a.apply(1, "play 7")
    b.apply(1, "play 3")
    for seat in (0, 2, 3, None):
        assert a.view(seat) == b.view(seat)
    assert a.view(1) != b.view(1)


def test_r15_secret_cards_are_hidden_until_the_end_then_shown_to_all() -> None:
    match = new_match(4, seed=2)
    names = match.game.params.card_names
    secrets = match.state.secret
    for seat in range(4):
        seen = match.view(seat)
        for other in range(4):
            shown = seen["seats"][other]["secret"]
            assert shown == (names[secrets[other]] if other == seat else None)
            assert seen["seats"][other]["has_secret"]
    assert all(s["secret"] is None for s in match.view(None)["seats"])
    finish_randomly(match, 2)
    for seat in (0, 1, 2, 3, None):
        assert [s["secret"] for s in match.view(seat)["seats"]] == [names[c] for c in secrets]


def test_g7_other_results_leave_out_the_hidden_secret_card() -> None:
    match = new_match(4, seed=2)
    state = match.state
    state.secret = (RED, GREEN, BLUE, PURPLE)
    state.individual = [[RED], [GREEN], [], []]
    mine = match.view(0)["seats"]
    assert mine[0]["score"] == 4
    assert mine[0]["score_complete"]
    assert mine[1]["score"] == 1
    assert not mine[1]["score_complete"]


def test_r14_r16_face_up_cards_are_public() -> None:
    match = new_match(4, seed=3)
    match.state.offer = [RED, BLUE, GREEN]
    for seat, value in enumerate([9, 3, 5, 4]):
        match.apply(seat, f"play {value}")
    match.apply(0, "take red")
    for seat in (1, None):
        seen = match.view(seat)
        assert [s["played"] for s in seen["seats"]] == [[9], [3], [5], [4]]
        assert seen["seats"][0]["individual"] == ["Red"]
        assert seen["seats"][0]["unrevealed"] == [1, 2, 3, 4, 5, 6, 7, 8]
        assert seen["offer"] == ["Blue", "Green"]
        assert seen["queue"][0] == {"step": "shared", "seat": 1, "partner": 3}


def test_views_are_json_and_never_name_the_deck() -> None:
    match = new_match(6, seed=4)
    seen = match.view(2)
    assert json.loads(json.dumps(seen)) == seen
    assert seen["deck"] == len(match.state.deck)  # a count, never the order


@pytest.mark.parametrize("players", [3, 4, 6])
def test_g7_determinize_keeps_what_is_known_and_redraws_the_rest(players: int) -> None:
    match = new_match(players, seed=5)
    match.apply(players - 1, "play 6")  # a face-down card the viewer cannot see
    viewer = 0
    seen = match.view(viewer)
    truth = match.state
    decks, secrets, commits = set(), set(), set()
    for draw in range(30):
        guess = match.game.determinize(seen, viewer, Rng(draw))
        assert match.game.view(guess, viewer) == seen
        assert guess.secret[viewer] == truth.secret[viewer]
        assert Counter(guess.deck + list(guess.aside)) == Counter(truth.deck + list(truth.aside))
        assert Counter(guess.secret) == Counter(truth.secret)
        assert guess.commit[players - 1] in range(1, 10)
        decks.add(tuple(guess.deck))
        secrets.add(guess.secret)
        commits.add(guess.commit[players - 1])
    assert len(decks) > 1
    assert len(commits) > 1
    if players != 3:
        assert len(secrets) > 1


def test_determinize_refuses_someone_elses_view() -> None:
    match = new_match(4)
    with pytest.raises(ValueError, match="belongs to seat 1"):
        match.game.determinize(match.view(1), 0, Rng(0))


def test_determinize_a_session_view_keeps_the_history() -> None:
    match = new_match(4, seed=6, session_games=3)
    while not match.state.history:
        seat = match.to_act()[0]
        match.apply(seat, match.legal_actions(seat)[-1])
    seen = match.view(3)
    guess = match.game.determinize(seen, 3, Rng(1))
    assert guess.history == match.state.history
    assert match.game.view(guess, 3) == seen


def test_components_are_the_same_across_session_games() -> None:
    match = new_match(4, seed=6, session_games=3)
    start = Counter(match.game.components(match.state))
    while not match.is_over():
        seat = match.to_act()[0]
        match.apply(seat, match.legal_actions(seat)[0])
        assert Counter(match.game.components(match.state)) == start
