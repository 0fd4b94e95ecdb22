"""The public log of Pink Godzilla Dev Kit and its itemised final scores (RULES.md "Log").

``rules.py`` calls these functions with the facts, only when the state narrates (a real
match; ``state.journal`` is None in search and simulation). Every entry is written for each
reader: a seat reads "You" for itself and the names of the cards it drew or looked at; the
others read "Seat 1 drew 2 cards". Cards are named by their label (C4), videogames by their
Title, or by their cards while they have none: never by the ``on 2`` / ``game 2`` numbers of
the notation, which change as games are completed (L1).

Action entries are written before the action changes the state, the engine's own moves where
the engine makes them. Every Pink Godzilla window pass is its own entry; the terminal puts a
run of them on one line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from gamenight.core.journal import ACTION, AUTO, END, HEADER, REVEAL, Journal
from gamenight.core.scoresheet import ScoreDetail, ScoreItem, score_sheet
from gamenight.games.pgdk import actions as kinds
from gamenight.games.pgdk import cards as cardlib
from gamenight.games.pgdk.actions import Action
from gamenight.games.pgdk.state import CLONE, DEVELOP, FINAL, GODZILLA, PgdkState, Project

if TYPE_CHECKING:
    from gamenight.games.pgdk.rules import PgdkGame

Reader = int | None
"""A seat reading the log, or None for a spectator (and the public text)."""

# why a seat draws (the rules pass one of these to ``drew``)
FINANCE, PAYMENT, TALENT, FRANCHISE, DIVERTED, CLONED, CTC, AUCTION_HOUSE, BARGAIN, PUBLISHER = (
    range(10)
)
STALL_WARNING_ROUNDS = 3
"""The turn header and the table warn of the stall ending (G12) this many rounds before it."""
CAP_WARNING_TURNS = 20
"""... and of the safety cap (G8) this many turns before it."""


# -- words -----------------------------------------------------------------------------------
def who(seat: int, reader: Reader) -> str:
    return "You" if seat == reader else f"Seat {seat}"


def name(seat: int, reader: Reader) -> str:
    return "you" if seat == reader else f"Seat {seat}"


def whose(seat: int, reader: Reader, *, capital: bool = False) -> str:
    if seat == reader:
        return "Your" if capital else "your"
    return f"Seat {seat}'s"


def its(seat: int, reader: Reader) -> str:
    return "your" if seat == reader else "its"


def listed(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _ordinal(number: int) -> str:
    if number % 100 in (11, 12, 13):
        return f"{number}th"
    return f"{number}{({1: 'st', 2: 'nd', 3: 'rd'}).get(number % 10, 'th')}"


def cards_of(game: PgdkGame, cards: Sequence[int]) -> str:
    """Physical cards by label: "Potion B2, Weapon P3 and Pinktroid Prime"."""
    label = game.card_label
    return listed([label[c] for c in cards])


def colour_name(game: PgdkGame, mask: int) -> str:
    """A videogame's colour as words: "green" (a game of "any" colour has no Title yet)."""
    genres = game.deck_list.genres
    named = [g.colour for i, g in enumerate(genres) if mask >> i & 1]
    return "any colour" if len(named) != 1 else named[0]


def videogame(game: PgdkGame, project: Project) -> str:
    """A videogame by what everyone sees of it: its Title, else its cards."""
    if project.title >= 0:
        return game.card_label[project.title]
    return f"the videogame of {cards_of(game, project.cards)}"


def _add(
    journal: Journal,
    state: PgdkState,
    kind: str,
    compose: Callable[[Reader], str | None],
    actor: int | None = None,
) -> None:
    """One entry, as each reader reads it: seats whose text differs get their own."""
    journal.add_as_read(kind, compose, state.num_players, actor=actor)


def _journal(state: PgdkState) -> Journal:
    journal = state.journal
    assert journal is not None
    return journal


