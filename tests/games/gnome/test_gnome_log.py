"""issue 12: G.Nome's public log, itemised final scores, session reveals, '?' guide, menu numbers.

Positions are explicit (the offer, the Teamwork cards played, the collections); each test
reads the exact entries every seat and the spectator read, citing RULES.md numbers.
"""

from __future__ import annotations

import io
import itertools
from typing import Any

import pytest
from gnome_testkit import (
    BLUE,
    GREEN,
    MULTI,
    NAMES,
    PURPLE,
    RED,
    WHITE,
    YELLOW,
    new_match,
    play_round,
    set_offer,
)
from rich.console import Console

from gamenight.bots.base import RandomAgent
from gamenight.core import Match, Rng
from gamenight.core.journal import Journal
from gamenight.core.registry import entry
from gamenight.games.gnome.state import COMMIT, GameRecord


def news(match: Match, reader: int | None, start: int) -> list[str]:
    """The texts ``reader`` reads among the journal's entries from index ``start``."""
    return [e["text"] for e in match.log(reader, start)]


def mark(match: Match) -> int:
    assert match.journal is not None
    return len(match.journal)


def kinds(match: Match, start: int) -> list[str]:
    return [e["kind"] for e in match.log(None, start)]


def step(match: Match) -> None:
    seat = match.to_act()[0]
    match.apply(seat, match.legal_actions(seat)[0])


# -- setup, commitments, the reveal ----------------------------------------------------------
def test_r1_r3_d2_the_log_opens_with_the_deal_and_each_seat_reads_its_secret_card() -> None:
    match = new_match(4, seed=1)
    state = match.state
    offer = ", ".join(NAMES[c] for c in state.offer)
    opening = (
        "G.Nome, 4 players, 8 rounds: teams Seat 0 & Seat 2 and Seat 1 & Seat 3; every seat "
        "holds Teamwork cards 1-9; 24 Research cards in play."
    )
    round_1 = f"Round 1 of 8: Research cards drawn face up: {offer} (21 left in the deck)."
    dealt = "Every seat is dealt a Secret Research card face down (R3)."
    assert news(match, None, 0) == [opening, dealt, round_1]
    for seat in range(4):
        mine = f"You are dealt a Secret Research card face down: {NAMES[state.secret[seat]]} (R3)."
        assert news(match, seat, 0) == [opening, mine, round_1]
    assert kinds(match, 0) == ["header", "reveal", "header"]
    assert match.log(None)[2]["round"] == 1


def test_r7_d3_a_commitment_is_public_its_card_private() -> None:
    """Seat 2 reads its card; every other seat and the spectator only that it committed."""
    match = new_match(4, seed=1)
    start = mark(match)
    match.apply(2, "play 6")
    assert news(match, 2, start) == ["You committed Teamwork card 6 face down."]
    for reader in (0, 1, 3, None):
        assert news(match, reader, start) == ["Seat 2 committed a Teamwork card face down."]
    assert match.log(None, start)[0]["actor"] == 2
    assert kinds(match, start) == ["action"]


def test_r8_r10_r27_the_reveal_the_order_of_choosing_and_the_picks() -> None:
    match = new_match(4, seed=1)
    set_offer(match, RED, BLUE, GREEN)
    match.apply(0, "play 9")
    match.apply(1, "play 3")
    match.apply(2, "play 5")
    start = mark(match)
    match.apply(3, "play 4")  # the last commitment turns every card over (R8)
    assert news(match, 1, start) == [
        "Seat 3 committed a Teamwork card face down.",
        "Teamwork cards turned over: Seat 0 9 + Seat 2 5 = 14 (Seat 0 leads); "
        "Seat 1 (you) 3 + Seat 3 4 = 7 (Seat 3 leads).",
        "Order of choosing (R27): Seat 0 takes an Individual card, then you take a card "
        "shared with Seat 3, then Seat 2 takes an Individual card.",
    ]
    assert news(match, 3, start)[0] == "You committed Teamwork card 4 face down."
    assert kinds(match, start) == ["action", "reveal", "header"]

    start = mark(match)
    match.apply(0, "take red")
    assert news(match, None, start) == ["Seat 0 took Red as an Individual card."]
    assert news(match, 0, start) == ["You took Red as an Individual card."]

    start = mark(match)
    match.apply(1, "take blue")
    offer = ", ".join(NAMES[c] for c in match.state.offer)
    spectator = news(match, None, start)
    assert spectator == [
        "Seat 1 took Blue as a Shared card with Seat 3.",
        # G1: the one card left is no choice, so the engine takes it for Seat 2
        "Seat 2 took Green as an Individual card (no choice: the cards left are alike, G1).",
        f"Round 2 of 8: Research cards drawn face up: {offer} (18 left in the deck).",
    ]
    assert news(match, 3, start)[0] == "Seat 1 took Blue as a Shared card with you."
    assert news(match, 2, start)[1].startswith("You took Green as an Individual card")
    automatic = match.log(None, start)[1]
    assert (automatic["kind"], automatic["actor"], automatic["round"]) == ("auto", 2, 1)
    assert match.log(None, start)[2]["round"] == 2


