"""R10-R14, R21-R28, D1-D3: building videogames, and the plays that are refused."""

from __future__ import annotations

import pytest
from pgdk_helpers import Table

from gamenight.core.errors import IllegalActionError
from gamenight.games.pgdk import state as phases


def refused(table: Table, text: str, seat: int = 0) -> str:
    match = table.match()
    before = table.state.to_dict()
    with pytest.raises(IllegalActionError) as error:
        match.apply(seat, text)
    assert table.state.to_dict() == before, "a refused action changes nothing"
    message = str(error.value)
    assert "\n" not in message
    return message


def test_r15_e1_the_green_example_is_worth_13_then_23() -> None:
    """The rulebook's example: 13 points when ready; with Elders 2, Pink Godzilla 4 and the
    Vehicle Upgrade 4 it says 24, but those add 10, not 11 (E1): the game is worth 23."""
    table = Table()
    table.hand(0, "Team Ninja Suppressors G5", "Weapon G2")
    match = table.match()
    match.apply(0, "play Team Ninja Suppressors G5 new")
    match.apply(0, "play Weapon G2 on 1")
    # the next turn: a 3 point green Title and a 3 point Vehicle
    state = table.state
    table.develop(0, 2)
    table.hand(0, "Jumpman Wars", "Vehicle G3")
    match.apply(0, "play Jumpman Wars on 1")
    match.apply(0, "play Vehicle G3 on 1")
    game = state.projects[0][0]
    assert game.ready
    assert game.value == 13
    assert match.view(0)["seats"][0]["projects"][0]["value"] == 13
    # kept in development; later turns add Elders 2, Pink Godzilla 4, Vehicle Upgrade 4
    table.develop(0, 3)
    table.hand(0, "Elders G2", "Pink Godzilla 4", "Vehicle Upgrade")
    match.apply(0, "play Elders G2 on 1")
    match.apply(0, "play Pink Godzilla 4 on 1")
    match.apply(0, "play Vehicle Upgrade on 1")
    assert state.projects[0][0].value == 23


def test_r21_d1_a_colour_mismatch_is_refused() -> None:
    table = Table()
    table.project(0, "Potion B2")
    table.hand(0, "Weapon P2")
    message = refused(table, "play Weapon P2 on 1")
    assert message.startswith("R21, D1:")
    assert "shares no colour" in message


def test_r21_a_second_title_is_refused() -> None:
    table = Table()
    table.project(0, "Pinktroid Prime", "Weapon G2")
    table.hand(0, "Jumpman Wars")
    message = refused(table, "play Jumpman Wars on 1")
    assert message.startswith("R21:")
    assert "already has a Title (Pinktroid Prime)" in message


def test_r12_a_duplicate_card_is_refused_even_of_another_value() -> None:
    table = Table()
    table.project(0, "Pink Godzilla 3")
    table.project(0, "Potion B2")
    table.hand(0, "Pink Godzilla 5", "Potion B4")
    assert refused(table, "play Pink Godzilla 5 on 1").startswith("R12:")
    assert refused(table, "play Potion B4 on 2").startswith("R12:")


def test_r28_an_easter_egg_on_an_unready_game_is_refused() -> None:
    table = Table()
    table.project(0, "Pinktroid Prime", "Weapon G2", "Pixel G3")
    table.hand(0, "Easter Egg G7")
    message = refused(table, "play Easter Egg G7 on 1")
    assert message.startswith("R28:")
    assert "lacks 1 more Required Gear" in message
    assert refused(table, "play Easter Egg G7 new").startswith("R28:")


def test_r24_d1_a_third_required_gear_or_second_wild_is_refused() -> None:
    table = Table()
    table.project(0, "Vehicle G3", "Weapon G2")
    table.project(0, "Pixel Quest", "Wild")
    table.hand(0, "Vehicle BG3", "Wild")
    assert refused(table, "play Vehicle BG3 on 1").startswith("R12:")  # a second Vehicle
    assert refused(table, "play Wild on 1").startswith("R24, D1:")
    assert refused(table, "play Wild on 2").startswith("R12:")


