"""issue 12: the public log of Game to Pick a Game and its itemised final scores (RULES.md L1-L5).

Each test builds an explicit position and reads the exact entries each seat and a spectator
are given. The expected texts are written out by hand from the rules they cite.
"""

from __future__ import annotations

from typing import Any

from gtpag_helpers import (
    AGOR,
    GNOME,
    PGDK,
    bid_to_a_tie_of_n2_and_n3,
    last_turn_of_bidding,
    lay,
    new,
    play,
    smash,
    tied_endgame,
    two_nominations,
)

from gamenight.core import Match, Rng
from gamenight.core.journal import Journal
from gamenight.games.gtpag.rules import GtpagGame
from gamenight.games.gtpag.state import BIDDING, OVER, GtpagState


def narrating(state: GtpagState) -> Journal:
    """Turn narration on from this point of a position built by hand."""
    journal = Journal()
    state.journal = journal
    return journal


def read(journal: Journal, reader: int | None, start: int = 0) -> list[str]:
    return [entry["text"] for entry in journal.for_seat(reader, start)]


def kinds_of(journal: Journal, start: int = 0) -> list[str]:
    return [entry["kind"] for entry in journal.for_seat(None, start)]


def test_l5_d4_the_setup_tells_each_seat_its_own_preferences_only() -> None:
    game, state = new(4)
    journal = game.start_journal(state)
    everyone = [
        "Game to Pick a Game, 4 players. Library: A Game of Requirements; G.Nome; Pink "
        "Godzilla Dev Kit; Game to Pick a Game.",
        "Seat 0 plays Red (Trait: Spotlight); Seat 1 plays Orange (Trait: Switcheroo); Seat 2 "
        "plays Yellow (Trait: House Rule); Seat 3 plays Green (Trait: Hype). Every character "
        "holds the Bid chips +2, -1, Invert and its Trait.",
    ]
    # PREFS_4: seat 1 ranks the library 1, 2, 3, 4 (C6), set by the table (param preferences)
    assert read(journal, 1) == [
        *everyone,
        f"Your preferences, as the table set them: Game to Pick a Game 4, {PGDK} 3, {GNOME} 2, "
        f"{AGOR} 1. Only you know them.",
        "Nomination round: Seat 0 begins, as the table chose (D4); counter-clockwise, each "
        "character nominates a game or passes (R2).",
    ]
    assert read(journal, 0)[-1].startswith("Nomination round: You begin, as the table chose")
    spectator = read(journal, None)
    assert len(spectator) == 3
    assert not any("preferences" in text for text in spectator)
    assert kinds_of(journal) == ["header", "header", "header"]


def test_l5_g6_preferences_drawn_at_random_say_so() -> None:
    match = Match(GtpagGame(), 3, seed=4)
    assert any(
        entry["text"].startswith("Your preferences, drawn at random (G6): ")
        for entry in match.log(2)
    )


def test_l1_r5_g19_a_bid_chip_is_told_to_its_owner_and_hidden_from_the_rest() -> None:
    game, state = two_nominations(4)
    journal = narrating(state)
    play(game, state, "bid +2 n2")  # R3: seat 3 nominated last and begins
    assert read(journal, 3) == [f"You placed your +2 face down on {GNOME}."]
    for reader in (0, 1, 2, None):
        assert read(journal, reader) == [f"Seat 3 placed a face-down chip on {GNOME}."]
    assert [(e["kind"], e["actor"], e["round"]) for e in journal.for_seat(None)] == [
        ("action", 3, None)
    ]


def test_l1_d2_1_spotlight_tells_everyone_the_chip_it_turns_up() -> None:
    game, state = two_nominations(4)
    play(game, state, "bid +2 n2")
    journal = narrating(state)
    play(game, state, "spotlight n2.1")  # seat 0 plays Spotlight (character 1)
    assert read(journal, None) == [
        f"Seat 0 played Spotlight on Seat 3's face-down chip on {GNOME}: it is turned face up: +2."
    ]
    assert read(journal, 0) == [
        f"You played Spotlight on Seat 3's face-down chip on {GNOME}: it is turned face up: +2."
    ]
    assert read(journal, 3) == [
        f"Seat 0 played Spotlight on your face-down chip on {GNOME}: it is turned face up: +2."
    ]


