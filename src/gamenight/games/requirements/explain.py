"""Why an action is illegal, in one line that names the rule (RULES.md numbers)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamenight.games.requirements.actions import Action, Kind
from gamenight.games.requirements.state import Phase, RequirementsState

if TYPE_CHECKING:
    from gamenight.games.requirements.rules import RequirementsGame

_STEP: dict[int, tuple[str, str]] = {
    Phase.RECEPTIVE: ("rule 10", "it is your chance to meet the Requirement: pass, or pay rN"),
    Phase.PAYING: ("rule 11", "you are paying for the Requirement: pay rN"),
    Phase.PLACING: ("D4", "choose the Accomplishment for the tile: place aN"),
    Phase.BIDDING: ("rule 12", "it is your bid: bid rN, bid pool TRAIT, or decline"),
    Phase.CLAIMING: ("rule 12", "you have just bid: claim (It's done!) or no-claim"),
    Phase.CHALLENGE: ("rule 14", "answer the claim: challenge or accept"),
    Phase.PROOF: ("rule 14", "your claim was challenged: prove or concede"),
    Phase.TAKING: ("D6", "take one coin of the other bid: take bN"),
    Phase.SPECTACLE: ("rule 15c", "add Spectacle from your bid: spectacle bN, or done"),
}
_KINDS: dict[int, set[int]] = {
    Phase.RECEPTIVE: {Kind.PASS, Kind.PAY},
    Phase.PAYING: {Kind.PAY},
    Phase.PLACING: {Kind.PLACE},
    Phase.BIDDING: {Kind.BID_POOL, Kind.BID_RESERVE, Kind.DECLINE},
    Phase.CLAIMING: {Kind.CLAIM, Kind.NO_CLAIM},
    Phase.CHALLENGE: {Kind.CHALLENGE, Kind.ACCEPT},
    Phase.PROOF: {Kind.PROVE, Kind.CONCEDE},
    Phase.TAKING: {Kind.TAKE},
    Phase.SPECTACLE: {Kind.SPECTACLE, Kind.DONE},
}


def explain(game: RequirementsGame, state: RequirementsState, player: int, action: Action) -> str:
    if state.phase == Phase.OVER:
        return "the game is over"
    rule, step = _STEP[state.phase]
    if action.kind not in _KINDS[state.phase]:
        return f"{rule}: '{action}' is not possible now; {step}"
    names = game.params.traits
    up = state.coin_up
    number = action.index + 1
    if action.kind == Kind.PAY:
        reserve = state.reserve[player]
        if action.index >= len(reserve):
            return f"rule 11: you have no coin r{number} (your reserve holds {len(reserve)})"
        if action.index in (*state.routes[0], *state.routes[1]):
            return f"G3: r{number} is already part of this payment"
        need = names[game.pairs[state.requirement][state.need]]
        shown = names[up[reserve[action.index]]]
        return (
            f"rule 11, D3: r{number} shows {shown}, which cannot help pay for {need} "
            "with what is left in your reserve"
        )
    if action.kind in (Kind.BID_RESERVE, Kind.BID_POOL):
        low, high = game.pairs[state.requirement]
        wanted = f"{names[low]} or {names[high]}" if low != high else names[low]
        if action.kind == Kind.BID_POOL:
            if action.index in (low, high):
                return f"D5: the Pool has no coin showing {names[action.index]} left"
            shown = names[action.index]
            return f"rule 12: a bid coin must show {wanted}; that Pool stack shows {shown}"
        reserve = state.reserve[player]
        if action.index >= len(reserve):
            return f"D5: you have no coin r{number} (your reserve holds {len(reserve)})"
        shown = names[up[reserve[action.index]]]
        return f"rule 12: a bid coin must show {wanted}; r{number} shows {shown}"
    if action.kind == Kind.PLACE:
        return (
            f"D4: a{number} is not one of your Accomplishments whose top tile shares a trait "
            "with the tile"
        )
    if action.kind == Kind.PROVE:
        return "rule 14: the claim coin does not show both traits of the Requirement"
    if action.kind == Kind.TAKE:
        return f"D6: the other bid has no coin b{number}"
    if action.kind == Kind.SPECTACLE:
        bid = state.bid[player]
        if action.index >= len(bid):
            return f"rule 15c: your bid has no coin b{number}"
        trait = names[state.spectacle_trait]
        return f"rule 15c, D8: Spectacle coins must all show {trait}; b{number} does not"
    return f"{rule}: '{action}' is not possible now; {step}"
