"""Every Trait and its targets: R6, D2.1-D2.8, D5, G7-G11."""

from __future__ import annotations

from typing import Any

import pytest
from gtpag_helpers import legal_texts, play, two_nominations

from gamenight.core import IllegalActionError, Match
from gamenight.games.gtpag.rules import GtpagGame
from gamenight.games.gtpag.state import TRAIT, GtpagState

SECOND_BOX = [5, 6, 7, 8]  # seat 0 Warcry, 1 Scout, 2 Raid, 3 Smash


def round_two(**overrides: Any) -> tuple[GtpagGame, GtpagState]:
    """n1 (seat 0) holds seat 0's -1 and seat 2's +2, n2 (seat 3) seat 3's +2 and seat 1's
    Invert, all face down; round 2 begins with seat 0 (a 0-0 tie, seat 0 the most recent)."""
    game, state = two_nominations(4, **overrides)
    play(game, state, "bid +2 n2", "bid -1 n1", "bid invert n2", "bid +2 n1")
    assert game.to_act(state) == (0,)
    return game, state


def kinds(game: GtpagGame, state: GtpagState, viewer: int | None, number: int) -> list[Any]:
    return [c["kind"] for c in game.view(state, viewer)["nominations"][number - 1]["chips"]]


def refused(game: GtpagGame, state: GtpagState, seat: int, text: str) -> str:
    match = Match(game, state.num_players, 1)
    match.state = state
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as error:
        match.apply(seat, text)
    assert state.to_dict() == before
    message = str(error.value)
    assert "\n" not in message
    return message


def test_d2_1_spotlight_turns_one_face_down_bid_chip_face_up() -> None:
    game, state = round_two()
    assert [t for t in legal_texts(game, state) if t.startswith("spotlight")] == [
        "spotlight n1.1",
        "spotlight n1.2",
        "spotlight n2.1",
        "spotlight n2.2",
    ]
    play(game, state, "spotlight n2.2")
    for viewer in (None, 0, 2, 3):
        assert kinds(game, state, viewer, 2)[1] == "invert"
    assert game.view(state, 2)["used"] == [0]
    assert not state.hand[0] & game.trait_bit
    assert game.to_act(state) == (1,)


def test_d5_a_trait_with_no_legal_target_is_played_bare_and_used_up() -> None:
    """D5 (overriding DC6): a Trait may always be played; a part with no target is skipped."""
    game, state = two_nominations(4, characters=[2, 3, 4, 1])  # seat 3 Spotlight, seat 0 Switcheroo
    assert legal_texts(game, state)[-1] == "spotlight"  # nothing lies face down yet
    play(game, state, "spotlight")
    assert game.view(state, 1)["used"] == [3]
    assert state.face_up == 0


def test_g8_switcheroo_without_chips_on_two_nominations_is_played_bare() -> None:
    game, state = two_nominations(4, characters=[3, 2, 4, 1])  # seat 1 Switcheroo
    play(game, state, "bid +2 n1", "bid +2 n1")
    assert game.to_act(state) == (1,)
    switcheroos = [t for t in legal_texts(game, state) if t.startswith("switcheroo")]
    assert switcheroos == ["switcheroo"]
    pile = state.piles[0][:]
    play(game, state, "switcheroo")
    assert state.piles[0] == pile
    assert game.view(state, 0)["used"] == [1]


def test_d5_a_bare_trait_is_refused_while_it_has_a_target() -> None:
    game, state = round_two()
    message = refused(game, state, 0, "spotlight")
    assert message.startswith("D5: Spotlight has a legal target")


def test_d2_2_g8_switcheroo_swaps_two_face_down_chips_on_different_nominations() -> None:
    game, state = round_two()
    play(game, state, "bid +2 n1", "switcheroo n1.1")
    assert state.phase == TRAIT
    assert legal_texts(game, state) == ["with n2.1", "with n2.2"]
    assert refused(game, state, 1, "with n1.2").startswith("D2.2: Switcheroo swaps chips on")
    before = [pile[:] for pile in state.piles]
    play(game, state, "with n2.2")
    assert state.piles[0] == [before[1][1], *before[0][1:]]
    assert state.piles[1] == [before[1][0], before[0][0]]
    assert game.to_act(state) == (2,)


def test_d2_3_house_rule_lies_face_up_and_its_nomination_ignores_inverts() -> None:
    game, state = round_two()
    play(game, state, "bid +2 n1", "bid +2 n1", "house-rule n2")
    assert kinds(game, state, 0, 2) == [None, None, "House Rule"]
    tally = game.tally(state, 1)
    assert tally.house_rule
    assert tally.score == 2  # +2 with its Invert ignored


def test_d2_4_hype_adds_two_after_inverts() -> None:
    game, state = round_two()
    play(game, state, "bid +2 n1", "bid +2 n1", "bid -1 n1", "hype n2")
    assert game.tally(state, 1).score == -2 + 2
    assert game.tally(state, 1, face_up_only=True).score == 2