# -- the warnings the table shows too (G8, G12) -------------------------------------------------
def stall_warning(quiet_turns: int, players: int, stall_rounds: int) -> str | None:
    """G12: "8 rounds without a completed videogame; ...", once the stall ending is near."""
    if not stall_rounds or players <= 0:
        return None
    rounds = quiet_turns // players
    if rounds < stall_rounds - STALL_WARNING_ROUNDS:
        return None
    return (
        f"{rounds} rounds without a completed videogame; the game is stopped after "
        f"{stall_rounds} (G12)"
    )


def cap_warning(turn: int, max_turns: int) -> str | None:
    """G8: the safety cap, told only when it is near (it is no part of the game's length)."""
    if turn <= max_turns - CAP_WARNING_TURNS:
        return None
    return f"safety cap: the game is stopped after turn {max_turns} (G8)"


# -- setup and the turn's phases -----------------------------------------------------------------
def setup(game: PgdkGame, state: PgdkState, journal: Journal) -> None:
    """R2, D0: the deal. Then the first turn as ``_start_turn`` told it (the Row is full)."""
    p = game.params
    n = state.num_players
    end = f"the first to complete {p.games_to_end} videogames ends the game (R18)"
    journal.header(f"Pink Godzilla Dev Kit, {n} players: {end}.")
    journal.add(
        REVEAL,
        f"The Resource Row is dealt face up: {cards_of(game, state.row)} (R2).",
    )
    hands = state.hands
    dealt = p.starting_hand
    _add(
        journal,
        state,
        AUTO,
        lambda r: (
            f"Every seat is dealt {count(dealt, 'card')}"
            + (f"; yours: {cards_of(game, hands[r][:dealt])}" if r is not None else "")
            + " (R2)."
        ),
    )
    first = "drawn at random" if p.first_player is None else "as the table chose"
    journal.add(HEADER, f"Seat {state.active} begins, {first} (D0); play passes to the left (R17).")
    turn_start(game, state)
    drew(game, state, state.active, hands[state.active][dealt:], FINANCE, p.finance_draw)
    if state.phase == GODZILLA:
        window(game, state, 1)
    else:
        purchase(game, state)


def turn_start(game: PgdkGame, state: PgdkState) -> None:
    """R4, R5: the turn's header (with G8, G12 warnings when near) and the Row's refill."""
    journal = _journal(state)
    p = game.params
    head = f"Turn {state.turn}: Seat {state.active}. Finance Phase (R5)."
    warnings = [
        w
        for w in (
            stall_warning(state.quiet, state.num_players, p.stall_rounds),
            cap_warning(state.turn, p.max_turns),
        )
        if w
    ]
    if warnings:
        head += " " + "; ".join(w[0].upper() + w[1:] for w in warnings) + "."
    journal.round = state.turn
    active = state.active
    _add(
        journal,
        state,
        HEADER,
        lambda r: head.replace(f": Seat {active}.", ": you.") if r == active else head,
    )


def refilled(game: PgdkGame, state: PgdkState, cards: Sequence[int]) -> None:
    """R5: the cards turned up into the Resource Row."""
    _journal(state).add(REVEAL, f"Turned up into the Resource Row: {cards_of(game, cards)} (R5).")


def drew(
    game: PgdkGame,
    state: PgdkState,
    seat: int,
    cards: Sequence[int],
    why: int,
    wanted: int,
    project: Project | None = None,
) -> None:
    """A seat drew ``cards`` (``wanted`` were due): it reads their names, the others a count."""
    reason = _draw_reason(game, state, seat, why, project)
    short = len(cards) < wanted
    empty = "; the deck and the discard pile are empty (D9)" if short else ""
    number = len(cards)

    def compose(r: Reader) -> str:
        if not cards:
            drawn = "drew nothing"
        elif r == seat:
            drawn = f"drew {cards_of(game, cards)}"
        else:
            drawn = f"drew {count(number, 'card')}"
        return f"{who(seat, r)} {drawn} {reason(r)}{empty}."

    _add(_journal(state), state, AUTO, compose, actor=seat)


