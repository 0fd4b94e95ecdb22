"""Why an action is illegal, in one line that names the rule (RULES.md numbers)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamenight.games.gtpag.actions import (
    CHIP_TARGET_TRAITS,
    KIND_TRAIT,
    PLACED_TRAITS,
    Action,
    Kind,
    chip_name,
)
from gamenight.games.gtpag.params import RAID, SWITCHEROO, TRAIT_NAMES, TRAIT_WORDS
from gamenight.games.gtpag.state import GtpagState, Phase

if TYPE_CHECKING:
    from gamenight.games.gtpag.rules import GtpagGame

_STEP: dict[int, tuple[str, str]] = {
    Phase.NOMINATION: ("R2", "it is the Nomination round: nominate TITLE, or pass"),
    Phase.BIDDING: ("R4", "it is your Bidding turn: play one chip (bid CHIP nN, or your Trait)"),
    Phase.TRAIT: ("D2", "finish your Trait first"),
    Phase.BOOSTING: ("R12", "it is your Boost: boost nN, or decline"),
    Phase.TIE: ("D7", "it is a tie round: play one Bid chip on a tied Nomination (bid CHIP nN)"),
}
_TRAIT_RULE = {code: f"D2.{code + 1}" for code in range(len(TRAIT_NAMES))}


def explain(game: GtpagGame, state: GtpagState, player: int, action: Action) -> str:
    phase = state.phase
    if phase == Phase.OVER:
        return "the game is over"
    if player != state.actor:
        return f"it is seat {state.actor}'s turn, not seat {player}'s"
    rule, step = _STEP[phase]
    kind = action.kind
    if phase == Phase.NOMINATION:
        return _nomination(game, state, action, rule, step)
    if phase == Phase.BOOSTING:
        if kind == Kind.BOOST:
            return _nomination_missing(state, action.a, "R12")
        return f"{rule}: '{action}' is not possible now; {step}"
    if phase == Phase.TIE:
        if kind == Kind.BID:
            return _bid(game, state, player, action, "R15, D7")
        if kind in KIND_TRAIT:
            return f"D7: tie rounds use Bid chips only, no Traits; {step}"
        return f"{rule}: '{action}' is not possible now; {step}"
    if phase == Phase.TRAIT:
        return _finishing(game, state, action)
    if kind == Kind.BID:
        return _bid(game, state, player, action, "R5, D5")
    if kind in KIND_TRAIT:
        return _trait(game, state, player, action)
    return f"{rule}: '{action}' is not possible now; {step}"


def _nomination(game: GtpagGame, state: GtpagState, action: Action, rule: str, step: str) -> str:
    if action.kind == Kind.NOMINATE:
        if action.a in state.titles:
            number = state.titles.index(action.a) + 1
            return f"D4: {game.titles[action.a]} is already nominated (n{number})"
        return f"R2: '{action}' is not possible now; {step}"
    if action.kind == Kind.PASS:
        return "D4: nobody has nominated yet, so the last character must nominate a game"
    return f"{rule}: '{action}' is not possible now; {step}"


def _nomination_missing(state: GtpagState, j: int, rule: str) -> str:
    if j >= len(state.piles):
        return f"{rule}: there is no Nomination n{j + 1} (there are {len(state.piles)})"
    if not state.active >> j & 1:
        return f"R15: n{j + 1} is out of the tie round; choose a tied Nomination"
    return f"{rule}: n{j + 1} cannot be chosen now"


def _bid(game: GtpagGame, state: GtpagState, player: int, action: Action, rule: str) -> str:
    hand = state.hand[player]
    label = game.labels[action.a]
    if not any(hand >> slot & 1 for slot in game._kind_slots[action.a]):
        held = [game.labels[game.slot_kind[s]] for s in range(game.num_bid) if hand >> s & 1]
        return f"{rule}: you have no {label} Bid chip left (you hold: {', '.join(held) or 'none'})"
    return _nomination_missing(state, action.b, rule)


def _chip_problem(state: GtpagState, j: int, i: int, rule: str) -> str | None:
    """Why chip (j, i) is no face-down Bid chip on a Nomination in play, or None."""
    if j < 0:
        return f"{rule}: name the chip (nN.M: Nomination N, its M-th chip)"
    if j >= len(state.piles) or not state.active >> j & 1:
        return _nomination_missing(state, j, rule)
    if i >= len(state.piles[j]):
        return f"{rule}: n{j + 1} has no chip {chip_name(j, i)} (it holds {len(state.piles[j])})"
    if state.face_up >> state.piles[j][i] & 1:
        return f"G11: {chip_name(j, i)} is face up; Traits aim only at face-down Bid chips"
    return None


def _trait(game: GtpagGame, state: GtpagState, player: int, action: Action) -> str:
    trait = KIND_TRAIT[action.kind]
    name = TRAIT_NAMES[trait]
    if not game.params.use_traits:
        return "R1: this game is played without Traits (variant no-traits)"
    own = state.kinds[player * game.per_seat + game.trait_slot] - 100
    if own != trait:
        return f"D2: your Trait is {TRAIT_NAMES[own]}, not {name}"
    if not state.hand[player] & game.trait_bit:
        return f"D5: you have already played your {name} chip"
    rule = _TRAIT_RULE[trait]
    legal = game.legal_actions(state, player)
    if action.a < 0:
        example = next(a for a in legal if a.kind == action.kind)
        return f"D5: {name} has a legal target, so choose one (e.g. '{example}')"
    if trait in PLACED_TRAITS:
        return _nomination_missing(state, action.a, rule)
    if trait in CHIP_TARGET_TRAITS:
        problem = _chip_problem(state, action.a, action.b, rule)
        if problem:
            return problem
        if trait == SWITCHEROO:
            chip = chip_name(action.a, action.b)
            return f"G8: {chip} has no face-down partner on another Nomination"
        if trait == RAID:
            return "G9: Raid needs another Nomination to move the chip to"
    return f"{rule}: '{action}' is not possible now"


def _finishing(game: GtpagGame, state: GtpagState, action: Action) -> str:
    trait = state.pending_trait
    word = TRAIT_WORDS[trait]
    source = state.pending >> 8
    if trait == SWITCHEROO:
        if action.kind != Kind.WITH:
            return "D2.2: finish your Switcheroo: choose the second chip (with nN.M)"
        problem = _chip_problem(state, action.a, action.b, "D2.2")
        if problem:
            return problem
        if action.a == source:
            return "D2.2: Switcheroo swaps chips on different Nominations; choose another one"
    elif trait == RAID:
        if action.kind != Kind.TO:
            return "D2.7: finish your Raid: choose where the chip goes (to nN)"
        if action.a == source:
            return "D2.7: Raid moves the chip to another Nomination"
        return _nomination_missing(state, action.a, "D2.7")
    else:
        if action.kind not in (Kind.SCOUT, Kind.DONE):
            return "D2.6: finish your Scout: look at another chip (scout nN.M), or done"
        problem = _chip_problem(state, action.a, action.b, "D2.6")
        if problem:
            return problem
        return f"G7: you have already looked at {chip_name(action.a, action.b)} in this Scout"
    return f"D2: '{action}' is not possible while you resolve your {word}"