def test_d2_5_warcry_lies_face_up_as_a_plus_one_value() -> None:
    game, state = round_two(characters=SECOND_BOX)
    play(game, state, "warcry n1")
    assert kinds(game, state, 3, 1) == [None, None, "Warcry"]
    assert game.tally(state, 0).score == -1 + 2 + 1


def test_d2_6_g7_scout_looks_privately_at_up_to_two_chips() -> None:
    game, state = round_two(characters=SECOND_BOX)
    play(game, state, "bid +2 n2", "scout n2.1")
    assert state.phase == TRAIT
    assert "done" in legal_texts(game, state)
    assert "scout n2.1" not in legal_texts(game, state)
    assert refused(game, state, 1, "scout n2.1").startswith("G7: you have already looked")
    play(game, state, "scout n1.1")
    assert game.to_act(state) == (2,)  # two looks: the Scout is over
    assert kinds(game, state, 1, 2) == ["+2", "invert", None]  # its own Invert, seat 3's +2
    assert kinds(game, state, 1, 1) == ["-1", None]
    # G3: which chips were looked at is public, what they show is not
    other = game.view(state, 2)["nominations"]
    assert other[1]["chips"][0] == {"owner": 3, "kind": None, "face_up": False, "seen_by": [1]}
    assert other[0]["chips"][0]["seen_by"] == [1]


def test_g7_scout_may_stop_after_one_look() -> None:
    game, state = round_two(characters=SECOND_BOX)
    play(game, state, "bid +2 n2", "scout n1.2", "done")
    assert game.to_act(state) == (2,)
    assert kinds(game, state, 1, 1) == [None, "+2"]


def test_d2_7_g9_raid_moves_one_face_down_chip_to_the_end_of_another_nomination() -> None:
    game, state = round_two(characters=SECOND_BOX)
    play(game, state, "bid +2 n2", "bid +2 n1", "raid n2.1")
    assert legal_texts(game, state) == ["to n1"]
    assert refused(game, state, 2, "to n2") == "D2.7: Raid moves the chip to another Nomination"
    moved = state.piles[1][0]
    play(game, state, "to n1")
    assert state.piles[0][-1] == moved
    assert moved not in state.piles[1]


def test_d2_8_g10_smash_removes_a_face_down_chip_unseen() -> None:
    game, state = round_two(characters=SECOND_BOX)
    play(game, state, "bid +2 n2", "bid +2 n1", "bid -1 n1", "smash n1.2")
    smashed = game.view(state, 3)["smashed"]
    assert smashed == [{"owner": 2, "kind": None, "face_up": False, "seen_by": []}]
    assert game.view(state, 2)["smashed"][0]["kind"] == "+2"  # its owner knows it
    assert len(state.piles[0]) == 3
    assert game.tally(state, 0).score == -1 + 2 - 1


def test_g11_traits_aim_only_at_face_down_bid_chips() -> None:
    game, state = round_two(characters=SECOND_BOX)
    play(game, state, "warcry n1", "bid +2 n2", "bid -1 n1")
    message = refused(game, state, 3, "smash n1.3")  # the Warcry chip, face up
    assert message == "G11: n1.3 is face up; Traits aim only at face-down Bid chips"
    assert refused(game, state, 3, "smash n1.9").startswith("D2.8: n1 has no chip n1.9")


def test_d2_a_character_plays_only_its_own_trait_and_only_once() -> None:
    game, state = round_two()
    assert refused(game, state, 0, "hype n1") == "D2: your Trait is Spotlight, not Hype"
    play(game, state, "spotlight n1.1", "bid +2 n1", "bid -1 n1", "bid -1 n1")
    # round 3: n1 shows -1, n2 nothing: seat 3 (n2) begins, then seat 0
    play(game, state, "bid invert n2")
    assert game.to_act(state) == (0,)
    assert refused(game, state, 0, "spotlight n1.2") == (
        "D5: you have already played your Spotlight chip"
    )


def test_g3_knowledge_follows_a_chip_moved_by_raid_and_switcheroo() -> None:
    game, state = round_two(characters=SECOND_BOX)
    play(game, state, "bid +2 n2", "scout n2.1", "done")  # seat 1 sees seat 3's +2
    play(game, state, "raid n2.1", "to n1")  # seat 2 moves it to n1's end
    assert kinds(game, state, 1, 1)[-1] == "+2"
    assert kinds(game, state, 0, 1)[-1] is None
    game, state = round_two(characters=[6, 2, 3, 4])  # seat 0 Scout, seat 1 Switcheroo
    play(game, state, "scout n2.1", "done", "switcheroo n2.1", "with n1.2")
    assert kinds(game, state, 0, 1)[1] == "+2"  # seat 3's +2 now lies at n1.2
    assert kinds(game, state, 2, 1)[1] is None
