"""R15-R20, R27-R33, R35, D3, D7, D8, G7, G8, G12, G14-G16: Going Gold, Clones, the end."""

from __future__ import annotations

import pytest
from pgdk_helpers import Table, make_game

from gamenight.core.errors import IllegalActionError
from gamenight.core.rng import Rng
from gamenight.games.pgdk import state as phases
from gamenight.games.pgdk.rules import PgdkGame

ORANGE = ("Rock Band of Elders", "Accessory O3", "Combo O2", "Pixel O4")  # 5+3+2+4 = 14
BLUE = ("Pixel Quest", "Vehicle B2", "Potion B2", "Pixel B3")  # 3+2+2+3 = 10
GREEN = ("Pinktroid Prime", "Weapon G2", "Vehicle G3", "Jumpman G4")  # 4+2+3+4 = 13


def test_r20_the_bonus_example_28_28_26_25_25() -> None:
    game = make_game()
    assert game.ranking_bonus([28, 28, 26, 25, 25]) == [20, 20, 15, 10, 10]
    assert game.ranking_bonus([25, 28, 13, 26, 28, 9]) == [10, 20, 0, 15, 20, 0]
    assert game.ranking_bonus([]) == []


def test_r19_r20_r30_d8_final_scores() -> None:
    """Games 14 and 10 (seat 0, four games with two of 13) and one of 13 (seat 1)."""
    table = Table(players=2)
    table.completed(0, *ORANGE)
    table.completed(0, *BLUE)
    table.completed(0, *GREEN)
    table.completed(0, "Jumpman Wars", "Weapon G3", "Vehicle G4", "Pixel G3")  # 3+3+4+3 = 13
    table.completed(1, "Elders May Cry", "Weapon P2", "Combo P2", "Pixel P2")  # 5+2+2+2 = 11
    table.special(1, "Talent Agency")
    table.special(1, "Franchise")
    table.hand(1, "Auction House")  # in hand: worth nothing (R19)
    game = table.game
    assert game.points(table.state) == [14 + 10 + 13 + 13, 11 + 8]
    # bonuses: 15 for four games; 14 -> 20, 13 and 13 -> 15 each, 11 -> 10
    assert game.scores(table.state) == (50 + 15 + 20 + 15 + 15, 19 + 10)


def gold_table(players: int = 3) -> Table:
    table = Table(players=players)
    table.hand(0, "Elders B3")
    return table


def test_r15_payment_is_two_plus_one_for_the_first_of_a_colour() -> None:
    table = gold_table()
    table.project(0, *ORANGE)
    table.project(0, "Pixel Hero", "Accessory O2", "Combo O3", "Jumpman O3")
    table.project(0, *BLUE)
    match = table.match()
    match.apply(0, "done")
    assert table.state.phase == phases.GOLD
    match.apply(0, "gold 1")
    assert len(table.state.hands[0]) == 1 + 3  # the first orange game: 2 + 1
    assert [game.first for game in table.state.completed[0]] == [True]
    match.apply(0, "gold 1")
    assert len(table.state.hands[0]) == 1 + 3 + 2  # orange again: 2
    # G7 / R15: payment cards are not usable this turn; the view says so
    locked = [item["locked"] for item in match.view(0)["hand"]]
    assert locked.count(True) == 5
    assert table.state.completed[0][0].value == 14


def test_d3_r28_an_easter_egg_completes_at_once_and_is_paid_in_going_gold() -> None:
    table = gold_table()
    table.project(0, *BLUE)
    table.hand(0, "Easter Egg B7", "Potion B4")
    match = table.match()
    match.apply(0, "play Easter Egg B7 on 1")
    assert table.state.projects[0] == []
    assert [g.value for g in table.state.completed[0]] == [17]
    assert table.state.phase == phases.DEVELOP  # one play left; payment waits (D3)
    assert len(table.state.hands[0]) == 2
    assert match.view(1)["payouts"] == [0]
    match.apply(0, "play Potion B4 new")
    # the Going Gold Phase paid 3 cards (first blue game), then the turn ended
    assert len(table.state.hands[0]) == 1 + 3
    assert table.state.active == 1