def _draw_reason(
    game: PgdkGame, state: PgdkState, seat: int, why: int, project: Project | None
) -> Callable[[Reader], str]:
    title = videogame(game, project) if project is not None else ""
    if why == FINANCE:
        return lambda r: "(Finance Phase, R5)"
    if why == PAYMENT:
        assert project is not None
        p = game.params
        bonus = (
            f": {p.payment} + {p.first_of_colour_bonus} for the first "
            f"{colour_name(game, project.colours)} videogame"
            if project.first and p.first_of_colour_bonus
            else ""
        )
        return lambda r: (
            f"as payment for {title}{bonus}, usable from {its(seat, r)} next turn (R15, G7)"
        )
    if why == TALENT:
        return lambda r: f"with Talent Agency: {title} has several Characters (C3)"
    if why == FRANCHISE:
        colour = colour_name(game, project.colours) if project is not None else ""
        return lambda r: f"with Franchise: another {colour} videogame (C3)"
    if why == DIVERTED:
        return lambda r: f"of the Clone's cards: {title}'s Gear Upgrades divert them (R32)"
    if why == CLONED:
        if project is None:  # after the Clone The Clone window, which named the videogame
            return lambda r: f"with {its(seat, r)} Clone (R31)"
        colour = colour_name(game, project.colours)
        return lambda r: f"with {its(seat, r)} Clone: {title} is {colour} (R31)"
    if why == CTC:
        return lambda r: "with Clone The Clone, instead of the Clone's owner (R33)"
    if why == AUCTION_HOUSE:
        return lambda r: "with Auction House: an auction won (C3)"
    if why == BARGAIN:
        return lambda r: "with Bargain Bin: a rival discarded from the Row (C3)"
    return lambda r: "with Publisher Advance (C3)"


def reshuffled(state: PgdkState, cards: int, *, beneath: bool) -> None:
    """R3, G5: the discard pile becomes (the bottom of) the draw deck."""
    where = "beneath the deck for Market Research (G5)" if beneath else "into a new draw deck (R3)"
    _journal(state).add(AUTO, f"The discard pile ({count(cards, 'card')}) is shuffled {where}.")


def window(game: PgdkGame, state: PgdkState, which: int) -> None:
    """D6, G3: a Pink Godzilla window opens."""
    after = "Finance" if which == 1 else "Purchase"
    start = state.active
    _add(
        _journal(state),
        state,
        HEADER,
        lambda r: (
            f"Pink Godzilla window after the {after} Phase (D6): each seat in turn, from "
            f"{name(start, r)}, may trade a Pink Godzilla for a Row card, or pass."
        ),
    )


def purchase(game: PgdkGame, state: PgdkState) -> None:
    active = state.active
    auction = " to auction," if game.params.auctions else ""  # R36: beginners have none
    _add(
        _journal(state),
        state,
        HEADER,
        lambda r: (
            f"Purchase Phase (R6): {who(active, r)} choose{_s(active, r)} to trade,{auction} "
            "or to discard the lowest Row cards."
        ),
    )


def _s(seat: int, reader: Reader) -> str:
    return "" if seat == reader else "s"


def development(state: PgdkState) -> None:
    active = state.active
    plays = state.plays_left
    empty = not state.hands[active]
    _add(
        _journal(state),
        state,
        HEADER,
        lambda r: (
            f"Development Phase (R10): {who(active, r)} "
            + (
                f"{'have' if active == r else 'has'} no card to play."
                if empty
                else f"may make {count(plays, 'play')}."
            )
        ),
    )


def going_gold(state: PgdkState) -> None:
    journal = _journal(state)
    journal.add(HEADER, "Going Gold Phase (R15).")


# -- actions ---------------------------------------------------------------------------------
def action(game: PgdkGame, state: PgdkState, player: int, act: Action) -> None:
    """The entry for ``player`` taking ``act``, written before it changes the state."""
    compose = _compose(game, state, player, act)
    if compose is not None:
        _add(_journal(state), state, ACTION, compose, actor=player)