def test_r28_equal_team_totals_give_nothing_and_the_cards_are_discarded() -> None:
    match = new_match(4, seed=1)
    set_offer(match, RED, BLUE, GREEN)
    start = mark(match)
    play_round(match, [5, 4, 4, 5])  # 5 + 4 = 9 and 4 + 5 = 9
    told = news(match, None, start)
    assert told[5:7] == [
        "No one takes a Research card this round (equal Team Totals, R28).",
        "Discarded face up, as nobody takes them: Red, Blue, Green.",
    ]
    assert kinds(match, start)[5:7] == ["header", "auto"]


def test_r11_d4_partners_on_the_same_number_form_no_team_and_lose_their_picks() -> None:
    match = new_match(4, seed=1)
    set_offer(match, RED, BLUE, GREEN)
    start = mark(match)
    play_round(match, [5, 3, 5, 4])
    assert news(match, 0, start)[4:6] == [
        "Teamwork cards turned over: Seat 0 (you) 5 + Seat 2 5 = 10 (same number: no team "
        "this round, R11); Seat 1 3 + Seat 3 4 = 7 (Seat 3 leads).",
        "Order of choosing (R27): Seat 1 takes a card shared with Seat 3.",
    ]
    start = mark(match)
    match.apply(1, "take red")
    assert news(match, None, start)[:2] == [
        "Seat 1 took Red as a Shared card with Seat 3.",
        "Discarded face up, as nobody takes them: Blue, Green.",
    ]


def test_r36_g5_three_players_the_lowest_takes_the_last_card_and_names_who_shares_it() -> None:
    match = new_match(3, seed=2)
    set_offer(match, RED, BLUE)
    start = mark(match)
    play_round(match, [9, 2, 5])
    assert news(match, None, start)[3:] == [
        "Teamwork cards turned over: Seat 0 9, Seat 1 2, Seat 2 5.",
        "Order of choosing (R36): Seat 0 takes an Individual card, then Seat 1 takes a card to "
        "share with a player of their choice.",
    ]
    start = mark(match)
    match.apply(0, "take red")
    assert news(match, 1, start) == [
        "Seat 0 took Red as an Individual card.",
        "You took Blue to share (no choice: the cards left are alike, G1).",
    ]
    start = mark(match)
    match.apply(1, "share 2")
    assert news(match, 1, start)[0] == "You shared Blue with Seat 2."
    assert news(match, 2, start)[0] == "Seat 1 shared Blue with you."
    assert news(match, None, start)[0] == "Seat 1 shared Blue with Seat 2."


def test_r37_d6_two_equal_cards_argue_and_the_third_player_chooses() -> None:
    match = new_match(3, seed=2)
    set_offer(match, RED, BLUE)
    start = mark(match)
    play_round(match, [5, 5, 2])
    assert news(match, 0, start)[4] == (
        "You and Seat 1 played the same number and argue: they get nothing. Order of choosing "
        "(R37): Seat 2 takes an Individual card; the other card is discarded."
    )


