"""The public log of A Game of Requirements: every action and automatic move, in words.

``rules.py`` calls these functions with the facts (who, which coin, which Accomplishment)
when ``state.journal`` is on, and only then; the sentences are built here. Each entry is
written once per reader: the public text (spectators, and seats that know no more), and a
private text for each seat that reads it otherwise: the actor reads "You", and a seat that
knows a coin's hidden side reads it (RULES.md G8).

Things are named by what they are as far as the reader knows them, never by a position that
later changes: a coin by its exposed side ("a coin showing Moxie"), plus its hidden side for
a reader who has looked at it or after it was proven (D7, G1); a Pool coin by its stack ("the
top coin of the Moxie stack"); a tile by its traits ("[Moxie·Spunk]"). Accomplishments are
numbered in the order they were started, and that number never changes (G4).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from gamenight.core import journal as kinds
from gamenight.core.journal import Journal
from gamenight.games.requirements.state import CAPPED, FAILURES, STACK_EMPTY, RequirementsState

if TYPE_CHECKING:
    from gamenight.games.requirements.rules import RequirementsGame

Reader = int | None
"""A seat reading the log, or None for the public text (spectators)."""


# -- words --------------------------------------------------------------------------------------
def tile_text(game: RequirementsGame, tile: int) -> str:
    """A tile by its two traits, as the table shows it: ``[Moxie·Spunk]``."""
    low, high = game.pairs[tile]
    names = game.params.traits
    return f"[{names[low]}·{names[high]}]"


def _knows(state: RequirementsState, coin: int, reader: Reader) -> bool:
    """Whether ``reader`` knows the coin's hidden side (proven, or looked at: D7, G1)."""
    known = state.proven | (state.seen[reader] if reader is not None else 0)
    return bool(known >> coin & 1)


def coin_text(game: RequirementsGame, state: RequirementsState, coin: int, reader: Reader) -> str:
    """``a coin showing Moxie``, with ``(hidden: Spunk)`` for a reader who knows that side."""
    names = game.params.traits
    shown = f"a coin showing {names[state.coin_up[coin]]}"
    if _knows(state, coin, reader):
        return f"{shown} (hidden: {names[state.coin_down[coin]]})"
    return shown


def _coins_text(
    game: RequirementsGame, state: RequirementsState, coins: Sequence[int], reader: Reader
) -> str:
    """``a coin showing Moxie`` or ``2 coins showing Moxie (hidden: Spunk) and Cheek``."""
    if len(coins) == 1:
        return coin_text(game, state, coins[0], reader)
    sides = [coin_text(game, state, c, reader).removeprefix("a coin showing ") for c in coins]
    return f"{len(coins)} coins showing {', '.join(sides[:-1])} and {sides[-1]}"


def _who(seat: int, reader: Reader) -> str:
    """A seat opening a sentence: ``You`` for the reader itself, else ``Seat 1``."""
    return "You" if seat == reader else f"Seat {seat}"


def _name(seat: int, reader: Reader) -> str:
    """A seat within a sentence: ``you`` for the reader itself, else ``Seat 1``."""
    return "you" if seat == reader else f"Seat {seat}"


def _whose(seat: int, reader: Reader, subject: int | None = None) -> str:
    """A possessive: ``your``, ``their`` (the subject's own) or ``Seat 1's``."""
    if seat == reader:
        return "your"
    if seat == subject:
        return "their"
    return f"Seat {seat}'s"


def _accomplishment(state: RequirementsState, seat: int, index: int, extra_tiles: int = 0) -> str:
    tiles = len(state.acc_tiles[seat][index]) + extra_tiles
    coins = len(state.acc_coins[seat][index])
    return f"Accomplishment {index + 1} (now G{tiles} x S{coins})"