def _compose(
    game: PgdkGame, state: PgdkState, player: int, act: Action
) -> Callable[[Reader], str] | None:
    kind = act.kind
    labels = game.labels
    value = game.k_value
    card = labels[act.card] if act.card >= 0 else ""
    if kind == kinds.PASS:
        if state.phase == GODZILLA:
            return lambda r: f"{who(player, r)} passed in the Pink Godzilla window."
        return lambda r: f"{who(player, r)} passed on Clone The Clone."
    if kind == kinds.GODZILLA:
        give = labels[act.give]
        return lambda r: (
            f"{who(player, r)} traded {give} for {card} from the Resource Row (D6): "
            f"{give} takes its place."
        )
    if kind == kinds.TRADE:
        need = value[act.card]
        return lambda r: (
            f"{who(player, r)} chose to trade for {card} ({need}) from the Resource Row: "
            f"an offer worth at least {need} is needed (R7)."
        )
    if kind == kinds.OFFER:
        need = game.value[state.take]
        worth = sum(game.value[c] for c in state.offer) + value[act.card]
        enough = "enough" if worth >= need else f"{need - worth} short"
        return lambda r: (
            f"{who(player, r)} offered {card} ({value[act.card]}): the offer is worth "
            f"{worth} of the {need} needed ({enough})."
        )
    if kind == kinds.OFFER_DONE:
        return _trade_done(game, state, player)
    if kind == kinds.OFFER_CANCEL:
        taken = game.card_label[state.take]
        kept = (
            f": {cards_of(game, state.offer)} stay{'s' if len(state.offer) == 1 else ''} in hand"
            if state.offer
            else ""
        )
        return lambda r: (
            f"{who(player, r)} cancelled the trade for {taken}{kept}; the purchase is chosen "
            "again (G25)."
        )
    if kind == kinds.AUCTION:
        return lambda r: f"{who(player, r)} put {card} up for auction (R8)."
    if kind == kinds.AUCTION_GO:
        lots = cards_of(game, state.auction)
        worth = sum(game.value[c] for c in state.auction)
        return lambda r: (
            f"{who(player, r)} opened the bidding on {lots} (worth {worth}): every seat bids "
            "face down at once (D4)."
        )
    if kind == kinds.DISCARD_LOWEST:
        return _discard_lowest(game, state, player)
    if kind in (kinds.BID, kinds.BID_DONE, kinds.NO_BID):
        return _bid(game, state, player, act)
    if kind == kinds.PLAY:
        return _play(game, state, player, act)
    if kind == kinds.TABLE:
        points = game.params.special_ability_points
        return lambda r: (
            f"{who(player, r)} put {card} on the table: a Special Ability, worth {points} at "
            "the end (R30)."
        )
    if kind == kinds.USE:
        if state.phase == CLONE:
            owner, stake = state.ctc[1], state.ctc[2]
            return lambda r: (
                f"{who(player, r)} played {card} against {whose(owner, r)} Clone: "
                f"{name(player, r)} draw{_s(player, r)} its {count(stake, 'card')} (R33)."
            )
        effect = _POWER_WORDS.get(game.k_power[act.card], "")
        return lambda r: f"{who(player, r)} used {card}{effect}."
    if kind == kinds.USE_ON:
        project = state.projects[player][act.slot]
        title = videogame(game, project)
        return lambda r: (
            f"{who(player, r)} used {card}'s power on {title}: it is complete at once (R27, G14)."
        )
    if kind == kinds.RETRIEVE:
        return lambda r: f"{who(player, r)} took {card} from the discard pile (Good Guardian)."
    if kind == kinds.ROB:
        return None  # ``robbed`` tells it, with what the thief sees
    if kind == kinds.STEAL:
        return _steal(state, player, card)
    if kind == kinds.HUNT:
        return lambda r: f"{who(player, r)} took {card} from the Resource Row (Headhunter)."
    if kind == kinds.CUT:
        return _cut(game, state, player, act)
    if kind == kinds.KEEP:
        return _keep(game, state, player, act.card)
    if kind == kinds.DONE:
        if state.phase == DEVELOP:
            left = state.plays_left
            return lambda r: (
                f"{who(player, r)} ended the Development Phase ({count(left, 'play')} unused)."
            )
        final = " (final declarations)" if state.phase == FINAL else ""
        return lambda r: f"{who(player, r)} declared no more videogames complete{final}."
    if kind == kinds.GOLD:
        title = videogame(game, state.projects[player][act.slot])
        final = ", a final declaration (R18, D8)" if state.phase == FINAL else " (R15)"
        return lambda r: f"{who(player, r)} declared {title} complete{final}."
    # kinds.DISCARD: R16
    limit = game.params.hand_limit
    return lambda r: f"{who(player, r)} discarded {card} (hand limit {limit}, R16)."