def bidding_turn(state: GtpagState, seat: int) -> None:
    """Make it ``seat``'s turn, the last of Bidding round 2 (its chips as they are)."""
    state.phase = BIDDING
    state.round = 2
    state.actor = seat
    state.turns_left = 1


def test_l1_d2_6_scout_tells_the_chip_to_the_scout_alone() -> None:
    # characters 1, 2, 3, 6: seat 3 plays Purple, whose Trait is Scout (C4)
    game, state = two_nominations(4, characters=[1, 2, 3, 6])
    lay(
        game,
        state,
        [(3, "-1", 1), (0, "invert", 0), (1, "+2", 0), (2, "-1", 0), (0, "+2", 1)],
    )
    bidding_turn(state, 3)
    journal = narrating(state)
    play(game, state, "scout n1.1")  # seat 0's Invert
    assert read(journal, 3) == [
        f"You played Scout and looked at Seat 0's face-down chip on {AGOR}: it is Invert."
    ]
    assert read(journal, 0) == [
        f"Seat 3 played Scout and looked at your face-down chip on {AGOR} (Invert)."
    ]
    for reader in (1, 2, None):
        assert read(journal, reader) == [
            f"Seat 3 played Scout and looked at Seat 0's face-down chip on {AGOR}."
        ]
    start = len(journal)
    play(game, state, "scout n2.2")  # seat 0's +2; n2.1 is seat 3's own -1
    assert read(journal, 3, start)[0] == (
        f"You also looked at Seat 0's face-down chip on {GNOME}: it is +2."
    )
    assert (
        read(journal, 1, start)[0] == f"Seat 3 also looked at Seat 0's face-down chip on {GNOME}."
    )


def test_l2_g7_a_scout_with_nothing_left_to_look_at_stops_and_says_so() -> None:
    game, state = two_nominations(4, characters=[1, 2, 3, 6])
    lay(game, state, [(0, "+2", 0)])
    bidding_turn(state, 3)
    journal = narrating(state)
    play(game, state, "scout n1.1")
    # G7: one look of two, and no other face-down chip: the Scout stops without a choice
    assert kinds_of(journal)[:2] == ["action", "auto"]
    assert read(journal, None)[1] == (
        "No face-down chip is left for Seat 3 to look at: the Scout ends (G7)."
    )
    assert (
        read(journal, 3)[1] == "No face-down chip is left for you to look at: the Scout ends (G7)."
    )
    assert journal.for_seat(None)[1]["actor"] == 3


def test_l2_g15_a_pass_with_no_title_left_is_the_engines_and_says_why() -> None:
    game, state = new(4, library=("Alpha", "Beta"), preferences=None)
    journal = game.start_journal(state)
    start = len(journal)
    play(game, state, "nominate Alpha", "nominate Beta")
    # R2: counter-clockwise from seat 0: seat 3 nominated Beta; seats 2 and 1 have nothing
    # left to nominate and pass without a choice (G15, G24); the Bidding begins with seat 3
    assert read(journal, None, start) == [
        "Seat 0 nominated Alpha (n1).",
        "Seat 3 nominated Beta (n2).",
        "Seat 2 has no title left to nominate: passed (G15).",
        "Seat 1 has no title left to nominate: passed (G15).",
        "Bidding round 1 of 4, clockwise. Seat 3 begins, the last to nominate (R3).",
    ]
    assert read(journal, 2, start)[2] == "You have no title left to nominate: passed (G15)."
    assert kinds_of(journal, start) == ["action", "action", "auto", "auto", "header"]
    assert [e["actor"] for e in journal.for_seat(None, start)][2:4] == [2, 1]


def test_l2_r7_a_round_header_gives_the_face_up_scores_and_who_begins() -> None:
    game, state = two_nominations(4)
    play(game, state, "bid +2 n2", "spotlight n2.1", "bid -1 n1")
    journal = narrating(state)
    play(game, state, "bid +2 n1")
    # R7, G21: face up only seat 3's +2 on G.Nome: 2 against 0; its nominator (seat 3) begins
    assert read(journal, None)[1:] == [
        f"Bidding round 2 of 4, clockwise. Face-up Scores: {AGOR} 0, {GNOME} 2. Seat 3 "
        f"begins, the nominator of {GNOME}, the highest (R7)."
    ]
    assert read(journal, 3)[1].endswith(f"You begin, the nominator of {GNOME}, the highest (R7).")
    assert journal.for_seat(None)[1]["round"] == 2