def _say(
    journal: Journal,
    kind: str,
    state: RequirementsState,
    actor: int | None,
    text_for: Callable[[Reader], str],
) -> None:
    """One entry: the public text, and a private one for each seat that reads it otherwise."""
    journal.add_as_read(kind, text_for, state.num_players, actor=actor)


# -- setup and rounds ---------------------------------------------------------------------------
def setup(journal: Journal, game: RequirementsGame, state: RequirementsState) -> None:
    """The table before round 1 (R1-R3, D1, D2): what lies where, who is first."""
    names = game.params.traits
    pool = ", ".join(f"{names[t]} {len(stack)}" for t, stack in enumerate(state.pool))
    chosen = "fixed by the rules" if game.params.first_player is not None else "drawn at random"
    tiles = len(state.stack)
    journal.header(
        f"A Game of Requirements: {tiles} tiles shuffled face down into the Requirement "
        f"Stack; the Pool of Lies holds its coins stacked by exposed side ({pool}); "
        f"Seat {state.first} takes the first-player marker ({chosen})."
    )


def round_start(journal: Journal, game: RequirementsGame, state: RequirementsState) -> None:
    """R8, R9: a new round's header, and its Requirement turned up by the first player."""
    first = state.first
    journal.header(
        f"Round {state.round}: Seat {first} holds the first-player marker; "
        f"{len(state.stack)} tiles left in the Requirement Stack.",
        round_number=state.round,
    )
    tile = tile_text(game, state.requirement)
    _say(
        journal,
        kinds.REVEAL,
        state,
        first,
        lambda r: f"{_who(first, r)} turned up the Requirement {tile}.",
    )


def cannot_meet(journal: Journal, game: RequirementsGame, state: RequirementsState) -> None:
    """G2: a seat whose Reserve cannot pay for the Requirement passes at once (R10)."""
    seat = state.actor
    have = len(state.reserve[seat])

    def text(r: Reader) -> str:
        reserve = f"{_whose(seat, r, seat)} Reserve"
        coins = f"the {have} coins" if have > 1 else "the coin"
        why = f"{reserve} is empty" if not have else f"{coins} in {reserve} cannot pay for it"
        return f"{_who(seat, r)} could not meet the Requirement ({why}) and so passed."

    _say(journal, kinds.AUTO, state, seat, text)


def passed(journal: Journal, state: RequirementsState, seat: int) -> None:
    """R10: a seat that could meet the Requirement chose not to."""
    _say(
        journal,
        kinds.ACTION,
        state,
        seat,
        lambda r: f"{_who(seat, r)} passed (did not meet the Requirement).",
    )


def deceptive_phase(journal: Journal, game: RequirementsGame, state: RequirementsState) -> None:
    """R10, R12: nobody met the Requirement; bidding starts with the first player."""
    tile = tile_text(game, state.requirement)
    journal.header(
        f"Deceptive phase: nobody met {tile}; Seat {state.first} bids first "
        "(bids showing one of its traits; two declines in a row fail it)."
    )


def cannot_bid(journal: Journal, game: RequirementsGame, state: RequirementsState) -> None:
    """G2: a seat with no coin showing a trait of the Requirement declines at once (R13)."""
    seat = state.actor
    names = game.params.traits
    low, high = game.pairs[state.requirement]
    shows = names[low] if low == high else f"{names[low]} or {names[high]}"
    _say(
        journal,
        kinds.AUTO,
        state,
        seat,
        lambda r: (
            f"{_who(seat, r)} could not bid (no coin showing {shows} in the Pool or in "
            f"{_whose(seat, r, seat)} Reserve) and so declined."
        ),
    )


def declined(journal: Journal, state: RequirementsState, seat: int) -> None:
    """R12, R13: a seat chose not to bid this turn."""
    _say(journal, kinds.ACTION, state, seat, lambda r: f"{_who(seat, r)} declined to bid.")


