"""issue 12: the public log of Pink Godzilla Dev Kit and its itemised final scores (RULES.md
L1-L5).

Each test builds an explicit position and reads the exact entries each seat and a spectator
are given. The expected texts are written out by hand from the rules they cite.
"""

from __future__ import annotations

import math

from pgdk_helpers import Table, make_game

from gamenight.core.engine import Match
from gamenight.core.journal import Journal
from gamenight.games.pgdk import state as phases
from gamenight.games.pgdk.narrate import stall_warning

ORANGE = ("Rock Band of Elders", "Accessory O3", "Combo O2", "Pixel O4")  # 5+3+2+4 = 14
BLUE = ("Pixel Quest", "Vehicle B2", "Potion B2", "Pixel B3")  # 3+2+2+3 = 10
GREEN = ("Pinktroid Prime", "Weapon G2", "Vehicle G3", "Jumpman G4")  # 4+2+3+4 = 13


def narrating(table: Table) -> Journal:
    """Turn narration on from this point of a position built by hand."""
    journal = Journal()
    table.state.journal = journal
    return journal


def read(journal: Journal, reader: int | None, start: int = 0) -> list[str]:
    return [entry["text"] for entry in journal.for_seat(reader, start)]


def kinds_of(journal: Journal) -> list[str]:
    return [entry["kind"] for entry in journal.for_seat(None)]


def test_l2_r2_d0_the_deal_tells_each_seat_its_own_hand_only() -> None:
    game = make_game(first_player=1)
    match = Match(game, 2, seed=3)
    state = match.state
    label = game.card_label
    row = ", ".join(label[c] for c in state.row[:4]) + f" and {label[state.row[4]]}"

    def dealt(seat: int) -> str:
        cards = [label[c] for c in state.hands[seat][:5]]
        return ", ".join(cards[:4]) + f" and {cards[4]}"

    opening = [
        "Pink Godzilla Dev Kit, 2 players: the first to complete 4 videogames ends the game (R18).",
        f"The Resource Row is dealt face up: {row} (R2).",
    ]
    assert [e["text"] for e in match.log(0)][:5] == [
        *opening,
        f"Every seat is dealt 5 cards; yours: {dealt(0)} (R2).",
        "Seat 1 begins, as the table chose (D0); play passes to the left (R17).",
        "Turn 1: Seat 1. Finance Phase (R5).",
    ]
    spectator = [e["text"] for e in match.log(None)]
    assert spectator[2] == "Every seat is dealt 5 cards (R2)."
    # R5: the first player's Finance draw: the card for seat 1, a count for the rest
    drawn = label[state.hands[1][5]]
    assert f"You drew {drawn} (Finance Phase, R5)." in [e["text"] for e in match.log(1)]
    assert "Seat 1 drew 1 card (Finance Phase, R5)." in spectator
    assert [e["kind"] for e in match.log(None)][:5] == [
        "header",
        "reveal",
        "auto",
        "header",
        "header",
    ]


def test_l3_r5_a_new_turn_turns_up_row_cards_by_name_and_draws_privately() -> None:
    table = Table(players=3, phase=phases.GOLD)
    table.hand(0, "Potion B2")
    table.deck_top("Pixel B3", "Weapon G2", "Potion B5", "Combo O2", "Jumpman G4", "Headhunter 3")
    journal = narrating(table)
    table.match().apply(0, "done")
    public = [
        "Seat 0 declared no more videogames complete.",
        "Turn 2: Seat 1. Finance Phase (R5).",
        "Turned up into the Resource Row: Pixel B3, Weapon G2, Potion B5, Combo O2 and "
        "Jumpman G4 (R5).",
        "Seat 1 drew 1 card (Finance Phase, R5).",
        "Pink Godzilla window after the Finance Phase (D6): each seat in turn, from Seat 1, may "
        "trade a Pink Godzilla for a Row card, or pass.",
    ]
    assert read(journal, None) == public
    assert read(journal, 2) == public
    assert read(journal, 0) == ["You declared no more videogames complete.", *public[1:]]
    assert read(journal, 1) == [
        public[0],
        "Turn 2: you. Finance Phase (R5).",
        public[2],
        "You drew Headhunter 3 (Finance Phase, R5).",
        "Pink Godzilla window after the Finance Phase (D6): each seat in turn, from you, may "
        "trade a Pink Godzilla for a Row card, or pass.",
    ]
    assert kinds_of(journal) == ["action", "header", "reveal", "auto", "header"]