def test_g17_gear_fits_only_the_genres_that_need_it() -> None:
    """Potion and Weapon never share a genre: the game's colours rule them out together."""
    table = Table()
    table.project(0, "Wild", "Potion B2")
    assert table.state.projects[0][0].colours == 0b0001  # blue only
    table.project(0, "Weapon PG2", "Combo PO2")
    assert table.state.projects[0][1].colours == 0b0010  # pink: Fighting needs both


def test_d2_ready_needs_title_two_gear_and_a_character() -> None:
    table = Table(phase=phases.GOLD)
    table.project(0, "Pinktroid Prime", "Weapon G2", "Vehicle G3")
    table.project(0, "Jumpman Wars", "Wild", "Vehicle G4", "Pink Godzilla 3")
    assert [p.ready for p in table.state.projects[0]] == [False, True]
    message = refused(table, "gold 1")
    assert message == "R15, D2: game 1 is not ready: a Character"
    assert "gold 2" in [str(a) for a in table.match().legal_actions(0)]


def test_d2_guardians_and_pink_godzilla_count_as_characters_of_any_colour() -> None:
    table = Table()
    table.project(0, "Elders May Cry", "Weapon P2", "Combo P2")
    table.project(0, "Pixel Hero", "Accessory O2", "Combo O3")
    table.hand(0, "Good Guardian", "Pink Godzilla 4")
    match = table.match()
    match.apply(0, "play Good Guardian on 1")
    match.apply(0, "play Pink Godzilla 4 on 2")
    assert [p.ready for p in table.state.projects[0]] == [True, True]


def test_r13_titles_need_not_come_first_and_cards_never_leave() -> None:
    table = Table()
    table.hand(0, "Vehicle B2", "Potion B3", "Chrono Jumpman")
    match = table.match()
    match.apply(0, "play Vehicle B2 new")
    match.apply(0, "play Potion B3 on 1")
    project = table.state.projects[0][0]
    assert project.title < 0
    assert table.labels(list(table.state.projects[0][0].cards)) == ["Vehicle B2", "Potion B3"]


def test_r10_two_plays_then_the_development_phase_ends() -> None:
    table = Table()
    table.hand(0, "Vehicle B2", "Potion B3", "Pixel B3")
    table.row("Potion B5")
    match = table.match()
    match.apply(0, "play Vehicle B2 new")
    assert table.state.plays_left == 1
    match.apply(0, "play Potion B3 on 1")
    assert table.state.phase != phases.DEVELOP
    assert table.hand_labels(0) == ["Pixel B3"]


def test_d3_a_special_ability_goes_to_the_table_not_into_a_game() -> None:
    table = Table()
    table.project(0, "Potion B2")
    table.hand(0, "Blue Clone", "Potion B3")
    assert refused(table, "play Blue Clone on 1").startswith("D3:")
    assert refused(table, "use Blue Clone").startswith("R30:")
    match = table.match()
    match.apply(0, "table Blue Clone")
    assert table.state.clone_owner[0] == 0
    assert table.labels(table.state.specials[0]) == ["Blue Clone"]


def test_d3_r33_clone_the_clone_is_no_development_play() -> None:
    table = Table()
    table.hand(0, "Clone The Clone", "Potion B3")
    assert "use Clone The Clone" not in [str(a) for a in table.match().legal_actions(0)]
    assert refused(table, "use Clone The Clone").startswith("R33, D7:")


def test_g13_crunch_time_is_a_play_that_gives_two_more() -> None:
    table = Table()
    table.hand(0, "Crunch Time 2", "Vehicle B2", "Potion B3", "Pixel B3", "Pixel Quest")
    match = table.match()
    match.apply(0, "use Crunch Time 2")
    assert table.state.plays_left == 3
    assert table.labels(table.state.discard)[-1] == "Crunch Time 2"


