"""The public log's building blocks (core.journal): who reads what."""

from __future__ import annotations

import pytest

from gamenight.core.journal import ACTION, HEADER, REVEAL, Journal


def test_private_text_replaces_the_public_one_for_its_seat_only() -> None:
    journal = Journal()
    journal.header("Round 1", round_number=1)
    journal.add(ACTION, "Seat 0 bid a coin showing Moxie", {0: "You bid Moxie/Spunk"}, actor=0)
    assert [e["text"] for e in journal.for_seat(0)] == ["Round 1", "You bid Moxie/Spunk"]
    assert [e["text"] for e in journal.for_seat(1)] == [
        "Round 1",
        "Seat 0 bid a coin showing Moxie",
    ]
    assert journal.for_seat(None)[1]["text"] == "Seat 0 bid a coin showing Moxie"
    assert journal.for_seat(1)[1]["round"] == 1
    assert journal.for_seat(1)[1]["actor"] == 0


def test_a_private_only_entry_is_left_out_for_everyone_else() -> None:
    journal = Journal()
    journal.add(REVEAL, None, {1: "You looked at the coin: Spunk"})
    assert journal.for_seat(0) == []
    assert journal.for_seat(None) == []
    assert [e["index"] for e in journal.for_seat(1)] == [0]


def test_for_seat_starts_at_an_index_and_keeps_whole_journal_indices() -> None:
    journal = Journal()
    for number in range(1, 4):
        journal.header(f"Round {number}", round_number=number)
    assert [e["index"] for e in journal.for_seat(None, start=1)] == [1, 2]
    assert [e["round"] for e in journal.for_seat(None, start=1)] == [2, 3]


def test_bad_entries_are_refused() -> None:
    journal = Journal()
    with pytest.raises(ValueError, match="kind"):
        journal.add("gossip", "x")
    with pytest.raises(ValueError, match="public or a private"):
        journal.add(HEADER, None)


def test_add_as_read_gives_a_private_text_only_to_seats_that_read_otherwise() -> None:
    journal = Journal()

    def compose(reader: int | None) -> str | None:
        if reader == 1:
            return "You drew Moxie"
        if reader == 2:
            return None  # says nothing else: reads the public text
        return "Seat 1 drew a card"

    journal.add_as_read(ACTION, compose, seats=3, actor=1)
    assert [e["text"] for e in journal.for_seat(0)] == ["Seat 1 drew a card"]
    assert [e["text"] for e in journal.for_seat(1)] == ["You drew Moxie"]
    assert [e["text"] for e in journal.for_seat(2)] == ["Seat 1 drew a card"]
    assert journal.for_seat(None)[0]["actor"] == 1
