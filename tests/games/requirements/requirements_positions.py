"""Explicit positions for the Requirements rule tests.

Coins are written ``"Moxie/Spunk"`` (exposed/hidden) and tiles ``"Moxie/Spunk"``. Every coin
and tile exists once (RULES C2, C3); whatever a position does not place goes to the Pool
(low trait up) and the stack. ``build`` sets up the table *before* a round; the round then
starts by the rules (``game.start_round``) with ``requirement`` turned up.
"""

from __future__ import annotations

from collections.abc import Sequence

from gamenight.core.journal import Journal
from gamenight.core.rng import Rng
from gamenight.games.requirements.rules import RequirementsGame
from gamenight.games.requirements.state import RequirementsState

GAME = RequirementsGame()


def trait(name: str) -> int:
    return GAME.params.traits.index(name)


def pair_id(text: str) -> int:
    a, b = (trait(part) for part in text.split("/"))
    return GAME.params.pair_index[(min(a, b), max(a, b))]


class Table:
    """Builds a state coin by coin, checking that nothing is used twice."""

    def __init__(self, game: RequirementsGame = GAME) -> None:
        self.game = game
        self.state = RequirementsState(2, Rng(0))
        n = len(game.pairs)
        self.up = [game.pairs[c][0] for c in range(n)]
        self.down = [game.pairs[c][1] for c in range(n)]
        self.used_coins: set[int] = set()
        self.used_tiles: set[int] = set()

    def coin(self, text: str) -> int:
        shown, hidden = text.split("/")
        c = pair_id(text)
        assert c not in self.used_coins, f"coin {text} used twice"
        self.used_coins.add(c)
        self.up[c], self.down[c] = trait(shown), trait(hidden)
        return c

    def coins(self, texts: Sequence[str]) -> list[int]:
        return [self.coin(text) for text in texts]

    def tile(self, text: str) -> int:
        t = pair_id(text)
        assert t not in self.used_tiles, f"tile {text} used twice"
        self.used_tiles.add(t)
        return t


def build(
    *,
    requirement: str,
    first: int = 0,
    reserves: Sequence[Sequence[str]] = ((), ()),
    bids: Sequence[Sequence[str]] = ((), ()),
    accomplishments: Sequence[Sequence[tuple[Sequence[str], Sequence[str]]]] = ((), ()),
    discard: Sequence[str] = (),
    failed: Sequence[str] = (),
    pool_top: Sequence[str] = (),
    stack_left: int | None = None,
    game: RequirementsGame = GAME,
    narrate: bool = False,
) -> RequirementsState:
    """A table before the round in which ``requirement`` is turned up, then that round begun.

    ``pool_top`` coins are put on top of their Pool stacks (last = top). ``stack_left`` keeps
    only that many face-down tiles under the Requirement (the rest are left out of play).
    ``narrate`` keeps a public log (``state.journal``) from the round's start on.
    """
    table = Table(game)
    state = table.state
    for seat in range(2):
        state.reserve[seat] = table.coins(reserves[seat])
        state.bid[seat] = table.coins(bids[seat])
        for tiles, coins in accomplishments[seat]:
            state.acc_tiles[seat].append([table.tile(t) for t in tiles])
            state.acc_coins[seat].append(table.coins(coins))
    state.discard = table.coins(discard)
    state.failed = [table.tile(t) for t in failed]
    top = table.tile(requirement)
    tops = table.coins(pool_top)
    state.pool = [[] for _ in game.params.traits]
    for c in range(len(game.pairs)):
        if c not in table.used_coins:
            state.pool[table.up[c]].append(c)
    for c in tops:
        state.pool[table.up[c]].append(c)
    state.coin_up, state.coin_down = tuple(table.up), tuple(table.down)
    rest = [t for t in range(len(game.pairs)) if t not in table.used_tiles]
    if stack_left is not None:
        rest = rest[:stack_left]
    state.stack = [*rest, top]
    state.first = first
    state.recount()  # M1 and the reserves' counts: apply keeps them from here on
    if narrate:
        state.journal = Journal()
    game.start_round(state)
    return state


def act(state: RequirementsState, *texts: str, game: RequirementsGame = GAME) -> None:
    """Apply actions by notation, each by the seat to act, checking each is legal."""
    for text in texts:
        actor = game.to_act(state)[0]
        action = game.parse_action(text)
        legal = game.legal_actions(state, actor)
        assert action in legal, f"{text!r} not legal for seat {actor}: {[str(a) for a in legal]}"
        game.apply(state, actor, action)


def legal(state: RequirementsState, game: RequirementsGame = GAME) -> list[str]:
    actors = game.to_act(state)
    return [str(a) for a in game.legal_actions(state, actors[0])] if actors else []


def names(state: RequirementsState, coins: Sequence[int]) -> list[str]:
    traits = GAME.params.traits
    return [f"{traits[state.coin_up[c]]}/{traits[state.coin_down[c]]}" for c in coins]


def tile_names(tiles: Sequence[int]) -> list[str]:
    traits = GAME.params.traits
    return [f"{traits[GAME.pairs[t][0]]}/{traits[GAME.pairs[t][1]]}" for t in tiles]
