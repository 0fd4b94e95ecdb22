"""C4, G21: the action notation, and one-line reasons for what is refused."""

from __future__ import annotations

import pytest
from pgdk_helpers import Table, make_game

from gamenight.core.errors import ActionParseError, IllegalActionError
from gamenight.core.registry import entry
from gamenight.games.pgdk import state as phases
from gamenight.games.pgdk.rules import PgdkGame

EXAMPLES = [
    "pass",
    "done",
    "godzilla Easter Egg B7 with Pink Godzilla 4",
    "trade Pinky Gear Solid",
    "offer Potion B2",
    "offer done",
    "auction Vehicle BG3",
    "auction go",
    "discard lowest",
    "bid Pink Godzilla 4",
    "bid done",
    "no bid",
    "play Dance Dance Team Ninja Suppressors 2 new",
    "play Dance Dance Team Ninja Suppressors 2 on 2",
    "table Orange Clone",
    "use Crunch Time 2",
    "use Neutral Guardian on 1",
    "retrieve Wild",
    "rob seat 2",
    "steal Pixel O4",
    "hunt Jumpman G4",
    "cut Weapon PG5 from seat 3 game 2",
    "keep Easter Egg G7",
    "gold 3",
    "discard Potion B3",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_c4_every_action_round_trips_through_its_notation(text: str) -> None:
    game = make_game()
    action = game.parse_action(text)
    assert str(action) == text
    assert game.parse_action(str(action)) == action
    assert game.parse_action("  " + text.upper() + " ") == action


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("play Potion B9 new", "there is no card 'potion b9'"),
        ("play Potion B2", "write 'play CARD new' or 'play CARD on N'"),
        ("gold 0", "games are numbered from 1"),
        ("fly to the moon", "is not an action of Pink Godzilla Dev Kit"),
        ("rob seat 12", "there is no seat 12"),
        ("godzilla Easter Egg B7", "write 'godzilla CARD with PINK GODZILLA'"),
        ("godzilla Easter Egg B9 with Pink Godzilla 3", "there is no card 'easter egg b9'"),
        ("godzilla Easter Egg B7 with Pink Godzilla 9", "there is no card 'pink godzilla 9'"),
    ],
)
def test_c4_text_that_is_no_action_is_refused_in_one_line(text: str, message: str) -> None:
    with pytest.raises(ActionParseError) as error:
        make_game().parse_action(text)
    assert message in str(error.value)
    assert "\n" not in str(error.value)


def test_explain_names_the_rule_for_an_action_of_another_phase() -> None:
    table = Table(phase=phases.PURCHASE)
    table.hand(0, "Potion B2")
    match = table.match()
    with pytest.raises(IllegalActionError) as error:
        match.apply(0, "play Potion B2 new")
    assert str(error.value).startswith("R6: 'play Potion B2 new' is not possible now;")


def test_registered_with_title_variants_bot_and_renderer() -> None:
    found = entry("pink godzilla dev kit")
    assert found.game_class is PgdkGame
    assert PgdkGame.spec.title == "Pink Godzilla Dev Kit"
    assert PgdkGame.spec.player_counts == (2, 3, 4)
    assert {v.name for v in PgdkGame.spec.variants} == {"three-games", "beginners"}
    assert "heuristic" in found.bots