_POWER_WORDS = {
    cardlib.CRUNCH_TIME: ": two more plays this Development Phase (C3, G13)",
    cardlib.PUBLISHER_ADVANCE: " (C3)",
    cardlib.HEADHUNTER: " to take a Resource Row card (C3)",
    cardlib.GOOD_GUARDIAN: "'s power to take a card from the discard pile (R27)",
    cardlib.EVIL_GUARDIAN: "'s power to look at a rival's hand and take a card (R27)",
    cardlib.BUDGET_CUT: " to discard a card from a rival's videogame in development (C3)",
    cardlib.MARKET_RESEARCH: " to look at the top cards of the deck and keep one (C3)",
}


def _trade_done(game: PgdkGame, state: PgdkState, player: int) -> Callable[[Reader], str]:
    """R7, G1: the first offered of the highest value goes to the Row, the rest away."""
    value = game.value
    offer = state.offer
    top = max(value[c] for c in offer)
    kept = next(c for c in offer if value[c] == top)
    rest = [c for c in offer if c != kept]
    taken = game.card_label[state.take]
    given = cards_of(game, offer)
    row = game.card_label[kept]
    away = f", {cards_of(game, rest)} to the discard pile" if rest else ""
    return lambda r: (
        f"{who(player, r)} traded {given} for {taken}: {row} goes to the Resource Row{away} "
        "(R7, G1)."
    )


def _discard_lowest(game: PgdkGame, state: PgdkState, player: int) -> Callable[[Reader], str]:
    row = state.row
    if not row:
        return lambda r: (
            f"{who(player, r)} chose to discard the lowest Row cards: the Row is empty, "
            "nothing happens (D5)."
        )
    low = min(game.value[c] for c in row)
    gone = cards_of(game, [c for c in row if game.value[c] == low])
    return lambda r: f"{who(player, r)} discarded the lowest Row cards, worth {low}: {gone} (R9)."


def _bid(game: PgdkGame, state: PgdkState, player: int, act: Action) -> Callable[[Reader], str]:
    """D4, G4: a sealed bid is the bidder's alone until every bid is revealed."""
    kind = act.kind
    if kind == kinds.BID:
        card = game.labels[act.card]
        mine = f"You added {card} to your sealed bid."
        theirs = f"Seat {player} added a card to its sealed bid."
    elif kind == kinds.BID_DONE:
        bid = state.bids[player]
        worth = sum(game.value[c] for c in bid)
        mine = f"You placed a sealed bid: {cards_of(game, bid)}, worth {worth}."
        theirs = f"Seat {player} placed a sealed bid."
    else:
        mine = "You placed a sealed bid: no bid."
        theirs = f"Seat {player} placed a sealed bid."
    return lambda r: mine if r == player else theirs


def _play(game: PgdkGame, state: PgdkState, player: int, act: Action) -> Callable[[Reader], str]:
    card = game.labels[act.card]
    if act.slot < 0:
        return lambda r: f"{who(player, r)} started a new videogame with {card} (R11)."
    title = videogame(game, state.projects[player][act.slot])
    if game.k_type[act.card] == cardlib.EGG:
        return lambda r: f"{who(player, r)} played {card} on {title}: it goes Gold at once (R28)."
    return lambda r: f"{who(player, r)} played {card} on {title}."


