"""Why an action is illegal, in one line that names the rule (RULES.md numbers)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamenight.games.gnome.actions import Action, Kind
from gamenight.games.gnome.state import COMMIT, OVER, PARTNER, PICK, GnomeState

if TYPE_CHECKING:
    from gamenight.games.gnome.rules import GnomeGame


def explain(game: GnomeGame, state: GnomeState, player: int, action: Action) -> str:
    phase = state.phase
    if phase == OVER:
        return "the game is over"
    n = state.num_players
    if not 0 <= player < n:
        return f"there is no seat {player}"
    names = game.params.card_names
    if phase == COMMIT:
        if player not in state.actors:
            return "D3: you have already played a Teamwork card face down this round"
        if action.kind != Kind.PLAY:
            return (
                f"R7: every player is choosing a Teamwork card now; '{action}' is not "
                "possible (write play N)"
            )
        value = action.index
        if value in state.played[player]:
            when = state.played[player].index(value) + 1
            return (
                f"R16: Teamwork cards are played once per game; you played {value} in round {when}"
            )
        left = ", ".join(map(str, game.teamwork_left(state, player)))
        return f"R7: you have no Teamwork card {value} (your cards: {left})"
    if player != state.actor:
        return f"R12: seat {state.actor} is choosing now, not seat {player}"
    if phase == PICK:
        if action.kind != Kind.TAKE:
            return f"R12: it is your pick: take COLOUR from the offer; '{action}' is not possible"
        offer = ", ".join(names[c].lower() for c in sorted(set(state.offer)))
        return (
            f"R12: there is no {names[action.index]} card on offer; take one of the cards "
            f"on offer ({offer})"
        )
    if phase == PARTNER:
        others = " or ".join(f"share {seat}" for seat in range(n) if seat != player)
        if action.kind != Kind.SHARE:
            return f"R36: you must now choose whom to share the card with: {others}"
        if action.index == player:
            return f"R36, D6: the Shared card goes between you and another player: {others}"
        return f"R36: there is no seat {action.index}; write {others}"
    return f"'{action}' is not possible now"