def test_l3_d5_a_trait_played_with_nothing_to_aim_at_says_it_does_nothing() -> None:
    game, state = two_nominations(2)
    journal = narrating(state)
    # 2 players: seat 1 nominated last and begins (R3); nothing lies on the table yet
    play(game, state, "switcheroo", "spotlight")
    assert read(journal, None)[:2] == [
        "Seat 1 played Switcheroo with no two face-down Bid chips on different Nominations to "
        "swap: the chip is used up and does nothing (D5).",
        "Seat 0 played Spotlight with no face-down Bid chip to turn over: the chip is used up "
        "and does nothing (D5).",
    ]


def test_l1_g2_chips_are_named_by_owner_and_order_never_by_their_place() -> None:
    game, state = two_nominations(4, characters=[1, 2, 3, 8])  # seat 3 plays Grey: Smash
    lay(game, state, [(3, "+2", 0), (0, "-1", 0), (2, "invert", 0), (0, "invert", 0)])
    bidding_turn(state, 3)
    journal = narrating(state)
    play(game, state, "smash n1.4")  # seat 0's second face-down chip on n1, its Invert
    assert read(journal, None)[:1] == [
        f"Seat 3 Smashed Seat 0's 2nd face-down chip on {AGOR}: it leaves the game unseen (D2.8)."
    ]
    assert read(journal, 0)[:1] == [
        f"Seat 3 Smashed your 2nd face-down chip on {AGOR} (Invert): it leaves the game unseen "
        "(D2.8)."
    ]


def _hype_warcry_endgame() -> tuple[GtpagGame, GtpagState]:
    """2 players, characters 4 (Hype) and 5 (Warcry); n1 A Game of Requirements (seat 0),
    n2 G.Nome (seat 1). Seat 1 has one chip left, its Invert."""
    game, state = two_nominations(2, characters=[4, 5], preferences=((4, 3, 2, 1), (1, 2, 3, 4)))
    lay(
        game,
        state,
        [
            (0, "+2", 0), (1, "-1", 0), (1, "Warcry", 0), (0, "invert", 0), (0, "Hype", 0),
            (1, "+2", 1), (0, "-1", 1),
        ],
    )  # fmt: skip
    last_turn_of_bidding(game, state, 1)
    return game, state


def test_l4_r11_r13_the_flip_the_tally_step_by_step_and_the_pick() -> None:
    game, state = _hype_warcry_endgame()
    journal = narrating(state)
    play(game, state, "bid invert n2")
    # R13, D1, D2.4, D2.5: n1 values +2 -1 +1 (Warcry) = 2; one Invert: -2; Hype +2: 0.
    # n2 values +2 -1 = 1; one Invert: -1. Nobody passed: no Boosts (R12). n1 wins with 0.
    # D3, G16: seat 0 ranks AGOR 4 (its favourite), seat 1 ranks it 1.
    assert read(journal, None) == [
        f"Seat 1 placed a face-down chip on {GNOME}.",
        "Every chip on the Nominations is turned face up (R11).",
        f"{AGOR}: Seat 0's +2, Seat 1's -1, Seat 1's Warcry, Seat 0's Invert, Seat 0's Hype.",
        f"{GNOME}: Seat 1's +2, Seat 0's -1, Seat 1's Invert.",
        f"Tally of {AGOR}: values +2 -1 +1 = 2; 1 Invert (odd): -2; Hype +2: 0; Score 0.",
        f"Tally of {GNOME}: values +2 -1 = 1; 1 Invert (odd): -1; Score -1.",
        f"{AGOR} picked with a Score of 0. Preferences for {AGOR}: Seat 0 4 (favourite), "
        f"Seat 1 1. Seat 0 wins: {AGOR} is its favourite.",
    ]
    assert read(journal, 0)[-1] == (
        f"{AGOR} picked with a Score of 0. Preferences for {AGOR}: You 4 (favourite), Seat 1 1. "
        f"You win: {AGOR} is your favourite."
    )
    assert read(journal, 1)[2] == (
        f"{AGOR}: Seat 0's +2, your -1, your Warcry, Seat 0's Invert, Seat 0's Hype."
    )
    assert kinds_of(journal) == ["action", *["reveal"] * 5, "end"]


