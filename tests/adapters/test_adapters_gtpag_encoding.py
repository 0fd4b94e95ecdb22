"""The Game to Pick a Game encoding, segment by segment, against the views it comes from.

RULES.md numbers in brackets. The generic suites already play random matches at every player
count; these tests check the sizes, the bounds behind them under other params, and a few
positions by hand. They stay small: the game has seven player counts.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("numpy", reason="the adapters need the rl extra: pip install '.[rl]'")

import numpy as np
from adapter_helpers import walk

from gamenight.adapters.codec import Codec, make_codec
from gamenight.core.rng import Rng

AGOR, GNOME, PGDK, GTPAG = (
    "A Game of Requirements",
    "G.Nome",
    "Pink Godzilla Dev Kit",
    "Game to Pick a Game",
)
PREFS = ((4, 3, 2, 1), (1, 2, 3, 4), (4, 1, 2, 3), (2, 4, 3, 1))
SECOND_BOX = {"characters": [5, 6, 7, 8]}  # Warcry, Scout, Raid, Smash


def codec4(**params: Any) -> Codec:
    """Four players, seat 0 starts (D4), fixed preferences (C6)."""
    return make_codec("gtpag", 4, params={"first_player": 0, "preferences": PREFS, **params})


def play(codec: Codec, state: Any, *texts: str) -> None:
    """Each text is the next action of the seat to act, and must be legal (and have an id)."""
    game = codec.game
    for text in texts:
        seat = game.to_act(state)[0]
        action = game.parse_action(text)
        assert codec.ids[action] in codec.legal_ids(state, seat), text
        game.apply(state, seat, action)


def parts(codec: Codec, state: Any, viewer: int | None) -> dict[str, Any]:
    return codec.layout.split(codec.observe(state, viewer))


def two_nominations(codec: Codec) -> Any:
    """Seat 0 nominates AGOR (n1), seat 3 G.Nome (n2), seats 2 and 1 pass (R2: counter-
    clockwise); Bidding round 1 begins with seat 3, the last to nominate (R3)."""
    state = codec.game.new_state(4, 1)
    play(codec, state, f"nominate {AGOR}", f"nominate {GNOME}", "pass", "pass")
    return state


# -- the action table ------------------------------------------------------------------------
def test_default_sizes_follow_the_player_count() -> None:
    """M = min(4 titles, n) Nominations, P = 3n + placed-Trait seats positions; only the
    Traits of the seats' characters are listed (characters 1..n, G1)."""
    expected = {2: (52, 241), 3: (113, 592), 4: (200, 1201), 5: (252, 1739)}
    expected.update({6: (374, 2195), 7: (523, 2701), 8: (692, 3257)})
    for players, (actions, size) in expected.items():
        codec = make_codec("gtpag", players)
        encoding = codec.encoding
        assert encoding.max_noms == min(4, players)
        placed = sum(1 for c in range(players) if c in (2, 3, 4))  # House Rule, Hype, Warcry
        assert encoding.max_pile == 3 * players + placed
        assert (codec.num_actions, codec.size) == (actions, size)
    two = make_codec("gtpag", 2)
    titles = (AGOR, GNOME, PGDK, GTPAG)
    assert two.notations[:5] == (*(f"nominate {t}" for t in titles), "pass")
    assert two.notations[5:11] == tuple(
        f"bid {chip} n{j}" for chip in ("+2", "-1", "invert") for j in (1, 2)
    )
    assert "spotlight n2.6" in two.notations
    assert "spotlight n2.7" not in two.notations
    assert "spotlight" in two.notations  # D5: played bare without a target
    assert "hype n1" not in two.notations  # nobody plays Hype with two players
    assert two.notations[-3:] == ("boost n1", "boost n2", "decline")
    eight = make_codec("gtpag", 8)
    assert {"done", "to n4", "with n4.27", "smash n4.27", "warcry n4"} <= set(eight.notations)
    assert "hype" not in eight.notations  # a placed Trait always has a Nomination to go on


