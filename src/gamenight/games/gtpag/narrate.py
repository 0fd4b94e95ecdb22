"""The public log of Game to Pick a Game and its itemised final scores (RULES.md "Log").

``rules.py`` calls these functions with the facts, only when the state narrates (a real
match; ``state.journal`` is None in search and simulation). Every entry is written for each
reader: a seat reads "You" for itself and "your chip" for its own chips, and sees the kind of
every face-down chip it knows (its own, and those its Scout looked at); the others and the
spectators read "Seat 2's face-down chip on G.Nome". Chips are named by owner, Nomination
and, where the owner has several face-down chips there, their order: never by the ``nN.M``
position, which changes as chips move (G2).

Action entries are written before the action changes the state (the chips are still where the
actor aimed), automatic ones where the engine takes them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from gamenight.core.journal import ACTION, AUTO, END, HEADER, REVEAL, Journal
from gamenight.core.scoresheet import ScoreDetail, ScoreItem, score_sheet
from gamenight.games.gtpag import actions as kinds
from gamenight.games.gtpag.actions import KIND_TRAIT, Action
from gamenight.games.gtpag.params import (
    HOUSE_RULE,
    HYPE,
    INVERT,
    RAID,
    SCOUT,
    SMASH,
    SPOTLIGHT,
    SWITCHEROO,
    TRAIT_NAMES,
    WARCRY,
)
from gamenight.games.gtpag.state import TIE, TRAIT, GtpagState

if TYPE_CHECKING:
    from typing import Any

    from gamenight.games.gtpag.rules import GtpagGame

Reader = int | None
"""A seat reading the log, or None for a spectator (and the public text)."""

IDLE_AIM = {
    SPOTLIGHT: "no face-down Bid chip to turn over",
    SWITCHEROO: "no two face-down Bid chips on different Nominations to swap",
    SCOUT: "no face-down Bid chip to look at",
    RAID: "no face-down Bid chip to move to another Nomination",
    SMASH: "no face-down Bid chip to smash",
}
"""D5: what a Trait aimed at a chip lacks when it is played bare; the render says it too."""


# -- words -----------------------------------------------------------------------------------
def who(seat: int, reader: Reader, *, capital: bool = True) -> str:
    if seat == reader:
        return "You" if capital else "you"
    return f"Seat {seat}"


def whose(seat: int, reader: Reader, *, capital: bool = False) -> str:
    if seat == reader:
        return "Your" if capital else "your"
    return f"Seat {seat}'s"


def kind_words(label: str) -> str:
    """A chip kind as the log writes it: ``+2``, ``-1``, ``Invert``, ``Hype``."""
    return "Invert" if label == INVERT else label


def _ordinal(number: int) -> str:
    if number % 100 in (11, 12, 13):
        return f"{number}th"
    return f"{number}{({1: 'st', 2: 'nd', 3: 'rd'}).get(number % 10, 'th')}"


def _seats(seats: list[int], reader: Reader) -> str:
    names = [who(seat, reader) for seat in seats]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def title_of(game: GtpagGame, state: GtpagState, nomination: int) -> str:
    return game.titles[state.titles[nomination]]


def _add(
    journal: Journal,
    state: GtpagState,
    kind: str,
    compose: Callable[[Reader], str | None],
    actor: int | None = None,
) -> None:
    """One entry, as each reader reads it: seats whose text differs get their own."""
    journal.add_as_read(kind, compose, state.num_players, actor=actor)


def _knows(game: GtpagGame, state: GtpagState, chip: int, reader: Reader) -> bool:
    if state.face_up >> chip & 1:
        return True
    if reader is None:
        return False
    return chip // game.per_seat == reader or bool(state.seen[reader] >> chip & 1)


def face_down_chip(
    game: GtpagGame,
    state: GtpagState,
    nomination: int,
    position: int,
    reader: Reader,
    *,
    show_kind: bool = True,
    actor: int | None = None,
) -> str:
    """A face-down chip as ``reader`` knows it: "Seat 2's 2nd face-down chip on G.Nome (-1)".

    The order counts only the owner's face-down chips there, and only when it has several. A
    chip of ``actor``'s own is "its own" to the others.
    """
    pile = state.piles[nomination]
    chip = pile[position]
    owner = chip // game.per_seat
    up = state.face_up
    same = [c for c in pile if c // game.per_seat == owner and not up >> c & 1]
    order = f"{_ordinal(same.index(chip) + 1)} " if len(same) > 1 else ""
    owner_words = "its own" if owner == actor and owner != reader else whose(owner, reader)
    text = f"{owner_words} {order}face-down chip on {title_of(game, state, nomination)}"
    if show_kind and _knows(game, state, chip, reader):
        text += f" ({kind_words(game.kind_name(state.kinds[chip]))})"
    return text


def chip_with_owner(game: GtpagGame, state: GtpagState, chip: int, reader: Reader) -> str:
    """A chip everyone can see: "Seat 1's +2", "your Invert", "Seat 3's Warcry"."""
    owner = chip // game.per_seat
    return f"{whose(owner, reader)} {kind_words(game.kind_name(state.kinds[chip]))}"


# -- setup -----------------------------------------------------------------------------------
def setup(game: GtpagGame, state: GtpagState, journal: Journal) -> None:
    """The table as it starts: characters, chips, each seat's own preferences, who begins."""
    p = game.params
    n = state.num_players
    journal.header(f"Game to Pick a Game, {n} players. Library: {'; '.join(game.titles)}.")
    chips = ", ".join(kind_words(game.labels[k]) for k in game.slot_kind)
    characters = "; ".join(
        f"Seat {seat} plays {p.character_names[char]}"
        + (f" (Trait: {TRAIT_NAMES[p.trait_codes[char]]})" if p.use_traits else "")
        for seat, char in enumerate(state.chars)
    )
    held = f"{chips} and its Trait" if p.use_traits else chips
    journal.add(HEADER, f"{characters}. Every character holds the Bid chips {held}.")
    how = "drawn at random (G6)" if p.preferences is None else "as the table set them"
    journal.add(
        REVEAL,
        None,
        {
            seat: f"Your preferences, {how}: "
            + ", ".join(
                f"{title} {value:g}"
                for title, value in sorted(
                    zip(game.titles, state.prefs[seat], strict=True), key=lambda tv: -tv[1]
                )
            )
            + ". Only you know them."
            for seat in range(n)
        },
    )
    first = "drawn at random" if p.first_player is None else "as the table chose"
    _add(
        journal,
        state,
        HEADER,
        lambda r: (
            f"Nomination round: {who(state.start, r)} begin{_s(state.start, r)}, {first} "
            "(D4); counter-clockwise, each character nominates a game or passes (R2)."
        ),
    )