# -- bids and claims ----------------------------------------------------------------------------
def bid_from_pool(
    journal: Journal, game: RequirementsGame, state: RequirementsState, seat: int, coin: int
) -> None:
    """D5, G1: the top coin of a Pool stack bid and looked at (called after the bid)."""
    names = game.params.traits
    stack = names[state.coin_up[coin]]

    def text(r: Reader) -> str:
        said = f"{_who(seat, r)} bid the top coin of the Pool's {stack} stack and looked at it"
        if _knows(state, coin, r):
            return f"{said}: hidden side {names[state.coin_down[coin]]}."
        return f"{said}."

    _say(journal, kinds.ACTION, state, seat, text)


def bid_from_reserve(
    journal: Journal,
    game: RequirementsGame,
    state: RequirementsState,
    seat: int,
    coin: int,
    *,
    looked: bool,
) -> None:
    """D5, G1: a Reserve coin bid (called after the bid); ``looked``: seen for the first time."""
    names = game.params.traits

    def text(r: Reader) -> str:
        if looked:
            said = (
                f"{_who(seat, r)} bid a coin showing {names[state.coin_up[coin]]} from "
                f"{_whose(seat, r, seat)} Reserve and looked at it"
            )
            if _knows(state, coin, r):
                return f"{said}: hidden side {names[state.coin_down[coin]]}."
            return f"{said}."
        return (
            f"{_who(seat, r)} bid {coin_text(game, state, coin, r)} from "
            f"{_whose(seat, r, seat)} Reserve."
        )

    _say(journal, kinds.ACTION, state, seat, text)


def claim(journal: Journal, game: RequirementsGame, state: RequirementsState, seat: int) -> None:
    """R12, R14, G6: "It's done!": the coin just bid shows both traits of the Requirement."""
    names = game.params.traits
    coin = state.bid[seat][-1]
    low, high = game.pairs[state.requirement]
    shown = state.coin_up[coin]
    claimed = high if shown == low else low

    def text(r: Reader) -> str:
        said = (
            f'{_who(seat, r)} said "It\'s done!", claiming that the coin just bid (showing '
            f"{names[shown]}) has {names[claimed]} on its hidden side"
        )
        if not _knows(state, coin, r):
            return f"{said}."
        hidden = state.coin_down[coin]
        truth = "and it has" if hidden == claimed else "but it has"
        return f"{said} ({truth} {names[hidden]})."

    _say(journal, kinds.ACTION, state, seat, text)


def no_claim(journal: Journal, state: RequirementsState, seat: int) -> None:
    """R12, G6: the bidder says nothing; play passes."""
    _say(journal, kinds.ACTION, state, seat, lambda r: f"{_who(seat, r)} made no claim.")


def challenged(journal: Journal, state: RequirementsState, seat: int) -> None:
    """R14: the other seat challenges the claim; the claimant will prove or concede."""
    claimant = state.claimant
    _say(
        journal,
        kinds.ACTION,
        state,
        seat,
        lambda r: f"{_who(seat, r)} challenged {_whose(claimant, r)} claim.",
    )


def accepted(journal: Journal, game: RequirementsGame, state: RequirementsState, seat: int) -> None:
    """R14: the claim stands unchallenged and the claimant wins the Requirement."""
    claimant = state.claimant
    tile = tile_text(game, state.requirement)
    _say(
        journal,
        kinds.ACTION,
        state,
        seat,
        lambda r: f"{_who(seat, r)} let the claim stand: {_name(claimant, r)} won {tile}.",
    )


def proved(journal: Journal, game: RequirementsGame, state: RequirementsState, seat: int) -> None:
    """R14, D7: the claimant shows the hidden side (called after it became public)."""
    names = game.params.traits
    coin = state.bid[seat][-1]
    tile = tile_text(game, state.requirement)
    shown, hidden = names[state.coin_up[coin]], names[state.coin_down[coin]]
    _say(
        journal,
        kinds.REVEAL,
        state,
        seat,
        lambda r: (
            f"{_who(seat, r)} proved the claim: the coin showing {shown} has {hidden} on its "
            f"hidden side. {_who(seat, r)} won {tile}."
        ),
    )


