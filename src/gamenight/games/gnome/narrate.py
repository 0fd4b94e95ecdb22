"""The public log of G.Nome: every action and every automatic move, in words.

``rules.py`` calls these functions with the facts when ``state.journal`` is on, and only then;
the sentences are built here. Each entry has its public text (spectators, and seats that know
no more) and, for a seat that reads it otherwise, a text of its own: "You" for the reader's
own moves, "with you" for its Shared cards, and its own face-down Teamwork card ("You
committed Teamwork card 3"), which the others read as "Seat 2 committed a Teamwork card".

Research cards are named by colour, the only thing that tells them apart (G2), Teamwork cards
by their number, seats as "Seat N" (the seat number is also in each entry's ``actor``). The
end of every game, each game of a session included, is told the same way: the Secret cards
shown (R15), each seat's itemised result (R19-R24) and the tie-break card (R25), then an
END entry with the result.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from gamenight.core.journal import ACTION, AUTO, END, HEADER, REVEAL, Journal
from gamenight.games.gnome import sheet
from gamenight.games.gnome.state import (
    COMMIT,
    DEAL,
    INDIVIDUAL,
    SHARED,
    GameRecord,
    GnomeState,
)

if TYPE_CHECKING:
    from gamenight.games.gnome.rules import GnomeGame

Reader = int | None
"""A seat reading the log, or None for the public text (spectators)."""


# -- words --------------------------------------------------------------------------------------
def _who(seat: int, reader: Reader) -> str:
    """A seat opening a sentence: ``You`` for the reader itself, else ``Seat 1``."""
    return "You" if seat == reader else f"Seat {seat}"


def _name(seat: int, reader: Reader) -> str:
    """A seat within a sentence: ``you`` for the reader itself, else ``Seat 1``."""
    return "you" if seat == reader else f"Seat {seat}"


def _listed(seat: int, reader: Reader) -> str:
    """A seat in a list of seats and what each has: ``Seat 1``, or ``Seat 1 (you)``."""
    return f"Seat {seat} (you)" if seat == reader else f"Seat {seat}"


def _cards(game: GnomeGame, cards: Sequence[int]) -> str:
    names = game.params.card_names
    return ", ".join(names[card] for card in cards) if cards else "none"


def _say(
    journal: Journal,
    kind: str,
    state: GnomeState,
    actor: int | None,
    text_for: Callable[[Reader], str],
) -> None:
    """One entry: the public text, and a private one for each seat that reads it otherwise."""
    journal.add_as_read(kind, text_for, state.num_players, actor=actor)


# -- the start of a game and of a round ---------------------------------------------------------
def game_start(journal: Journal, game: GnomeGame, state: GnomeState) -> None:
    """The deal (R1-R4, D1, D2, G8, G9): teams, Teamwork hands, Secret cards, the deck."""
    p = game.params
    n = state.num_players
    journal.round = None  # a session's next game starts its own rounds
    in_play = len(state.deck) + len(state.offer)
    if state.teams:
        teams = " and ".join(f"Seat {a} & Seat {b}" for a, b in state.teams)
        who = f"teams {teams}"
    else:
        who = "no teams (3-player variant, R34)"
    aside = f", {len(state.aside)} set aside unseen (G8)" if state.aside else ""
    values = sorted(p.teamwork)
    if values == list(range(values[0], values[-1] + 1)) and len(values) > 2:
        cards = f"Teamwork cards {values[0]}-{values[-1]}"
    else:
        cards = "Teamwork cards " + ", ".join(map(str, values))
    if p.session_games > 1:
        number = state.game_number + 1
        how = "partners sit opposite, D2" if number == 1 else "new partners, G9"
        opening = f"Session game {number} of {p.session_games}: {who} ({how})"
        if number == 1:
            opening = (
                f"G.Nome, {n} players, a session of {p.session_games} games of {p.rounds} "
                f"rounds (R29). {opening}"
            )
    else:
        opening = f"G.Nome, {n} players, {p.rounds} rounds: {who}"
    journal.header(f"{opening}; every seat holds {cards}; {in_play} Research cards in play{aside}.")
    if any(card >= 0 for card in state.secret):
        names = p.card_names

        def dealt(reader: Reader) -> str:
            if reader is not None and state.secret[reader] >= 0:
                card = names[state.secret[reader]]
                return f"You are dealt a Secret Research card face down: {card} (R3)."
            return "Every seat is dealt a Secret Research card face down (R3)."

        _say(journal, REVEAL, state, None, dealt)


def round_start(journal: Journal, game: GnomeGame, state: GnomeState) -> None:
    """R6: the round's Research cards drawn face up; G1: a last Teamwork card played at once."""
    left = len(state.deck)
    journal.header(
        f"Round {state.round} of {game.params.rounds}: Research cards drawn face up: "
        f"{_cards(game, state.offer)} ({left} left in the deck).",
        round_number=state.round,
    )
    if state.phase != COMMIT:
        return
    for seat in range(state.num_players):
        if seat not in state.actors and state.commit[seat]:
            value = state.commit[seat]
            _say(journal, AUTO, state, seat, _last_card(seat, value))


