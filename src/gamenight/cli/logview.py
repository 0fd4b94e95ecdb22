"""The public log on a terminal: the games' own narration (``Match.log``), laid out.

Entries are the dicts ``Match.log(seat)`` returns (index, kind, round, actor, text). The
table shows the latest ones in a panel: everything the seat has not seen yet, with a few
older lines for context, and a run of the same move by one seat after another (a Pink
Godzilla window's passes) on one line, so that such runs never push the rivals' turns out of
view. The whole log is a key away (``l``), paged. Texts are the games' and may quote titles
the table typed in, so they are always plain :class:`~rich.text.Text`, never markup.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from gamenight.core.journal import ACTION, AUTO, END, HEADER, REVEAL

Entry = Mapping[str, Any]

PANEL_LEAST = 8
"""Lines the panel shows at least (older ones, dimmed, give the context)."""
PANEL_MOST = 20
"""Lines of news the panel shows at most; the rest is one ``l`` away."""
JOINED = " · "

_STYLES = {HEADER: "bold", REVEAL: "cyan", END: "bold green", AUTO: "italic", ACTION: ""}


def entry_line(entry: Entry) -> Text:
    """One entry as a line, styled by its kind."""
    return Text(str(entry["text"]), style=_STYLES.get(str(entry["kind"]), ""))


def _move(entry: Entry) -> tuple[int, str] | None:
    """(seat, what it did without the subject) for a seat's move told as "Seat N ..."/"You ..."."""
    actor = entry.get("actor")
    if entry.get("kind") not in (ACTION, AUTO) or not isinstance(actor, int):
        return None
    text = str(entry["text"])
    for subject in (f"Seat {actor} ", "You "):
        if text.startswith(subject):
            return actor, text[len(subject) :]
    return None


def grouped(entries: Sequence[Entry]) -> list[Text]:
    """The entries as lines; one seat after another doing the same thing share a line."""
    lines: list[Text] = []
    run: list[Entry] = []
    seats: set[int] = set()
    deed = ""

    def close() -> None:
        if run:
            lines.append(Text(JOINED.join(str(e["text"]) for e in run)))
            run.clear()
            seats.clear()

    for entry in entries:
        move = _move(entry)
        if move is not None and run and move[1] == deed and move[0] not in seats:
            run.append(entry)
            seats.add(move[0])
            continue
        close()
        if move is None:
            lines.append(entry_line(entry))
        else:
            run.append(entry)
            seats.add(move[0])
            deed = move[1]
    close()
    return lines


def latest_panel(entries: Sequence[Entry], unseen_from: int, title: str = "what happened") -> Panel:
    """The latest entries: all from journal index ``unseen_from`` on, older ones for context."""
    old = grouped([e for e in entries if e["index"] < unseen_from])
    news = grouped([e for e in entries if e["index"] >= unseen_from])
    lines: list[Text] = []
    if len(news) > PANEL_MOST:
        hidden = len(news) - PANEL_MOST
        news = news[hidden:]
        lines.append(Text(f"... {hidden} earlier lines: l shows the whole log", style="dim"))
    context = max(0, PANEL_LEAST - len(news))
    lines.extend(Text(line.plain, style="dim") for line in (old[-context:] if context else []))
    lines.extend(news)
    return Panel(Text("\n").join(lines), title=title, expand=False)


def whole_log(entries: Sequence[Entry]) -> list[Text]:
    """Every entry on its own line, in order: the log a seat pages through."""
    return [entry_line(entry) for entry in entries]


MORE = "-- more: Enter for the next page, q to go back -- "


def page(console: Console, lines: Sequence[Text], ask: Callable[[str], str]) -> None:
    """Print ``lines`` a screenful at a time, asking before each next page (q stops)."""
    if not lines:
        console.print("Nothing has happened yet.")
        return
    size = max(5, console.height - 2)
    for start in range(0, len(lines), size):
        for line in lines[start : start + size]:
            console.print(line)
        if start + size < len(lines) and ask(MORE).strip().lower() in ("q", "quit"):
            return
    console.print(Text("(end of the log)", style="dim"))
