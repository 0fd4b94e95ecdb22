"""issue 12: A Game of Requirements tells its story (the public log), itemises its final
scores, never cuts an Accomplishment on screen, and has a guide for '?'.

Rule numbers are games/requirements/RULES.md's; the log's own decisions are G8-G10.
"""

from __future__ import annotations

import io
import re

import pytest
from requirements_positions import GAME, act, build, pair_id
from rich.console import Console

from gamenight.core import Match
from gamenight.core.registry import entry
from gamenight.games.requirements.params import RequirementsParams
from gamenight.games.requirements.render import GUIDE, render
from gamenight.games.requirements.rules import RequirementsGame
from gamenight.games.requirements.state import RequirementsState

READERS = (0, 1, None)


def told(state: RequirementsState, start: int = 0) -> dict[int | None, list[str]]:
    """What each seat and the spectator read of the journal from entry ``start`` on."""
    assert state.journal is not None
    return {
        reader: [e["text"] for e in state.journal.for_seat(reader, start)] for reader in READERS
    }


def after(state: RequirementsState, *actions: str) -> dict[int | None, list[str]]:
    """Apply ``actions``; what each reader read about them and what followed."""
    assert state.journal is not None
    start = len(state.journal)
    act(state, *actions)
    return told(state, start)


def looked(state: RequirementsState, seat: int, coin: str) -> None:
    """``seat`` has looked at ``coin`` earlier (G1): a position built by hand says so."""
    state.seen[seat] |= 1 << pair_id(coin)


# -- the log ------------------------------------------------------------------------------------


def test_issue12_r9_r10_g2_a_round_opens_with_its_header_requirement_and_forced_passes() -> None:
    """R9: the first player turns up the Requirement; G2: seats that cannot pay pass at once
    (AUTO entries); R12: the Deceptive phase opens with its own header."""
    state = build(requirement="Moxie/Spunk", stack_left=3, narrate=True)
    header = "Round 1: Seat 0 holds the first-player marker; 3 tiles left in the Requirement Stack."
    deceptive = (
        "Deceptive phase: nobody met [Moxie·Spunk]; Seat 0 bids first (bids showing one of "
        "its traits; two declines in a row fail it)."
    )
    assert told(state) == {
        0: [
            header,
            "You turned up the Requirement [Moxie·Spunk].",
            "You could not meet the Requirement (your Reserve is empty) and so passed.",
            "Seat 1 could not meet the Requirement (their Reserve is empty) and so passed.",
            deceptive,
        ],
        1: [
            header,
            "Seat 0 turned up the Requirement [Moxie·Spunk].",
            "Seat 0 could not meet the Requirement (their Reserve is empty) and so passed.",
            "You could not meet the Requirement (your Reserve is empty) and so passed.",
            deceptive,
        ],
        None: [
            header,
            "Seat 0 turned up the Requirement [Moxie·Spunk].",
            "Seat 0 could not meet the Requirement (their Reserve is empty) and so passed.",
            "Seat 1 could not meet the Requirement (their Reserve is empty) and so passed.",
            deceptive,
        ],
    }
    kinds = [e.kind for e in state.journal or []]
    assert kinds == ["header", "reveal", "auto", "auto", "header"]
    assert [e.round for e in state.journal or []] == [1] * 5