def conceded(journal: Journal, game: RequirementsGame, state: RequirementsState, seat: int) -> None:
    """R14, D6: the claimant declines to prove (true claim or not: nobody else learns which)."""
    other = 1 - seat
    tile = tile_text(game, state.requirement)
    _say(
        journal,
        kinds.ACTION,
        state,
        seat,
        lambda r: f"{_who(seat, r)} declined to prove the claim: {_name(other, r)} won {tile}.",
    )


def took(
    journal: Journal,
    game: RequirementsGame,
    state: RequirementsState,
    taker: int,
    coin: int,
    *,
    forced: bool,
) -> None:
    """R14, D6, G2, G7: the winner of a challenge takes a coin of the other bid (before it
    moves); ``forced``: it was the only one."""
    owner = 1 - taker

    def text(r: Reader) -> str:
        what = coin_text(game, state, coin, r)
        into = f"into {_whose(taker, r, taker)} Reserve"
        if forced:
            return f"{_who(taker, r)} took the only coin of {_whose(owner, r)} bid, {what}, {into}."
        return f"{_who(taker, r)} took {what} from {_whose(owner, r)} bid {into}."

    _say(journal, kinds.AUTO if forced else kinds.ACTION, state, taker, text)


def nothing_to_take(journal: Journal, state: RequirementsState, winner: int) -> None:
    """D6: the loser of the challenge has no bid coin, so nothing is taken."""
    loser = 1 - winner
    _say(
        journal,
        kinds.AUTO,
        state,
        winner,
        lambda r: f"{_who(winner, r)} took nothing: {_whose(loser, r)} bid is empty.",
    )


# -- meeting and winning ------------------------------------------------------------------------
def paid(
    journal: Journal,
    game: RequirementsGame,
    state: RequirementsState,
    seat: int,
    coin: int,
    *,
    need: int,
    first: bool,
    paid_coins: Sequence[int],
) -> None:
    """R11, D3, G3: one coin of a payment (called before it is discarded). ``first``: this
    coin began the payment (meeting the Requirement); ``paid_coins``: the whole payment once
    this coin completed it, else empty."""
    names = game.params.traits
    tile = tile_text(game, state.requirement)

    def text(r: Reader) -> str:
        what = f"{coin_text(game, state, coin, r)} for {names[need]}"
        if first:
            said = f"{_who(seat, r)} chose to meet {tile}, paying {what}"
        else:
            said = f"{_who(seat, r)} paid {what}"
        if not paid_coins:
            return f"{said}."
        return (
            f"{said}, completing the payment: {len(paid_coins)} coins go to the discard, "
            "same side up."
        )

    _say(journal, kinds.ACTION, state, seat, text)


def placed(
    journal: Journal,
    game: RequirementsGame,
    state: RequirementsState,
    seat: int,
    index: int,
    *,
    forced: bool,
) -> None:
    """R11, R15b, D4, G2: the won tile goes on an Accomplishment (called before it moves).

    ``forced``: the engine placed it (one matching Accomplishment, or none and so a new one).
    """
    tile = tile_text(game, state.requirement)
    tiles = state.acc_tiles[seat][index]

    def text(r: Reader) -> str:
        who = _who(seat, r)
        own = _whose(seat, r, seat)
        if not tiles and index == 0:
            return f"{who} started {own} first Accomplishment with {tile}."
        if not tiles:
            return (
                f"{who} started {own} Accomplishment {index + 1} with {tile}: the top tile "
                f"of no other shares a trait with it."
            )
        top = tile_text(game, tiles[-1])
        how = "" if not forced else " (the only Accomplishment whose top tile shares a trait)"
        return (
            f"{who} put {tile} on {own} {_accomplishment(state, seat, index, 1)}, on top "
            f"of {top}{how}."
        )

    _say(journal, kinds.AUTO if forced else kinds.ACTION, state, seat, text)