def test_r32_d5_g4_a_card_dealt_at_random_is_told_as_an_automatic_move() -> None:
    match = new_match(6, seed=4)
    assert match.state.teams == ((0, 3), (1, 4), (2, 5))
    set_offer(match, RED, BLUE, GREEN, PURPLE)
    start = mark(match)
    play_round(match, [5, 6, 9, 4, 3, 8])  # 9, 9 and 17: two teams tie (R32)
    assert news(match, None, start)[-1] == (
        "Two teams tie on their Team Total. Order of choosing (R32, D5): Seat 2 takes an "
        "Individual card, then Seat 5 takes an Individual card, then Seat 0 & Seat 3 are dealt "
        "a card at random as a Shared card, then Seat 1 & Seat 4 are dealt a card at random as "
        "a Shared card."
    )
    match.apply(2, "take red")
    start = mark(match)
    match.apply(5, "take blue")
    dealt = [(NAMES[card], a, b) for card, a, b in match.state.shared]
    assert [(a, b) for _, a, b in dealt] == [(0, 3), (1, 4)]
    told = match.log(None, start)
    assert [e["text"] for e in told[1:3]] == [
        f"Seat {a} & Seat {b} were dealt {card} at random as a Shared card (R32, D5)."
        for card, a, b in dealt
    ]
    assert [e["kind"] for e in told[1:3]] == ["auto", "auto"]
    assert news(match, 4, start)[2].startswith("Seat 1 & you were dealt")


def test_g1_a_last_teamwork_card_is_played_at_once_and_told_as_automatic() -> None:
    """9 rounds of 9 Teamwork cards: in round 9 every seat holds one card (G1, G10)."""
    match = new_match(4, seed=3, rounds=9, cards_per_round_4p=2)
    while match.state.round < 9:
        step(match)
    round_9 = [e for e in match.log(0) if e["round"] == 9]
    automatic = [e for e in round_9 if e["kind"] == "auto" and "last Teamwork card" in e["text"]]
    values = [match.state.played[seat][8] for seat in range(4)]
    assert [e["text"] for e in automatic] == [
        f"You played your last Teamwork card, {values[0]}, face down (no choice, G1).",
        *(
            f"Seat {seat} played their last Teamwork card, {values[seat]}, face down "
            "(no choice, G1)."
            for seat in (1, 2, 3)
        ),
    ]
    assert [e["actor"] for e in automatic] == [0, 1, 2, 3]


# -- the end of a game: final reveal, itemised results ---------------------------------------
def one_round_to_the_end() -> Match:
    """A one-round game (rounds=1) with explicit Secret cards and collections; then seat 0
    takes White, seat 1 Yellow shared with seat 3, and seat 2 the Green left (R27)."""
    match = new_match(4, seed=0, rounds=1)
    state = match.state
    state.secret = (GREEN, RED, BLUE, PURPLE)
    state.individual = [[RED, RED, MULTI, YELLOW, BLUE, PURPLE], [], [GREEN, GREEN], []]
    state.shared = [(BLUE, 1, 3)]
    set_offer(match, WHITE, YELLOW, GREEN)
    play_round(match, [9, 3, 5, 4])
    match.apply(0, "take white")
    match.apply(1, "take yellow")
    assert match.is_over()
    return match


def test_r15_r19_r25_each_game_ends_with_its_reveal_and_itemised_results() -> None:
    match = one_round_to_the_end()
    end = match.log(None)[-6:]
    assert [e["text"] for e in end] == [
        "Secret cards shown (R15): Seat 0 Green, Seat 1 Red, Seat 2 Blue, Seat 3 Purple.",
        "Seat 0 scores 23: Red ×3 = 9, Yellow ×1 = 1, Green ×1 = 1, Blue ×1 = 1, Purple ×1 = 1, "
        "White ×1 = 0, set of six +10; highest Teamwork card left 8 (R25).",
        "Seat 1 scores 3: Red ×1 = 1, Yellow ×1 = 1, Blue ×1 = 1, no set of six; highest "
        "Teamwork card left 9 (R25).",
        "Seat 2 scores 10: Green ×3 = 9, Blue ×1 = 1, no set of six; highest Teamwork card "
        "left 9 (R25).",
        "Seat 3 scores 3: Yellow ×1 = 1, Blue ×1 = 1, Purple ×1 = 1, no set of six; highest "
        "Teamwork card left 9 (R25).",
        "Game over: all Research cards drawn; seat 0 has the highest result. Seat 0 wins.",
    ]
    assert [e["kind"] for e in end] == ["reveal", "end", "end", "end", "end", "end"]
    mine = [e["text"] for e in match.log(0)[-5:]]
    assert mine[0].startswith("You score 23: Red ×3 = 9")
    assert mine[1].startswith("Seat 1 scores 3: ")
    assert (
        mine[-1] == "Game over: all Research cards drawn; seat 0 has the highest result. You win."
    )