def _steal(state: PgdkState, player: int, card: str) -> Callable[[Reader], str]:
    """R27, G10: only thief and victim know which card moved."""
    victim = state.rob

    def compose(r: Reader) -> str:
        if r == player:
            return f"You took {card} from Seat {victim}'s hand (Evil Guardian, G10)."
        if r == victim:
            return f"Seat {player} took your {card} (Evil Guardian, G10)."
        return f"Seat {player} took a card from Seat {victim}'s hand (Evil Guardian, G10)."

    return compose


def _cut(game: PgdkGame, state: PgdkState, player: int, act: Action) -> Callable[[Reader], str]:
    project = state.projects[act.seat][act.slot]
    title = videogame(game, project)
    card = game.labels[act.card]
    victim = act.seat
    gone = "; the videogame leaves the table (G9)" if len(project.cards) == 1 else ""
    return lambda r: (
        f"{who(player, r)} cut {card} from {whose(victim, r)} {title} (Budget Cut): it goes "
        f"to the discard pile{gone}."
    )


def _keep(game: PgdkGame, state: PgdkState, player: int, kind: int) -> Callable[[Reader], str]:
    """C3, G5: what was kept and what went to the bottom, the researcher alone knows."""
    kept = game._first(state.peek, kind)
    others = [c for c in state.peek if c != kept]
    bottom = f"; {cards_of(game, others)} go to the bottom of the deck (G5)" if others else ""
    mine = f"You kept {game.card_label[kept]}{bottom}."
    theirs = f"Seat {player} kept one of the cards it looked at" + (
        f"; the other {count(len(others), 'card')} go to the bottom of the deck (G5)."
        if others
        else "."
    )
    return lambda r: mine if r == player else theirs


# -- the engine's own moves ------------------------------------------------------------------
def robbed(game: PgdkGame, state: PgdkState, thief: int, victim: int, *, forced: bool) -> None:
    """R27, G10: the thief looks at the victim's hand (what it holds, the thief alone reads)."""
    hand = cards_of(game, sorted(state.hands[victim], key=game.kind_of.__getitem__))
    why = ", the only rival holding cards (G10)" if forced else " (R27)"

    def compose(r: Reader) -> str:
        if r == thief:
            return f"You look at Seat {victim}'s hand{why}: {hand}."
        return f"{who(thief, r)} looks at {whose(victim, r)} hand{why}."

    _add(_journal(state), state, AUTO if forced else ACTION, compose, actor=thief)


def research(game: PgdkGame, state: PgdkState, player: int) -> None:
    """C3, G5: the cards looked at, told to the researcher alone."""
    peek = state.peek
    seen = cards_of(game, peek)
    number = len(peek)

    def compose(r: Reader) -> str:
        if r == player:
            return f"You look at the top {count(number, 'card')} of the deck: {seen}."
        return f"Seat {player} looks at the top {count(number, 'card')} of the deck."

    _add(_journal(state), state, REVEAL, compose, actor=player)


def kept_only(game: PgdkGame, state: PgdkState, player: int, card: int) -> None:
    """G5, G23: a look at a single card keeps it without a question."""
    label = game.card_label[card]
    _add(
        _journal(state),
        state,
        AUTO,
        lambda r: (
            f"You kept {label}, the only card there (G5)."
            if r == player
            else f"Seat {player} kept the only card there (G5)."
        ),
        actor=player,
    )


def no_bid(state: PgdkState, seat: int) -> None:
    """G4: an empty hand (public) bids nothing."""
    _add(
        _journal(state),
        state,
        AUTO,
        lambda r: f"{who(seat, r)} placed no bid: an empty hand (G4).",
        actor=seat,
    )