def test_r27_d3_g14_the_neutral_guardian_completes_a_game_with_a_title() -> None:
    table = gold_table()
    table.project(0, "Pinktroid Prime")
    table.project(0, "Weapon G2", "Pixel G3")
    table.hand(0, "Neutral Guardian")
    match = table.match()
    legal = [str(a) for a in match.legal_actions(0)]
    assert "use Neutral Guardian on 1" in legal
    assert "use Neutral Guardian on 2" not in legal
    assert "play Neutral Guardian on 2" in legal  # as a Character it fits anywhere
    with pytest.raises(IllegalActionError) as error:
        match.apply(0, "use Neutral Guardian on 2")
    assert str(error.value) == (
        "R27, D3: the Neutral Guardian completes only a game with a Title; game 2 has none"
    )
    match.apply(0, "use Neutral Guardian on 1")
    done = table.state.completed[0][0]
    assert done.value == 4 + 3  # G14: its value counts
    assert done.chars == 0  # ... but it is no Character
    assert match.view(2)["seats"][0]["completed"][0]["powered"] == "Neutral Guardian"


def clone_position(upgrades: int, ctc: str | None) -> Table:
    """Example A/B/C: seat 0 (A) completes orange, seat 1 (B) owns the Orange Clone, seat 2
    is C. A second ready (blue) game keeps A in the Going Gold Phase for the checks."""
    table = gold_table()
    extra = ("Accessory Upgrade", "Combo Upgrade")[:upgrades]
    table.project(0, *ORANGE, *extra)
    table.project(0, *BLUE)
    table.special(1, "Orange Clone")
    table.hand(1, "Pixel P2")
    table.hand(2, "Potion B3")
    if ctc == "A":
        table.hand(0, "Clone The Clone")
    elif ctc == "C":
        table.hand(2, "Clone The Clone")
    return table


@pytest.mark.parametrize("upgrades", [0, 1, 2])
def test_r31_r32_d7_the_clone_owner_draws_two_minus_one_per_gear_upgrade(upgrades: int) -> None:
    table = clone_position(upgrades, None)
    match = table.match()
    match.apply(0, "done")
    match.apply(0, "gold 1")
    if upgrades < 2:  # G11: the window asks A and C (not the owner B); neither can answer
        for seat in (0, 2):
            assert match.to_act() == (seat,)
            assert [str(a) for a in match.legal_actions(seat)] == ["pass"]
            match.apply(seat, "pass")
    assert table.state.phase == phases.GOLD
    assert len(table.state.hands[0]) == 1 + 3 + upgrades  # payment + diverted clone cards
    assert len(table.state.hands[1]) == 1 + 2 - upgrades
    assert len(table.state.hands[2]) == 1


@pytest.mark.parametrize("upgrades", [0, 1])
@pytest.mark.parametrize("player", ["A", "C"])
def test_r33_d7_clone_the_clone_takes_the_clone_cards(upgrades: int, player: str) -> None:
    """Example: C (or A himself) plays Clone The Clone and draws what B would have drawn;
    a Gear Upgrade leaves only one card to take (R33)."""
    table = clone_position(upgrades, player)
    match = table.match()
    match.apply(0, "done")
    match.apply(0, "gold 1")
    if player == "C":
        match.apply(0, "pass")
    seat = 0 if player == "A" else 2
    assert [str(a) for a in match.legal_actions(seat)] == ["pass", "use Clone The Clone"]
    match.apply(seat, "use Clone The Clone")
    assert table.state.phase == phases.GOLD
    stake = 2 - upgrades
    a_cards = 1 + 3 + upgrades + (stake if player == "A" else 0)
    assert len(table.state.hands[0]) == a_cards
    assert len(table.state.hands[1]) == 1  # B draws nothing
    assert len(table.state.hands[2]) == 1 + (stake if player == "C" else 0)
    assert table.labels(table.state.discard)[-1] == "Clone The Clone"


