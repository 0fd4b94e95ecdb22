"""What the playtest lab measures in G.Nome (RULES.md "Playtest measures", M1-M3).

The lab calls these hooks on full states, as an observer: their figures reach reports only,
never a seat, so they may read Secret cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamenight.games.gnome import actions as kinds
from gamenight.games.gnome import state as phases
from gamenight.games.gnome.actions import Action
from gamenight.games.gnome.state import GnomeState

if TYPE_CHECKING:
    from gamenight.games.gnome.rules import GnomeGame

Use = tuple[int, str]


def colour_names(game: GnomeGame) -> tuple[str, ...]:
    """M2: "colour NAME" for every Research card kind (C1: the GNA colours, White,
    Multicolour), by kind."""
    return tuple(f"colour {name}" for name in game.params.card_names)


def teamwork_names(game: GnomeGame) -> tuple[str, ...]:
    """M2: "teamwork N" for every Teamwork card (C4), by number (empty names for gaps)."""
    values = set(game.params.teamwork)
    return tuple(f"teamwork {v}" if v in values else "" for v in range(max(values) + 1))


DIGIT = 10  # bits per card kind in a collection's code: counts up to 1023 (G12: far more)
MAX_REMEMBERED = 1 << 16  # collection results a tally keeps (the published rules meet ~5,000)


class Tally:
    """M1: the standings of the state last asked about, kept up to date card by card.

    The lab asks after every action, and most actions (commitments) move no card, so
    recomputing every seat's result each time would cost several times the action itself.
    The tally remembers which state it followed (holding it, so the identity stays that
    state's), a key saying where that state was, each seat's collection as a code (the
    count of each card kind, ``DIGIT`` bits per kind) and how far it has read the
    collections. A new card adds its kind's weight to its holder's code, and the holder's
    result is looked up by code (scored once per distinct collection). Caveat: it relies
    on a state moving forward by ``apply`` only; a state changed by hand must be asked
    about as a new object.
    """

    __slots__ = (
        "base",
        "codes",
        "game_number",
        "individual_seen",
        "key",
        "result",
        "results",
        "scores",
        "session",
        "shared_seen",
        "state",
        "weights",
    )

    def __init__(self, game: GnomeGame) -> None:
        self.weights = tuple(1 << DIGIT * kind for kind in range(len(game.params.card_names)))
        self.results: dict[int, int] = {}  # R24 by collection code, filled as met
        self.session = game.params.session_games > 1
        self.state: GnomeState | None = None
        self.key: tuple[int, int, int, int] = (-1, -1, -1, -1)
        self.game_number = -1
        self.base: list[int] = []  # D9: results of the session's finished games, by seat
        self.codes: list[int] = []  # each seat's collection, coded
        self.individual_seen: list[int] = []  # Individual cards counted, by seat
        self.shared_seen = 0  # Shared cards counted
        self.scores: list[float] = []  # the standings: R24 on the collection, plus the base
        self.result: tuple[float, ...] = ()

    @staticmethod
    def key_of(state: GnomeState) -> tuple[int, int, int, int]:
        """Where a state is, as far as collections go (``GnomeGame.standings`` builds the same
        key inline, to save a call). Cards reach a collection only from the offer or as the
        pending card (R12, R36, D5); the offer only shrinks within a round, the deck with
        every round, and a session's games only go forward: so the key changes whenever a
        collection has. A capped end (G11) changes no collection and no figure."""
        return (state.game_number, len(state.deck), len(state.offer), state.pending)

    def update(
        self, game: GnomeGame, state: GnomeState, key: tuple[int, int, int, int]
    ) -> tuple[float, ...]:
        """M1 for a state the tally has not seen where it is now: add the cards that
        arrived since to their holders' codes and look their results up."""
        self.key = key
        if self.state is not state or self.game_number != key[0]:
            self._restart(game, state)
        elif self.session and state.phase == phases.OVER:
            self.scores = list(standings(game, state))  # D9: every game in the history now
        else:
            codes, weights = self.codes, self.weights
            changed = 0  # bit mask of the seats that got a card
            shared = state.shared
            if len(shared) != self.shared_seen:
                for kind, seat, partner in shared[self.shared_seen :]:
                    codes[seat] += weights[kind]
                    codes[partner] += weights[kind]
                    changed |= 1 << seat | 1 << partner
                self.shared_seen = len(shared)
            seen = self.individual_seen
            for seat, cards in enumerate(state.individual):
                if len(cards) != seen[seat]:
                    for kind in cards[seen[seat] :]:
                        codes[seat] += weights[kind]
                    seen[seat] = len(cards)
                    changed |= 1 << seat
            results, scores, base = self.results, self.scores, self.base
            seat = 0
            while changed:
                if changed & 1:
                    found = results.get(codes[seat])
                    if found is None:
                        found = self._score(game, codes[seat])
                    scores[seat] = float(base[seat] + found)
                changed >>= 1
                seat += 1
        self.result = tuple(self.scores)
        return self.result

    def _score(self, game: GnomeGame, code: int) -> int:
        """R19-R24 for the collection of this code, remembered."""
        mask = (1 << DIGIT) - 1
        counts = tuple(code >> DIGIT * kind & mask for kind in range(len(self.weights)))
        if len(self.results) >= MAX_REMEMBERED:  # designer parameters may make many
            self.results.clear()
        found: int = game.scorer.best(counts)[0]
        self.results[code] = found
        return found

    def _restart(self, game: GnomeGame, state: GnomeState) -> None:
        n = state.num_players
        weights = self.weights
        self.state = state
        self.game_number = state.game_number
        self.codes = codes = [0] * n
        for seat, card in enumerate(state.secret):
            if card >= 0:
                codes[seat] += weights[card]
        for seat, cards in enumerate(state.individual):
            for card in cards:
                codes[seat] += weights[card]
        for card, seat, partner in state.shared:
            codes[seat] += weights[card]
            codes[partner] += weights[card]
        self.individual_seen = [len(cards) for cards in state.individual]
        self.shared_seen = len(state.shared)
        history = state.history
        self.base = [sum(record.scores[seat] for record in history) for seat in range(n)]
        if self.session and state.phase == phases.OVER:
            self.scores = list(standings(game, state))
            return
        results, base = self.results, self.base
        scores = self.scores = [0.0] * n
        for seat, code in enumerate(codes):
            found = results.get(code)
            if found is None:
                found = self._score(game, code)
            scores[seat] = float(base[seat] + found)


def standings(game: GnomeGame, state: GnomeState) -> tuple[float, ...]:
    """M1: every seat's research result so far (R19-R24 on its collection now, Secret card
    included); in a session, plus the results of the games already finished (D9).

    The plain computation, for reference and tests; the game answers through its
    :class:`Tally`, which gives the same figures at a fraction of the cost."""
    n = state.num_players
    totals = [sum(record.scores[seat] for record in state.history) for seat in range(n)]
    if state.phase == phases.OVER and game.params.session_games > 1:
        return tuple(float(total) for total in totals)
    current = game.scores(state)
    return tuple(float(totals[seat] + current[seat]) for seat in range(n))


def component_uses(
    game: GnomeGame, state: GnomeState, player: int, action: Action
) -> tuple[Use, ...]:
    """M2: a Teamwork card played; a Research card's colour for every seat whose collection
    the action puts it in (the picker, and the partner of a Shared card)."""
    kind = action.kind
    if kind == kinds.PLAY:
        return ((player, game.teamwork_names[action.index]),)
    if kind == kinds.TAKE:
        colour = game.colour_names[action.index]
        step, _, partner = state.queue[-1]
        if step == phases.SHARED:
            return ((player, colour), (partner, colour))
        return ((player, colour),)
    # SHARE (R36): the named seat now holds the card the picker took
    return ((action.index, game.colour_names[state.pending]),)


def rounds_played(game: GnomeGame, state: GnomeState) -> int:
    """M3: the rounds begun in the match, over every game of a session (D1, R29)."""
    return state.game_number * game.params.rounds + state.round
