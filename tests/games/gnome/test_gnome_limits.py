"""Issue 11 item 11: decks a table could hold, set up in time linear in their size (C2, C3, D1).

`--param research_base='[["Red",100000]]'` once hung setup: the shuffle read every swap off one
random number below n!, whose digits cost quadratic time to extract. Card counts are now
bounded (MAX_CARDS, RULES.md G12) and a deck bigger than 63 cards is shuffled in blocks of
bounded size (G13).
"""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest
from gnome_testkit import finish_randomly, make_game

from gamenight.core import InvalidParamsError, Match, Rng
from gamenight.core.params import parse_assignment
from gamenight.core.registry import make_game as registry_game
from gamenight.games.gnome import chance
from gamenight.games.gnome.chance import shuffle
from gamenight.games.gnome.params import MAX_CARDS


# -- the bounds -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("assignment", "message"),
    [
        ('research_base=[["Red",100000]]', "research_base: at most 300 cards in all, not 100000"),
        ('research_6p=[["Red",200],["Blue",200]]', "research_6p: at most 300 cards"),
        ('secret_base=[["Red",301]]', "secret_base: at most 300 cards in all, not 301"),
        ('secret_6p=[["Yellow",1000000000]]', "secret_6p: at most 300 cards in all"),
        ("cards_per_round_4p=100000", "cards_per_round_4p must be between 1 and 300"),
    ],
)
def test_issue11_item11_card_counts_beyond_a_table_are_refused(
    assignment: str, message: str
) -> None:
    """The parameter is named with its limit, on one line, before any deck is built."""
    key, value = parse_assignment(assignment)
    with pytest.raises(InvalidParamsError) as error:
        registry_game("gnome", {key: value})
    assert message in str(error.value)
    assert "\n" not in str(error.value)


def test_issue11_item11_the_largest_allowed_decks_set_up_and_play_out() -> None:
    """300 base plus 300 six-player Research cards: a 600-card deck deals and a match ends."""
    spread = [["Red", 60], ["Yellow", 60], ["Green", 60], ["Blue", 60], ["Purple", 40]]
    game = make_game(
        research_base=[*spread, ["White", 10], ["Multicolour", 10]],
        research_6p=[["Red", MAX_CARDS]],
        secret_6p=[["Yellow", MAX_CARDS]],
        cards_per_round_6p=75,
    )
    match = Match(game, 6, seed=3)
    state = match.state
    assert len(state.deck) + len(state.offer) == 8 * 75
    assert Counter(state.aside + tuple(state.deck) + tuple(state.offer)) == Counter(
        game.params.research_deck(6)
    )
    finish_randomly(match, seed=1)
    assert match.is_over()


# -- linear shuffling -----------------------------------------------------------------------------
class _CountingRng(Rng):
    """Notes how many 64-bit words are drawn before the shuffle next moves a card."""

    def __init__(self, seed: int, cards: _CountingList) -> None:
        super().__init__(seed)
        self.cards = cards
        self.runs: list[int] = [0]
        self.swaps_seen = 0

    def next_u64(self) -> int:
        if self.cards.swaps != self.swaps_seen:
            self.swaps_seen = self.cards.swaps
            self.runs.append(0)
        self.runs[-1] += 1
        return super().next_u64()


class _CountingList(list[int]):
    swaps = 0

    def __setitem__(self, index: object, value: object) -> None:
        self.swaps += 1
        super().__setitem__(index, value)  # type: ignore[index]


@pytest.mark.skipif(
    not chance.__file__ or not chance.__file__.endswith(".py"),
    reason="counts draws and swaps through Python subclasses, which compiled code bypasses "
    "(issue 16: the same source is tested pure)",
)
@pytest.mark.parametrize("size", [64, 600, 5_000])
def test_issue11_item11_a_big_deck_is_shuffled_from_numbers_of_bounded_size(size: int) -> None:
    """No swap waits on a number longer than a 63-card deck's (5 words): cost linear in size.

    Reading every swap off one number below n! made each swap a division of an n log n bit
    number; for 5,000 cards that number is 906 words long.
    """
    cards = _CountingList(range(size))
    rng = _CountingRng(7, cards)
    shuffle(rng, cards)
    assert sorted(cards) == list(range(size))
    assert max(rng.runs) <= 6
    assert sum(rng.runs) <= size  # fewer draws than cards, as before


def test_issue11_item11_a_two_block_shuffle_stays_uniform() -> None:
    """With 70 cards (two blocks) every card lands first and last about equally often."""
    rng = Rng(13)
    first: Counter[int] = Counter()
    last: Counter[int] = Counter()
    for _ in range(7_000):
        cards = list(range(70))
        shuffle(rng, cards)
        first[cards[0]] += 1
        last[cards[-1]] += 1
    for counts in (first, last):
        assert len(counts) == 70
        assert all(50 <= n <= 160 for n in counts.values())


# -- the default deal is untouched ------------------------------------------------------------
def _deal_digest(players: int, **overrides: object) -> str:
    """The Research and Secret deals of seeds 0-19, and where each leaves the generator."""
    game = make_game(**overrides)
    digest = hashlib.sha256()
    for seed in range(20):
        state = game.new_state(players, seed)
        after = state.rng.clone().next_u64()
        dealt = (state.deck, state.aside, state.offer, state.secret, state.secret_aside, after)
        digest.update(repr(dealt).encode())
    return digest.hexdigest()[:16]


@pytest.mark.parametrize(
    ("players", "overrides", "expected"),
    [
        (3, {}, "02a5cd450be1dbbf"),
        (4, {}, "aa96280a8b438f09"),
        (6, {}, "a990badeae4ce71f"),
        (3, {"secrets_3p": True}, "e68feb12589cdca2"),
    ],
)
def test_issue11_item11_default_deals_are_those_recorded_before_the_change(
    players: int, overrides: dict[str, object], expected: str
) -> None:
    """Digests recorded from the whole-permutation shuffle this change replaced."""
    assert _deal_digest(players, **overrides) == expected


def test_issue11_item11_decks_up_to_63_cards_shuffle_as_before() -> None:
    """Every size 0-63 (empty and one-card decks included) gives the recorded orders and draws."""
    digest = hashlib.sha256()
    for size in range(64):
        rng = Rng(size)
        cards = list(range(size))
        shuffle(rng, cards)
        digest.update(repr((cards, rng.next_u64())).encode())
    assert digest.hexdigest()[:16] == "3bffae2e5404168b"