def _s(seat: int, reader: Reader) -> str:
    """The verb ending for a seat: "You begin", "Seat 2 begins"."""
    return "" if seat == reader else "s"


# -- actions ---------------------------------------------------------------------------------
def action(game: GtpagGame, state: GtpagState, player: int, act: Action) -> None:
    """The entry for ``player`` taking ``act``, written before it changes the state."""
    journal = state.journal
    assert journal is not None
    compose = _compose_action(game, state, player, act)
    _add(journal, state, ACTION, compose, actor=player)


def _compose_action(
    game: GtpagGame, state: GtpagState, player: int, act: Action
) -> Callable[[Reader], str]:
    kind = act.kind
    if kind == kinds.NOMINATE:
        number = len(state.titles) + 1
        title = game.titles[act.a]
        return lambda r: f"{who(player, r)} nominated {title} (n{number})."
    if kind == kinds.PASS:
        return lambda r: f"{who(player, r)} passed, and may Boost once the chips are flipped (R12)."
    if kind == kinds.BID:
        return _bid(game, state, player, act)
    if kind == kinds.BOOST:
        title = title_of(game, state, act.a)
        value = game.params.boost_value
        return lambda r: f"{who(player, r)} Boosted {title}: {value:+d} after Inverts (R12)."
    if kind == kinds.DECLINE:
        return lambda r: f"{who(player, r)} declined to Boost."
    if state.phase == TRAIT:
        return _finish_trait(game, state, player, act)
    return _trait(game, state, player, KIND_TRAIT[kind], act)


