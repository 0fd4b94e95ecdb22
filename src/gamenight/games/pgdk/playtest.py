"""What the playtest lab measures in Pink Godzilla Dev Kit (RULES.md "Playtest measures",
M1-M3).

The lab calls these hooks on full states, as an observer: their figures reach reports only,
never a seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamenight.games.pgdk import actions as kinds
from gamenight.games.pgdk import cards as cardlib
from gamenight.games.pgdk.actions import Action
from gamenight.games.pgdk.state import PgdkState

if TYPE_CHECKING:
    from gamenight.games.pgdk.rules import PgdkGame
    from gamenight.games.pgdk.tables import PgdkTables

Use = tuple[int, str]

# M2: the actions that put their card to work from the player's hand
_CARD_USES = frozenset((kinds.PLAY, kinds.TABLE, kinds.USE, kinds.USE_ON))


def card_names(game: PgdkTables) -> tuple[str, ...]:
    """M2: "card LABEL" for every card kind of the card list (C1, C4), by kind."""
    return tuple(f"card {label}" for label in game.labels)


def genre_names(game: PgdkTables) -> tuple[str, ...]:
    """M2: "genre NAME" for every colour of the card list (C3), by colour bit."""
    return tuple(f"genre {genre.genre}" for genre in game.deck_list.genres)


def standings(game: PgdkGame, state: PgdkState) -> tuple[float, ...]:
    """M1: the final scoring (R19, R20, D8) applied to the table as it stands: completed
    videogames, Special Abilities on the table, the completion and ranking bonuses.

    The plain computation; the game answers through its :class:`Tally`."""
    return tuple(map(float, game.scores(state)))


def scored_things(state: PgdkState) -> int:
    """How many completed videogames and Special Abilities lie on the table: all M1 depends
    on, and it only grows (R13: a completed game is never changed, Budget Cut touches games
    in development only, C3; R30: a Special Ability stays on the table)."""
    return sum(map(len, state.completed)) + sum(map(len, state.specials))


class Tally:
    """M1 of the state last asked about. The lab asks after every action, and only a
    completion or a Special Ability put on the table changes the figures, so they are
    recomputed only then (``PgdkGame.standings`` checks ``key`` inline). The tally holds the
    state it followed, so the identity stays that state's. Caveat: it relies on a state
    moving forward by ``apply`` only; a state changed by hand must be a new object."""

    __slots__ = ("key", "result", "state")

    def __init__(self) -> None:
        self.state: PgdkState | None = None
        self.key = -1  # scored_things of that state when last asked
        self.result: tuple[float, ...] = ()

    def update(self, game: PgdkGame, state: PgdkState, key: int) -> tuple[float, ...]:
        self.state = state
        self.key = key
        self.result = standings(game, state)
        return self.result


def component_uses(
    game: PgdkGame, state: PgdkState, player: int, action: Action
) -> tuple[Use, ...]:
    """M2: the card a seat puts to work from its hand, and the genre of a videogame it
    completes; nothing for the other actions (see RULES.md M2)."""
    kind = action.kind
    if kind == kinds.GODZILLA:  # D6: the Pink Godzilla's power, trading it away
        return ((player, game.card_names[action.give]),)
    if kind == kinds.GOLD:  # R15, D8: declared complete
        project = state.projects[player][action.slot]
        return ((player, game.genre_names[project.colours.bit_length() - 1]),)
    if kind not in _CARD_USES:
        return ()
    card = (player, game.card_names[action.card])
    completes = kind == kinds.USE_ON or (  # R27: the Neutral Guardian's power completes it
        kind == kinds.PLAY and game.k_type[action.card] == cardlib.EGG  # R28: at once
    )
    if completes:
        project = state.projects[player][action.slot]
        return (card, (player, game.genre_names[project.colours.bit_length() - 1]))
    return (card,)


def rounds_played(state: PgdkState, *, cut_short: bool) -> int:
    """M3: the rounds begun, a round being one turn of every seat (R17) from the first
    player's (D0). ``cut_short``: the match was stopped at the start of a turn (G8, G12),
    so that turn, counted in ``state.turn``, never began."""
    n = state.num_players
    turns = state.turn - 1 if cut_short else state.turn
    return (turns + n - 1) // n