def test_the_table_round_trips_through_the_parser_under_other_params() -> None:
    for players, params in (
        (3, {"use_traits": False}),
        (4, SECOND_BOX),
        (5, {"added_titles": ["Go", "Chess on Ice"], "bid_chips": ["+2", "+2", "invert", "-3"]}),
        (8, {"library": ["Go"], "added_titles": ["Hive"]}),
    ):
        codec = make_codec("gtpag", players, params=params)
        for action_id, notation in enumerate(codec.notations):
            action = codec.game.parse_action(notation)
            assert str(action) == notation
            assert codec.ids[action] == action_id
    assert make_codec("gtpag", 3, variant="no-traits").num_actions == 4 + 1 + 9 + 3 + 1
    chess = make_codec("gtpag", 5, params={"added_titles": ["Go", "Chess on Ice"]})
    assert "nominate Chess on Ice" in chess.notations
    assert chess.encoding.max_noms == 5


@pytest.mark.parametrize(
    ("players", "params"),
    [
        (4, SECOND_BOX),
        (5, {"characters": [8, 7, 6, 2, 1], "scout_looks": 3}),
        (3, {"bid_chips": ["+2", "+2", "invert", "-3"], "characters": [7, 6, 1]}),
        (6, {"added_titles": ["Go", "Hive", "Chess"], "max_tie_rounds": 2}),
        (2, {"use_traits": False, "library": ["Go", "Hive"]}),
    ],
    ids=["second-box", "five-targeting-traits", "repeated-chips", "big-library", "no-traits"],
)
def test_every_legal_action_has_an_id_under_other_params(
    players: int, params: dict[str, Any]
) -> None:
    """Random matches: every legal action has an id (legal_ids raises otherwise), every value
    stays within its bound, and no match is longer than max_game_length."""
    codec = make_codec("gtpag", players, params=params)
    high = codec.layout.high()
    for seed in range(6):
        steps = 0
        for state, seat in walk(codec, seed):
            if seat >= 0:
                steps += 1
                vector = codec.observe(state, seat)
                assert np.all(vector >= 0.0)
                assert np.all(vector <= high)
        assert steps <= codec.max_game_length
        assert not state.capped


def test_positions_reach_the_bound_when_every_chip_goes_on_one_nomination() -> None:
    """P is sound and nearly tight: bidding everything on n1 and keeping the Traits for last,
    a targeting Trait aims at n1.(3n) or beyond."""
    for players in (4, 8):
        codec = make_codec("gtpag", players, params={"first_player": 0})
        game = codec.game
        pile = codec.encoding.max_pile
        state = game.new_state(players, 5)
        deepest = 0
        while game.to_act(state):
            seat = game.to_act(state)[0]
            legal = [str(a) for a in game.legal_actions(state, seat)]
            choice = (
                [t for t in legal if t.startswith("nominate")][:1]
                if state.phase == 0 and len(state.titles) < 2
                else [t for t in legal if t.startswith("bid") and t.endswith("n1")]
                or [t for t in legal if t.endswith(" n1") and not t.startswith("to")]
                or sorted((t for t in legal if " n1." in t), key=lambda t: -int(t.split(".")[-1]))
                or legal
            )
            text = choice[0]
            if " n1." in text:
                deepest = max(deepest, int(text.split(".")[-1]))
            play(codec, state, text)
        assert 3 * players <= deepest <= pile


def test_max_game_length_is_a_bound_and_the_cap_lowers_it() -> None:
    assert make_codec("gtpag", 2).max_game_length == 2 + 8 + 1 + 2 + 20  # Switcheroo: +1
    # Switcheroo and Raid: one more action each, Scout up to scout_looks - 1 = 1 more
    assert make_codec("gtpag", 8).max_game_length == 8 + 32 + (1 + 1 + 1) + 8 + 80
    assert make_codec("gtpag", 8, params={"max_actions": 30}).max_game_length == 30


# -- observations, by hand ------------------------------------------------------------------
def test_the_nomination_round_from_two_seats_and_the_spectator() -> None:
    codec = codec4()
    state = codec.game.new_state(4, 1)
    got = parts(codec, state, 1)
    assert list(got["seat"]) == [0, 1, 0, 0]
    assert got["phase"][0] == 1.0
    assert list(got["actor"]) == [0, 0, 0, 1]  # seat 0 is three seats after seat 1
    assert list(got["start"]) == [0, 0, 0, 1]
    assert np.allclose(got["preferences"], [0, 1 / 3, 2 / 3, 1])  # seat 1: 1, 2, 3, 4
    assert list(got["favourite"]) == [0, 0, 0, 1]
    assert np.all(got["unaccounted"] == 1.0)  # every Bid chip still in a hand
    seats = got["seats"]
    assert list(seats[:, 4]) == [1.0] * 4  # Bid chips in hand / B
    assert list(seats[:, 5]) == [1.0] * 4  # Trait in hand
    assert seats[0, 1] == 1.0
    assert seats[3, 0] == 1.0
    assert not got["nominations"].any()
    assert not got["chips"].any()
    spectator = parts(codec, state, None)
    assert not spectator["seat"].any()
    assert not spectator["preferences"].any()
    assert list(spectator["actor"]) == [1, 0, 0, 0]


