"""issue 12 item 4 (section 3, G.Nome): a menu label is never confused with a number inside an
action. The menu read ``5 play 6 / 6 play 7``, and typing the card's number 6 played card 7,
a secret and final choice. Menus are now lettered, and a bare number picks the one action in
which it stands alone (6 plays card 6), or is refused with the reason.
"""

from __future__ import annotations

import re
import string

import pytest
from table_harness import answers, make_table

from gamenight.bots.factory import make_agent
from gamenight.cli.menu import COMMAND_LETTERS, Menu, NotAChoice
from gamenight.cli.terminal import LeftTable
from gamenight.core import Match, registry


def gnome_table(*replies: str) -> tuple[Match, list[str]]:
    """A 3-player G.Nome deal, the person at seat 0, answering ``replies`` then leaving."""
    game = registry.make_game("gnome")
    match = Match(game, 3, seed=4)
    bots = [make_agent("heuristic", game) for _ in range(2)]
    table, person, _ = make_table(match, [None, *bots], answers(*replies))
    with pytest.raises(LeftTable):
        table.run()
    return match, person.screens


def test_issue12_item4_typing_the_cards_number_plays_that_card() -> None:
    """issue 12 item 4: with card 1 gone the menu lists `play 2 ... play 9`; typing 6 plays
    card 6 (a numbered menu read `5 play 6 / 6 play 7`, and 6 played card 7)."""
    match, screens = gnome_table("1", "a", "6")
    mine = [text for seat, text in match.record.actions if seat == 0]
    assert mine[0] == "play 1"
    assert mine[1].startswith("take ")
    assert mine[2] == "play 6"
    round_two = screens[2]
    assert "  a  play 2" in round_two
    assert "  e  play 6" in round_two
    labels = re.findall(r"^ +(\S+)  play \d$", round_two, re.MULTILINE)
    assert labels == ["a", "b", "c", "d", "e", "f", "g", "i"]


def test_issue12_item4_a_menu_letter_picks_its_line() -> None:
    """issue 12 item 4: 'f' picks the sixth line; 'h' (help) is skipped, so 'i' is the 8th."""
    match, _ = gnome_table("i")
    assert match.record.actions[0] == (0, "play 8")


def test_issue12_item4_a_number_no_action_has_is_refused_not_mapped_to_a_line() -> None:
    """issue 12 item 4: once card 6 is played, 6 picks nothing at all; it is refused."""
    match, screens = gnome_table("6", "6", "a")  # round 1: play 6; round 1 take: 6?; then a
    refused = "no action here has the number 6"
    assert any(refused in screen for screen in screens)
    assert match.record.actions.count((0, "play 6")) == 1
    played = [text for seat, text in match.record.actions if seat == 0]
    assert played[1] in ("take purple", "take multicolour")  # 'a' took the first, not a card


def test_issue12_item4_a_number_in_several_actions_is_refused() -> None:
    menu = Menu.of(["trade Pink Godzilla 4", "auction Pink Godzilla 4", "auction go"])
    with pytest.raises(NotAChoice, match=r"4 is in several actions .*letters a to c"):
        menu.pick("4")
    assert menu.pick("c") == "auction go"


def test_issue12_item4_numbers_inside_words_are_not_an_actions_own_number() -> None:
    """issue 12 item 4: 'pay r4' holds no number of its own; 4 picks nothing there."""
    menu = Menu.of(["pay r4", "pay r5", "done"])
    with pytest.raises(NotAChoice, match="no action here has the number 4"):
        menu.pick("4")
    assert menu.pick("pay r4") is None  # not a label: left to the game's notation


def test_issue12_item4_labels_skip_commands_and_go_on_past_the_alphabet() -> None:
    actions = [f"act {n}" for n in range(41)]  # Pink Godzilla offers up to 41
    menu = Menu.of(actions)
    assert len(set(menu.labels)) == 41
    assert not COMMAND_LETTERS & set(menu.labels)
    singles = [label for label in menu.labels if len(label) == 1]
    assert singles == [c for c in string.ascii_lowercase if c not in COMMAND_LETTERS]
    assert menu.pick(menu.labels[30]) == "act 30"


def test_issue12_item4_a_label_never_shadows_an_actions_notation() -> None:
    menu = Menu.of(["a", "b", "pass"])
    assert "a" not in menu.labels
    assert "b" not in menu.labels
    assert menu.pick("a") is None  # typed 'a' is the action 'a', checked by the game


def test_issue12_item4_the_help_documents_the_number_rule() -> None:
    lines = " ".join(Menu.of(["play 2", "play 7"]).help_lines())
    assert "(e.g. 'play 2')" in lines
    assert "2 for 'play 2'" in lines
    assert "no menu choice" in " ".join(Menu.of(["take red", "pass"]).help_lines())