def test_issue12_g2_r13_forced_declines_say_why_and_two_of_them_fail_the_requirement() -> None:
    """G2: a seat that cannot pay passes, one that cannot bid declines, each with the public
    reason (AUTO); R13: two declines in a row fail the tile, bids stay; D9 then ends it."""
    state = build(
        requirement="Moxie/Spunk",
        reserves=(["Moxie/Cheek"], ["Guts/Guts"]),
        stack_left=0,
        narrate=True,
    )
    assert told(state)[None][2:4] == [
        "Seat 0 could not meet the Requirement (the coin in their Reserve cannot pay for it) "
        "and so passed.",
        "Seat 1 could not meet the Requirement (the coin in their Reserve cannot pay for it) "
        "and so passed.",
    ]
    state.pool[GAME.params.traits.index("Moxie")].clear()  # nothing to bid from the Pool
    state.pool[GAME.params.traits.index("Spunk")].clear()
    act(state, "bid r1")
    assert after(state, "no-claim") == {
        reader: [
            f"{'You' if reader == 0 else 'Seat 0'} made no claim.",
            f"{'You' if reader == 1 else 'Seat 1'} could not bid (no coin showing Moxie or "
            f"Spunk in the Pool or in {'your' if reader == 1 else 'their'} Reserve) and so "
            "declined.",
            f"{'You' if reader == 0 else 'Seat 0'} could not bid (no coin showing Moxie or "
            f"Spunk in the Pool or in {'your' if reader == 0 else 'their'} Reserve) and so "
            "declined.",
            "Two declines in a row: [Moxie·Spunk] fails and goes to the Pile of Failed "
            "Requirements (1 of 5). Bids stay in their bid areas.",
            "Game over: the last tile of the Requirement Stack has been played out (D9). A tie, "
            "0 to 0: no one wins (R18).",
        ]
        for reader in READERS
    }


def test_issue12_d5_g1_a_pool_bid_is_told_by_its_stack_and_its_hidden_side_only_to_the_bidder() -> (
    None
):
    """D5: the bid is the top coin of a Pool stack; G1: only the bidder sees its hidden side."""
    state = build(requirement="Moxie/Spunk", pool_top=["Moxie/Cheek"], narrate=True)
    public = "Seat 0 bid the top coin of the Pool's Moxie stack and looked at it."
    assert after(state, "bid pool Moxie") == {
        0: ["You bid the top coin of the Pool's Moxie stack and looked at it: hidden side Cheek."],
        1: [public],
        None: [public],
    }
    assert after(state, "claim") == {
        0: [
            'You said "It\'s done!", claiming that the coin just bid (showing Moxie) has Spunk '
            "on its hidden side (but it has Cheek)."
        ],
        1: [
            'Seat 0 said "It\'s done!", claiming that the coin just bid (showing Moxie) has '
            "Spunk on its hidden side."
        ],
        None: [
            'Seat 0 said "It\'s done!", claiming that the coin just bid (showing Moxie) has '
            "Spunk on its hidden side."
        ],
    }


def test_issue12_d7_g1_a_reserve_coin_is_named_by_what_each_reader_knows_of_it() -> None:
    """D7: a seat that looked at a coin earlier knows its hidden side wherever it goes; G1:
    the bidder looks at a coin it had not seen."""
    state = build(requirement="Moxie/Spunk", reserves=(["Moxie/Pluck"], []), narrate=True)
    looked(state, 1, "Moxie/Pluck")  # it was seat 1's bid once, then taken by seat 0
    assert after(state, "bid r1") == {
        0: ["You bid a coin showing Moxie from your Reserve and looked at it: hidden side Pluck."],
        1: [
            "Seat 0 bid a coin showing Moxie from their Reserve and looked at it: hidden side "
            "Pluck."
        ],
        None: ["Seat 0 bid a coin showing Moxie from their Reserve and looked at it."],
    }


