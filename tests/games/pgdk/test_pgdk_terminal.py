"""issue 12 section 3: the terminal table's traps in Pink Godzilla Dev Kit.

- Resource Row cards show their type, colour and value, not a name only;
- a trade shows its running offer and what it needs, and can be given up (`offer cancel`, G25);
- the stall ending (G12) is announced before it comes;
- the turn number stands alone; the safety cap (G8) is shown only near it, as a safety cap;
- '?' has the game's own rules summary and a key to its notation.
"""

from __future__ import annotations

import contextlib
import io
from typing import Any

from pgdk_helpers import Table
from rich.console import Console

from gamenight.cli.terminal import LeftTable, TerminalTable
from gamenight.core.engine import Match
from gamenight.core.journal import Journal
from gamenight.core.registry import entry
from gamenight.games.pgdk import state as phases


def text_of(view: dict[str, Any]) -> str:
    console = Console(width=200, record=True, color_system=None)
    console.print(entry("pgdk").render(view))
    return console.export_text()


def narrated_match(table: Table) -> Match:
    match = table.match()
    journal = Journal()
    table.state.journal = journal
    match.journal = journal
    return match


def scripted(match: Match, *replies: str) -> tuple[list[str], io.StringIO]:
    """Seat 0 is a person typing ``replies``; every seat is human (hotseat hand-overs)."""
    queue = list(replies)
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        if "Pass the keyboard" in prompt:
            return ""
        if not queue:
            raise EOFError
        return queue.pop(0)

    screen = io.StringIO()
    seats = [None] * match.num_players
    console = Console(file=screen, width=200, color_system=None)
    table = TerminalTable(match, seats, entry("pgdk").render, console, ask)
    with contextlib.suppress(LeftTable):
        table.run()
    return prompts, screen


def test_c2_c4_resource_row_cards_show_type_colour_and_value() -> None:
    table = Table(players=2, phase=phases.PURCHASE)
    table.row("Pinky Gear Solid", "Potion B2", "Pink Godzilla 4")
    shown = text_of(table.match().view(1))
    assert (
        "Resource Row: Pinky Gear Solid [Title, G, 5], Potion B2 [Required Gear, B, 2], "
        "Pink Godzilla 4 [Character, any, 4]"
    ) in shown


def test_r7_g21_the_trade_shows_the_running_offer_and_what_it_needs() -> None:
    table = Table(players=2, phase=phases.PURCHASE)
    table.hand(0, "Potion B2", "Accessory O2", "Combo P2")
    table.row("Potion B5")
    match = table.match()
    match.apply(0, "trade Potion B5")
    match.apply(0, "offer Accessory O2")
    shown = text_of(match.view(0))
    assert (
        "Trading for Potion B5 [Required Gear, B, 5] with Accessory O2: the offer is worth 2 of "
        "the 5 needed (3 short) · 'offer cancel' gives the trade up"
    ) in shown
    match.apply(0, "offer Potion B2")
    match.apply(0, "offer Combo P2")
    assert "worth 6 of the 5 needed (enough: 'offer done' trades)" in text_of(match.view(1))


def test_g25_offer_cancel_returns_to_the_purchase_and_changes_nothing_else() -> None:
    table = Table(players=2, phase=phases.PURCHASE)
    table.hand(0, "Potion B2", "Accessory O2", "Combo P2")
    table.row("Potion B5", "Weapon G2")
    match = table.match()
    before = table.state.to_dict()
    legal_before = [str(a) for a in match.legal_actions(0)]
    match.apply(0, "trade Potion B5")
    assert [str(a) for a in match.legal_actions(0)][-1] == "offer cancel"  # from the start
    match.apply(0, "offer cancel")
    assert table.state.to_dict() == before  # nothing offered: exactly as before the choice
    assert [str(a) for a in match.legal_actions(0)] == legal_before
    match.apply(0, "trade Potion B5")
    match.apply(0, "offer Accessory O2")
    match.apply(0, "offer cancel")
    after = table.state.to_dict()
    shown = table.game.kind_by_label["Accessory O2"]
    offered = next(c for c in table.state.hands[0] if table.game.kind_of[c] == shown)
    # G6: the card offered was shown to everyone, so it stays known; nothing else changed
    assert after["known"][offered] == 0b111
    after["known"][offered] = before["known"][offered]
    assert after == before
    match.apply(0, "trade Weapon G2")  # G25: any purchase again, another trade included
    assert table.state.phase == phases.OFFER