def _bid(game: GtpagGame, state: GtpagState, player: int, act: Action) -> Callable[[Reader], str]:
    """R5: the table sees where the chip went; its owner reads which chip it was."""
    title = title_of(game, state, act.b)
    chip = kind_words(game.labels[act.a])

    def compose(r: Reader) -> str:
        if r == player:
            return f"You placed your {chip} face down on {title}."
        return f"Seat {player} placed a face-down chip on {title}."

    return compose


def _trait(
    game: GtpagGame, state: GtpagState, player: int, trait: int, act: Action
) -> Callable[[Reader], str]:
    name = TRAIT_NAMES[trait]
    j, i = act.a, act.b
    if j < 0:  # D5: no legal target
        lack = IDLE_AIM[trait]
        return lambda r: (
            f"{who(player, r)} played {name} with {lack}: the chip is used up and does "
            "nothing (D5)."
        )
    if trait == HOUSE_RULE:
        title = title_of(game, state, j)
        return lambda r: (
            f"{who(player, r)} placed House Rule face up on {title}: its Inverts are ignored."
        )
    if trait == HYPE:
        title = title_of(game, state, j)
        hype = game.params.hype_value
        return lambda r: (
            f"{who(player, r)} placed Hype face up on {title}: {hype:+d} after Inverts."
        )
    if trait == WARCRY:
        title = title_of(game, state, j)
        warcry = game.params.warcry_value
        return lambda r: (
            f"{who(player, r)} placed Warcry face up on {title}: a {warcry:+d} value "
            "(Inverts flip it)."
        )
    # a chip-target Trait: the chip is named before anything changes
    label = kind_words(game.kind_name(state.kinds[state.piles[j][i]]))
    if trait == SPOTLIGHT:
        return lambda r: (
            f"{who(player, r)} played Spotlight on "
            f"{face_down_chip(game, state, j, i, r, show_kind=False, actor=player)}: it is "
            f"turned face up: {label}."
        )
    if trait == SMASH:
        return lambda r: (
            f"{who(player, r)} Smashed {face_down_chip(game, state, j, i, r, actor=player)}: it "
            "leaves the game unseen (D2.8)."
        )
    if trait == SCOUT:
        return _look(game, state, player, j, i, first=True)
    verb = "swap" if trait == SWITCHEROO else "move"
    return lambda r: (
        f"{who(player, r)} played {name} on "
        f"{face_down_chip(game, state, j, i, r, actor=player)}, to {verb} it."
    )


def _look(
    game: GtpagGame, state: GtpagState, player: int, j: int, i: int, *, first: bool
) -> Callable[[Reader], str]:
    """D2.6, G7: which chip is public; what it shows, only the Scout reads."""
    label = kind_words(game.kind_name(state.kinds[state.piles[j][i]]))
    verb = "played Scout and looked at" if first else "also looked at"

    def compose(r: Reader) -> str:
        if r == player:
            chip = face_down_chip(game, state, j, i, r, show_kind=False, actor=player)
            return f"You {verb} {chip}: it is {label}."
        return f"{who(player, r)} {verb} {face_down_chip(game, state, j, i, r, actor=player)}."

    return compose


def _finish_trait(
    game: GtpagGame, state: GtpagState, player: int, act: Action
) -> Callable[[Reader], str]:
    kind = act.kind
    if kind == kinds.K_SCOUT:
        return _look(game, state, player, act.a, act.b, first=False)
    if kind == kinds.DONE:
        return lambda r: f"{who(player, r)} looked at no more chips: the Scout ends."
    j, i = state.pending >> 8, state.pending & 255
    if kind == kinds.WITH:
        return lambda r: (
            f"{who(player, r)} swapped {face_down_chip(game, state, j, i, r, actor=player)} with "
            f"{face_down_chip(game, state, act.a, act.b, r, actor=player)}: they trade places "
            "(D2.2)."
        )
    title = title_of(game, state, act.a)
    return lambda r: (
        f"{who(player, r)} moved {face_down_chip(game, state, j, i, r, actor=player)} to "
        f"{title} (D2.7)."
    )


