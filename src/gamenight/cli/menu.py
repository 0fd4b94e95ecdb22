"""The menu of legal actions at a terminal table, and what a typed answer picks from it.

Menus are lettered (a, b, c ...), never numbered: actions have numbers of their own (G.Nome's
``play 6``, Requirements' ``pay r4``), and a menu number could be read as one of them (typing
6 played card 7 when the menu read ``6 play 7``). Letters label every menu, not only those
whose actions hold numbers, so that the same key picks the same line from one turn to the
next. Letters that are commands at the table (``q``, ``l``, ``h``) are skipped; past the
single letters come pairs (``aa``, ``ab``).

A number on its own is never a menu label. It picks the one action in which it stands alone
as a word (``6`` picks ``play 6``); if no action or several actions have it, it is refused
with the reason, so it never silently picks another action.
"""

from __future__ import annotations

import dataclasses
import itertools
import string
from collections.abc import Hashable, Iterator, Sequence
from typing import Any

from gamenight.cli.app import ascii_whole_number
from gamenight.core.errors import GamenightError

COMMAND_LETTERS = frozenset("qlh")
"""Single letters that are commands at the table: quit, log, help."""
LETTERS = [letter for letter in string.ascii_lowercase if letter not in COMMAND_LETTERS]


class NotAChoice(GamenightError):
    """An answer that names no action of the menu; the message says why."""


def _letter_labels() -> Iterator[str]:
    yield from LETTERS
    for first, second in itertools.product(LETTERS, string.ascii_lowercase):
        yield first + second


def standalone_numbers(notation: str) -> set[int]:
    """The numbers that stand alone as words in an action's notation (``play 6`` -> {6})."""
    numbers = set()
    for word in notation.split():
        number = ascii_whole_number(word)
        if number is not None:
            numbers.add(number)
    return numbers


@dataclasses.dataclass(frozen=True)
class Menu:
    """The legal actions in order, each with the label a person types to pick it."""

    actions: tuple[Any, ...]
    labels: tuple[str, ...]

    @classmethod
    def of(cls, legal: Sequence[Any]) -> Menu:
        taken = {str(action).lower() for action in legal}  # a label never shadows an action
        fresh = (label for label in _letter_labels() if label not in taken)
        return cls(tuple(legal), tuple(itertools.islice(fresh, len(legal))))

    @property
    def choices(self) -> str:
        """What the prompt offers: ``a-j``, or ``a or Enter`` for a single action."""
        if len(self.labels) == 1:
            return f"{self.labels[0]} or Enter"
        return f"{self.labels[0]}-{self.labels[-1]}"

    def rows(self) -> list[tuple[str, str]]:
        """(label, notation) per action, for printing."""
        return [
            (label, str(action)) for label, action in zip(self.labels, self.actions, strict=True)
        ]

    def example(self) -> str:
        """An action's notation to quote in the help: one with a number if there is one."""
        texts = [str(action) for action in self.actions]
        with_number = [text for text in texts if standalone_numbers(text)]
        return (with_number or texts)[0]

    def pick(self, answer: str) -> Hashable | None:
        """The action ``answer`` picks by its label or number; None if it is neither.

        Raises :class:`NotAChoice` for a number that picks nothing (or more than one thing).
        """
        key = answer.lower()
        if key in self.labels:
            chosen: Hashable = self.actions[self.labels.index(key)]
            return chosen
        number = ascii_whole_number(answer)
        if number is not None:
            return self._by_number(number)
        if answer.isdigit():  # another script's digits (² or ١), or far too many
            raise NotAChoice(
                f"{_shortened(answer)!r} is not a choice; type a letter from {self._span()}, "
                "or an action written with the digits 0-9"
            )
        return None

    def _by_number(self, number: int) -> Hashable:
        having = [a for a in self.actions if number in standalone_numbers(str(a))]
        if len(having) == 1:
            chosen: Hashable = having[0]
            return chosen
        letters = f"menu choices are the letters {self._span()}"
        if not having:
            raise NotAChoice(f"no action here has the number {number}; {letters}")
        named = ", ".join(repr(str(a)) for a in having)
        raise NotAChoice(f"{number} is in several actions ({named}); {letters}")

    def _span(self) -> str:
        return self.labels[0] if len(self.labels) == 1 else f"{self.labels[0]} to {self.labels[-1]}"

    def help_lines(self) -> list[str]:
        """How to answer this menu, in words, with an example taken from its own actions."""
        lines = [
            f"Type the letter of an action ({self.choices}), or the action itself "
            f"(e.g. '{self.example()}')."
        ]
        numbered = next((str(a) for a in self.actions if len(standalone_numbers(str(a))) == 1), "")
        if numbered:
            lines.append(
                "A number on its own picks the one action in which it stands alone as a word "
                f"({min(standalone_numbers(numbered))} for '{numbered}'); a number in several "
                "actions is refused."
            )
        else:
            lines.append("A number on its own is no menu choice here.")
        return lines


def _shortened(text: str, most: int = 24) -> str:
    return text if len(text) <= most else text[: most - 3] + "..."
