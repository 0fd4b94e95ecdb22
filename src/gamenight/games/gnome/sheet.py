"""Itemised research results (RULES.md R19-R25, D7, D9): what each seat's points came from.

For one game a seat's items are each colour it holds (its count and what that scores, R22,
with the cards it came from: Secret, Individual, Shared with whom, and the Multicolour cards
counted as that colour, D7), its White cards (0, R21), the set of six (R23) and, for 0
points, the highest Teamwork card it kept (the tie-break, R25). The items add up to the
research result. A session's sheet (R29, D9) holds every game's items, each marked with its
game, and the sum of the Teamwork cards kept (its tie-break) for 0 points.

Everything here reads a :class:`GameRecord`: a finished game of a session is one, and so is
the game on the table once it is over (:func:`record_of`). Built only for finished games, so
no hidden card is ever itemised.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from gamenight.core.scoresheet import ScoreDetail, ScoreItem, score_sheet
from gamenight.games.gnome.state import GameRecord, GnomeState

if TYPE_CHECKING:
    from gamenight.games.gnome.rules import GnomeGame

SET_LABEL = "Set of six"
TIE_BREAK_LABEL = "Highest Teamwork card left (tie-break, R25)"
SESSION_TIE_BREAK_LABEL = "Teamwork cards left, summed over the games (tie-break, D9)"


def record_of(game: GnomeGame, state: GnomeState) -> GameRecord:
    """The game on the table as a record: its results and everything scored (R19, R25, D9)."""
    scores, top_left, sum_left = game.game_result(state)
    return GameRecord(
        scores=scores,
        highest_left=top_left,
        left_sum=sum_left,
        secrets=tuple(state.secret),
        teams=state.teams,
        individual=tuple(tuple(cards) for cards in state.individual),
        shared=tuple(state.shared),
    )


def seat_name(seat: int) -> str:
    return f"Seat {seat}"


def _sources(record: GameRecord, seat: int) -> list[tuple[int, str]]:
    """(card kind, where it came from) for every card the seat scores (R19)."""
    cards = [(kind, "Individual") for kind in record.individual[seat]]
    for kind, a, b in record.shared:
        if seat in (a, b):
            cards.append((kind, f"Shared with {seat_name(b if seat == a else a)}"))
    if record.secrets[seat] >= 0:
        cards.append((record.secrets[seat], "Secret"))
    return cards


def _listed(sources: list[str]) -> str:
    """``2 Individual, Shared with Seat 2``: where the cards came from, alike ones counted."""
    counted = Counter(sources)
    return ", ".join(f"{n} {source}" if n > 1 else source for source, n in counted.items())


def seat_items(game: GnomeGame, record: GameRecord, seat: int) -> list[ScoreItem]:
    """One seat's items for one game (without the tie-break), adding up to its result."""
    p = game.params
    names = p.card_names
    scorer = game.scorer
    cards = _sources(record, seat)
    total, as_colour = scorer.best(scorer.counts(kind for kind, _ in cards))
    by_kind: dict[int, list[str]] = {}
    for kind, source in cards:
        by_kind.setdefault(kind, []).append(source)
    multis = by_kind.get(scorer.multi, [])
    items: list[ScoreItem] = []
    colour_points = 0
    missing = []
    for colour, name in enumerate(names[: scorer.num_colours]):
        plain = by_kind.get(colour, [])
        counted = [m for m, c in zip(multis, as_colour, strict=True) if c == colour]
        held = len(plain) + len(counted)
        if not held:
            missing.append(name)
            continue
        points = p.colour_score(held)
        colour_points += points
        how = f"{held}² = {points}" if points == held**2 else f"{points} by the score table"
        parts = [_listed(plain)] if plain else []
        if counted:
            parts.append(f"{p.multicolour} counted as {name} (D7): {_listed(counted)}")
        items.append(ScoreItem(f"{name} ×{held}", points, f"{how} (R22); {'; '.join(parts)}"))
    whites = by_kind.get(scorer.white, [])
    if whites:
        detail = f"broken GNA scores 0 (R21); {_listed(whites)}"
        items.append(ScoreItem(f"{p.white} ×{len(whites)}", 0, detail))
    elif scorer.needs_white:
        missing.append(p.white)
    bonus = total - colour_points  # the set bonus, if the best count took it (D7)
    if bonus:
        detail = "one of each GNA colour" + (f" and a {p.white}" if scorer.needs_white else "")
    elif missing:
        detail = "missing " + ", ".join(missing)
    else:
        detail = "complete, but it scores nothing"
    items.append(ScoreItem(SET_LABEL, bonus, f"{detail} (R23)"))
    return items