# -- the engine's own moves ------------------------------------------------------------------
def _automatic(state: GtpagState, seat: int, compose: Callable[[Reader], str]) -> None:
    """A move the engine makes for ``seat``, as each reader reads it."""
    journal = state.journal
    assert journal is not None
    _add(journal, state, AUTO, compose, actor=seat)


def auto_pass(state: GtpagState, seat: int) -> None:
    """G15, G24: nothing left to nominate; the Nominations are public, so the pass is forced."""
    _automatic(state, seat, lambda r: (
        f"{who(seat, r)} {'have' if seat == r else 'has'} no title left to nominate: "
        "passed (G15)."
    ))


def skipped(state: GtpagState, seat: int) -> None:
    """R9, G22: a character with no chip to play is skipped (how many it holds is public)."""
    _automatic(state, seat, lambda r: (
        f"{who(seat, r)} {'have' if seat == r else 'has'} no chip left to play: skipped (R9)."
    ))


def scout_stops(state: GtpagState, seat: int) -> None:
    """G7: no face-down chip is left to look at; the Scout stops by itself."""
    _automatic(state, seat, lambda r: (
        f"No face-down chip is left for {who(seat, r, capital=False)} to look at: "
        "the Scout ends (G7)."
    ))


def round_start(game: GtpagGame, state: GtpagState, starter: int) -> None:
    """A Bidding round's (or a tie round's) header: who begins, and why (R3, R7, R8, D7)."""
    journal = state.journal
    assert journal is not None
    if state.phase == TIE:
        _tie_round(game, state, journal, starter)
        return
    number = state.round
    head = f"Bidding round {number} of {game.per_seat}, clockwise."
    if number == 1:
        why = "the last to nominate (R3)"
    else:
        face_up = game._face_up_scores(state)
        active = [j for j in range(len(state.piles)) if state.active >> j & 1]
        best = max(face_up[j] for j in active)
        tied = [j for j in active if face_up[j] == best]
        head += (
            " Face-up Scores: "
            + ", ".join(f"{title_of(game, state, j)} {face_up[j]}" for j in active)
            + "."
        )
        if len(tied) == 1:
            why = f"the nominator of {title_of(game, state, tied[0])}, the highest (R7)"
        else:
            why = "the tied nominator with the most recent turn (R8, G4)"
    journal.round = number
    _add(
        journal, state, HEADER, lambda r: f"{head} {who(starter, r)} begin{_s(starter, r)}, {why}."
    )


def _tie_round(game: GtpagGame, state: GtpagState, journal: Journal, starter: int) -> None:
    tied = " and ".join(
        title_of(game, state, j) for j in range(len(state.piles)) if state.active >> j & 1
    )
    smashed = " (Smashed chips stay out)" if state.smashed else ""
    journal.round = (journal.round or 0) + 1
    _add(
        journal,
        state,
        HEADER,
        lambda r: (
            f"Tie round {state.tie_round} (R15, D7) between {tied}. Every chip went back to "
            f"its owner{smashed}; each character plays one Bid chip face down on a tied "
            f"Nomination, clockwise from {who(starter, r, capital=False)}, who played the last "
            "chip. The tally starts from zero (G23)."
        ),
    )


def flip(game: GtpagGame, state: GtpagState, before: int) -> None:
    """R11: every chip left on the Nominations turns face up; G10: the Smashed ones are known
    (told once: ``before`` is the face-up mask before this flip)."""
    journal = state.journal
    assert journal is not None
    journal.add(REVEAL, "Every chip on the Nominations is turned face up (R11).")
    for j, pile in enumerate(state.piles):
        if pile:
            _add(journal, state, REVEAL, _flipped(game, state, title_of(game, state, j), pile))
    smashed = tuple(c for c in state.smashed if not before >> c & 1)
    if smashed:
        _add(
            journal,
            state,
            REVEAL,
            lambda r: (
                "Smashed, now known by elimination (G10): "
                + ", ".join(chip_with_owner(game, state, c, r) for c in smashed)
                + "."
            ),
        )