def spectacle(
    journal: Journal, game: RequirementsGame, state: RequirementsState, seat: int, coin: int
) -> None:
    """R15c, D8: a bid coin joins the Accomplishment as Spectacle (called after it moved)."""
    index = state.target

    def text(r: Reader) -> str:
        return (
            f"{_who(seat, r)} added {coin_text(game, state, coin, r)} to "
            f"{_whose(seat, r, seat)} {_accomplishment(state, seat, index)} as Spectacle."
        )

    _say(journal, kinds.ACTION, state, seat, text)


def spectacle_done(
    journal: Journal, game: RequirementsGame, state: RequirementsState, seat: int, *, forced: bool
) -> None:
    """R15c, G2: no more Spectacle, chosen (``done``) or because no bid coin can match."""
    shown = game.params.traits[state.spectacle_trait] if state.spectacle_trait >= 0 else ""
    if forced:
        _say(
            journal,
            kinds.AUTO,
            state,
            seat,
            lambda r: (
                f"{_who(seat, r)} added no more Spectacle: {_whose(seat, r, seat)} bid "
                + (f"has no other coin showing {shown}." if state.bid[seat] else "is empty.")
            ),
        )
    else:
        _say(
            journal,
            kinds.ACTION,
            state,
            seat,
            lambda r: f"{_who(seat, r)} added no more Spectacle.",
        )


def bids_returned(journal: Journal, game: RequirementsGame, state: RequirementsState) -> None:
    """R15d, R15e: what is left of the bids goes back to the owners' Reserves (before it moves)."""
    owners = [seat for seat in range(state.num_players) if state.bid[seat]]
    if not owners:
        return

    def text(r: Reader) -> str:
        back = "; ".join(
            f"{_coins_text(game, state, state.bid[seat], r)} to {_name(seat, r)}" for seat in owners
        )
        return f"What is left of the bids goes back to the Reserves: {back}."

    _say(journal, kinds.AUTO, state, None, text)


def failed(journal: Journal, game: RequirementsGame, state: RequirementsState) -> None:
    """R13, R16: two declines in a row; the tile goes to the failure pile (after it moved)."""
    tile = tile_text(game, state.failed[-1])
    count, limit = len(state.failed), game.params.failure_limit
    stays = " Bids stay in their bid areas." if any(state.bid) else ""
    journal.add(
        kinds.AUTO,
        f"Two declines in a row: {tile} fails and goes to the Pile of Failed Requirements "
        f"({count} of {limit}).{stays}",
    )


def game_over(journal: Journal, game: RequirementsGame, state: RequirementsState) -> None:
    """R16, D9, G5, R17, R18: why the game ended, the scores and who won."""
    outcome = game.outcome(state)
    assert outcome is not None
    scores = [int(score) for score in outcome.scores]
    why = end_reason_text(game, state)
    if outcome.winners:
        winner = outcome.winners[0]
        loser = 1 - winner

        def text(r: Reader) -> str:
            return f"Game over: {why}. {_who(winner, r)} won, {scores[winner]} to {scores[loser]}."

        _say(journal, kinds.END, state, None, text)
    else:
        journal.add(
            kinds.END,
            f"Game over: {why}. A tie, {scores[0]} to {scores[1]}: no one wins (R18).",
        )


def end_reason_text(game: RequirementsGame, state: RequirementsState) -> str:
    """Why the game ended, in words with the rule."""
    reason = state.end_reason
    if reason == FAILURES:
        return f"the Pile of Failed Requirements reached {game.params.failure_limit} tiles (R16)"
    if reason == STACK_EMPTY:
        return "the last tile of the Requirement Stack has been played out (D9)"
    if reason == CAPPED:
        return (
            f"the safety cap of {game.params.max_actions} actions was reached; "
            "scored as it stands (G5)"
        )
    return reason
