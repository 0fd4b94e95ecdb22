"""G22: which of identical copies leaves the Row or the discard pile depends on nothing hidden.

Issue 11 item 4 (found by the conformance check): the copy taken used to be the one most seats
had known in an earlier life in a hand, a fact no view shows, so two positions a seat cannot
tell apart could leave different Rows (or discard piles) after its own action.
"""

from __future__ import annotations

import pytest
from pgdk_helpers import Table

from gamenight.games.pgdk import state as phases

KNEW_IT = 0b0110  # seats 1 and 2 knew this copy while it was in a hand (G6)


def two_copies_apart(zone: str, known_copy: int) -> Table:
    """Seat 0 about to take a Pink Godzilla 4 from ``zone``, which holds two copies; seats 1
    and 2 once knew copy number ``known_copy`` (0 or 1) in a hand."""
    if zone == "row":
        table = Table(phase=phases.PURCHASE)
        table.hand(0, "Pixel O4")
        copies = table.row("Potion B5", "Pink Godzilla 4", "Weapon G4", "Pink Godzilla 4")[1::2]
    else:
        table = Table()
        table.hand(0, "Good Guardian")
        copies = table.discard("Pink Godzilla 4", "Potion B2", "Pink Godzilla 4")[0::2]
    table.state.known[copies[known_copy]] = KNEW_IT
    return table


def take_a_copy(table: Table, zone: str) -> None:
    match = table.match()
    moves = ["trade Pink Godzilla 4", "offer Pixel O4", "offer done"]
    for text in moves if zone == "row" else ["use Good Guardian", "retrieve Pink Godzilla 4"]:
        match.apply(0, text)


@pytest.mark.parametrize("zone", ["row", "discard"])
def test_g22_the_first_copy_is_taken_whatever_seats_knew_of_it(zone: str) -> None:
    tables = [two_copies_apart(zone, known_copy) for known_copy in (0, 1)]
    first, second = (table.match() for table in tables)
    assert first.view(0) == second.view(0)  # seat 0 cannot tell the two apart
    for table in tables:
        take_a_copy(table, zone)
    assert first.view(0) == second.view(0)
    for table in tables:
        if zone == "row":  # the offered card takes the first copy's place
            expected = ["Potion B5", "Pixel O4", "Weapon G4", "Pink Godzilla 4"]
            assert table.labels(table.state.row) == expected
        else:
            expected = ["Potion B2", "Pink Godzilla 4", "Good Guardian"]
            assert table.labels(table.state.discard) == expected