def auction_result(game: PgdkGame, state: PgdkState) -> None:
    """D4: every bid is revealed; the highest wins the lots (ties: the auctioneer, then left)."""
    assert state.last_auction is not None
    auctioneer, lots, bids, totals, winner = state.last_auction

    def compose(r: Reader) -> str:
        shown = "; ".join(
            f"{who(seat, r)} made no bid"
            if bid is None
            else f"{who(seat, r)} bid {totals[seat]} ({cards_of(game, bid)})"
            for seat, bid in enumerate(bids)
        )
        text = f"The sealed bids are revealed: {shown}. "
        if winner < 0:
            return text + "Nobody bid: nothing happens (D4)."
        tied = [s for s, t in enumerate(totals) if t == totals[winner]]
        rule = " (ties: the auctioneer, then from its left, R8)" if len(tied) > 1 else ""
        back = (
            "; the other bids go back to their owners' hands (D4)"
            if sum(b is not None for b in bids) > 1
            else " (D4)"
        )
        return (
            text + f"{who(winner, r)} won {cards_of(game, lots)}{rule} and discard"
            f"{_s(winner, r)} the bid{back}."
        )

    _add(_journal(state), state, REVEAL, compose, actor=winner if winner >= 0 else auctioneer)


def completed(game: PgdkGame, state: PgdkState, seat: int, project: Project) -> None:
    """R15: a completed videogame, its cards and its points."""
    title = videogame(game, project)
    label, value = game.card_label, game.value
    parts = " + ".join(f"{label[c]} {value[c]}" for c in project.cards)
    colour = colour_name(game, project.colours)
    first = f"; the first {colour} videogame (R15)" if project.first else ""
    number = len(state.completed[seat])
    _add(
        _journal(state),
        state,
        REVEAL,
        lambda r: (
            f"{whose(seat, r, capital=True)} {title} is complete ({colour}, {_ordinal(number)} "
            f"of {its(seat, r)} videogames): {parts} = {project.value} points{first}."
        ),
        actor=seat,
    )


def clone_window(game: PgdkGame, state: PgdkState, project: Project) -> None:
    """D7, G11: Clone The Clone may take the Clone's cards."""
    completer, owner, stake, _ = state.ctc
    title = videogame(game, project)
    _add(
        _journal(state),
        state,
        HEADER,
        lambda r: (
            f"{whose(owner, r, capital=True)} Clone is to draw {count(stake, 'card')} for "
            f"{title}: each seat in turn from {name(completer, r)}, "
            f"{whose(owner, r)} aside, may answer with Clone The Clone (D7, G11)."
        ),
    )


def hand_limit(game: PgdkGame, state: PgdkState) -> None:
    """R16, D9: the active player discards down to the hand limit."""
    seat = state.active
    held = len(state.hands[seat])
    limit = game.params.hand_limit
    _add(
        _journal(state),
        state,
        AUTO,
        lambda r: f"{who(seat, r)} must discard down to {limit} cards, holding {held} (R16).",
        actor=seat,
    )


def match_ends(game: PgdkGame, state: PgdkState, *, capped: bool, stalled: bool) -> None:
    """R18, D8, G8, G12: the game is over; final declarations follow."""
    p = game.params
    ender = state.ender
    follow = "No more cards are played, paid or cloned; final declarations follow, clockwise from "
    if stalled:
        why = (
            f"{p.stall_rounds} rounds without a completed videogame: the game is stopped (G12) "
            "and marked capped, the rulebook's ending not reached."
        )
    elif capped:
        why = (
            f"The safety cap of {p.max_turns} turns is reached: the game is stopped (G8) and "
            "marked capped."
        )
    else:
        why = ""
    _add(
        _journal(state),
        state,
        AUTO if why else REVEAL,
        lambda r: (
            (
                why
                or f"{who(ender, r)} completed {its(ender, r)} {_ordinal(p.games_to_end)} "
                "videogame: the game is over (R18)."
            )
            + f" {follow}{name(ender, r)} (D8, G16)."
        ),
    )


def end(game: PgdkGame, state: PgdkState) -> None:
    """The final scores, the winners and, when cut short, that it was."""
    outcome = game.outcome(state)
    assert outcome is not None
    winners = list(outcome.winners)
    scores = [int(s) for s in outcome.scores]

    def compose(r: Reader) -> str:
        shown = ", ".join(f"{who(s, r)} {score}" for s, score in enumerate(scores))
        if len(winners) == 1:
            verdict = f"{who(winners[0], r)} win{_s(winners[0], r)}."
        else:
            verdict = f"{listed([who(s, r) for s in winners])} share the win (tied)."
        cut = " The game was cut short: capped." if outcome.capped else ""
        return f"Final scores (R19, R20): {shown}. {verdict}{cut}"

    _add(_journal(state), state, END, compose)


