"""The public log: each game's own narration of a match, as each seat saw it.

Games write the story as it happens: round and turn headers, every action (the engine's
automatic ones included), what was revealed and the final reckoning. Each entry has the text
the table reads and, where one seat knows more (its own secret move, a coin it looked at), a
text of its own for that seat. Front ends (terminal, replay, browser) only lay the entries
out; none of them re-derives the story from states.

A journal is kept only for a real match: :class:`~gamenight.core.engine.Match` turns it on,
while search and simulation states carry ``None`` and pay nothing for narration. A state's
``clone()`` never copies its journal, so a copy made for search cannot write into the match's
story.

Caveat: the journal holds secrets (a seat's private texts), so it lives with the state and
never leaves the engine whole; only :meth:`Journal.for_seat` output does.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping
from typing import Any

HEADER = "header"
"""A round, turn or phase starting."""
ACTION = "action"
"""A seat's own decision."""
AUTO = "auto"
"""A decision the engine took for a seat because every seat could see it was forced."""
REVEAL = "reveal"
"""Something hidden becoming known: a proven coin, a flipped chip, a completed videogame."""
END = "end"
"""The end of the match and its reckoning."""

KINDS = (HEADER, ACTION, AUTO, REVEAL, END)


@dataclasses.dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the story.

    ``text`` is what every seat and spectators read, or None if only the seats in ``private``
    learn of it (a seat looking at its own card). ``private`` maps a seat to the text it reads
    instead, knowing more than the others.
    """

    kind: str
    text: str | None
    private: tuple[tuple[int, str], ...] = ()
    round: int | None = None
    actor: int | None = None

    def for_seat(self, seat: int | None) -> str | None:
        """The text ``seat`` reads (``None``: a spectator), or None if it learns nothing."""
        if seat is not None:
            for owner, text in self.private:
                if owner == seat:
                    return text
        return self.text


class Journal:
    """The entries of one match in order, with the round they belong to."""

    __slots__ = ("_entries", "round")

    def __init__(self) -> None:
        self._entries: list[LogEntry] = []
        self.round: int | None = None

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[LogEntry]:
        return iter(self._entries)

    def add(
        self,
        kind: str,
        text: str | None,
        private: Mapping[int, str] | None = None,
        *,
        actor: int | None = None,
    ) -> None:
        """Append an entry; ``private`` gives seats that know more a text of their own."""
        if kind not in KINDS:
            raise ValueError(f"unknown journal entry kind {kind!r}")
        if text is None and not private:
            raise ValueError("a journal entry needs a public or a private text")
        self._entries.append(
            LogEntry(
                kind=kind,
                text=text,
                private=tuple(sorted(private.items())) if private else (),
                round=self.round,
                actor=actor,
            )
        )

    def add_as_read(
        self,
        kind: str,
        compose: Callable[[int | None], str | None],
        seats: int,
        *,
        actor: int | None = None,
    ) -> None:
        """One entry written for each reader: ``compose(None)`` is what the table reads, and a
        seat for which ``compose(seat)`` says something else gets that text of its own."""
        public = compose(None)
        private: dict[int, str] = {}
        for seat in range(seats):
            text = compose(seat)
            if text is not None and text != public:
                private[seat] = text
        self.add(kind, public, private, actor=actor)

    def header(self, text: str, *, round_number: int | None = None) -> None:
        """Start a new round (when ``round_number`` is given) or a turn or phase."""
        if round_number is not None:
            self.round = round_number
        self.add(HEADER, text)

    def for_seat(self, seat: int | None, start: int = 0) -> list[dict[str, Any]]:
        """What ``seat`` reads of entries ``start`` onwards, as JSON-safe dicts.

        Each dict has the entry's ``index`` in the whole journal, its ``kind``, ``round``,
        ``actor`` and ``text``; entries the seat learns nothing of are left out.
        """
        shown: list[dict[str, Any]] = []
        for index in range(start, len(self._entries)):
            entry = self._entries[index]
            text = entry.for_seat(seat)
            if text is not None:
                shown.append(
                    {
                        "index": index,
                        "kind": entry.kind,
                        "round": entry.round,
                        "actor": entry.actor,
                        "text": text,
                    }
                )
        return shown


def journal_of(state: Any) -> Journal | None:
    """The state's journal, or None when the state does not narrate (search, simulation)."""
    journal: Journal | None = getattr(state, "journal", None)
    return journal