def test_chips_lie_at_the_positions_the_actions_name_and_show_only_what_is_known() -> None:
    """G2, G3, G7: Scout in progress. Seat 1 looked at n2.1 (seat 3's +2)."""
    codec = codec4(**SECOND_BOX)
    n = 4
    state = two_nominations(codec)
    play(codec, state, "bid +2 n2", "bid -1 n1", "bid invert n2", "bid +2 n1")
    play(codec, state, "bid +2 n2", "scout n2.1")
    labels = codec.encoding.pile_kind
    kind_at, known_at, up_at, seen_at = 5 + 2 * n, 1 + n, 2 + n, 3 + n
    scout = parts(codec, state, 1)
    chips = scout["chips"]
    assert list(chips[1, :4, 0]) == [1, 1, 1, 0]  # n2 holds three chips
    assert list(chips[1, 0, 1 : 1 + n]) == [0, 0, 1, 0]  # owner seat 3: two after seat 1
    assert chips[1, 0, kind_at + labels["+2"]] == 1.0  # seat 1 looked at it
    assert chips[1, 0, known_at] == 1.0
    assert chips[1, 0, up_at] == 0.0
    assert chips[1, 0, seen_at] == 1.0  # looked at by the viewer itself
    assert chips[1, 0, 4 + 2 * n] == 1.0  # looked at by the Scout in progress
    assert chips[1, 1, kind_at + labels["invert"]] == 1.0  # its own chip
    assert not chips[1, 2, kind_at:].any()  # seat 0's +2: unseen
    assert list(scout["pending"]) == [0, 0, 1, 0.5]  # Scout, one look of two
    assert scout["phase"][2] == 1.0
    other = parts(codec, state, 0)["chips"]
    assert not other[1, 0, kind_at:].any()
    assert other[1, 0, known_at] == 0.0
    assert other[1, 0, seen_at + 1] == 1.0  # seat 0 sees that seat 1 looked
    assert other[1, 2, kind_at + labels["+2"]] == 1.0  # its own +2
    # own row of unaccounted is the hand; seat 3 (+2 seen by seat 1 only) is unknown to 0
    assert list(parts(codec, state, 0)["unaccounted"][0]) == [0, 0, 1]
    assert list(scout["unaccounted"][2]) == [0, 1, 1]  # seat 3's +2 seen by seat 1
    assert list(parts(codec, state, 0)["unaccounted"][3]) == [1, 1, 1]


def test_raid_aims_and_smash_removes_a_chip_the_others_cannot_name() -> None:
    """D2.7, D2.8, G10: the Raid's chip is marked while it waits for ``to``; a Smashed chip
    is counted by owner, its kind shown only to whoever knows it."""
    codec = codec4(**SECOND_BOX)
    n = 4
    state = two_nominations(codec)
    play(codec, state, "bid +2 n2", "bid -1 n1", "bid invert n2", "bid +2 n1")
    play(codec, state, "bid +2 n2", "scout n2.1", "done", "raid n1.1")
    raid = parts(codec, state, 0)
    assert list(raid["pending"]) == [0, 1, 0, 0]
    assert raid["chips"][0, 0, 3 + 2 * n] == 1.0  # n1.1 is the chip on its way
    assert raid["chips"][:, :, 3 + 2 * n].sum() == 1.0
    play(codec, state, "to n2", "smash n2.1")
    for viewer, known in ((3, False), (1, True), (0, False)):
        smashed = parts(codec, state, viewer)["smashed"]
        owner = (3 - viewer) % n  # seat 3's +2 (n2.1), which seat 1 looked at
        if known:
            assert smashed[owner, 0] == 1.0
            assert smashed[owner, 3] == 0.0
        elif viewer == 3:
            assert smashed[0, 0] == 1.0  # its own chip
        else:
            assert smashed[owner, 3] == 1.0
            assert smashed.sum() == 1.0