# -- the score sheet -------------------------------------------------------------------------
_RANKS = ("highest", "second highest", "third highest")


def _rank(place: int) -> str:
    return _RANKS[place] if place < len(_RANKS) else f"{_ordinal(place + 1)} highest"


def sheet(game: PgdkGame, state: PgdkState) -> dict[str, Any]:
    """R19, R20, R30, D8: each videogame, each Special Ability, each bonus (with its ties)."""
    p = game.params
    outcome = game.outcome(state)
    assert outcome is not None
    label, value = game.card_label, game.value
    games = [(seat, g) for seat in range(state.num_players) for g in state.completed[seat]]
    bonuses = game.ranking_bonus([g.value for _, g in games])
    distinct = sorted({g.value for _, g in games}, reverse=True)
    items: list[list[ScoreItem]] = [[] for _ in range(state.num_players)]
    for seat in range(state.num_players):
        for g in state.completed[seat]:
            first = f"; first {colour_name(game, g.colours)} videogame" if g.first else ""
            items[seat].append(
                ScoreItem(
                    f"{videogame(game, g)} ({colour_name(game, g.colours)})",
                    g.value,
                    " + ".join(f"{label[c]} {value[c]}" for c in g.cards) + f"{first} (R15)",
                )
            )
        for c in state.specials[seat]:
            items[seat].append(
                ScoreItem(
                    f"{label[c]} on the table", p.special_ability_points, "Special Ability (R30)"
                )
            )
        if len(state.completed[seat]) >= p.games_to_end and p.completion_bonus:
            items[seat].append(
                ScoreItem(
                    f"{p.games_to_end} videogames completed",
                    p.completion_bonus,
                    "completion bonus (R20)",
                )
            )
    for (seat, g), bonus in zip(games, bonuses, strict=True):
        if not bonus:
            continue
        place = distinct.index(g.value)
        tied = [(s, o) for s, o in games if o.value == g.value and o is not g]
        share = (
            "; tied with "
            + listed([f"Seat {s}'s {videogame(game, o)}" for s, o in tied])
            + f": each gets the full {bonus} (R20)"
            if tied
            else " (R20)"
        )
        items[seat].append(
            ScoreItem(
                f"ranking bonus: {videogame(game, g)}",
                bonus,
                f"{_rank(place)} value, {g.value}{share}",
            )
        )
    details = [_ranking(game, games, bonuses)] if games else []
    notes = [
        "Scores: completed videogames, Special Abilities on the table and the end-game "
        "bonuses (R19, R20); nothing for videogames in development or cards in hand."
    ]
    reason = state.end_reason
    if outcome.capped:
        notes.append(f"Cut short ({reason}): scored as at the normal end, marked capped (G8, G12).")
    elif reason:
        notes.append(f"The game ended: {reason} (R18).")
    if len(outcome.winners) > 1:
        notes.append("Seats tied at the top all win (G12; R19 names no tie-break).")
    return score_sheet(items, outcome.scores, [*details], notes)


def _ranking(game: PgdkGame, games: list[tuple[int, Project]], bonuses: list[int]) -> ScoreDetail:
    """R20: the completed videogames by value, with the bonus each got (dense ranking)."""
    order = sorted(range(len(games)), key=lambda i: -games[i][1].value)
    lines = tuple(
        f"Seat {games[i][0]}'s {videogame(game, games[i][1])}: {games[i][1].value}"
        + (f", bonus {bonuses[i]}" if bonuses[i] else ", no bonus")
        for i in order
    )
    bonus = ", ".join(str(b) for b in game.params.ranking_bonuses)
    return ScoreDetail(
        f"Ranking bonuses (R20): {bonus} to the highest values; tied videogames each get it",
        lines,
    )