@pytest.mark.parametrize("player", ["A", "C"])
def test_r33_d7_two_gear_upgrades_leave_clone_the_clone_nothing(player: str) -> None:
    table = clone_position(2, player)
    match = table.match()
    match.apply(0, "done")
    match.apply(0, "gold 1")
    assert table.state.phase == phases.GOLD  # no window: nothing to take
    assert len(table.state.hands[0]) == 1 + 3 + 2 + (1 if player == "A" else 0)
    assert len(table.state.hands[1]) == 1


def test_r31_a_clone_draws_for_its_owner_own_games_too() -> None:
    table = gold_table(players=2)
    table.project(0, *GREEN)
    table.project(0, *BLUE)
    table.special(0, "Green Clone")
    table.hand(1, "Potion B3")
    match = table.match()
    match.apply(0, "done")
    match.apply(0, "gold 1")
    assert match.to_act() == (1,)  # G11: the other seat may answer (not the owner)
    match.apply(1, "pass")
    assert len(table.state.hands[0]) == 1 + 3 + 2


def test_g7_clone_the_clone_drawn_as_payment_waits_for_the_next_turn() -> None:
    table = clone_position(0, None)
    table.deck_top("Clone The Clone", "Potion B5", "Potion B2")
    match = table.match()
    match.apply(0, "done")
    match.apply(0, "gold 1")
    assert "Clone The Clone" in table.hand_labels(0)
    assert [str(a) for a in match.legal_actions(0)] == ["pass"]
    with pytest.raises(IllegalActionError, match=r"^G7: your Clone The Clone came as payment"):
        match.apply(0, "use Clone The Clone")


def test_c3_talent_agency_and_franchise_draw_for_their_owner() -> None:
    table = gold_table(players=2)
    table.completed(0, "Pixel Hero", "Accessory O2", "Combo O3", "Jumpman O3")
    table.project(0, *ORANGE, "Elders O2")  # two Characters
    table.project(0, *BLUE)
    table.special(0, "Talent Agency")
    table.special(0, "Franchise")
    match = table.match()
    match.apply(0, "done")
    match.apply(0, "gold 1")
    assert len(table.state.hands[0]) == 1 + 2 + 1 + 1  # not the first orange game


def test_r16_d9_the_active_player_discards_down_to_seven() -> None:
    table = Table(players=2)
    table.hand(0, "Potion B2", "Potion B3", "Potion B4", "Pixel O4", "Combo O2", "Elders O2")
    table.project(0, *BLUE)
    match = table.match()
    match.apply(0, "done")
    match.apply(0, "gold 1")  # 6 + 3 = 9 cards
    assert table.state.phase == phases.LIMIT
    match.apply(0, "discard Potion B2")
    assert table.state.phase == phases.LIMIT
    match.apply(0, "discard Combo O2")
    assert len(table.state.hands[0]) == 7
    assert table.state.active == 1
    assert table.labels(table.state.discard) == ["Potion B2", "Combo O2"]


def end_position(variant_games: int = 4) -> Table:
    game = make_game(games_to_end=variant_games)
    table = Table(game, players=4)
    completed = [
        ("Jumpman Wars", "Weapon G3", "Vehicle G4", "Pixel G3"),
        ("Elders May Cry", "Weapon P2", "Combo P2", "Pixel P2"),
        ("Chrono Jumpman", "Vehicle B3", "Potion B3", "Jumpman B4"),
    ][: variant_games - 1]
    for cards in completed:
        table.completed(0, *cards)
    table.project(0, *GREEN)  # the last game
    table.project(0, "Pixel Hero", "Accessory O2", "Combo O3")  # not ready
    table.project(2, *BLUE)  # ready: may still be declared
    table.project(3, *ORANGE)  # ready
    table.hand(0, "Potion B2")
    table.special(1, "Green Clone")
    return table


