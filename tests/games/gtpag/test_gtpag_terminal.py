"""issue 12 section 3: the terminal table's traps in Game to Pick a Game.

- chips on a Nomination show whose they are (the colour of a chip's back is public, G3);
- a Trait with nothing to aim at is offered (D5) and the screen says it would do nothing (L3);
- '?' has the game's own rules summary and a key to its notation.
"""

from __future__ import annotations

import contextlib
import io

from gtpag_helpers import AGOR, GNOME, lay, two_nominations
from rich.console import Console

from gamenight.cli.terminal import LeftTable, TerminalTable
from gamenight.core import Match
from gamenight.core.game import View
from gamenight.core.registry import entry
from gamenight.games.gtpag.params import GtpagParams
from gamenight.games.gtpag.render import render
from gamenight.games.gtpag.rules import GtpagGame

IDLE_SPOTLIGHT = (
    "Note: your Spotlight has no face-down Bid chip to turn over. Choosing 'spotlight' uses "
    "the chip up and does nothing (D5)."
)


def text(view: View) -> str:
    console = Console(width=200, record=True, color_system=None)
    console.print(render(view))
    return console.export_text()


def test_g3_chips_on_a_nomination_show_whose_they_are() -> None:
    game, state = two_nominations(4)
    lay(game, state, [(3, "+2", 1), (1, "-1", 0), (3, "Hype", 0)])
    shown = text(game.view(state, 1))
    # Red, Orange, Yellow, Green are seats 0-3 (C1, G1): the owner before each chip
    assert "n1.1 Orange (-1)" in shown  # the viewer's own face-down chip
    assert "n1.2 Green [Hype]" in shown  # face up
    assert "n2.1 Green (?)" in shown  # someone else's, face down: whose, not what
    assert "chips: owner [face up]" in shown
    assert "n2.1 Green (?)" in text(game.view(state, None))


def test_d5_l3_an_idle_trait_says_on_screen_that_it_does_nothing() -> None:
    game, state = two_nominations(2)
    state.hand[1] &= ~game.trait_bit  # seat 1 (R3: it begins) used its Trait up: no chip out
    state.actor = 0
    shown = text(game.view(state, 0))
    assert "spotlight" in [str(a) for a in game.legal_actions(state, 0)]  # D5: still legal
    assert IDLE_SPOTLIGHT in shown
    assert "Spotlight (nothing to aim at now)" in shown
    assert IDLE_SPOTLIGHT not in text(game.view(state, 1))  # not its Trait, not its turn
    lay(game, state, [(1, "+2", 1)])  # a face-down chip to turn over: nothing to warn of
    assert "nothing to aim at" not in text(game.view(state, 0))
    assert "Note:" not in text(game.view(state, 0))


def test_d5_l3_the_terminal_table_warns_before_the_menu_offers_the_idle_trait() -> None:
    params = GtpagParams().with_overrides({"first_player": 0})
    match = Match(GtpagGame(params), 2, seed=3)
    answers = iter([f"nominate {AGOR}", f"nominate {GNOME}", "switcheroo"])
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        if "Pass the keyboard" in prompt:
            return ""
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    screen = io.StringIO()
    table = TerminalTable(
        match, [None, None], render, Console(file=screen, width=200, color_system=None), ask
    )
    with contextlib.suppress(LeftTable):
        table.run()
    # seat 1 nominated last and began (R3) with its Switcheroo, bare (nothing on the table);
    # now seat 0 is asked, and its Spotlight has nothing to turn over
    assert prompts[-1].startswith("Seat 0, your move")
    last_turn = screen.getvalue().rsplit("Pass the keyboard", 1)[-1]
    assert IDLE_SPOTLIGHT in last_turn
    note_at = last_turn.index(IDLE_SPOTLIGHT)
    assert last_turn.index("spotlight", note_at + len(IDLE_SPOTLIGHT)) > note_at  # the menu
    assert match.log(0)[-1]["text"] == (
        "Seat 1 played Switcheroo with no two face-down Bid chips on different Nominations to "
        "swap: the chip is used up and does nothing (D5)."
    )


def test_the_guide_summarises_the_rules_and_keys_the_notation() -> None:
    guide = entry("gtpag").guide
    for needed in (
        "Nomination round",
        "Bidding",
        "Boost",
        "Invert",
        "House Rule",
        "preference for the picked game",
        "n1.3",
        "Red [+2]",
        "Red (+2)",
        "Red (?)",
        "2 + ?",
        "★ picked",
        "bid +2 n1",
        "does nothing",
    ):
        assert needed in guide, needed
    assert "e.g. 'pass'" not in guide


def test_g3_a_chip_and_its_owner_stay_on_one_line_in_a_narrow_terminal() -> None:
    game, state = two_nominations(4)
    lay(game, state, [(s, kind, 0) for kind in ("+2", "-1", "invert") for s in range(4)])
    console = Console(width=90, record=True, color_system=None)
    console.print(render(game.view(state, 0)))
    shown = console.export_text()
    names = ["Red", "Orange", "Yellow", "Green"]
    for i in range(12):
        owner = names[i % 4]
        kind = ("+2", "-1", "invert")[i // 4]
        mark = f"({kind})" if owner == "Red" else "(?)"  # seat 0 knows only its own chips
        assert f"n1.{i + 1} {owner} {mark}" in shown