def test_issue12_r14_a_proof_reveals_to_all_and_the_forced_take_names_what_each_knows() -> None:
    """R14, D7: a proof makes the hidden side public (REVEAL); G2: the only coin of the
    other bid is taken at once (AUTO), its hidden side told only to its bidder (G1); D4: a
    first Accomplishment; R15c: Spectacle; D9: the last tile ends the game."""
    state = build(
        requirement="Moxie/Spunk",
        bids=([], ["Spunk/Guts"]),
        pool_top=["Moxie/Spunk"],
        stack_left=0,
        narrate=True,
    )
    looked(state, 1, "Spunk/Guts")
    act(state, "bid pool Moxie", "claim", "challenge")
    proof = after(state, "prove")
    assert proof[None] == [
        "Seat 0 proved the claim: the coin showing Moxie has Spunk on its hidden side. Seat 0 "
        "won [Moxie·Spunk].",
        "Seat 0 took the only coin of Seat 1's bid, a coin showing Spunk, into their Reserve.",
        "Seat 0 started their first Accomplishment with [Moxie·Spunk].",
    ]
    assert proof[0] == [
        "You proved the claim: the coin showing Moxie has Spunk on its hidden side. You won "
        "[Moxie·Spunk].",
        "You took the only coin of Seat 1's bid, a coin showing Spunk, into your Reserve.",
        "You started your first Accomplishment with [Moxie·Spunk].",
    ]
    assert proof[1][1] == (
        "Seat 0 took the only coin of your bid, a coin showing Spunk (hidden: Guts), into their "
        "Reserve."
    )
    assert state.journal is not None
    assert [e.kind for e in list(state.journal)[-3:]] == ["reveal", "auto", "auto"]
    spectacle = after(state, "spectacle b1")
    assert spectacle[None] == [
        "Seat 0 added a coin showing Moxie (hidden: Spunk) to their Accomplishment 1 (now G1 x "
        "S1) as Spectacle.",
        "Seat 0 added no more Spectacle: their bid is empty.",
        "Game over: the last tile of the Requirement Stack has been played out (D9). Seat 0 "
        "won, 1 to 0.",
    ]
    assert spectacle[0][-1] == (
        "Game over: the last tile of the Requirement Stack has been played out (D9). You won, "
        "1 to 0."
    )
    assert [e.kind for e in list(state.journal)[-2:]] == ["auto", "end"]


@pytest.mark.parametrize("pool_top", ["Moxie/Spunk", "Moxie/Pluck"])
def test_issue12_r14_d6_g2_a_concession_does_not_tell_whether_the_claim_was_true(
    pool_top: str,
) -> None:
    """R14, D6, G2: declining to prove reads the same to the challenger and the table, true
    claim or not."""
    state = build(
        requirement="Moxie/Spunk", bids=(["Guts/Guts"], []), pool_top=[pool_top], narrate=True
    )
    looked(state, 0, "Guts/Guts")
    act(state, "bid pool Moxie", "claim")
    assert after(state, "challenge")[None] == ["Seat 1 challenged Seat 0's claim."]
    conceded = after(state, "concede")
    assert conceded[1] == ["Seat 0 declined to prove the claim: you won [Moxie·Spunk]."]
    assert conceded[None] == ["Seat 0 declined to prove the claim: Seat 1 won [Moxie·Spunk]."]
    taken = after(state, "take b1")
    assert taken[None][0] == "Seat 1 took a coin showing Guts from Seat 0's bid into their Reserve."
    assert taken[0][0] == (
        "Seat 1 took a coin showing Guts (hidden: Guts) from your bid into their Reserve."
    )


def test_issue12_r11_d3_d4_a_payment_and_a_chosen_placement_read_coin_by_coin() -> None:
    """R11, D3, G3: the first coin paid is meeting the Requirement, the last completes the
    payment; D4: the player chooses among matching Accomplishments (an ACTION, not AUTO)."""
    state = build(
        requirement="Spunk/Guts",
        reserves=(["Spunk/Cheek", "Guts/Verve"], []),
        accomplishments=([(["Moxie/Guts"], []), (["Cheek/Verve"], []), (["Moxie/Spunk"], [])], []),
        narrate=True,
    )
    assert after(state, "pay r1", "pay r2")[None] == [
        "Seat 0 chose to meet [Spunk·Guts], paying a coin showing Spunk for Spunk.",
        "Seat 0 paid a coin showing Guts for Guts, completing the payment: 2 coins go to the "
        "discard, same side up.",
    ]
    placed = after(state, "place a3")
    assert placed[None][0] == (
        "Seat 0 put [Spunk·Guts] on their Accomplishment 3 (now G2 x S0), on top of [Moxie·Spunk]."
    )
    assert placed[0][0] == (
        "You put [Spunk·Guts] on your Accomplishment 3 (now G2 x S0), on top of [Moxie·Spunk]."
    )
    assert placed[None][1].startswith("Round 2: Seat 1 holds the first-player marker")