def test_g25_offer_cancel_is_told_and_explained() -> None:
    table = Table(players=2, phase=phases.PURCHASE)
    table.hand(0, "Potion B2", "Accessory O2", "Combo P2")
    table.row("Potion B5")
    match = narrated_match(table)
    match.apply(0, "trade Potion B5")
    match.apply(0, "offer Accessory O2")
    match.apply(0, "offer cancel")
    assert match.log(1)[-1]["text"] == (
        "Seat 0 cancelled the trade for Potion B5: Accessory O2 stays in hand; the purchase is "
        "chosen again (G25)."
    )
    state = table.state
    assert table.game.explain_illegal(state, 0, match.parse("offer cancel")) == (
        "R6: 'offer cancel' is not possible now; choose the purchase: 'trade CARD', "
        "'auction CARD' or 'discard lowest'"
    )


def test_g25_a_person_can_back_out_of_a_trade_at_the_terminal_table() -> None:
    table = Table(players=2, phase=phases.PURCHASE)
    table.hand(0, "Potion B2", "Accessory O2", "Combo P2")
    table.hand(1, "Pixel P2")
    table.row("Potion B5", "Weapon G2")
    match = narrated_match(table)
    prompts, screen = scripted(match, "trade Potion B5", "offer Combo P2", "offer cancel")
    shown = screen.getvalue()
    assert "the offer is worth 2 of the 5 needed (3 short)" in shown
    assert "offer cancel" in shown.rsplit("Trading for", 1)[-1]  # the menu offers it
    assert table.state.phase == phases.PURCHASE
    assert table.state.take == -1
    assert sorted(table.labels(table.state.hands[0])) == ["Accessory O2", "Combo P2", "Potion B2"]
    assert prompts[-1].startswith("Seat 0")  # asked again for the purchase


def test_g12_the_stall_ending_is_announced_before_it_comes() -> None:
    table = Table(players=2, phase=phases.PURCHASE)
    table.state.quiet = 6 * 2 + 1
    assert "without a completed videogame" not in text_of(table.match().view(0))
    table.state.quiet = 8 * 2 + 1
    assert (
        "8 rounds without a completed videogame; the game is stopped after 10 (G12)."
    ) in text_of(table.match().view(0))


def test_g8_the_turn_stands_alone_and_the_safety_cap_shows_only_near_it() -> None:
    table = Table(players=2, phase=phases.PURCHASE)
    table.state.turn = 3
    shown = text_of(table.match().view(None))
    assert "turn 3 ·" in shown
    assert "/400" not in shown
    assert "safety cap" not in shown
    table.state.turn = 395
    shown = text_of(table.match().view(None))
    assert "turn 395 ·" in shown
    assert "Safety cap: the game is stopped after turn 400 (G8)." in shown


def test_the_guide_summarises_the_rules_and_keys_the_notation() -> None:
    guide = entry("pgdk").guide
    assert guide is not None
    for needed in (
        "Finance",
        "Purchase",
        "Development",
        "Going Gold",
        "Pink Godzilla windows",
        "Clone The Clone",
        "Required Gear",
        "capped",
        "Potion B2",
        "[Required Gear, B, 2]",
        "†",
        "READY",
        "seen by seat 1",
        "bid sealed",
        "offer cancel",
        "godzilla Potion B5 with Pink Godzilla 3",
        "cut CARD from seat",
    ):
        assert needed in guide, needed
    assert "e.g. 'pass'" not in guide
    assert max(len(line) for line in guide.splitlines()) <= 100


def test_the_guide_is_shown_by_question_mark_at_the_table() -> None:
    table = Table(players=2, phase=phases.PURCHASE)
    table.hand(0, "Potion B2")
    table.row("Potion B5")
    _, screen = scripted(narrated_match(table), "?")
    assert "Pink Godzilla Dev Kit in short" in screen.getvalue()