def test_l3_d6_each_window_pass_is_its_own_entry() -> None:
    table = Table(players=3, phase=phases.PURCHASE)
    table.hand(0, "Potion B2")
    table.hand(1, "Pink Godzilla 3")
    table.hand(2, "Pixel P2")
    table.row("Potion B5", "Combo O2")
    journal = narrating(table)
    match = table.match()
    match.apply(0, "discard lowest")
    match.apply(0, "pass")
    match.apply(1, "godzilla Potion B5 with Pink Godzilla 3")  # D6: one at a time, then pass
    match.apply(1, "pass")
    match.apply(2, "pass")
    assert read(journal, 2) == [
        "Seat 0 discarded the lowest Row cards, worth 2: Combo O2 (R9).",
        "Pink Godzilla window after the Purchase Phase (D6): each seat in turn, from Seat 0, "
        "may trade a Pink Godzilla for a Row card, or pass.",
        "Seat 0 passed in the Pink Godzilla window.",
        "Seat 1 traded Pink Godzilla 3 for Potion B5 from the Resource Row (D6): Pink Godzilla "
        "3 takes its place.",
        "Seat 1 passed in the Pink Godzilla window.",
        "You passed in the Pink Godzilla window.",
        "Development Phase (R10): Seat 0 may make 2 plays.",
    ]


def test_l2_r7_g21_a_trade_shows_the_running_offer_and_what_it_needs() -> None:
    table = Table(players=2, phase=phases.PURCHASE)
    table.hand(0, "Potion B2", "Accessory O2", "Combo P2")
    table.row("Potion B5")
    journal = narrating(table)
    match = table.match()
    for text in ("trade Potion B5", "offer Accessory O2", "offer Potion B2", "offer Combo P2"):
        match.apply(0, text)
    match.apply(0, "offer done")
    assert read(journal, 1)[:5] == [
        "Seat 0 chose to trade for Potion B5 (5) from the Resource Row: an offer worth at least "
        "5 is needed (R7).",
        "Seat 0 offered Accessory O2 (2): the offer is worth 2 of the 5 needed (3 short).",
        "Seat 0 offered Potion B2 (2): the offer is worth 4 of the 5 needed (1 short).",
        "Seat 0 offered Combo P2 (2): the offer is worth 6 of the 5 needed (enough).",
        # G1: the first offered of the highest value goes to the Row
        "Seat 0 traded Accessory O2, Potion B2 and Combo P2 for Potion B5: Accessory O2 goes to "
        "the Resource Row, Potion B2 and Combo P2 to the discard pile (R7, G1).",
    ]


def test_l2_d4_g4_sealed_bids_are_secret_until_revealed() -> None:
    table = Table(players=3, phase=phases.PURCHASE)
    table.hand(0, "Potion B2")
    table.hand(1, "Pixel P2", "Weapon G4")
    table.row("Potion B5", "Combo O2")
    journal = narrating(table)
    match = table.match()
    match.apply(0, "auction Potion B5")
    match.apply(0, "auction go")
    match.apply(1, "bid Weapon G4")
    match.apply(1, "bid Pixel P2")
    match.apply(1, "bid done")
    start = len(journal)
    match.apply(0, "no bid")
    opening = [
        "Seat 0 put Potion B5 up for auction (R8).",
        "Seat 0 opened the bidding on Potion B5 (worth 5): every seat bids face down at once (D4).",
        "Seat 2 placed no bid: an empty hand (G4).",
    ]
    assert read(journal, None)[:6] == [
        *opening,
        "Seat 1 added a card to its sealed bid.",
        "Seat 1 added a card to its sealed bid.",
        "Seat 1 placed a sealed bid.",
    ]
    assert read(journal, 2)[2] == "You placed no bid: an empty hand (G4)."
    assert read(journal, 1)[3:6] == [
        "You added Weapon G4 to your sealed bid.",
        "You added Pixel P2 to your sealed bid.",
        "You placed a sealed bid: Weapon G4 and Pixel P2, worth 6.",
    ]
    assert read(journal, 0, start) == [
        "You placed a sealed bid: no bid.",
        "The sealed bids are revealed: You made no bid; Seat 1 bid 6 (Weapon G4 and Pixel P2); "
        "Seat 2 made no bid. Seat 1 won Potion B5 and discards the bid (D4).",
        "Pink Godzilla window after the Purchase Phase (D6): each seat in turn, from you, may "
        "trade a Pink Godzilla for a Row card, or pass.",
    ]
    assert read(journal, None, start)[0] == "Seat 0 placed a sealed bid."
    assert kinds_of(journal)[2] == "auto"