def test_issue12_r13_r16_the_fifth_failure_ends_the_game_with_its_reckoning() -> None:
    """R13: two declines fail the Requirement; R16: the fifth ends the game (END entry)."""
    state = build(
        requirement="Moxie/Spunk",
        failed=["Cheek/Cheek", "Guts/Pluck", "Spunk/Verve", "Moxie/Focus"],
        narrate=True,
    )
    assert after(state, "decline", "decline") == {
        reader: [
            f"{'You' if reader == 0 else 'Seat 0'} declined to bid.",
            f"{'You' if reader == 1 else 'Seat 1'} declined to bid.",
            "Two declines in a row: [Moxie·Spunk] fails and goes to the Pile of Failed "
            "Requirements (5 of 5).",
            "Game over: the Pile of Failed Requirements reached 5 tiles (R16). A tie, 0 to 0: "
            "no one wins (R18).",
        ]
        for reader in READERS
    }


def test_issue12_g5_a_capped_game_says_so_in_its_last_entry() -> None:
    """G5: the safety cap ends the game, scored as it stands, and the log says so."""
    game = RequirementsGame(RequirementsParams(max_actions=2))
    match = Match(game, 2, seed=3)
    while not match.is_over():
        seat = match.to_act()[0]
        match.apply(seat, match.legal_actions(seat)[-1])
    last = match.log(None)[-1]
    assert last["kind"] == "end"
    assert last["text"] == (
        "Game over: the safety cap of 2 actions was reached; scored as it stands (G5). A tie, "
        "0 to 0: no one wins (R18)."
    )


@pytest.mark.parametrize("seed", range(5))
def test_issue12_r1_r2_d2_a_match_opens_with_its_setup_and_starting_it_changes_nothing(
    seed: int,
) -> None:
    """R1, R2, D1, D2: the log opens with the table as set up, then round 1 (R9, G2); turning
    narration on leaves the state as ``new_state`` made it."""
    match = Match(GAME, 2, seed)
    assert match.state.to_dict() == GAME.new_state(2, seed).to_dict()
    state = match.state
    pool = ", ".join(
        f"{name} {len(stack)}" for name, stack in zip(GAME.params.traits, state.pool, strict=True)
    )
    first = state.first
    texts = [e["text"] for e in match.log(None)]
    assert texts[0] == (
        "A Game of Requirements: 28 tiles shuffled face down into the Requirement Stack; the "
        f"Pool of Lies holds its coins stacked by exposed side ({pool}); Seat {first} takes "
        "the first-player marker (drawn at random)."
    )
    assert texts[1] == (
        f"Round 1: Seat {first} holds the first-player marker; 27 tiles left in the "
        "Requirement Stack."
    )
    assert texts[2].startswith(f"Seat {first} turned up the Requirement [")
    assert [e["kind"] for e in match.log(None)] == [
        "header",
        "header",
        "reveal",
        "auto",
        "auto",
        "header",
    ]


# -- the final scores ---------------------------------------------------------------------------


