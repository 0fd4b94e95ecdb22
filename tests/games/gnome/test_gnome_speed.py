"""issue 16 item 3: faster hot paths, and not one rule changed by them.

The digests below were recorded from the code as it was before the speed work of issue 16
(commit 4b2212e). They cover, for a few hundred seeded random matches, every legal-action list
in order, every action and what the other seats saw of it, the outcomes, the final public view,
and along the way seats' views, determinized states (``to_dict``: secrets and generator state
included) and whole playouts of the game's playout policy from them. Any change of a rule, of
the order of legal actions, of a view or of a random draw changes a digest.
"""

from __future__ import annotations

from typing import Any

import pytest
from replay_digests import play_digest

from gamenight.core.registry import make_game
from gamenight.core.rng import Rng


@pytest.mark.parametrize(
    ("players", "matches", "overrides", "expected"),
    [
        (3, 100, {}, "31fa29bf937dbfab"),
        (4, 100, {}, "3978f42384d6cbc6"),
        (6, 100, {}, "5244ec9647f3ff81"),
        (3, 40, {"secrets_3p": True}, "6e363ab899693853"),
        (4, 40, {"session_games": 3}, "625ad3b5cdba6fe0"),
    ],
)
def test_issue16_item3_seeded_matches_play_as_recorded_before_the_speed_work(
    players: int, matches: int, overrides: dict[str, Any], expected: str
) -> None:
    assert play_digest("gnome", players, matches, overrides) == expected


def test_issue16_item3_determinize_takes_the_decks_worked_out_when_the_game_was_made(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A search determinizes thousands of times: the Research and Secret decks of a player
    count are the game's, worked out once, not expanded from the params on every call."""
    from gamenight.games.gnome.params import GnomeParams

    game = make_game("gnome")
    state = game.new_state(4, 2)
    expected_research = GnomeParams().research_deck(4)

    def never(self: GnomeParams, players: int) -> tuple[int, ...]:
        raise AssertionError("the decks are expanded again")

    monkeypatch.setattr(GnomeParams, "research_deck", never)
    monkeypatch.setattr(GnomeParams, "secret_deck", never)
    sampled = game.determinize(game.view(state, 1), 1, Rng(4))
    assert sorted([*sampled.deck, *sampled.aside, *sampled.offer]) == list(expected_research)
