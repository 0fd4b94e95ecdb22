"""Terminal rendering (placeholder)."""

from __future__ import annotations

from rich.text import Text

from gamenight.core.game import View


def render(view: View) -> Text:
    return Text(str(view))
