"""Shared helpers for the Game to Pick a Game tests: games, positions, moves by notation."""

from __future__ import annotations

from typing import Any

from gamenight.games.gtpag.params import GtpagParams
from gamenight.games.gtpag.rules import GtpagGame
from gamenight.games.gtpag.state import GtpagState

AGOR = "A Game of Requirements"
GNOME = "G.Nome"
PGDK = "Pink Godzilla Dev Kit"
GTPAG = "Game to Pick a Game"

# library order: AGOR, GNOME, PGDK, GTPAG
PREFS_4 = ((4, 3, 2, 1), (1, 2, 3, 4), (4, 1, 2, 3), (2, 4, 3, 1))


def new(players: int = 4, seed: int = 1, **overrides: Any) -> tuple[GtpagGame, GtpagState]:
    """A game whose first character is seat 0; overrides are params (``preferences``...)."""
    settings: dict[str, Any] = {"first_player": 0}
    if players == 4:
        settings["preferences"] = PREFS_4
    settings.update(overrides)
    game = GtpagGame(GtpagParams().with_overrides(settings))
    return game, game.new_state(players, seed)


def play(game: GtpagGame, state: GtpagState, *texts: str) -> None:
    """Each text is the next action of the seat to act; it must be legal."""
    for text in texts:
        assert game.to_act(state), f"the game is over; cannot play {text!r}"
        seat = game.to_act(state)[0]
        action = game.parse_action(text)
        legal = game.legal_actions(state, seat)
        assert action in legal, f"{text!r} is not legal for seat {seat}: {[str(a) for a in legal]}"
        game.apply(state, seat, action)


def legal_texts(game: GtpagGame, state: GtpagState) -> list[str]:
    seat = game.to_act(state)[0]
    return [str(a) for a in game.legal_actions(state, seat)]


def two_nominations(players: int = 4, **overrides: Any) -> tuple[GtpagGame, GtpagState]:
    """Seat 0 nominates AGOR (n1), seat n-1 nominates G.Nome (n2), the rest pass (R2: the
    Nominations go counter-clockwise from seat 0). Bidding round 1 begins with seat n-1 (R3)."""
    game, state = new(players, **overrides)
    play(game, state, f"nominate {AGOR}", f"nominate {GNOME}", *["pass"] * (players - 2))
    return game, state


def chip(game: GtpagGame, state: GtpagState, seat: int, kind: str, *, in_hand: bool = True) -> int:
    """The number of ``seat``'s chip of ``kind`` ("+2", "invert", "Hype"...)."""
    for slot in range(game.per_seat):
        number = seat * game.per_seat + slot
        if game.kind_name(state.kinds[number]) == kind and (
            not in_hand or state.hand[seat] >> slot & 1
        ):
            return number
    raise AssertionError(f"seat {seat} has no chip {kind} {'in hand' if in_hand else ''}")


def put(game: GtpagGame, state: GtpagState, seat: int, kind: str, nomination: int) -> int:
    """Place ``seat``'s chip as if played now: a Bid chip face down, a Trait face up."""
    number = chip(game, state, seat, kind)
    state.hand[seat] &= ~(1 << (number % game.per_seat))
    state.piles[nomination].append(number)
    if state.kinds[number] >= 100:
        state.face_up |= 1 << number
        state.shown += ((nomination, number),)
    state.last_turn[seat] = state.turn
    state.turn += 1
    state.last_chip = seat
    game.recount_tally(state)  # RULES.md M1: what apply would have counted
    return number


def move(game: GtpagGame, state: GtpagState, number: int, nomination: int) -> None:
    """Move chip ``number`` from the Nomination it lies on to the end of ``nomination``'s."""
    next(pile for pile in state.piles if number in pile).remove(number)
    state.piles[nomination].append(number)
    game.recount_tally(state)  # RULES.md M1: what apply would have counted


def smash(game: GtpagGame, state: GtpagState, nomination: int, position: int) -> int:
    """Remove the chip at ``position`` of ``nomination``'s pile as a Smash does (D2.8)."""
    number = state.piles[nomination].pop(position)
    state.smashed += (number,)
    game.recount_tally(state)  # RULES.md M1: what apply would have counted
    return number


def use_trait(game: GtpagGame, state: GtpagState, seat: int) -> None:
    """The seat's Trait is used up (as if played with no effect), counted as a played chip."""
    number = seat * game.per_seat + game.trait_slot
    state.hand[seat] &= ~game.trait_bit
    state.used += (number,)
    state.last_turn[seat] = state.turn
    state.turn += 1
    state.last_chip = seat


def last_turn_of_bidding(game: GtpagGame, state: GtpagState, seat: int) -> None:
    """Make ``seat`` the last to play in the last Bidding round (every other hand empty)."""
    state.round = 4
    state.actor = seat
    state.turns_left = 1
    state.phase = 1  # BIDDING


Plan = list[tuple[int, str, int | None]]


def lay(game: GtpagGame, state: GtpagState, plan: Plan) -> None:
    """Play the chips of ``plan`` in order: (seat, kind, nomination); None uses a Trait up."""
    for seat, kind, nomination in plan:
        if nomination is None:
            use_trait(game, state, seat)
        else:
            put(game, state, seat, kind, nomination)


def tied_endgame(**overrides: Any) -> tuple[GtpagGame, GtpagState]:
    """Seat 3 has one chip left (its Invert); played on n2 it ties n1 and n2 at 2.

    n1 (seat 0): +2 +2 -1 -1, Invert, Invert, House Rule: 2. n2 (seat 3): +2 +2 -1 -1,
    Invert and then seat 3's Invert: 2. Seats 1 and 2 passed (they may Boost)."""
    game, state = two_nominations(4, characters=[1, 2, 3, 6], **overrides)
    lay(
        game,
        state,
        [
            (3, "+2", 1), (0, "+2", 0), (1, "+2", 0), (2, "+2", 1),
            (3, "-1", 0), (0, "-1", 1), (1, "-1", 1), (2, "-1", 0),
            (3, "Scout", None), (0, "invert", 0), (1, "invert", 0), (2, "invert", 1),
            (0, "Spotlight", None), (1, "Switcheroo", None), (2, "House Rule", 0),
        ],
    )  # fmt: skip
    last_turn_of_bidding(game, state, 3)
    return game, state


def bid_to_a_tie_of_n2_and_n3(game: GtpagGame, state: GtpagState) -> None:
    """Four seats nominate three games (n1 seat 0, n2 seat 3, n3 seat 2) and bid until n2 and
    n3 tie at 3 while n1 stays at 0; the last turn of the Bidding is still to come."""
    play(game, state, f"nominate {AGOR}", f"nominate {GNOME}", f"nominate {PGDK}", "pass")
    lay(
        game,
        state,
        [
            (0, "+2", 0), (1, "+2", 1), (2, "-1", 2), (3, "-1", 0),
            (0, "-1", 1), (1, "invert", 2), (2, "invert", 2), (3, "+2", 2),
            (1, "-1", 0), (2, "+2", 1), (3, "Hype", 2), (0, "Spotlight", None),
            (1, "Switcheroo", None), (2, "House Rule", 2), (3, "invert", 2),
        ],
    )  # fmt: skip
