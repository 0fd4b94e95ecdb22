"""Why an action is illegal, in one line that names the rule (RULES.md numbers)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamenight.games.pgdk.actions import Action, Kind
from gamenight.games.pgdk.state import PgdkState

if TYPE_CHECKING:
    from gamenight.games.pgdk.rules import PgdkGame


def explain(game: PgdkGame, state: PgdkState, player: int, action: Action) -> str:
    return f"'{action}' is not possible now"