def test_r18_d8_the_fourth_game_ends_the_game_then_final_declarations() -> None:
    table = end_position()
    match = table.match()
    match.apply(0, "done")
    match.apply(0, "gold 1")
    state = table.state
    assert state.phase == phases.FINAL
    assert state.end_reason == "seat 0 completed game number 4"
    assert len(state.hands[0]) == 1  # no payment (D8)
    assert state.hands[1] == []  # no Clone cards (D8)
    assert match.to_act() == (2,)  # seat 0 and seat 1 have no ready game (G16)
    with pytest.raises(IllegalActionError, match=r"^R10|^R18"):
        match.apply(2, "play Pixel B3 new")
    match.apply(2, "gold 1")
    assert match.to_act() == (3,)
    match.apply(3, "done")
    outcome = match.outcome
    assert outcome is not None
    assert not outcome.capped
    values = [g.value for s in range(4) for g in state.completed[s]]
    assert sorted(values) == [10, 11, 13, 13, 14]
    # seat 0: games 13, 11, 14, 13, the four-game bonus 15, ranking 14 -> 20, the 13s -> 15
    # each, 11 -> 10; seat 1: its Green Clone on the table; seat 2: its 10 (fourth value)
    assert outcome.scores == (51 + 15 + 20 + 15 + 15 + 10, 4.0, 10.0, 0.0)
    assert outcome.winners == (0,)


def test_d8_an_easter_egg_that_completes_the_fourth_game_ends_it_at_once() -> None:
    table = end_position()
    table.hand(0, "Easter Egg G7")
    match = table.match()
    match.apply(0, "play Easter Egg G7 on 1")
    assert table.state.phase == phases.FINAL
    assert table.state.ender == 0
    assert table.state.completed[0][-1].value == 13 + 7
    assert match.to_act() == (2,)


def test_r35_d10_the_three_game_variant() -> None:
    assert PgdkGame.variant("three-games").overrides == {"games_to_end": 3}
    table = end_position(variant_games=3)
    match = table.match()
    match.apply(0, "done")
    match.apply(0, "gold 1")
    assert table.state.end_reason == "seat 0 completed game number 3"
    match.apply(2, "done")
    match.apply(3, "done")
    assert match.outcome is not None
    assert match.outcome.scores[0] == 13 + 11 + 13 + 15 + 20 + 20 + 15


