"""The encodings and the codec: fixed id tables, masks, observations built from views only.

Parametrised over every registered game and player count (see adapter_helpers.CASES).
"""

from __future__ import annotations

import json

import pytest

pytest.importorskip("numpy", reason="the adapters need the rl extra: pip install '.[rl]'")

import numpy as np
from adapter_helpers import CASE_IDS, CASES, fingerprint, walk

from gamenight.adapters.codec import make_codec
from gamenight.adapters.encodings import (
    Layout,
    Segment,
    encoded_games,
    encoding_class,
    missing_encodings,
)
from gamenight.core.errors import IllegalActionError, UnknownGameError
from gamenight.core.registry import make_game, names
from gamenight.core.rng import Rng

SEEDS = range(4)
parametrize_cases = pytest.mark.parametrize(("name", "players"), CASES, ids=CASE_IDS)


def test_every_registered_game_has_an_encoding() -> None:
    assert missing_encodings() == [], (
        "registered games without an RL encoding (add src/gamenight/adapters/encodings/"
        f"<game>.py and register it in encodings/__init__.py): {missing_encodings()}"
    )
    assert encoded_games() == names()


def test_a_game_without_an_encoding_is_named_in_the_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from gamenight.adapters import encodings

    monkeypatch.setattr(encodings, "_MODULES", {})
    with pytest.raises(UnknownGameError, match="no RL encoding"):
        encoding_class("requirements")


@parametrize_cases
def test_action_table_is_fixed_unique_and_round_trips(name: str, players: int) -> None:
    codec = make_codec(name, players)
    assert codec.num_actions == len(codec.notations) == len(set(codec.notations)) > 0
    game = codec.game
    for action_id, notation in enumerate(codec.notations):
        action = game.parse_action(notation)
        assert str(action) == notation
        assert codec.ids[action] == action_id
        assert codec.action(action_id) == action
    # Another game object with the same params gets the same (shared) table.
    assert make_codec(make_game(name), players) is codec


@parametrize_cases
@pytest.mark.parametrize("seed", SEEDS)
def test_every_legal_action_has_an_id_and_the_mask_matches(
    name: str, players: int, seed: int
) -> None:
    codec = make_codec(name, players)
    game = codec.game
    for state, seat in walk(codec, seed):
        for other in range(players):
            ids = codec.legal_ids(state, other)
            assert ids == sorted(ids)
            assert sorted(codec.notations[i] for i in ids) == sorted(
                str(a) for a in game.legal_actions(state, other)
            )
            mask = codec.mask(state, other)
            assert mask.dtype == np.int8
            assert mask.shape == (codec.num_actions,)
            assert list(np.flatnonzero(mask)) == ids
        if seat < 0:
            assert all(not codec.legal_ids(state, p) for p in range(players))


@parametrize_cases
@pytest.mark.parametrize("seed", SEEDS)
def test_observations_are_fixed_size_bounded_and_from_the_view_only(
    name: str, players: int, seed: int
) -> None:
    """Same view, same vector: a determinized state (other hidden parts) encodes the same."""
    codec = make_codec(name, players)
    game = codec.game
    high = codec.layout.high()
    rng = Rng(seed)
    for step, (state, seat) in enumerate(walk(codec, seed)):
        for viewer in [*range(players), None]:
            vector = codec.observe(state, viewer)
            assert vector.dtype == np.float32
            assert vector.shape == (codec.size,)
            assert np.all(np.isfinite(vector))
            assert np.all(vector >= 0.0), codec.layout.describe()
            assert np.all(vector <= high), codec.layout.describe()
        if step % 5 or seat < 0:
            continue
        for viewer in range(players):
            view = game.view(state, viewer)
            # The encoding reads the view as data: a JSON round trip changes nothing.
            assert np.array_equal(codec.encode(json.loads(json.dumps(view))), codec.encode(view))
            other = game.determinize(view, viewer, rng)
            assert np.array_equal(codec.observe(other, viewer), codec.observe(state, viewer))


@parametrize_cases
def test_observations_differ_between_seats_and_along_a_match(name: str, players: int) -> None:
    """The vector is informative: it changes as the match goes on and per seat."""
    codec = make_codec(name, players)
    seen = set()
    steps = 0
    for state, _ in walk(codec, 0):
        vectors = [codec.observe(state, p).tobytes() for p in range(players)]
        assert len(set(vectors)) == players, "two seats got the same observation"
        seen.update(vectors)
        steps += 1
    assert len(seen) > steps  # nearly every step and seat gives a new vector


@parametrize_cases
def test_bad_ids_are_refused_and_change_nothing(name: str, players: int) -> None:
    codec = make_codec(name, players)
    for step, (state, seat) in enumerate(walk(codec, 1)):
        if seat < 0 or step % 4:
            continue
        before = fingerprint(state)
        legal = set(codec.legal_ids(state, seat))
        illegal = next(i for i in range(codec.num_actions) if i not in legal)
        for bad in (illegal, -1, codec.num_actions, 10**9, True, 1.0, "0", None):
            with pytest.raises(IllegalActionError) as error:
                codec.check(state, seat, bad)
            assert "\n" not in str(error.value)
        waiting = [p for p in range(players) if not codec.legal_ids(state, p)]
        for other in waiting:
            with pytest.raises(IllegalActionError, match="may not act"):
                codec.check(state, other, min(legal))
        assert fingerprint(state) == before
    with pytest.raises(IllegalActionError, match="out of range"):
        codec.action(codec.num_actions)


@parametrize_cases
def test_rewards_follow_the_outcome(name: str, players: int) -> None:
    codec = make_codec(name, players)
    *_, (final, _) = walk(codec, 2)
    outcome = codec.game.outcome(final)
    assert outcome is not None
    shares = codec.rewards(outcome)
    assert shares == tuple(outcome.win_share(p) for p in range(players))
    zero = codec.rewards(outcome, "zero_sum")
    assert sum(zero) == pytest.approx(0.0)
    for mode, rewards in (("win_share", shares), ("zero_sum", zero)):
        low, high = codec.reward_range(mode)
        assert all(low <= r <= high for r in rewards)


def test_layout_offsets_views_and_description() -> None:
    layout = Layout([Segment("a", (2,), "first"), Segment("b", (2, 3), "second", high=4.0)])
    assert layout.size == 8
    assert layout.offset("b") == 2
    vector = np.arange(8, dtype=np.float32)
    parts = layout.split(vector)
    assert list(parts) == ["a", "b"]
    assert parts["b"].shape == (2, 3)
    parts["b"][0, 0] = 99.0  # views, not copies
    assert vector[2] == 99.0
    assert list(layout.high()) == [1.0, 1.0] + [4.0] * 6
    assert "b: second" in layout.describe()
    with pytest.raises(ValueError, match="differ"):
        Layout([Segment("a", (1,), ""), Segment("a", (1,), "")])