def sheet_of(game: GtpagGame, state: GtpagState, reader: int | None) -> dict[str, Any]:
    sheet: dict[str, Any] = game.view(state, reader)["score_sheet"]
    return sheet


def test_l4_g16_the_score_sheet_itemises_each_seats_preference_and_each_tally() -> None:
    game, state = _hype_warcry_endgame()
    play(game, state, "bid invert n2")
    sheet = sheet_of(game, state, None)
    assert sheet["seats"] == [
        {
            "seat": 0,
            "items": [{"label": f"preference for {AGOR}", "points": 4, "detail": "its favourite"}],
            "total": 4,
        },
        {
            "seat": 1,
            "items": [{"label": f"preference for {AGOR}", "points": 1, "detail": ""}],
            "total": 1,
        },
    ]
    assert sheet["items_sum_to_total"] is True
    assert sheet["details"] == [
        {
            "title": f"Bidding tally: n1 {AGOR}, nominated by Seat 0 (picked)",
            "lines": [
                "chips: Seat 0's +2, Seat 1's -1, Seat 1's Warcry, Seat 0's Invert, Seat 0's Hype",
                "values +2 -1 +1 = 2",
                "1 Invert (odd): -2",
                "Hype +2: 0",
                "Score 0",
            ],
        },
        {
            "title": f"Bidding tally: n2 {GNOME}, nominated by Seat 1",
            "lines": [
                "chips: Seat 1's +2, Seat 0's -1, Seat 1's Invert",
                "values +2 -1 = 1",
                "1 Invert (odd): -1",
                "Score -1",
            ],
        },
    ]
    # every seat and the spectator hold the same sheet (the scores are announced, G16)
    assert sheet_of(game, state, 0) == sheet == sheet_of(game, state, 1)


def test_l4_r12_g12_the_sheet_shows_a_house_rule_and_boosts() -> None:
    game, state = tied_endgame()
    journal = narrating(state)
    play(game, state, "bid invert n2", "boost n1", "decline")
    # n1 (seat 0): +2 +2 -1 -1 = 2, two Inverts ignored by the House Rule: 2, seat 2's Boost
    # +2: 4. n2 (seat 3): +2 +2 -1 -1 = 2, two Inverts (even): 2. D6: seat 2 Boosts first.
    details = sheet_of(game, state, None)["details"]
    assert details[0]["lines"][1:] == [
        "values +2 +2 -1 -1 = 2",
        "2 Inverts ignored (House Rule): 2",
        "Boosts Seat 2 +2: 4",
        "Score 4",
    ]
    assert details[1]["lines"][1:] == ["values +2 +2 -1 -1 = 2", "2 Inverts (even): 2", "Score 2"]
    texts = read(journal, None)
    assert texts[4] == (
        "Boosting (R12, D6): each character who passed may add +2 to a Nomination, in turn: "
        "Seat 2 and Seat 1."
    )
    assert texts[5:7] == [
        f"Seat 2 Boosted {AGOR}: +2 after Inverts (R12).",
        "Seat 1 declined to Boost.",
    ]
    assert read(journal, 1)[4].endswith("in turn: Seat 2 and You.")
    # PREFS_4, AGOR: seats 0 and 2 rank it 4, their favourite (G16)
    assert [row["total"] for row in sheet_of(game, state, None)["seats"]] == [4, 1, 4, 2]
    assert texts[-1].endswith(f"Seat 0 and Seat 2 win: {AGOR} is their favourite.")


def test_l2_r15_d7_a_tie_is_told_and_the_view_keeps_what_the_flip_showed() -> None:
    game, state = tied_endgame()
    journal = narrating(state)
    play(game, state, "bid invert n2", "decline", "decline")
    texts = read(journal, None)
    assert texts[-2] == f"{AGOR} and {GNOME} are tied at 2: a tie round follows (R15, D7)."
    assert texts[-1] == (
        f"Tie round 1 (R15, D7) between {AGOR} and {GNOME}. Every chip went back to its owner; "
        "each character plays one Bid chip face down on a tied Nomination, clockwise from "
        "Seat 3, who played the last chip. The tally starts from zero (G23)."
    )
    assert journal.for_seat(None)[-1]["kind"] == "header"
    # the chips went home, but every seat saw them face up: the view keeps them (DESIGN)
    tallies = game.view(state, 1)["tie_tallies"]
    assert tallies[0]["boosts"] == [[], []]  # both passers declined
    assert tallies[0]["chips"][1] == [
        [3, "+2"],
        [2, "+2"],
        [0, "-1"],
        [1, "-1"],
        [2, "invert"],
        [3, "invert"],
    ]