def items(sheet: dict[str, Any], seat: int) -> list[tuple[str, float, str]]:
    return [(i["label"], i["points"], i["detail"]) for i in sheet["seats"][seat]["items"]]


def test_r19_r25_d7_the_final_views_itemise_every_colour_the_set_and_the_tie_break() -> None:
    match = one_round_to_the_end()
    sheet = match.view(None)["score_sheet"]
    assert [row["total"] for row in sheet["seats"]] == [23.0, 3.0, 10.0, 3.0]
    assert items(sheet, 0) == [
        ("Red ×3", 9, "3² = 9 (R22); 2 Individual; Multicolour counted as Red (D7): Individual"),
        ("Yellow ×1", 1, "1² = 1 (R22); Individual"),
        ("Green ×1", 1, "1² = 1 (R22); Secret"),
        ("Blue ×1", 1, "1² = 1 (R22); Individual"),
        ("Purple ×1", 1, "1² = 1 (R22); Individual"),
        ("White ×1", 0, "broken GNA scores 0 (R21); Individual"),
        ("Set of six", 10, "one of each GNA colour and a White (R23)"),
        ("Highest Teamwork card left (tie-break, R25)", 0, "8, adds no points"),
    ]
    assert items(sheet, 1) == [
        ("Red ×1", 1, "1² = 1 (R22); Secret"),
        ("Yellow ×1", 1, "1² = 1 (R22); Shared with Seat 3"),
        ("Blue ×1", 1, "1² = 1 (R22); Shared with Seat 3"),
        ("Set of six", 0, "missing Green, Purple, White (R23)"),
        ("Highest Teamwork card left (tie-break, R25)", 0, "9, adds no points"),
    ]
    assert items(sheet, 3)[:2] == [
        ("Yellow ×1", 1, "1² = 1 (R22); Shared with Seat 1"),
        ("Blue ×1", 1, "1² = 1 (R22); Shared with Seat 1"),
    ]
    assert sheet["details"] == [
        {
            "title": "Results",
            "lines": [
                "Teams: Seat 0 & Seat 2, Seat 1 & Seat 3",
                *(f"Seat {s}: {v}" for s, v in enumerate([23, 3, 10, 3])),
            ],
        },
        {
            "title": "Secret cards (R15)",
            "lines": ["Seat 0: Green", "Seat 1: Red", "Seat 2: Blue", "Seat 3: Purple"],
        },
        {
            "title": "Shared cards, scored by both (R12)",
            "lines": ["Blue: Seat 1 & Seat 3", "Yellow: Seat 1 & Seat 3"],
        },
    ]
    assert match.outcome is not None
    assert sheet["notes"] == [match.outcome.reason]
    for reader in range(4):  # R15: every view of the finished game holds the same sheet
        assert match.view(reader)["score_sheet"] == sheet


def test_g11_a_capped_game_says_so_before_its_reveal() -> None:
    match = new_match(4, seed=1, max_actions=6)
    while not match.is_over():
        step(match)
    told = [e["text"] for e in match.log(None)]
    told = told[next(i for i, text in enumerate(told) if "safety cap" in text) :]
    assert told[0] == (
        "The safety cap of 6 actions is reached: the game stops and is scored as it stands (G11)."
    )
    assert told[1].startswith("Secret cards shown (R15)")
    assert told[-1].startswith("Game over: safety cap reached;")


# -- session play: each game's reveal, and a pause before the next ---------------------------
def first_game_over() -> Match:
    match = new_match(4, seed=5, session_games=3)
    while not match.state.history:
        step(match)
    return match


