"""A terminal table on a string buffer, with a scripted person, for the terminal tests."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console

from gamenight.cli.terminal import TerminalTable
from gamenight.core import registry
from gamenight.core.agent import Agent
from gamenight.core.engine import Match


class Person:
    """Answers each prompt with ``reply(prompt)``; keeps every prompt and the output before it.

    ``screens[i]`` is what the table printed between prompt ``i - 1`` and prompt ``i``.
    """

    def __init__(self, out: io.StringIO, reply: Callable[[str], str]) -> None:
        self.out = out
        self.reply = reply
        self.prompts: list[str] = []
        self.screens: list[str] = []
        self._seen = 0

    def __call__(self, prompt: str) -> str:
        text = self.out.getvalue()
        self.screens.append(text[self._seen :])
        self._seen = len(text)
        self.prompts.append(prompt)
        return self.reply(prompt)


def answers(*replies: str) -> Callable[[str], str]:
    """Replies in order; then end of input."""
    queue = list(replies)

    def reply(prompt: str) -> str:
        if not queue:
            raise EOFError
        return queue.pop(0)

    return reply


def make_table(
    match: Match,
    seats: Sequence[Agent | None],
    reply: Callable[[str], str],
    *,
    height: int = 400,
    **options: Any,
) -> tuple[TerminalTable, Person, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=110, height=height, color_system=None)
    person = Person(out, reply)
    render = registry.entry(match.game.spec.name).render
    return TerminalTable(match, seats, render, console, person, **options), person, out