def _flipped(
    game: GtpagGame, state: GtpagState, title: str, pile: list[int]
) -> Callable[[Reader], str]:
    return lambda r: (
        f"{title}: " + ", ".join(chip_with_owner(game, state, c, r) for c in pile) + "."
    )


def boosting(state: GtpagState, order: tuple[int, ...], boost: int) -> None:
    """R12, D6: the passers Boost in turn, counter-clockwise from the most recent."""
    journal = state.journal
    assert journal is not None
    _add(
        journal,
        state,
        HEADER,
        lambda r: (
            f"Boosting (R12, D6): each character who passed may add {boost:+d} to a "
            f"Nomination, in turn: {_seats(list(order), r)}."
        ),
    )


def tallies(game: GtpagGame, state: GtpagState) -> None:
    """R13: each Nomination in play, tallied step by step."""
    journal = state.journal
    assert journal is not None
    for j in range(len(state.piles)):
        if state.active >> j & 1:
            _add(journal, state, REVEAL, _tally(game, state, j))


def _tally(game: GtpagGame, state: GtpagState, nomination: int) -> Callable[[Reader], str]:
    title = title_of(game, state, nomination)
    return lambda r: (
        # the chips were listed as they were flipped: the log gives the reckoning only
        f"Tally of {title}: " + "; ".join(tally_lines(game, state, nomination, r)[1:]) + "."
    )


def tie(game: GtpagGame, state: GtpagState, tied: list[int], best: int) -> None:
    """R15, D7: a tie for the highest Score."""
    journal = state.journal
    assert journal is not None
    names = " and ".join(title_of(game, state, j) for j in tied)
    if state.tie_round >= game.params.max_tie_rounds:
        text = (
            f"{names} are tied at {best} after {state.tie_round} tie round(s): the winner is "
            "drawn at random among them (D7, G17)."
        )
    else:
        text = f"{names} are tied at {best}: a tie round follows (R15, D7)."
    journal.add(REVEAL, text)


def capped(state: GtpagState, cap: int) -> None:
    """G18: the safety cap; every chip is flipped and tallied as at the normal end."""
    journal = state.journal
    assert journal is not None
    journal.add(
        AUTO,
        f"The safety cap of {cap} actions is reached: the game is tallied as it stands (G18).",
    )


def end(game: GtpagGame, state: GtpagState) -> None:
    """The pick, every seat's preference for it (its score, G16) and who won."""
    journal = state.journal
    assert journal is not None
    outcome = game.outcome(state)
    assert outcome is not None
    reason = state.end_reason
    if state.picked < 0:
        journal.add(END, f"{reason[:1].upper()}{reason[1:]}. Nobody wins; every score is 0.")
        return
    title = game.picked_title(state)
    winners = list(outcome.winners)

    def compose(r: Reader) -> str:
        prefs = ", ".join(
            f"{who(seat, r)} {score:g}" + (" (favourite)" if seat in winners else "")
            for seat, score in enumerate(outcome.scores)
        )
        if len(winners) == 1:
            winner = winners[0]
            verdict = (
                f"{who(winner, r)} win{_s(winner, r)}: {title} is "
                f"{'your' if winner == r else 'its'} favourite."
            )
        elif winners:
            verdict = f"{_seats(winners, r)} win: {title} is their favourite."
        else:
            verdict = f"No one wins: {title} is nobody's favourite."
        return f"{reason}. Preferences for {title}: {prefs}. {verdict}"

    _add(journal, state, END, compose)


# -- the score sheet -------------------------------------------------------------------------
def tally_lines(game: GtpagGame, state: GtpagState, nomination: int, reader: Reader) -> list[str]:
    """R13, D1, D2.3-D2.5, G12: the chips, the values, the Inverts, Hype, Boosts, the Score."""
    return _reckoning(game, state, state.piles[nomination], state.boosts[nomination], reader)