def test_r29_g9_each_session_game_ends_in_the_log_with_its_reveal_and_results() -> None:
    match = first_game_over()
    record = match.state.history[0]
    told = match.log(None)
    over = next(i for i, e in enumerate(told) if e["text"].startswith("Game 1 of 3 over"))
    scores = ", ".join(f"Seat {s} {v}" for s, v in enumerate(record.scores))
    assert told[over]["text"] == (
        f"Game 1 of 3 over (all Research cards drawn): {scores}. Session totals: {scores}. "
        "The next game is dealt with new partners (G9)."
    )
    assert told[over]["kind"] == "end"
    secrets = ", ".join(f"Seat {s} {NAMES[k]}" for s, k in enumerate(record.secrets))
    assert told[over - 5]["text"] == f"Secret cards shown (R15): {secrets}."
    for seat in range(4):  # D9: a session game's tie-break is the sum of the cards kept
        line = told[over - 4 + seat]["text"]
        assert line.startswith(f"Seat {seat} scores {record.scores[seat]}: ")
        assert line.endswith(f"Teamwork cards left sum to {record.left_sum[seat]} (D9).")
    assert told[over + 1]["text"] == (
        "Session game 2 of 3: teams Seat 0 & Seat 1 and Seat 2 & Seat 3 (new partners, G9); "
        "every seat holds Teamwork cards 1-9; 24 Research cards in play."
    )
    assert told[over + 1]["round"] is None


def test_r29_g9_the_last_game_stays_in_every_view_until_the_next_game_begins() -> None:
    """view["session"]["last_game"]: the reveal a front end shows, waiting, between games."""
    match = first_game_over()
    record = match.state.history[0]
    expected_sheet = match.view(None)["session"]["last_game"]["score_sheet"]
    for reader in (0, 1, 2, 3, None):
        last = match.view(reader)["session"]["last_game"]
        assert last["game"] == 1
        assert last["scores"] == list(record.scores)
        assert last["secrets"] == [NAMES[k] for k in record.secrets]
        assert last["score_sheet"] == expected_sheet
    assert [row["total"] for row in expected_sheet["seats"]] == [float(s) for s in record.scores]
    assert expected_sheet["seats"][0]["items"][-1]["label"].startswith("Highest Teamwork card")
    console = Console(width=160, record=True, color_system=None, file=io.StringIO())
    console.print(entry("gnome").render(match.view(2)))
    assert "Game 1 of 3 is over. Secret cards: " in console.export_text()
    match.apply(match.to_act()[0], "play 5")  # the next game's first action
    assert match.view(0)["session"]["last_game"] is None


def test_g7_determinize_keeps_the_last_game_of_a_session() -> None:
    match = first_game_over()
    seen = match.view(1)
    guess = match.game.determinize(seen, 1, Rng(3))
    assert match.game.view(guess, 1) == seen
    assert guess.history == match.state.history
    assert isinstance(guess.history[0], GameRecord)


def test_d9_the_session_sheet_itemises_every_game_and_the_summed_tie_break() -> None:
    match = new_match(4, seed=5, session_games=3)
    while not match.is_over():
        step(match)
    outcome = match.outcome
    assert outcome is not None
    sheet = match.view(None)["score_sheet"]
    history = match.state.history
    for seat, row in enumerate(sheet["seats"]):
        labels = [item["label"] for item in row["items"]]
        for number in (1, 2, 3):
            assert f"Game {number} · Set of six" in labels
            game_points = sum(
                i["points"] for i in row["items"] if i["label"].startswith(f"Game {number} · ")
            )
            assert game_points == history[number - 1].scores[seat]
        kept = [record.left_sum[seat] for record in history]
        assert row["items"][-1] == {
            "label": "Teamwork cards left, summed over the games (tie-break, D9)",
            "points": 0,
            "detail": f"{kept[0]} + {kept[1]} + {kept[2]} = {sum(kept)}, adds no points",
        }
        assert row["total"] == outcome.scores[seat]
    assert sheet["details"][0]["title"] == "Game 1 · Results"
    assert match.log(None)[-1]["text"].startswith("Session over: ")
    assert match.view(0)["session"]["last_game"] is None  # the final sheet covers it