def test_l2_r15_r31_d7_a_completed_videogame_its_payment_and_the_clone_window() -> None:
    table = Table(players=3, phase=phases.GOLD)
    table.hand(0, "Elders B3")
    table.project(0, *ORANGE)
    table.project(0, *BLUE)
    table.special(1, "Orange Clone")
    table.hand(1, "Pixel P2")
    table.hand(2, "Clone The Clone")
    table.deck_top("Potion B5", "Combo P4", "Weapon P2", "Pixel G3", "Vehicle G4")
    journal = narrating(table)
    match = table.match()
    match.apply(0, "gold 1")
    match.apply(0, "pass")
    match.apply(2, "use Clone The Clone")
    completed = (
        "Rock Band of Elders is complete (orange, 1st of its videogames): Rock Band of Elders 5 "
        "+ Accessory O3 3 + Combo O2 2 + Pixel O4 4 = 14 points; the first orange videogame "
        "(R15)."
    )
    assert read(journal, 1) == [
        "Seat 0 declared Rock Band of Elders complete (R15).",
        f"Seat 0's {completed}",
        "Seat 0 drew 3 cards as payment for Rock Band of Elders: 2 + 1 for the first orange "
        "videogame, usable from its next turn (R15, G7).",
        "Your Clone is to draw 2 cards for Rock Band of Elders: each seat in turn from Seat 0, "
        "your aside, may answer with Clone The Clone (D7, G11).",
        "Seat 0 passed on Clone The Clone.",
        "Seat 2 played Clone The Clone against your Clone: Seat 2 draws its 2 cards (R33).",
        "Seat 2 drew 2 cards with Clone The Clone, instead of the Clone's owner (R33).",
    ]
    mine = read(journal, 0)
    assert mine[1] == f"Your {completed.replace('of its', 'of your')}"
    assert mine[2] == (
        "You drew Potion B5, Combo P4 and Weapon P2 as payment for Rock Band of Elders: 2 + 1 "
        "for the first orange videogame, usable from your next turn (R15, G7)."
    )
    assert read(journal, 2)[-1] == (
        "You drew Pixel G3 and Vehicle G4 with Clone The Clone, instead of the Clone's owner (R33)."
    )
    assert kinds_of(journal)[:4] == ["action", "reveal", "auto", "header"]


def test_l2_r27_g10_the_evil_guardian_tells_thief_and_victim_alone() -> None:
    table = Table(players=3)
    table.hand(0, "Evil Guardian")
    table.hand(1, "Pixel P2", "Potion B5")
    table.hand(2, "Weapon G2")
    journal = narrating(table)
    match = table.match()
    match.apply(0, "use Evil Guardian")
    match.apply(0, "rob seat 1")
    match.apply(0, "steal Potion B5")
    used = "used Evil Guardian's power to look at a rival's hand and take a card (R27)."
    assert read(journal, 0)[:3] == [
        f"You {used}",
        "You look at Seat 1's hand (R27): Pixel P2 and Potion B5.",
        "You took Potion B5 from Seat 1's hand (Evil Guardian, G10).",
    ]
    assert read(journal, 1)[:3] == [
        f"Seat 0 {used}",
        "Seat 0 looks at your hand (R27).",
        "Seat 0 took your Potion B5 (Evil Guardian, G10).",
    ]
    assert read(journal, 2)[:3] == [
        f"Seat 0 {used}",
        "Seat 0 looks at Seat 1's hand (R27).",
        "Seat 0 took a card from Seat 1's hand (Evil Guardian, G10).",
    ]


def test_l4_g10_g23_the_only_rival_with_cards_is_robbed_automatically() -> None:
    table = Table(players=3)
    table.hand(0, "Evil Guardian")
    table.hand(2, "Weapon G2")
    journal = narrating(table)
    table.match().apply(0, "use Evil Guardian")
    entry = journal.for_seat(1)[1]
    assert (entry["kind"], entry["text"]) == (
        "auto",
        "Seat 0 looks at Seat 2's hand, the only rival holding cards (G10).",
    )
    assert read(journal, 0)[1] == (
        "You look at Seat 2's hand, the only rival holding cards (G10): Weapon G2."
    )


def test_l2_c3_g5_market_research_is_a_private_look() -> None:
    table = Table(players=2)
    table.hand(0, "Market Research 2")
    table.deck_top("Potion B5", "Combo P4", "Weapon P2")
    journal = narrating(table)
    match = table.match()
    match.apply(0, "use Market Research 2")
    match.apply(0, "keep Combo P4")
    assert read(journal, 0)[1:3] == [
        "You look at the top 3 cards of the deck: Weapon P2, Combo P4 and Potion B5.",
        "You kept Combo P4; Weapon P2 and Potion B5 go to the bottom of the deck (G5).",
    ]
    assert read(journal, 1)[1:3] == [
        "Seat 0 looks at the top 3 cards of the deck.",
        "Seat 0 kept one of the cards it looked at; the other 2 cards go to the bottom of the "
        "deck (G5).",
    ]