def _last_card(seat: int, value: int) -> Callable[[Reader], str]:
    def said(reader: Reader) -> str:
        whose = "your" if seat == reader else "their"
        return (
            f"{_who(seat, reader)} played {whose} last Teamwork card, {value}, face down "
            "(no choice, G1)."
        )

    return said


# -- Teamwork cards --------------------------------------------------------------------------------
def committed(journal: Journal, state: GnomeState, seat: int, value: int) -> None:
    """R7, D3: the others learn only that the seat committed; the seat reads its card."""
    journal.add(
        ACTION,
        f"Seat {seat} committed a Teamwork card face down.",
        {seat: f"You committed Teamwork card {value} face down."},
        actor=seat,
    )


def revealed(journal: Journal, game: GnomeGame, state: GnomeState) -> None:
    """R8-R11: the cards turned over and the Team Totals; then the order of choosing."""
    values = [cards[-1] for cards in state.played]

    def turned(reader: Reader) -> str:
        if not state.teams:
            parts = [f"{_listed(s, reader)} {v}" for s, v in enumerate(values)]
        else:
            parts = []
            for a, b in state.teams:
                va, vb = values[a], values[b]
                if va == vb:
                    note = "same number: no team this round, R11"
                else:
                    leader = a if va > vb else b
                    note = f"{_name(leader, reader)} {'lead' if leader == reader else 'leads'}"
                parts.append(
                    f"{_listed(a, reader)} {va} + {_listed(b, reader)} {vb} = {va + vb} ({note})"
                )
        joined = "; ".join(parts) if state.teams else ", ".join(parts)
        return f"Teamwork cards turned over: {joined}."

    _say(journal, REVEAL, state, None, turned)
    _say(journal, HEADER, state, None, lambda r: _order(game, state, values, r))


def _order(game: GnomeGame, state: GnomeState, values: list[int], reader: Reader) -> str:
    """The order of choosing the queue holds (R27, R31, R32, R36, R37; D4-D6), in words."""
    steps = list(reversed(state.queue))
    if not steps:
        return f"No one takes a Research card this round ({_why_nothing(state, values)})."
    rule = {3: "R36", 4: "R27", 6: "R31"}.get(state.num_players, "R27")
    prefix = ""
    if state.num_players == 3 and len(set(values)) == 2:
        rule = "R37"
        tied = [s for s, v in enumerate(values) if values.count(v) == 2]
        prefix = (
            f"{_who(tied[0], reader)} and {_name(tied[1], reader)} played the same number and "
            "argue: they get nothing. "
        )
    elif state.teams and len(state.teams) == 3 and any(step == DEAL for step, _, _ in steps):
        rule = "R32, D5"
        prefix = "Two teams tie on their Team Total. "
    parts = []
    for step, seat, partner in steps:
        if step == DEAL:
            parts.append(
                f"{_name(seat, reader)} & {_name(partner, reader)} are dealt a card at random "
                "as a Shared card"
            )
            continue
        if step == INDIVIDUAL:
            what = "an Individual card"
        elif step == SHARED:
            what = f"a card shared with {_name(partner, reader)}"
        else:
            what = "a card to share with a player of their choice"
        takes = "take" if seat == reader else "takes"
        parts.append(f"{_name(seat, reader)} {takes} {what}")
    rest = "; the other card is discarded" if rule == "R37" else ""
    return f"{prefix}Order of choosing ({rule}): " + ", then ".join(parts) + rest + "."


def _why_nothing(state: GnomeState, values: list[int]) -> str:
    """Why a round gives nobody a card: ties (R28, R33, R38) or teams not formed (D4)."""
    if not state.teams:
        return "all three played the same number: a huge fight, R38"
    totals = [values[a] + values[b] for a, b in state.teams]
    if len(set(totals)) == 1:
        return "equal Team Totals, R28" if len(totals) == 2 else "all Team Totals equal, R33"
    return "the teams that would choose did not form, D4"


# -- Research cards ------------------------------------------------------------------------------
def took(
    journal: Journal,
    game: GnomeGame,
    state: GnomeState,
    step: int,
    seat: int,
    partner: int,
    card: int,
    *,
    forced: bool = False,
) -> None:
    """R12: a pick; ``forced``: every card left was alike, so it was taken at once (G1)."""
    name = game.params.card_names[card]

    def said(reader: Reader) -> str:
        if step == INDIVIDUAL:
            what = f"{name} as an Individual card"
        elif step == SHARED:
            what = f"{name} as a Shared card with {_name(partner, reader)}"
        else:
            what = f"{name} to share"
        why = " (no choice: the cards left are alike, G1)" if forced else ""
        return f"{_who(seat, reader)} took {what}{why}."

    _say(journal, AUTO if forced else ACTION, state, seat, said)