def test_l4_g18_capped_before_any_nomination_nothing_is_picked() -> None:
    game, state = new(4, max_actions=2)
    journal = narrating(state)
    play(game, state, "pass", "pass")
    assert read(journal, None)[-2:] == [
        "The safety cap of 2 actions is reached: the game is tallied as it stands (G18).",
        "Safety cap reached before any Nomination: nothing picked. Nobody wins; every score is 0.",
    ]
    sheet = sheet_of(game, state, 2)
    assert [row["items"] for row in sheet["seats"]] == [
        [{"label": "nothing picked", "points": 0, "detail": ""}]
    ] * 4
    assert "Stopped at the safety cap and tallied as it stood (G18)." in sheet["notes"]


def test_l4_d4_a_single_nomination_is_picked_at_once_and_the_sheet_says_so() -> None:
    game, state = new(4)
    journal = game.start_journal(state)
    play(game, state, "pass", "pass", "pass", f"nominate {GNOME}")
    # R2: seat 0, then counter-clockwise 3, 2, 1; PREFS_4 ranks G.Nome 3, 2, 1, 4 (G16)
    assert read(journal, None)[-1] == (
        f"{GNOME} picked: the only Nomination. Preferences for {GNOME}: Seat 0 3, Seat 1 2, "
        f"Seat 2 1, Seat 3 4 (favourite). Seat 3 wins: {GNOME} is its favourite."
    )
    assert sheet_of(game, state, 3)["details"] == [
        {
            "title": f"n1 {GNOME}, nominated by Seat 1 (picked)",
            "lines": ["the only Nomination: picked at once, without Bidding (D4)"],
        }
    ]


def test_l4_r15_g23_after_a_tie_round_the_sheet_tallies_its_chips_and_notes_the_tie() -> None:
    game, state = new(4)
    bid_to_a_tie_of_n2_and_n3(game, state)
    last_turn_of_bidding(game, state, 0)
    play(game, state, "bid invert n3", "decline")
    # D7, G23: one Bid chip each, clockwise from seat 0 (the last chip): n2 4, n3 1
    play(game, state, "bid +2 n2", "bid +2 n2", "bid -1 n3", "bid +2 n3")
    sheet = sheet_of(game, state, None)
    # R13, G12: n3's four Inverts are ignored (House Rule); Seat 1, the passer, declined
    assert sheet["details"] == [
        {
            "title": f"Bidding tally: n1 {AGOR}, nominated by Seat 0",
            "lines": [
                "chips: Seat 0's +2, Seat 3's -1, Seat 1's -1",
                "values +2 -1 -1 = 0",
                "Score 0",
            ],
        },
        {
            "title": f"Bidding tally: n2 {GNOME}, nominated by Seat 3",
            "lines": [
                "chips: Seat 1's +2, Seat 0's -1, Seat 2's +2",
                "values +2 -1 +2 = 3",
                "Score 3",
            ],
        },
        {
            "title": f"Bidding tally: n3 {PGDK}, nominated by Seat 2",
            "lines": [
                "chips: Seat 2's -1, Seat 1's Invert, Seat 2's Invert, Seat 3's +2, Seat 3's Hype, "
                "Seat 2's House Rule, Seat 3's Invert, Seat 0's Invert",
                "values -1 +2 = 1",
                "4 Inverts ignored (House Rule): 1",
                "Hype +2: 3",
                "Score 3",
            ],
        },
        {
            "title": f"Tie round 1 tally: n2 {GNOME}, nominated by Seat 3 (picked)",
            "lines": ["chips: Seat 0's +2, Seat 1's +2", "values +2 +2 = 4", "Score 4"],
        },
        {
            "title": f"Tie round 1 tally: n3 {PGDK}, nominated by Seat 2",
            "lines": ["chips: Seat 2's -1, Seat 3's +2", "values -1 +2 = 1", "Score 1"],
        },
    ]
    assert sheet["notes"][1] == (
        f"Bidding tally: {AGOR} 0, {GNOME} 3, {PGDK} 3; {GNOME} and {PGDK} tied at 3 (R15)."
    )


