"""Every number and component list of Pink Godzilla Dev Kit, as data (RULES.md C1-C5).

The deck itself is a CSV card list (``card_list``: "default" for the built-in ``cards.csv``,
or a path), so a designer, or an owner of the printed game, can swap in another list.
"""

from __future__ import annotations

import dataclasses
from functools import cached_property

from gamenight.core.errors import InvalidParamsError
from gamenight.core.params import Params, file_field
from gamenight.games.pgdk.cards import BUILTIN_NAMES, CardList, load_card_list

GENRES = (
    "B:blue:RPG:Vehicle+Potion",
    "P:pink:Fighting:Weapon+Combo",
    "O:orange:Music:Accessory+Combo",
    "G:green:Shooting:Weapon+Vehicle",
)


@dataclasses.dataclass(frozen=True)
class PgdkParams(Params):
    card_list: str = file_field("default", builtin=BUILTIN_NAMES)
    """C1, C5: "default" (the built-in house-design list) or the path of a CSV card list; a
    record opens that file only when the user names it too (C6)."""
    genres: tuple[str, ...] = GENRES
    """C3, R24: colour code, colour, genre and its two Required Gear types."""
    row_size: int = 5
    """R2, R5: cards in the Resource Row after the Finance Phase."""
    starting_hand: int = 5
    """R2: cards dealt to each player."""
    finance_draw: int = 1
    """R5: cards drawn in the Finance Phase."""
    auctions: bool = True
    """R8, R36, D10: False is the beginners' rule (Purchase is trade or discard only)."""
    auction_max_cards: int = 3
    """R8: at most this many Row cards go under one auction."""
    plays_per_turn: int = 2
    """R10, D3: plays in the Development Phase."""
    payment: int = 2
    """R15: cards drawn for a completed game."""
    first_of_colour_bonus: int = 1
    """R15: extra cards for the first completed game of a colour."""
    hand_limit: int = 7
    """R16, D9: the active player discards down to this at the end of the turn."""
    games_to_end: int = 4
    """R18, R35, D8: a player's completed game of this number ends the game (3: variant)."""
    completion_bonus: int = 15
    """R20: points for every player with games_to_end or more completed games."""
    ranking_bonuses: tuple[int, ...] = (20, 15, 10)
    """R20, D8: points for games of the highest, second and third value (dense ranking)."""
    special_ability_points: int = 4
    """R30, D8: points for each Special Ability on the table at the end."""
    clone_draw: int = 2
    """R31, D7: cards a Clone draws when a game of its colour completes."""
    special_draw: int = 1
    """C3 (house design): cards drawn by Auction House, Talent Agency, Franchise, Bargain Bin."""
    talent_agency_characters: int = 2
    """C3 (house design): Characters a game needs for Talent Agency to draw."""
    crunch_time_plays: int = 2
    """C3 (house design): extra plays from Crunch Time."""
    publisher_advance_draw: int = 2
    """C3 (house design): cards drawn by Publisher Advance."""
    market_research_look: int = 3
    """C3 (house design): cards Market Research looks at (one is kept)."""
    first_player: int | None = None
    """D0: seat of the first player; None draws it at random."""
    stall_rounds: int = 10
    """G12: the game ends, stalled, after this many rounds without a completed game (0: never)."""
    max_turns: int = 400
    """G8: safety cap on the number of turns; the game is then scored and marked capped."""

    def validate(self) -> None:
        checks = (
            ("row_size", self.row_size, 1, 20),
            ("starting_hand", self.starting_hand, 0, 20),
            ("finance_draw", self.finance_draw, 0, 10),
            ("auction_max_cards", self.auction_max_cards, 1, 20),
            ("plays_per_turn", self.plays_per_turn, 0, 20),
            ("payment", self.payment, 0, 10),
            ("first_of_colour_bonus", self.first_of_colour_bonus, 0, 10),
            ("hand_limit", self.hand_limit, 0, 50),
            ("games_to_end", self.games_to_end, 1, 20),
            ("completion_bonus", self.completion_bonus, 0, 1000),
            ("special_ability_points", self.special_ability_points, 0, 1000),
            ("clone_draw", self.clone_draw, 0, 10),
            ("special_draw", self.special_draw, 0, 10),
            ("talent_agency_characters", self.talent_agency_characters, 1, 20),
            ("crunch_time_plays", self.crunch_time_plays, 0, 20),
            ("publisher_advance_draw", self.publisher_advance_draw, 0, 20),
            ("market_research_look", self.market_research_look, 1, 20),
            ("stall_rounds", self.stall_rounds, 0, 10_000),
            ("max_turns", self.max_turns, 1, 100_000),
        )
        for name, value, low, high in checks:
            if not low <= value <= high:
                raise InvalidParamsError(f"{name} must be between {low} and {high}, not {value}")
        if any(b < 0 for b in self.ranking_bonuses):
            raise InvalidParamsError("ranking_bonuses must not be negative")
        if self.first_player is not None and not 0 <= self.first_player < 4:
            raise InvalidParamsError("first_player must be a seat number (0-3) or null")
        cards = self.cards  # loads and checks the card list and the genres
        needed = self.row_size + 4 * self.starting_hand
        if cards.total < needed:
            raise InvalidParamsError(
                f"card_list: {cards.total} cards cannot fill a Row of {self.row_size} and deal "
                f"{self.starting_hand} to each of 4 players ({needed} needed)"
            )

    @cached_property
    def cards(self) -> CardList:
        """The loaded, checked card list (InvalidParamsError names the offending line)."""
        return load_card_list(self.card_list, self.genres)