def test_l3_l4_g12_the_stall_is_announced_then_ends_the_game_capped() -> None:
    assert stall_warning(6 * 2, 2, 10) is None
    assert stall_warning(7 * 2 + 1, 2, 10) == (
        "7 rounds without a completed videogame; the game is stopped after 10 (G12)"
    )
    assert stall_warning(100, 2, 0) is None  # G12 turned off
    table = Table(players=2, phase=phases.GOLD)
    table.state.quiet = 10 * 2 - 1  # this turn's end makes it 10 rounds
    table.completed(1, *GREEN)
    journal = narrating(table)
    match = table.match()
    match.apply(0, "done")
    assert read(journal, 1) == [
        "Seat 0 declared no more videogames complete.",
        "10 rounds without a completed videogame: the game is stopped (G12) and marked capped, "
        "the rulebook's ending not reached. No more cards are played, paid or cloned; final "
        "declarations follow, clockwise from you (D8, G16).",
        "Final scores (R19, R20): Seat 0 0, You 33. You win. The game was cut short: capped.",
    ]
    assert kinds_of(journal)[-2:] == ["auto", "end"]
    assert match.outcome is not None
    assert match.outcome.capped


def test_l3_g12_the_turn_header_warns_of_the_stall() -> None:
    table = Table(players=2, phase=phases.GOLD)
    table.state.quiet = 8 * 2 - 1
    journal = narrating(table)
    table.match().apply(0, "done")
    assert read(journal, None)[1] == (
        "Turn 2: Seat 1. Finance Phase (R5). 8 rounds without a completed videogame; the game "
        "is stopped after 10 (G12)."
    )


def test_l5_r19_r20_r30_the_score_sheet_itemises_games_abilities_and_shared_bonuses() -> None:
    """The position of test_r19_r20_r30_d8_final_scores: seat 0 has games of 14, 10, 13, 13;
    seat 1 one of 11 and two Special Abilities. Bonuses: 15 for four games; 14 -> 20, both
    13s -> 15 each (tied, R20), 11 -> 10."""
    table = Table(players=2)
    table.completed(0, *ORANGE)
    table.completed(0, *BLUE)
    table.completed(0, *GREEN)
    table.completed(0, "Jumpman Wars", "Weapon G3", "Vehicle G4", "Pixel G3")
    table.completed(1, "Elders May Cry", "Weapon P2", "Combo P2", "Pixel P2")
    table.special(1, "Talent Agency")
    table.special(1, "Franchise")
    state = table.state
    state.phase = phases.OVER
    state.end_reason = "seat 0 completed game number 4"
    game = table.game
    sheet = game.view(state, None)["score_sheet"]
    rows = sheet["seats"]
    assert [(i["label"], i["points"]) for i in rows[0]["items"]] == [
        ("Rock Band of Elders (orange)", 14),
        ("Pixel Quest (blue)", 10),
        ("Pinktroid Prime (green)", 13),
        ("Jumpman Wars (green)", 13),
        ("4 videogames completed", 15),
        ("ranking bonus: Rock Band of Elders", 20),
        ("ranking bonus: Pinktroid Prime", 15),
        ("ranking bonus: Jumpman Wars", 15),
    ]
    assert rows[0]["items"][0]["detail"] == (
        "Rock Band of Elders 5 + Accessory O3 3 + Combo O2 2 + Pixel O4 4 (R15)"
    )
    assert rows[0]["items"][6]["detail"] == (
        "second highest value, 13; tied with Seat 0's Jumpman Wars: each gets the full 15 (R20)"
    )
    assert [(i["label"], i["points"]) for i in rows[1]["items"]] == [
        ("Elders May Cry (pink)", 11),
        ("Talent Agency on the table", 4),
        ("Franchise on the table", 4),
        ("ranking bonus: Elders May Cry", 10),
    ]
    scores = game.scores(state)
    for row, score in zip(rows, scores, strict=True):
        assert row["total"] == score
        assert math.isclose(sum(i["points"] for i in row["items"]), score)
    assert sheet["details"][0]["lines"][:2] == [
        "Seat 0's Rock Band of Elders: 14, bonus 20",
        "Seat 0's Pinktroid Prime: 13, bonus 15",
    ]
    # every reader's final view holds the same sheet
    assert game.view(state, 1)["score_sheet"] == sheet