def test_a_replayed_session_tells_the_same_story() -> None:
    match = new_match(4, seed=6, session_games=3)
    rng = Rng(6)
    while not match.is_over():
        actors = match.to_act()
        seat = actors[rng.randbelow(len(actors))]
        legal = match.legal_actions(seat)
        match.apply(seat, legal[rng.randbelow(len(legal))])
    replayed = Match.from_record(match.record)
    for reader in (0, 1, 2, 3, None):
        assert replayed.log(reader) == match.log(reader)


def test_the_session_log_tells_a_seat_nothing_its_view_does_not() -> None:
    """The conformance check (tests/conformance/test_public_log.py) on the session variant."""
    match = new_match(4, seed=7, session_games=3, rounds=2)
    game, state = match.game, match.state
    rng = Rng(7)
    compared = 0
    while game.to_act(state):
        actors = game.to_act(state)
        actor = actors[rng.randbelow(len(actors))]
        legal = game.legal_actions(state, actor)
        text = str(legal[rng.randbelow(len(legal))])
        for reader in range(4):
            twin = game.determinize(game.view(state, reader), reader, rng)
            if text not in map(str, game.legal_actions(twin, actor)):
                continue
            told = []
            for position in (state, twin):
                copy = position.clone()
                copy.journal = Journal()
                game.apply(copy, actor, game.parse_action(text))
                told.append(
                    (game.view(copy, reader), [e["text"] for e in copy.journal.for_seat(reader)])
                )
            if told[0][0] == told[1][0]:
                compared += 1
                assert told[0][1] == told[1][1]
        match.apply(actor, text)
    assert compared > 0


# -- '?' and the menu -----------------------------------------------------------------------
def test_issue12_the_guide_summarises_the_rules_and_keys_every_notation() -> None:
    guide = entry("gnome").guide
    for notation in ("play 7", "take red", "take multi", "share 2"):
        assert notation in guide
    for word in ("Leader", "Assistant", "Team Total", "Multicolour", "White", "set of six"):
        assert word in guide
    match = new_match(3, seed=1)
    assert match.game.parse_action("take multi") == match.game.parse_action("take multicolour")


@pytest.mark.parametrize("players", [3, 4, 6])
def test_issue12_a_number_in_an_action_is_that_card_or_seat_and_names_one_action(
    players: int,
) -> None:
    """The menu trap: `play 7` names Teamwork card 7 and `share 2` seat 2, and at every
    decision each number stands in one legal action only, so a front end can let the number
    pick that action and never another (the terminal letters such menus)."""
    for seed in range(3):
        match = new_match(players, seed=seed)
        rng = Rng(seed)
        while not match.is_over():
            seat = match.to_act()[0]
            legal = match.legal_actions(seat)
            numbers = [[int(w) for w in str(a).split() if w.isdigit()] for a in legal]
            for action, found in zip(legal, numbers, strict=True):
                assert found in ([], [action.index])
            flat = list(itertools.chain.from_iterable(numbers))
            assert len(flat) == len(set(flat))
            match.apply(seat, legal[rng.randbelow(len(legal))])


def test_issue12_typing_a_card_number_at_the_terminal_plays_that_card() -> None:
    """issue 12 section 3: the menu read `5 play 6 / 6 play 7`, and typing 6 played card 7.
    Runs once the terminal letters menus whose actions hold numbers (cli/menu.py)."""
    pytest.importorskip("gamenight.cli.menu")
    from gamenight.cli.terminal import LeftTable, TerminalTable

    match = new_match(4, seed=1)
    commitments = iter(["play 1", "6"])  # round 2's menu would read `5 play 6 / 6 play 7`

    def ask(prompt: str) -> str:
        if match.state.phase != COMMIT:
            return str(match.legal_actions(0)[0])  # a pick, typed as its notation
        try:
            return next(commitments)
        except StopIteration:
            raise EOFError from None  # leave the table

    console = Console(file=io.StringIO(), width=160, color_system=None)
    bots = [RandomAgent() for _ in range(3)]
    table = TerminalTable(match, [None, *bots], entry("gnome").render, console, ask=ask)
    with pytest.raises(LeftTable):
        table.run()
    assert match.state.played[0][:2] == [1, 6]