def tie_break_item(record: GameRecord, seat: int) -> ScoreItem:
    top = record.highest_left[seat]
    return ScoreItem(TIE_BREAK_LABEL, 0, f"{top}, adds no points" if top else "none left")


def game_sheet(game: GnomeGame, record: GameRecord, notes: tuple[str, ...] = ()) -> dict[str, Any]:
    """The sheet of one game: each seat's items and the tie-break card; totals its results."""
    seats = range(len(record.scores))
    items = [[*seat_items(game, record, seat), tie_break_item(record, seat)] for seat in seats]
    return score_sheet(items, [float(s) for s in record.scores], _details(game, record), notes)


def session_sheet(
    game: GnomeGame, history: tuple[GameRecord, ...], notes: tuple[str, ...] = ()
) -> dict[str, Any]:
    """R29, D9: every game's items, marked with the game; totals the cumulative results."""
    n = len(history[0].scores)
    items: list[list[ScoreItem]] = []
    for seat in range(n):
        row = []
        for number, record in enumerate(history, start=1):
            for item in seat_items(game, record, seat):
                row.append(ScoreItem(f"Game {number} · {item.label}", item.points, item.detail))
        kept = [record.left_sum[seat] for record in history]
        summed = " + ".join(map(str, kept)) + f" = {sum(kept)}"
        row.append(ScoreItem(SESSION_TIE_BREAK_LABEL, 0, f"{summed}, adds no points"))
        items.append(row)
    totals = [float(sum(record.scores[seat] for record in history)) for seat in range(n)]
    details = []
    for number, record in enumerate(history, start=1):
        for detail in _details(game, record):
            details.append(ScoreDetail(f"Game {number} · {detail.title}", detail.lines))
    return score_sheet(items, totals, details, notes)


def final_sheet(game: GnomeGame, state: GnomeState, reason: str) -> dict[str, Any]:
    """The sheet of a finished match: its one game, or every game of a session."""
    if state.history:
        return session_sheet(game, state.history, (reason,))
    return game_sheet(game, record_of(game, state), (reason,))


def _details(game: GnomeGame, record: GameRecord) -> list[ScoreDetail]:
    """The teams, the Secret cards shown at the end (R15) and the Shared cards (R12)."""
    names = game.params.card_names
    details = []
    results = [f"{seat_name(seat)}: {score}" for seat, score in enumerate(record.scores)]
    if record.teams:
        teams = ", ".join(f"{seat_name(a)} & {seat_name(b)}" for a, b in record.teams)
        results.insert(0, f"Teams: {teams}")
    details.append(ScoreDetail("Results", tuple(results)))
    secrets = tuple(
        f"{seat_name(seat)}: {names[kind]}" for seat, kind in enumerate(record.secrets) if kind >= 0
    )
    if secrets:
        details.append(ScoreDetail("Secret cards (R15)", secrets))
    if record.shared:
        shared = tuple(
            f"{names[kind]}: {seat_name(a)} & {seat_name(b)}" for kind, a, b in record.shared
        )
        details.append(ScoreDetail("Shared cards, scored by both (R12)", shared))
    return details