def test_g8_the_safety_cap_is_its_own_reason() -> None:
    game = make_game(max_turns=6, stall_rounds=0)
    state = game.new_state(2, 3)
    rng = Rng(3)
    while game.to_act(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        game.apply(state, seat, legal[rng.randbelow(len(legal))])
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.capped
    assert outcome.reason == "safety cap reached"
    assert state.turn == 7


def test_g12_a_stalled_game_ends_with_final_declarations_and_is_marked_capped() -> None:
    """issue 12 item 1: the stall rule (G12) ends the game as at its normal end, but the
    outcome is marked capped, with a reason saying it stalled."""
    game = make_game(stall_rounds=1)
    table = Table(game, players=2, phase=phases.GOLD)
    table.project(1, *BLUE)
    table.hand(0, "Potion B5")
    table.state.quiet = 1  # one turn without a completed game already
    match = table.match()
    match.apply(0, "done")  # seat 0 ends its Going Gold Phase; the next turn is the second
    assert table.state.phase == phases.FINAL
    assert table.state.end_reason == "stalled: no game completed in 1 rounds"
    assert match.to_act() == (1,)
    match.apply(1, "gold 1")
    outcome = match.outcome
    assert outcome is not None
    assert outcome.capped
    assert outcome.reason.startswith("stalled")
    assert outcome.scores == (0.0, 10.0 + 20)
    assert outcome.winners == (1,)


def test_g12_a_stalled_game_without_points_is_a_shared_win_marked_capped() -> None:
    """issue 12 item 1: G12 and DECISIONS' convention on final ties: a 0-0 stall is a shared
    win of every seat (R19 names no tie-break), and it is marked capped."""
    game = make_game(stall_rounds=1)
    table = Table(game, players=3, phase=phases.GOLD)
    table.project(1, "Pixel Quest", "Vehicle B2")  # not ready: nothing to declare
    table.hand(0, "Potion B5")
    table.state.quiet = 2
    match = table.match()
    match.apply(0, "done")
    outcome = match.outcome
    assert outcome is not None
    assert outcome.scores == (0.0, 0.0, 0.0)
    assert outcome.winners == (0, 1, 2)
    assert outcome.capped
    assert outcome.reason == "stalled: no game completed in 1 rounds"


def test_g8_the_safety_cap_allows_the_final_declarations() -> None:
    """issue 12 item 2: at the safety cap (G8) the game is scored as at its normal end, final
    declarations included (D8): clockwise from the seat whose turn was cut off."""
    game = make_game(max_turns=5, stall_rounds=0)
    table = Table(game, players=3, phase=phases.GOLD)
    table.state.turn = 5
    table.project(0, *GREEN)  # seat 0 keeps its ready game in development ...
    table.project(2, *BLUE)
    table.project(2, *ORANGE)
    table.hand(0, "Potion B5")
    match = table.match()
    match.apply(0, "done")  # ... and ends turn 5: turn 6 would pass the cap
    assert table.state.phase == phases.FINAL
    assert table.state.end_reason == "safety cap reached"
    assert match.to_act() == (2,)  # seat 1 has nothing ready (G16); seat 2 declares both
    match.apply(2, "gold 1")
    match.apply(2, "gold 1")
    assert match.to_act() == (0,)  # seat 2 has nothing more to declare
    match.apply(0, "gold 1")
    outcome = match.outcome
    assert outcome is not None
    assert outcome.capped
    assert outcome.reason == "safety cap reached"
    # R20: 14 -> 20, 13 -> 15, 10 -> 10; no payment or Clone cards at the end (D8)
    assert outcome.scores == (13.0 + 15, 0.0, 10.0 + 10 + 14 + 20)
    assert outcome.winners == (2,)
    assert len(table.state.hands[2]) == 0


def test_g7_clone_the_clone_drawn_with_a_clone_answers_a_later_clone_in_that_phase() -> None:
    """issue 12 item 3: seat 1 draws Clone The Clone with its own Orange Clone when seat 0's
    orange game completes; later in the same Going Gold Phase seat 0's green game is cloned
    by seat 2, and seat 1 may answer with it (G7: only the active player's payment waits;
    D7 offers Clone The Clone to every seat in turn)."""
    table = gold_table()
    table.project(0, *ORANGE)
    table.project(0, *GREEN)
    table.special(1, "Orange Clone")
    table.special(2, "Green Clone")
    table.hand(1, "Pixel P2")
    table.hand(2, "Potion B3")
    table.deck_top(
        "Potion B5",
        "Potion B2",
        "Vehicle B4",  # seat 0: payment for the first orange game
        "Clone The Clone",
        "Combo P3",  # seat 1: its Orange Clone's two cards
        "Accessory O4",
        "Accessory O5",
        "Weapon P4",  # seat 0: payment for the first green game
        "Jumpman P3",
        "Elders P3",  # the Green Clone's two cards
    )
    match = table.match()
    match.apply(0, "done")
    match.apply(0, "gold 1")  # orange: the Clone window asks seats 0 and 2 (not the owner)
    match.apply(0, "pass")
    match.apply(2, "pass")
    assert table.hand_labels(1) == ["Clone The Clone", "Combo P3", "Pixel P2"]
    assert [item["locked"] for item in match.view(1)["hand"]] == [False, False, False]
    match.apply(0, "gold 1")  # green: the window asks seat 0, then seat 1
    # the active player's payment cards wait for its next turn (R15, G7)
    locked = [item["card"] for item in match.view(0)["hand"] if item["locked"]]
    assert sorted(locked) == sorted(
        ["Potion B5", "Potion B2", "Vehicle B4", "Accessory O4", "Accessory O5", "Weapon P4"]
    )
    match.apply(0, "pass")
    assert match.to_act() == (1,)
    assert [str(a) for a in match.legal_actions(1)] == ["pass", "use Clone The Clone"]
    match.apply(1, "use Clone The Clone")
    # seat 1 drew the Green Clone's two cards; then seat 0's turn ended and seat 1's began
    assert table.state.active == 1
    assert {"Elders P3", "Jumpman P3"} <= set(table.hand_labels(1))
    assert "Clone The Clone" not in table.hand_labels(1)
    assert table.hand_labels(2) == ["Potion B3"]  # the Green Clone's owner draws nothing