def test_l2_r9_g10_a_skipped_character_and_a_smashed_chip_are_told() -> None:
    # as in test_d7_g10_smashed_chips_stay_out...: seat 1's only Bid chip was Smashed
    game, state = two_nominations(4, characters=[1, 2, 4, 8], bid_chips=["+2"])
    lay(game, state, [(0, "+2", 0), (1, "+2", 1), (2, "+2", 1), (2, "Hype", 0)])
    smash(game, state, 1, 0)
    lay(game, state, [(0, "Spotlight", None), (1, "Switcheroo", None), (3, "Smash", None)])
    last_turn_of_bidding(game, state, 3)
    journal = narrating(state)
    play(game, state, "bid +2 n2")
    assert "Smashed, now known by elimination (G10): Seat 1's +2." in read(journal, None)
    assert "Smashed, now known by elimination (G10): your +2." in read(journal, 1)
    start = len(journal)
    play(game, state, "decline", "decline", "bid +2 n1", "bid +2 n2")
    # tie round, clockwise from seat 3: 3, 0, then seat 1 holds no Bid chip (R9), then 2
    assert "Seat 1 has no chip left to play: skipped (R9)." in read(journal, None, start)
    assert "You have no chip left to play: skipped (R9)." in read(journal, 1, start)
    play(game, state, "bid +2 n1")  # seat 2, the last of the tie round: flipped and tallied
    assert state.phase == OVER
    told = [text for text in read(journal, None) if text.startswith("Smashed, now known")]
    assert told == ["Smashed, now known by elimination (G10): Seat 1's +2."]  # told once


def test_l4_r13_the_sheets_step_by_step_scores_agree_with_the_engines_tally() -> None:
    """The sheet's reckoning is written apart from the engine's fast tally: they must agree."""
    game = GtpagGame()
    compared = 0
    for players in (3, 5, 8):
        for seed in range(15):
            match = Match(game, players, seed)
            rng = Rng(seed)
            while not match.is_over():
                seat = match.to_act()[0]
                legal = match.legal_actions(seat)
                match.apply(seat, legal[rng.randbelow(len(legal))])
            state = match.state
            stage = f"Tie round {state.tie_round} tally:" if state.tie_round else "Bidding tally:"
            final = [
                detail
                for detail in match.view(None)["score_sheet"]["details"]
                if detail["title"].startswith(stage)
            ]
            active = [j for j in range(len(state.piles)) if state.active >> j & 1]
            if state.round == 0:
                continue  # D4: picked without a tally
            assert [d["lines"][-1] for d in final] == [
                f"Score {game.tally(state, j).score}" for j in active
            ]
            compared += 1
    assert compared > 20


def test_g16_the_end_announces_each_preference_for_the_pick_and_determinize_keeps_it() -> None:
    """G3, G16: at the end each seat's preference for the picked game is public (it is its
    score); a state drawn for a seat keeps those and who won, and draws the rest."""
    game, state = tied_endgame(
        preferences=((4, 3, 2, 1), (1, 2, 3, 4), (4, 1, 2, 3), (10, 0, 0, 20))
    )
    play(game, state, "bid invert n2", "boost n1")
    assert game.reveals(state, 1, game.parse_action("decline")) == "G16"
    play(game, state, "decline")
    # n1 (AGOR) wins with 4; seat 3's preferences are not a ranking (set by the table)
    view = game.view(state, 0)
    assert view["result"] == {"scores": [4, 1, 4, 10], "winners": [0, 2]}
    for seed in range(20):
        twin = game.determinize(view, 0, Rng(seed))
        assert game.view(twin, 0) == view
        assert [prefs[0] for prefs in twin.prefs] == [4, 1, 4, 10]
        assert max(twin.prefs[3]) > 10  # seat 3's favourite is another game
        assert max(twin.prefs[2]) == 4  # seat 2's favourite is AGOR


def test_g3_the_preferences_for_the_other_games_stay_private_at_the_end() -> None:
    game, state = tied_endgame()
    play(game, state, "bid invert n2", "boost n1", "decline")
    sheet = game.view(state, None)["score_sheet"]
    assert game.view(state, None)["preferences"] is None
    assert all(len(row["items"]) == 1 for row in sheet["seats"])  # only the pick's preference
    assert GNOME not in str(sheet["seats"])  # the losing title's preferences are not told
