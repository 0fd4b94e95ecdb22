"""Explicit positions for Pink Godzilla Dev Kit tests.

A :class:`Table` starts with every card in the draw deck and moves named cards (by label) to
where a test wants them, so the components stay complete; ``match()`` wraps the position in a
:class:`Match`, whose checks (and error messages) are the ones players meet.
"""

from __future__ import annotations

from typing import Any

from gamenight.core.engine import Match
from gamenight.core.registry import entry
from gamenight.core.rng import Rng
from gamenight.games.pgdk import cards as cardlib
from gamenight.games.pgdk import state as phases
from gamenight.games.pgdk.bots import PgdkPlayout
from gamenight.games.pgdk.rules import PgdkGame
from gamenight.games.pgdk.state import PgdkState, Project


def make_game(**overrides: Any) -> PgdkGame:
    return PgdkGame(PgdkGame.params_from(overrides))


class Table:
    def __init__(
        self,
        game: PgdkGame | None = None,
        players: int = 4,
        active: int = 0,
        phase: int = phases.DEVELOP,
        seed: int = 0,
    ) -> None:
        self.game = game or make_game()
        self.state = PgdkState(players, self.game.num_cards, self.game.num_colours, Rng(seed))
        deck = list(range(self.game.num_cards))
        Rng(seed).shuffle(deck)
        self.state.deck = deck
        self.state.active = active
        self.state.actor = active
        self.state.phase = phase
        self.state.plays_left = self.game.params.plays_per_turn

    # -- moving named cards ----------------------------------------------------------------
    def take(self, label: str) -> int:
        """A card with this label, taken out of the draw deck."""
        kind = self.game.kind_by_label[label]
        for card in self.state.deck:
            if self.game.kind_of[card] == kind:
                self.state.deck.remove(card)
                return card
        raise AssertionError(f"no {label} left in the deck")

    def hand(self, seat: int, *labels: str) -> list[int]:
        cards = [self.take(label) for label in labels]
        self.state.hands[seat] += cards
        return cards

    def row(self, *labels: str) -> list[int]:
        cards = [self.take(label) for label in labels]
        self.state.row += cards
        return cards

    def discard(self, *labels: str) -> list[int]:
        cards = [self.take(label) for label in labels]
        self.state.discard += cards
        return cards

    def deck_top(self, *labels: str) -> None:
        """Put these cards on top of the draw deck, the first named drawn first."""
        cards = [self.take(label) for label in labels]
        self.state.deck += list(reversed(cards))

    def empty_deck(self) -> None:
        """Move every card still in the deck to the discard pile's bottom (keeps components)."""
        self.state.discard[0:0] = self.state.deck
        self.state.deck = []

    def project(self, seat: int, *labels: str) -> Project:
        built = self.game.build([self.take(label) for label in labels])
        assert built is not None
        self.state.projects[seat].append(built)
        return built

    def completed(self, seat: int, *labels: str) -> Project:
        built = self.game.build([self.take(label) for label in labels])
        assert built is not None
        done = Project(
            built.cards,
            built.colours,
            built.names,
            built.title,
            built.gears,
            built.wild,
            built.chars,
            built.upgrades,
            built.value,
            True,
            False,
        )
        self.state.completed[seat].append(done)
        self.state.colours_done |= built.colours
        return done

    def special(self, seat: int, label: str) -> None:
        card = self.take(label)
        self.state.specials[seat].append(card)
        kind = self.game.deck_list.kinds[self.game.kind_of[card]]
        self.state.abilities[seat] |= 1 << kind.power
        if kind.power == cardlib.CLONE:
            self.state.clone_owner[kind.colours.bit_length() - 1] = seat

    def develop(self, seat: int = 0, plays: int = 2) -> None:
        """Make it ``seat``'s Development Phase with ``plays`` plays left."""
        state = self.state
        state.active = state.actor = seat
        state.phase = phases.DEVELOP
        state.plays_left = plays

    # -- playing ------------------------------------------------------------------------------
    def match(self) -> Match:
        match = Match(self.game, self.state.num_players, 0)
        match.state = self.state
        return match

    def labels(self, cards: list[int]) -> list[str]:
        return [self.game.labels[self.game.kind_of[c]] for c in cards]

    def hand_labels(self, seat: int) -> list[str]:
        return sorted(self.labels(self.state.hands[seat]))


def play_out(match: Match, *moves: tuple[int, str]) -> None:
    for seat, text in moves:
        match.apply(seat, text)


def policy_for(game: PgdkGame) -> PgdkPlayout:
    """A new playout policy for ``game``, as the registry makes it (nothing kept yet)."""
    factory = entry("pgdk").playout
    assert factory is not None
    policy = factory(game)
    assert isinstance(policy, PgdkPlayout)
    return policy