def test_issue12_r17_the_score_sheet_itemises_greatness_times_spectacle() -> None:
    """R17: each Accomplishment scores Greatness x Spectacle (0 without Spectacle); the
    failure pile and the ending go in the notes; every view holds the same sheet."""
    state = build(
        requirement="Moxie/Spunk",
        failed=["Cheek/Cheek", "Guts/Pluck", "Spunk/Verve", "Moxie/Focus"],
        accomplishments=(
            [
                (["Moxie/Moxie", "Moxie/Cheek"], ["Guts/Guts", "Guts/Focus"]),
                (["Pluck/Pluck"], []),
            ],
            [(["Verve/Verve", "Verve/Focus", "Focus/Focus"], ["Spunk/Spunk", "Spunk/Pluck"])],
        ),
    )
    act(state, "decline", "decline")
    sheet = GAME.view(state, None)["score_sheet"]
    assert sheet["seats"] == [
        {
            "seat": 0,
            "items": [
                {
                    "label": "Accomplishment 1: [Moxie·Moxie] [Moxie·Cheek]",
                    "points": 4,
                    "detail": "G2 x S2",
                },
                {"label": "Accomplishment 2: [Pluck·Pluck]", "points": 0, "detail": "G1 x S0"},
            ],
            "total": 4.0,
        },
        {
            "seat": 1,
            "items": [
                {
                    "label": "Accomplishment 1: [Verve·Verve] [Verve·Focus] [Focus·Focus]",
                    "points": 6,
                    "detail": "G3 x S2",
                }
            ],
            "total": 6.0,
        },
    ]
    assert sheet["notes"][:2] == [
        "Game over: the Pile of Failed Requirements reached 5 tiles (R16).",
        "Pile of Failed Requirements (5 of 5): [Cheek·Cheek] [Guts·Pluck] [Spunk·Verve] "
        "[Moxie·Focus] [Moxie·Spunk].",
    ]
    assert sheet["items_sum_to_total"] is True
    assert GAME.view(state, 0)["score_sheet"] == sheet == GAME.view(state, 1)["score_sheet"]


def test_issue12_a_running_game_has_no_score_sheet() -> None:
    state = build(requirement="Moxie/Spunk")
    assert "score_sheet" not in GAME.view(state, None)


# -- the terminal table -------------------------------------------------------------------------


def _screen(state: RequirementsState, width: int) -> str:
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(render(GAME.view(state, 0)))
    return console.export_text()


LONG = ["Moxie/Spunk", "Spunk/Cheek", "Cheek/Verve", "Verve/Guts", "Guts/Focus", "Focus/Focus"]


@pytest.mark.parametrize("width", [40, 60, 80, 120])
def test_issue12_trap_a_long_accomplishment_is_never_cut_and_shows_its_top_tile(
    width: int,
) -> None:
    """issue 12 section 3 (D4): the top tile decides where a won tile may go, so it is never
    cut with "…"; every tile stays on screen, and the ones the Requirement fits are marked."""
    state = build(
        requirement="Focus/Pluck",
        reserves=(["Cheek/Cheek", "Guts/Guts", "Spunk/Guts"], ["Guts/Pluck"]),
        accomplishments=(
            [(LONG, ["Moxie/Moxie", "Moxie/Cheek"])],
            [(["Pluck/Pluck", "Moxie/Pluck", "Moxie/Verve", "Verve/Verve", "Spunk/Verve"], [])],
        ),
    )
    screen = _screen(state, width)
    assert "…" not in screen
    flat = re.sub(r"\s+", "", screen)  # undo the wrapping
    assert "a1top[Focus·Focus]G6xS2=12fitstheRequirement" in flat
    assert "a1top[Spunk·Verve]G5xS0=0" in flat
    assert (
        "tiles[Moxie·Spunk][Spunk·Cheek][Cheek·Verve][Verve·Guts][Guts·Focus][Focus·Focus]" in flat
    )
    assert "[Pluck·Pluck][Moxie·Pluck][Moxie·Verve][Verve·Verve][Spunk·Verve]" in flat


def test_issue12_trap_the_guide_keys_every_notation_and_action_of_the_game() -> None:
    """issue 12 section 3: '?' gives this game's rules in short and a key to its notation."""
    assert entry("requirements").guide == GUIDE
    for notation in (
        "[Moxie·Spunk]",
        "Moxie/Spunk",
        "Moxie/?",
        "(seen by",
        "(proven)",
        "r1",
        "b1",
        "a1",
        "top [",
        "G6 x S2",
        "fits the Requirement",
        "Pool of Lies",
    ):
        assert notation in GUIDE, notation
    words = {str(action).split()[0] for action in GAME.book._by_text.values()}
    for word in words:
        assert re.search(rf"\b{re.escape(word)}\b", GUIDE), word
    assert "bid pool TRAIT" in GUIDE