def test_c3_publisher_advance_draws_two_playable_cards() -> None:
    table = Table()
    table.hand(0, "Publisher Advance 4")
    table.deck_top("Pixel B3", "Potion B2")
    match = table.match()
    match.apply(0, "use Publisher Advance 4")
    assert table.hand_labels(0) == ["Pixel B3", "Potion B2"]
    assert table.state.phase == phases.DEVELOP
    match.apply(0, "play Pixel B3 new")


def test_c3_g9_budget_cut_discards_a_non_title_card_from_a_rival_game() -> None:
    table = Table()
    table.project(1, "Pinktroid Prime", "Weapon G2")
    table.project(2, "Potion B2")
    table.hand(0, "Budget Cut 3")
    match = table.match()
    match.apply(0, "use Budget Cut 3")
    options = [str(a) for a in match.legal_actions(0)]
    assert options == ["cut Weapon G2 from seat 1 game 1", "cut Potion B2 from seat 2 game 1"]
    with pytest.raises(IllegalActionError, match="C3: Budget Cut never takes a Title"):
        match.apply(0, "cut Pinktroid Prime from seat 1 game 1")
    match.apply(0, "cut Potion B2 from seat 2 game 1")
    assert table.state.projects[2] == []  # G9: an emptied game leaves the table
    assert table.labels(table.state.discard)[-2:] == ["Potion B2", "Budget Cut 3"]


def test_d5_g18_a_power_without_target_cannot_be_used() -> None:
    table = Table()
    table.hand(0, "Budget Cut 3", "Good Guardian", "Headhunter 3")
    message = refused(table, "use Budget Cut 3")
    assert message == "D5: Budget Cut 3 has no target now"
    assert refused(table, "use Good Guardian").startswith("D5:")
    assert refused(table, "use Headhunter 3").startswith("D5:")
    assert [str(a) for a in table.match().legal_actions(0)] == [
        "done",
        "play Good Guardian new",
    ]


def test_r27_d3_good_guardian_retrieves_any_discard_but_itself() -> None:
    table = Table()
    table.discard("Easter Egg B7", "Potion B2")
    table.hand(0, "Good Guardian")
    match = table.match()
    match.apply(0, "use Good Guardian")
    assert [str(a) for a in match.legal_actions(0)] == [
        "retrieve Potion B2",
        "retrieve Easter Egg B7",
    ]
    match.apply(0, "retrieve Easter Egg B7")
    assert table.hand_labels(0) == ["Easter Egg B7"]
    assert table.labels(table.state.discard) == ["Potion B2", "Good Guardian"]


def test_r27_evil_guardian_looks_at_a_rival_hand_and_steals() -> None:
    table = Table(players=3)
    table.hand(0, "Evil Guardian")
    table.hand(1, "Potion B2", "Easter Egg O7")
    table.hand(2, "Pixel B3")
    match = table.match()
    match.apply(0, "use Evil Guardian")
    assert [str(a) for a in match.legal_actions(0)] == ["rob seat 1", "rob seat 2"]
    match.apply(0, "rob seat 1")
    seen = match.view(0)["seats"][1]["known"]
    assert sorted(item["card"] for item in seen) == ["Easter Egg O7", "Potion B2"]
    match.apply(0, "steal Easter Egg O7")
    assert table.hand_labels(0) == ["Easter Egg O7"]
    assert table.hand_labels(1) == ["Potion B2"]


def test_c3_headhunter_takes_a_row_card_known_to_all() -> None:
    table = Table()
    table.row("Potion B5", "Pixel B3")
    table.hand(0, "Headhunter 4")
    match = table.match()
    match.apply(0, "use Headhunter 4")
    match.apply(0, "hunt Potion B5")
    assert table.hand_labels(0) == ["Potion B5"]
    assert [item["card"] for item in match.view(1)["seats"][0]["known"]] == ["Potion B5"]


def test_r11_plays_onto_a_game_that_does_not_exist_are_refused() -> None:
    table = Table()
    table.hand(0, "Pixel B3")
    assert refused(table, "play Pixel B3 on 3") == "R11: you have no game 3 in development"
    assert refused(table, "play Potion B2 new") == "R10: you hold no Potion B2"