def test_face_up_chips_score_and_lead() -> None:
    """D2.1, D2.3, R7, G21: a Spotlighted -1 makes n2 score -1; n1 (House Rule, 0) leads."""
    codec = codec4()
    state = two_nominations(codec)
    play(codec, state, "bid -1 n2", "spotlight n2.1", "bid +2 n1", "house-rule n1")
    bound = codec.encoding.score_bound
    got = parts(codec, state, 2)
    noms = got["nominations"]
    at = 2 + 4 + 4  # after present, in play, title (K=4), nominator (n=4)
    assert noms[0, 2] == 1.0
    assert noms[1, 3] == 1.0
    assert noms[1, at + 3] == pytest.approx(1 / bound)
    assert noms[1, at + 2] == 0.0
    assert noms[0, at + 4] == 1.0
    assert noms[1, at + 4] == 0.0
    assert noms[0, at + 5] == 1.0  # House Rule on n1
    assert noms[0, at] == pytest.approx(1.0)
    assert noms[0, at + 1] == 1.0
    chips = got["chips"]
    labels = codec.encoding.pile_kind
    kind_at = 5 + 2 * 4
    assert chips[1, 0, kind_at + labels["-1"]] == 1.0
    assert chips[1, 0, 2 + 4] == 1.0
    assert chips[0, 1, kind_at + labels["House Rule"]] == 1.0
    seats = got["seats"]  # rows: seats 2, 3, 0, 1; columns after the 4 Traits in play
    assert seats[2, 4] == 1.0
    assert seats[2, 5] == 0.0
    assert list(seats[:, 7]) == [1, 1, 1, 1]  # everyone has played a chip
    assert list(seats[:, 8]) == [1.0, 0.25, 0.5, 0.75]  # chips 4, 1, 2, 3 of 4
    assert list(got["last_chip"]) == [1, 0, 0, 0]


def test_the_end_marks_the_picked_nomination() -> None:
    """D4: a single Nomination wins at once."""
    codec = make_codec("gtpag", 2, params={"first_player": 0})
    state = codec.game.new_state(2, 3)
    play(codec, state, f"nominate {PGDK}", "pass")
    got = parts(codec, state, 1)
    assert got["phase"][5] == 1.0
    assert not got["actor"].any()
    assert got["nominations"][0, -1] == 1.0
    assert got["seats"][0, 2 + 2] == 1.0  # seat 1 passed: its own row


def test_boosters_and_the_queue() -> None:
    """R12, D6, G5: passers Boost in turn; the queue and the boosters are shown."""
    codec = make_codec("gtpag", 3)
    for seed in range(30):
        for state, seat in walk(codec, seed):
            if seat < 0 or state.phase != 3:
                continue
            got = parts(codec, state, seat)
            queue = state.boost_queue
            assert [got["seats"][(s - seat) % 3, -1] for s in range(3)] == [
                float(s in queue) for s in range(3)
            ]
            return
    pytest.fail("no Boost reached in 30 matches")


def test_two_states_with_the_same_view_give_the_same_observation() -> None:
    """G3: another seat's hidden chip and its preferences are not in the vector."""
    codec = codec4(**SECOND_BOX)
    game = codec.game
    state = two_nominations(codec)
    play(codec, state, "bid +2 n2", "bid -1 n1", "bid invert n2", "bid +2 n1")
    twin = state.clone()
    on_table = state.piles[0][1]  # seat 2's face-down +2 on n1 trades with its -1 in hand
    twin.piles[0][1] = on_table + 1
    twin.hand[2] = (twin.hand[2] | 1) & ~2
    twin.prefs = (state.prefs[0], state.prefs[1], (1.0, 2.0, 3.0, 4.0), state.prefs[3])
    for seat in (0, 1, 3, None):
        assert game.view(twin, seat) == game.view(state, seat)
        assert np.array_equal(codec.observe(twin, seat), codec.observe(state, seat))
    assert not np.array_equal(codec.observe(twin, 2), codec.observe(state, 2))
    guess = game.determinize(game.view(state, 1), 1, Rng(4))
    assert np.array_equal(codec.observe(guess, 1), codec.observe(state, 1))
    assert codec.text(game.view(twin, 1)) == codec.text(game.view(state, 1))
    assert codec.text(game.view(twin, 2)) != codec.text(game.view(state, 2))
