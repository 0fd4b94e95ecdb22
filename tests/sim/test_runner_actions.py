"""play_match applies the game's own legal instance, whatever equal object a bot returns."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar

from gamenight.core import Match, Rng, View
from gamenight.core.registry import make_game
from gamenight.sim.runner import play_match


class ForgingBot:
    """Returns a copy of a legal action whose notation says 'decline' whatever it is."""

    name = "forger"
    needs_view: ClassVar[bool] = False

    def act(self, view: View, legal_actions: Sequence[Any], rng: Rng) -> Any:
        chosen = legal_actions[rng.randbelow(len(legal_actions))]
        return dataclasses.replace(chosen, text="decline")


def test_issue11_item5_bulk_play_records_and_applies_the_games_own_actions() -> None:
    """issue 11 item 5, in play_match: the record must replay to the same outcome."""
    game = make_game("requirements")
    result = play_match(game, 2, seed=3, agents=[ForgingBot(), ForgingBot()], keep_record=True)
    assert result.record is not None
    texts = {text for _, text in result.record.actions}
    assert len(texts) > 1, "the record names what was applied, not the forged 'decline'"
    replayed = Match.from_record(result.record)
    assert replayed.outcome == result.outcome