def shared_with(
    journal: Journal, game: GnomeGame, state: GnomeState, seat: int, other: int, card: int
) -> None:
    """R36, D6, G5: the 3-player lowest seat names who shares the card it took."""
    name = game.params.card_names[card]
    _say(
        journal,
        ACTION,
        state,
        seat,
        lambda r: f"{_who(seat, r)} shared {name} with {_name(other, r)}.",
    )


def dealt(
    journal: Journal, game: GnomeGame, state: GnomeState, seat: int, partner: int, card: int
) -> None:
    """R32, D5, G4: a card dealt at random to a tied team, as a Shared card."""
    name = game.params.card_names[card]
    _say(
        journal,
        AUTO,
        state,
        None,
        lambda r: (
            f"{_who(seat, r)} & {_name(partner, r)} were dealt {name} at random as a Shared "
            "card (R32, D5)."
        ),
    )


def nothing_left(journal: Journal) -> None:
    """D4: picks that find no card left on offer."""
    journal.add(AUTO, "No Research card is left for the remaining picks (D4).")


def discarded(journal: Journal, game: GnomeGame, cards: Sequence[int]) -> None:
    """R28, R33, R37, D4, G3: cards nobody takes are discarded face up."""
    journal.add(AUTO, f"Discarded face up, as nobody takes them: {_cards(game, cards)}.")


# -- the end of a game and of the match ----------------------------------------------------------
def capped(journal: Journal, game: GnomeGame) -> None:
    journal.add(
        END,
        f"The safety cap of {game.params.max_actions} actions is reached: the game stops and "
        "is scored as it stands (G11).",
    )


def game_over(journal: Journal, game: GnomeGame, state: GnomeState, record: GameRecord) -> None:
    """A game's final reveal (R15) and each seat's itemised result (R19-R25), as END entries."""
    names = game.params.card_names
    n = len(record.scores)
    if any(kind >= 0 for kind in record.secrets):

        def shown(reader: Reader) -> str:
            secrets = enumerate(record.secrets)
            cards = [f"{_listed(s, reader)} {names[kind]}" for s, kind in secrets if kind >= 0]
            return f"Secret cards shown (R15): {', '.join(cards)}."

        _say(journal, REVEAL, state, None, shown)
    session = game.params.session_games > 1
    for seat in range(n):
        items = sheet.seat_items(game, record, seat)
        parts = [_item_text(item.label, item.points) for item in items]
        top = record.highest_left[seat]
        if session:  # D9: the session's tie-break sums the cards kept in every game
            left = f"Teamwork cards left sum to {record.left_sum[seat]} (D9)"
        else:
            left = f"highest Teamwork card left {top} (R25)" if top else "no Teamwork card left"
        summary = f"{record.scores[seat]}: {', '.join(parts)}; {left}."
        _say(journal, END, state, seat, _result(seat, summary))


def _result(seat: int, summary: str) -> Callable[[Reader], str]:
    def said(reader: Reader) -> str:
        return f"{_who(seat, reader)} {'score' if seat == reader else 'scores'} {summary}"

    return said


def _item_text(label: str, points: int | float) -> str:
    if label == sheet.SET_LABEL:
        return f"set of six +{points:g}" if points else "no set of six"
    return f"{label} = {points:g}"


def session_game_over(
    journal: Journal, game: GnomeGame, state: GnomeState, reason: str, last: bool
) -> None:
    """R29, D9, G9: a session game's END entry: its results and the session totals so far."""
    history = state.history
    number = len(history)
    record = history[-1]
    games = game.params.session_games
    totals = [sum(r.scores[seat] for r in history) for seat in range(state.num_players)]
    then = "" if last else " The next game is dealt with new partners (G9)."

    def said(reader: Reader) -> str:
        scores = ", ".join(f"{_listed(s, reader)} {v}" for s, v in enumerate(record.scores))
        summed = ", ".join(f"{_listed(s, reader)} {v}" for s, v in enumerate(totals))
        return (
            f"Game {number} of {games} over ({reason}): {scores}. Session totals: {summed}.{then}"
        )

    _say(journal, END, state, None, said)


def match_over(
    journal: Journal, state: GnomeState, reason: str, winners: Sequence[int], heading: str
) -> None:
    """The match's END entry: ``heading: reason. Seat N wins.`` (R25, D8, D9)."""

    def said(reader: Reader) -> str:
        if not winners:
            verdict = "No one wins."
        elif winners[0] == reader:
            verdict = "You win."
        else:
            verdict = f"Seat {winners[0]} wins."
        return f"{heading}: {reason}. {verdict}"

    _say(journal, END, state, winners[0] if winners else None, said)