def _reckoning(
    game: GtpagGame,
    state: GtpagState,
    pile: list[int] | tuple[int, ...],
    boosters: list[int] | tuple[int, ...],
    reader: Reader,
) -> list[str]:
    """The tally of these chips and Boosts, step by step, ending with the Score."""
    kinds = [state.kinds[c] for c in pile]
    lines = [
        "chips: " + (", ".join(chip_with_owner(game, state, c, reader) for c in pile) or "none")
    ]
    values = [game._kind_value[k] for k in kinds if game._kind_value[k]]
    score = sum(values)
    terms = " ".join(f"{v:+d}" for v in values)
    lines.append(f"values {terms} = {score}" if terms else "values: none, 0")
    inverts = sum(game._kind_invert[k] for k in kinds)
    if inverts and any(game._kind_house[k] for k in kinds):
        lines.append(f"{_count(inverts, 'Invert')} ignored (House Rule): {score}")
    elif inverts:
        if inverts % 2:
            score = -score
        lines.append(f"{_count(inverts, 'Invert')} ({'odd' if inverts % 2 else 'even'}): {score}")
    bonus = sum(game._kind_bonus[k] for k in kinds)
    if bonus:
        score += bonus
        lines.append(f"Hype {bonus:+d}: {score}")
    if boosters:
        each = game.params.boost_value
        score += each * len(boosters)
        lines.append(
            "Boosts " + ", ".join(f"{who(s, reader)} {each:+d}" for s in boosters) + f": {score}"
        )
    lines.append(f"Score {score}")
    return lines


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'s' if number != 1 else ''}"


def sheet(game: GtpagGame, state: GtpagState) -> dict[str, Any]:
    """The final view's score sheet: each seat's preference for the pick (its score, D3, G16)
    as its one item; each Nomination's tally, step by step, as the details."""
    outcome = game.outcome(state)
    assert outcome is not None
    title = game.picked_title(state)
    items = []
    for seat, score in enumerate(outcome.scores):
        if title is None:
            items.append([ScoreItem("nothing picked", score)])
        else:
            detail = "its favourite" if seat in outcome.winners else ""
            items.append([ScoreItem(f"preference for {title}", score, detail)])
    details = _details(game, state)
    notes = [
        "Each seat scores its own preference for the picked game (D3, G16); its other "
        "preferences stay private.",
    ]
    for count, tally in enumerate(state.tie_history):
        top = max(score for _, score in tally)
        tied = " and ".join(title_of(game, state, j) for j, score in tally if score == top)
        scores = ", ".join(f"{title_of(game, state, j)} {score}" for j, score in tally)
        notes.append(f"{_stage(count)} tally: {scores}; {tied} tied at {top} (R15).")
    if state.drawn:
        notes.append("Picked by a random draw among the tied (D7, G17).")
    if state.capped:
        notes.append("Stopped at the safety cap and tallied as it stood (G18).")
    return score_sheet(items, outcome.scores, details, notes)


def _stage(tie_round: int) -> str:
    return "Bidding" if tie_round == 0 else f"Tie round {tie_round}"


def _details(game: GtpagGame, state: GtpagState) -> list[ScoreDetail]:
    """Every tally of the match, step by step: the Bidding's, then each tie round's (R13,
    R15, G23); a single Nomination is picked without one (D4)."""
    if state.round == 0 and not state.capped:
        return [
            ScoreDetail(
                _nomination_head(game, state, j) + " (picked)",
                ("the only Nomination: picked at once, without Bidding (D4)",),
            )
            for j in range(len(state.piles))
        ]
    details = []
    for count, tally in enumerate(state.tie_history):
        piles, boosts = state.tie_flips[count], state.tie_boosts[count]
        for j, _ in tally:
            head = f"{_stage(count)} tally: {_nomination_head(game, state, j)}"
            details.append(
                ScoreDetail(head, tuple(_reckoning(game, state, piles[j], boosts[j], None)))
            )
    for j in range(len(state.piles)):
        if state.active >> j & 1:
            head = f"{_stage(state.tie_round)} tally: {_nomination_head(game, state, j)}"
            if j == state.picked:
                head += " (picked)"
            details.append(ScoreDetail(head, tuple(tally_lines(game, state, j, None))))
    return details


def _nomination_head(game: GtpagGame, state: GtpagState, nomination: int) -> str:
    return (
        f"n{nomination + 1} {title_of(game, state, nomination)}, nominated by Seat "
        f"{state.nominators[nomination]}"
    )
