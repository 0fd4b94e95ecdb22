"""Issue 16 item 3: the fast paths of Game to Pick a Game agree with a plain recount.

The speed pass keeps a few things between calls (the legal chip targets by a packed int of the
pile sizes, a Nomination's Score by its packed counts, the playout policy's chip tables by the
chips a seat knows) and names its codes as Final literals. Each is checked here against what
it stands for, after seeded random play at every player count, with the caches shared across
games as in a search.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from gamenight.core import Rng
from gamenight.games.gtpag import actions, params, state
from gamenight.games.gtpag.actions import CHIP_TARGET_TRAITS
from gamenight.games.gtpag.bots import GtpagPlayout, _Seen
from gamenight.games.gtpag.params import GtpagParams
from gamenight.games.gtpag.rules import TRAIT_BASE, GtpagGame
from gamenight.games.gtpag.state import BIDDING, GtpagState

COUNTS = range(2, 9)
SETTINGS: dict[str, dict[str, Any]] = {
    "default": {},
    "big library, two Bid chips": {
        "added_titles": ("Chess", "Go", "Hanabi", "Azul", "Tichu"),
        "bid_chips": ("+2", "+2"),
    },
}


def _random_states(game: GtpagGame, players: int, seeds: range) -> Iterator[GtpagState]:
    """Every state along seeded random games (the match's own state, as play goes on)."""
    rng = Rng(players)
    for seed in seeds:
        match = game.new_state(players, seed)
        while game.to_act(match):
            yield match
            seat = game.to_act(match)[0]
            legal = game.legal_actions(match, seat)
            game.apply(match, seat, legal[rng.randbelow(len(legal))])


def test_issue16_item3_the_final_codes_are_the_enums_values() -> None:
    """The phase, action-kind and Trait codes are written out as Final literals (compiled
    modules inline them): they must stay the enums' values and the Traits' order."""
    phases = ("NOMINATION", "BIDDING", "TRAIT", "BOOSTING", "TIE", "OVER")
    assert [getattr(state, name) for name in phases] == [int(p) for p in state.Phase]
    assert [p.name for p in state.Phase] == list(phases)
    kinds = [kind.name for kind in actions.Kind]
    # a Trait's action kind is K_<TRAIT> (the bare name is the Trait's code, from params)
    written = [f"K_{name}" if hasattr(actions, f"K_{name}") else name for name in kinds]
    assert [getattr(actions, name) for name in written] == [int(k) for k in actions.Kind]
    traits = [name.upper().replace(" ", "_") for name in params.TRAIT_NAMES]
    assert [getattr(params, name) for name in traits] == list(range(len(traits)))


@pytest.mark.parametrize("setting", SETTINGS)
@pytest.mark.parametrize("players", COUNTS)
def test_issue16_item3_cached_chip_targets_match_a_recount(setting: str, players: int) -> None:
    """D2, D5: a chip-target Trait's legal first choices, cached by a packed key of the pile
    sizes while every chip is face down, are those worked out afresh from the piles."""
    game = GtpagGame(GtpagParams().with_overrides(SETTINGS[setting]))
    checked = 0
    for match in _random_states(game, players, range(40)):
        seat = match.actor
        if match.phase != BIDDING or not match.hand[seat] & game.trait_bit:
            continue
        trait = match.kinds[seat * game.per_seat + game.trait_slot] - TRAIT_BASE
        if trait not in CHIP_TARGET_TRAITS:
            continue
        fresh = game._chip_targets(match, trait)
        assert list(game._trait_options(match, trait)) == fresh
        bids = [a for a in game.legal_actions(match, seat) if a.kind == actions.BID]
        assert game.legal_actions(match, seat) == bids + fresh
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("setting", SETTINGS)
@pytest.mark.parametrize("players", COUNTS)
def test_issue16_item3_cached_bidding_lists_match_a_recount(setting: str, players: int) -> None:
    """R5, D2, D5: a seat holding its Trait is offered its Bid chips (one of each kind in hand
    on each Nomination in play), then the Trait's first choices. The third speed pass keeps
    that whole list by the table's shape and the kinds in hand, shared across games: it must
    be the list worked out afresh, chip by chip, at every player count."""
    game = GtpagGame(GtpagParams().with_overrides(SETTINGS[setting]))
    book = game.book
    checked = 0
    for match in _random_states(game, players, range(40)):
        seat = match.actor
        hand = match.hand[seat]
        if match.phase != BIDDING or not hand & game.trait_bit:
            continue
        in_play = [j for j in range(len(match.piles)) if match.active >> j & 1]
        kinds_in_hand = sorted({game.slot_kind[s] for s in range(game.num_bid) if hand >> s & 1})
        fresh = [book.bid[k][j] for k in kinds_in_hand for j in in_play]
        trait = match.kinds[seat * game.per_seat + game.trait_slot] - TRAIT_BASE
        if trait in CHIP_TARGET_TRAITS:
            fresh += game._chip_targets(match, trait)
        else:  # a placed Trait (D2.3-D2.5): on any Nomination in play
            fresh += [book.place[trait][j] for j in in_play]
        assert game.legal_actions(match, seat) == fresh
        checked += 1
    assert checked > 20
    assert game._bidding_lists  # the lists were kept (and read back above)


@pytest.mark.parametrize("players", COUNTS)
def test_issue16_item3_the_score_of_packed_counts_is_the_tally(players: int) -> None:
    """R13, M1: the Score read from a Nomination's packed counts (those ``apply`` keeps, which
    the rules' final tally reads; memoised per game instance) is the chip-by-chip tally's, in
    every state random play reaches."""
    game = GtpagGame()
    checked = 0
    for match in _random_states(game, players, range(25)):
        for j in range(len(match.piles)):
            assert game._score(match, j) == game.tally(match, j).score
            checked += 1
    assert checked > 200


def _fields(seen: list[_Seen | None]) -> list[tuple[float, ...] | None]:
    return [
        None
        if est is None
        else (est.values, est.inverts, est.house, est.extra, est.unknown, est.sign, est.score)
        for est in seen
    ]


@pytest.mark.parametrize("players", COUNTS)
def test_issue16_item3_the_policys_chip_tables_match_a_fresh_policy(players: int) -> None:
    """The playout policy keeps a chip table per set of known chips, for one layout of chips
    at a time: shared across two layouts (other characters), it sees what a fresh policy
    sees."""
    first = GtpagGame()
    second = GtpagGame(GtpagParams(characters=tuple(range(9 - players, 9))))
    shared = GtpagPlayout(first)
    games = (first, second)
    streams = [_random_states(game, players, range(40)) for game in games]
    checked = 0
    for step in range(1000):
        game = games[step % 2]
        match = next(streams[step % 2], None)
        if match is None:
            break
        fresh = GtpagPlayout(game)
        for seat in range(players):
            assert _fields(shared._seen(match, seat)) == _fields(fresh._seen(match, seat))
            checked += 1
    assert checked > 400


@pytest.mark.parametrize("setting", SETTINGS)
@pytest.mark.parametrize("players", COUNTS)
def test_issue16_round_starter_in_one_pass_matches_a_recount(setting: str, players: int) -> None:
    """R7, R8, D5, G4: the fourth speed pass finds the next round's starter in one pass over
    the Nominations in play. It must be the nominator of the highest between-rounds tally
    (face-up chips only), the most recent among the tied, as worked out chip by chip."""
    game = GtpagGame(GtpagParams().with_overrides(SETTINGS[setting]))
    checked = 0
    for match in _random_states(game, players, range(30)):
        if match.phase != BIDDING:
            continue
        in_play = [j for j in range(len(match.piles)) if match.active >> j & 1]
        scores = {j: game.tally(match, j, face_up_only=True).score for j in in_play}
        best = max(scores.values())
        tied = [match.nominators[j] for j in in_play if scores[j] == best]
        assert game.round_starter(match) == game._most_recent(match, tied)
        checked += 1
    assert checked > 50


def test_issue16_the_games_tables_stay_out_of_its_instance_dict() -> None:
    """Interpreted (CPython 3.11), an object keeps its attributes compact, and a
    ``self.method()`` call its cached look-up, only while its instance dict holds fewer than
    30 keys: the game's 45 tables there made every rules call miss the cache, and cost about
    a quarter of a playout's time. They are slots now; the dict holds ``params`` only, also
    after play and after the lab read the component names (a cached_property would add one)."""
    game = GtpagGame()
    names = game.component_names
    assert game.component_names is names  # built once, kept
    for _ in _random_states(game, 4, range(5)):
        pass
    attributes = getattr(game, "__dict__", {})  # a compiled game keeps no instance dict
    assert len(attributes) < 30
    assert set(attributes) <= {"params"}
