"""Setup and components: R1, C1-C4, DC2."""

from __future__ import annotations

import json
import pathlib
from collections import Counter

from gtpag_helpers import new

from gamenight.core.registry import make_game
from gamenight.games.gtpag.params import CHARACTER_NAMES, TRAIT_NAMES


def test_r1_c2_c3_every_character_starts_with_three_bid_chips_and_its_trait() -> None:
    game, state = new(8, preferences=None)
    for seat in range(8):
        view = game.view(state, seat)
        assert view["hand"] == ["+2", "-1", "invert", TRAIT_NAMES[seat]]
        assert view["seats"][seat]["bid_chips"] == 3
        assert view["seats"][seat]["trait_in_hand"]


def test_c1_c2_c4_five_chips_of_one_colour_per_character_and_one_trait_each() -> None:
    game, state = new(8, preferences=None)
    components = Counter(game.components(state))
    for name, trait in zip(CHARACTER_NAMES, TRAIT_NAMES, strict=True):
        for chip in ("+2", "-1", "invert", trait, "Character chip"):
            assert components[f"{name} {chip}"] == 1
    assert sum(components.values()) == 8 * 5
    assert TRAIT_NAMES == (
        "Spotlight", "Switcheroo", "House Rule", "Hype", "Warcry", "Scout", "Raid", "Smash"
    )  # fmt: skip


def test_c1_a_box_seats_two_to_four_and_two_boxes_up_to_eight() -> None:
    game = make_game("gtpag")
    assert game.spec.player_counts == (2, 3, 4, 5, 6, 7, 8)
    assert game.new_state(4, 1).chars == (0, 1, 2, 3)  # the first box
    assert game.new_state(8, 1).chars == tuple(range(8))  # both boxes


def test_dc2_all_chance_comes_from_the_seed() -> None:
    game = make_game("gtpag")
    first = json.dumps(game.new_state(6, 42).to_dict(), sort_keys=True)
    assert json.dumps(game.new_state(6, 42).to_dict(), sort_keys=True) == first
    assert json.dumps(game.new_state(6, 43).to_dict(), sort_keys=True) != first
    source = pathlib.Path(__file__).parents[3] / "src" / "gamenight" / "games" / "gtpag"
    for module in source.glob("*.py"):
        assert "import random" not in module.read_text()
