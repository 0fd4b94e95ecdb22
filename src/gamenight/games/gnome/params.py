"""Every number and component list of G.Nome, as data (RULES.md C1-C4, D1-D9, G1-G12).

Card kinds are numbered once per parameter set: the GNA colours first (in ``colours`` order),
then White, then Multicolour. Component lists are written as (name, count) pairs so a designer
can say ``research_base=[["Red",5],["White",1],...]`` on the command line.
"""

from __future__ import annotations

import dataclasses
from functools import cached_property

from gamenight.core.errors import InvalidParamsError
from gamenight.core.params import Params

COLOURS = ("Red", "Yellow", "Green", "Blue", "Purple")

CardList = tuple[tuple[str, int], ...]

MAX_CARDS = 300
"""The most cards any one component list (and cards_per_round) may name: far beyond the 32 of
the full game, yet small enough for setup, views and bots to stay quick (issue 11 item 11)."""


@dataclasses.dataclass(frozen=True)
class GnomeParams(Params):
    colours: tuple[str, ...] = COLOURS
    """C1: the GNA colours; each scores the square of how many a player holds (R22)."""
    white: str = "White"
    """C1, R21: broken GNA, scores 0 but completes the set of six (D7)."""
    multicolour: str = "Multicolour"
    """C1, R20, D7: counts as whichever GNA colour scores best for each holder."""
    research_base: CardList = (
        ("Red", 4),
        ("Yellow", 4),
        ("Green", 4),
        ("Blue", 4),
        ("Purple", 4),
        ("Multicolour", 2),
        ("White", 2),
    )
    """C2: the Research deck for 3 and 4 players."""
    research_6p: CardList = (
        ("Red", 1),
        ("Yellow", 1),
        ("Green", 1),
        ("Blue", 1),
        ("Purple", 1),
        ("Multicolour", 1),
        ("White", 2),
    )
    """C2, R4: the Research cards marked [6], added for 6 players."""
    secret_base: CardList = (("Red", 1), ("Green", 1), ("Blue", 1), ("Purple", 1))
    """C3, R3: the Secret Research deck."""
    secret_6p: CardList = (("Yellow", 2),)
    """C3, R3: the yellow Secret cards marked [6], added for 6 players."""
    secrets_3p: bool = False
    """R34: the 3-player variant plays without Secret cards; True deals them anyway."""
    teamwork: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9)
    """C4, R2: every player's set of Teamwork cards (distinct numbers)."""
    rounds: int = 8
    """D1: rounds per game; the deck must hold rounds x cards per round."""
    cards_per_round_3p: int = 2
    """R35: Research cards drawn each round with 3 players."""
    cards_per_round_4p: int = 3
    """R26: Research cards drawn each round with 4 players."""
    cards_per_round_6p: int = 4
    """R30: Research cards drawn each round with 6 players."""
    teams_4p: tuple[tuple[int, int], ...] = ((0, 2), (1, 3))
    """D2: partners with 4 players (opposite seats); session games 2 and 3 use the others."""
    teams_6p: tuple[tuple[int, int], ...] = ((0, 3), (1, 4), (2, 5))
    """D2: partners with 6 players (opposite seats)."""
    score_table: tuple[int, ...] = ()
    """R22: score for 0, 1, 2... cards of a colour; past its end (or if empty) see below."""
    score_exponent: int = 2
    """R22, D7: n cards of a colour beyond score_table score n ** score_exponent."""
    set_bonus: int = 10
    """R23, D7: bonus for a collection with all six different cards, at most once."""
    set_needs_white: bool = True
    """D7: the set of six is the five colours plus a White; False asks the colours only."""
    session_games: int = 1
    """R29, D9: games in a 4-player session (variant "session": 3), a new partner each."""
    max_actions: int = 5000
    """G11: safety cap on actions in a match; the match is then scored and marked capped."""

    def validate(self) -> None:
        colours = [name.strip() for name in self.colours]
        if not 1 <= len(colours) <= 12:
            raise InvalidParamsError("colours: between 1 and 12 GNA colours are needed")
        names = [*colours, self.white.strip(), self.multicolour.strip()]
        if any(not name or " " in name for name in names):
            raise InvalidParamsError(
                "colours, white, multicolour: every card needs a one-word name"
            )
        if len({name.lower() for name in names}) != len(names):
            raise InvalidParamsError("colours, white, multicolour: card names must differ")
        for field, cards in (
            ("research_base", self.research_base),
            ("research_6p", self.research_6p),
            ("secret_base", self.secret_base),
            ("secret_6p", self.secret_6p),
        ):
            for name, count in cards:
                if name.lower() not in {n.lower() for n in names}:
                    known = ", ".join(names)
                    raise InvalidParamsError(f"{field}: unknown card {name!r} (cards: {known})")
                if count < 0:
                    raise InvalidParamsError(f"{field}: {name} has a negative count")
            total = sum(count for _, count in cards)
            if total > MAX_CARDS:
                raise InvalidParamsError(f"{field}: at most {MAX_CARDS} cards in all, not {total}")
        values = self.teamwork
        if not values or len(set(values)) != len(values) or not all(1 <= v <= 60 for v in values):
            raise InvalidParamsError("teamwork: distinct numbers from 1 to 60 are needed")
        if not 1 <= self.rounds <= len(values):
            raise InvalidParamsError(
                f"rounds must be between 1 and {len(values)} (the Teamwork cards of a player)"
            )
        for players in (3, 4, 6):
            if not 1 <= self.cards_per_round(players) <= MAX_CARDS:
                raise InvalidParamsError(
                    f"cards_per_round_{players}p must be between 1 and {MAX_CARDS}"
                )
        _check_teams("teams_4p", self.teams_4p, 4)
        _check_teams("teams_6p", self.teams_6p, 6)
        if any(score < 0 for score in self.score_table):
            raise InvalidParamsError("score_table: scores cannot be negative")
        if not 0 <= self.score_exponent <= 4:
            raise InvalidParamsError("score_exponent must be between 0 and 4")
        if self.set_bonus < 0:
            raise InvalidParamsError("set_bonus cannot be negative")
        if not 1 <= self.session_games <= 3:
            raise InvalidParamsError(
                "session_games must be 1, 2 or 3 (each game needs a partner not had before)"
            )
        if self.max_actions < 1:
            raise InvalidParamsError("max_actions must be at least 1")

    def check_players(self, players: int) -> None:
        """What only a given player count needs: enough Research and Secret cards (D1, R3)."""
        per_round = self.cards_per_round(players)
        deck = len(self.research_deck(players))
        if deck < self.rounds * per_round:
            raise InvalidParamsError(
                f"{players} players: the Research deck holds {deck} cards, fewer than "
                f"rounds x cards_per_round_{players}p = {self.rounds * per_round}"
            )
        if self.uses_secrets(players) and len(self.secret_deck(players)) < players:
            raise InvalidParamsError(
                f"{players} players: the Secret deck needs at least {players} cards"
            )

    # -- derived data (cached: params are frozen) ------------------------------------------
    @cached_property
    def card_names(self) -> tuple[str, ...]:
        """Names by card kind: the colours, then White, then Multicolour."""
        return (*(c.strip() for c in self.colours), self.white.strip(), self.multicolour.strip())

    @cached_property
    def white_kind(self) -> int:
        return len(self.colours)

    @cached_property
    def multi_kind(self) -> int:
        return len(self.colours) + 1

    @cached_property
    def kind_of(self) -> dict[str, int]:
        """Card kind by lower-case name."""
        return {name.lower(): kind for kind, name in enumerate(self.card_names)}

    def _expand(self, cards: CardList) -> list[int]:
        kind_of = self.kind_of
        return [kind_of[name.lower()] for name, count in cards for _ in range(count)]

    def research_deck(self, players: int) -> tuple[int, ...]:
        """C2, R4: the Research cards in play, as card kinds."""
        cards = self._expand(self.research_base)
        if players == 6:
            cards += self._expand(self.research_6p)
        return tuple(sorted(cards))

    def secret_deck(self, players: int) -> tuple[int, ...]:
        """C3, R3: the Secret cards in play (none in the 3-player variant, R34)."""
        if not self.uses_secrets(players):
            return ()
        cards = self._expand(self.secret_base)
        if players == 6:
            cards += self._expand(self.secret_6p)
        return tuple(sorted(cards))

    def uses_secrets(self, players: int) -> bool:
        return players != 3 or self.secrets_3p

    def cards_per_round(self, players: int) -> int:
        if players == 3:
            return self.cards_per_round_3p
        if players == 6:
            return self.cards_per_round_6p
        return self.cards_per_round_4p

    def teams(self, players: int, game_number: int = 0) -> tuple[tuple[int, int], ...]:
        """D2, R29, G9: the partnerships of game ``game_number`` (0-based) of a session."""
        if players == 3:
            return ()
        if players == 6:
            return self.teams_6p
        return session_teams(self.teams_4p)[game_number]

    def colour_score(self, count: int) -> int:
        """R22, D7: what ``count`` cards of one colour score."""
        table = self.score_table
        if count < len(table):
            return table[count]
        if count <= 0:
            return 0
        return int(count**self.score_exponent)


def session_teams(first: tuple[tuple[int, int], ...]) -> list[tuple[tuple[int, int], ...]]:
    """G9: the three ways to pair four seats, starting with ``first``, then by seat 0's partner."""
    partner_of_0 = next(b if a == 0 else a for a, b in first if 0 in (a, b))
    order = [partner_of_0] + [p for p in (1, 2, 3) if p != partner_of_0]
    result = [first]
    for partner in order[1:]:
        rest = [s for s in (1, 2, 3) if s != partner]
        result.append(((0, partner), (rest[0], rest[1])))
    return result


def _check_teams(field: str, teams: tuple[tuple[int, int], ...], players: int) -> None:
    seats = sorted(seat for team in teams for seat in team)
    if seats != list(range(players)) or any(a == b for a, b in teams):
        raise InvalidParamsError(
            f"{field}: the teams must pair every seat 0..{players - 1} exactly once"
        )
