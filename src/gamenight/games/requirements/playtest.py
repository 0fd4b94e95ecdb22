"""What the playtest lab measures in A Game of Requirements (RULES.md M1-M3).

Only the lab calls these, never a search or a seat: they read the full state, like the score
sheet, and their figures reach reports only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamenight.games.requirements import actions as kinds
from gamenight.games.requirements import state as phases
from gamenight.games.requirements.actions import Action
from gamenight.games.requirements.params import RequirementsParams
from gamenight.games.requirements.state import RequirementsState

if TYPE_CHECKING:
    from gamenight.games.requirements.rules import RequirementsGame

Uses = tuple[tuple[int, str], ...]

# M2: what each kind of action puts to use, by action kind (a list lookup, so the many actions
# that use nothing cost one comparison)
NOTHING, RESERVE_COIN, POOL_COIN, BID_COIN, CLAIMANT_TILE, OWN_TILE, OTHER_TILE = range(7)
_USE = [NOTHING] * (max(kinds.Kind) + 1)
_USE[kinds.PAY] = _USE[kinds.BID_RESERVE] = RESERVE_COIN  # R11, D3 / R12, D5
_USE[kinds.BID_POOL] = POOL_COIN  # R12, D5
_USE[kinds.SPECTACLE] = BID_COIN  # R15c
_USE[kinds.ACCEPT] = CLAIMANT_TILE  # R14: unchallenged, the claimant wins
_USE[kinds.PROVE] = OWN_TILE  # R14: the claimant proves and wins
_USE[kinds.CONCEDE] = OTHER_TILE  # R14, D6: the challenger wins


class ComponentNames:
    """Every component kind's name, built once per game instance (M2)."""

    def __init__(self, params: RequirementsParams) -> None:
        traits = params.traits
        self.trait = tuple(f"trait {name}" for name in traits)
        pairs = tuple(f"{traits[low]}·{traits[high]}" for low, high in params.pairs)
        self.tile = tuple(f"tile {pair}" for pair in pairs)
        self.coin = tuple(f"coin {pair}" for pair in pairs)

    def every(self) -> frozenset[str]:
        """Every name ``component_uses`` may give."""
        return frozenset((*self.trait, *self.tile, *self.coin))


def standings(state: RequirementsState) -> tuple[float, ...]:
    """M1: R17 applied to the table as it is: Greatness x Spectacle so far, per seat (kept
    up to date by ``apply``, so this costs nothing)."""
    return state.score


def component_uses(
    game: RequirementsGame, state: RequirementsState, player: int, action: Action
) -> Uses:
    """M2: the coin put to use and the trait it shows, or the tile won, by this action."""
    use = _USE[action.kind]
    if use == NOTHING:
        return ()
    names = game.component_names
    if use == RESERVE_COIN:
        coin = state.reserve[player][action.index]
        if state.phase == phases.RECEPTIVE:  # G3: the first coin paid meets the Requirement
            return (
                (player, names.coin[coin]),
                (player, names.trait[state.coin_up[coin]]),
                (player, names.tile[state.requirement]),
            )
    elif use == POOL_COIN:
        coin = state.pool[action.index][-1]
    elif use == BID_COIN:
        coin = state.bid[player][action.index]
    else:
        if use == CLAIMANT_TILE:
            winner = state.claimant
        elif use == OWN_TILE:
            winner = player
        else:
            winner = 1 - player
        return ((winner, names.tile[state.requirement]),)
    return ((player, names.coin[coin]), (player, names.trait[state.coin_up[coin]]))


def rounds_played(state: RequirementsState) -> int:
    """M3: the rounds begun (R7, R8), the last one included, whether the game ended in it
    (R16, G5) or with it (D9)."""
    return state.round
