"""The G.Nome encoding, segment by segment, against the views it comes from."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("numpy", reason="the adapters need the rl extra: pip install '.[rl]'")

import numpy as np
from adapter_helpers import walk

from gamenight.adapters.codec import Codec, make_codec
from gamenight.core.rng import Rng
from gamenight.games.gnome.state import GnomeState

RED, YELLOW, GREEN, BLUE, PURPLE, WHITE, MULTI = range(7)
KINDS = ("red", "yellow", "green", "blue", "purple", "white", "multicolour")

# Every setup the encoding serves: each player count, and the 4-player session (R29).
SETUPS = [(3, None), (4, None), (6, None), (4, "session"), (3, "secrets-3p")]
SETUP_IDS = ["3p", "4p", "6p", "4p-session", "3p-secrets"]
parametrize_setups = pytest.mark.parametrize(("players", "variant"), SETUPS, ids=SETUP_IDS)


def codec_for(players: int, variant: str | None = None, **params: Any) -> Codec:
    return make_codec("gnome", players, variant=variant, params=params or None)


def parts(codec: Codec, view: dict[str, Any]) -> dict[str, Any]:
    return codec.layout.split(codec.encode(view))


def start(codec: Codec, seed: int, offer: tuple[int, ...]) -> GnomeState:
    """A new match whose first offer is replaced by ``offer`` (the deck is not touched)."""
    state: GnomeState = codec.game.new_state(codec.num_players, seed)
    state.offer = list(offer)
    return state


def queue_row(players: int, step: str, seat: int, partner: int | None = None) -> list[float]:
    """One row of ``queue``: step kind (4), seat (relative), partner (relative), one-hot."""
    row = [0.0] * (4 + 2 * players)
    row[["individual", "shared", "choose-partner", "deal"].index(step)] = 1.0
    row[4 + seat] = 1.0
    if partner is not None:
        row[4 + players + partner] = 1.0
    return row


def act(codec: Codec, state: GnomeState, seat: int, notation: str) -> None:
    """Apply a legal action through its id, as the adapters do."""
    action_id = codec.notations.index(notation)
    assert action_id in codec.legal_ids(state, seat), (seat, notation)
    codec.game.apply(state, seat, codec.actions[action_id])


# -- the id table ---------------------------------------------------------------------------
def test_default_sizes() -> None:
    """9 Teamwork values and 7 card kinds; only 3 players name a partner (R36)."""
    three, four, six = (codec_for(n) for n in (3, 4, 6))
    plays = [f"play {v}" for v in range(1, 10)]
    takes = [f"take {kind}" for kind in KINDS]
    assert list(three.notations) == [*plays, *takes, "share 0", "share 1", "share 2"]
    assert list(four.notations) == list(six.notations) == [*plays, *takes]
    assert (three.size, four.size, six.size) == (175, 276, 414)
    session = codec_for(4, "session")
    assert session.notations == four.notations
    assert session.size == four.size + 3 + 4 + 4
    assert codec_for(3, "secrets-3p").size == three.size + 7 + 3 * 7 + 3
    assert (three.max_game_length, four.max_game_length, six.max_game_length) == (48, 56, 80)
    assert session.max_game_length == 3 * 56


@parametrize_setups
def test_the_id_table_round_trips_through_the_parser(players: int, variant: str | None) -> None:
    codec = codec_for(players, variant)
    game = codec.game
    assert len(set(codec.notations)) == codec.num_actions
    for action_id, notation in enumerate(codec.notations):
        action = game.parse_action(notation)
        assert str(action) == notation
        assert codec.ids[action] == action_id


def test_the_tables_follow_the_params() -> None:
    """Teamwork values and the card kinds of the Research deck size the table."""
    codec = codec_for(
        4,
        teamwork=[2, 4, 6, 8, 10, 12],
        rounds=6,
        colours=["Red", "Blue", "Green"],
        research_base=[["Red", 6], ["Blue", 6], ["Green", 6], ["White", 2]],
        secret_base=[["Red", 2], ["Blue", 2]],
        research_6p=[],
        secret_6p=[],
    )
    assert list(codec.notations) == [
        *(f"play {v}" for v in (2, 4, 6, 8, 10, 12)),
        "take red",
        "take blue",
        "take green",
        "take white",  # no Multicolour card in this deck: never offered, so no id
    ]
    assert codec.layout["unrevealed"].shape == (4, 6)
    assert codec.layout["offer"].shape == (5,)
    assert codec.max_game_length == 6 * (4 + 3)
    six = codec_for(6, cards_per_round_6p=5, rounds=6)
    assert six.max_game_length == 6 * (6 + 4)  # still four steps at most: the queue is fixed
    assert codec_for(6, max_actions=30).max_game_length == 30  # G11: the cap bounds it


@parametrize_setups
def test_every_legal_action_has_an_id_in_many_matches(players: int, variant: str | None) -> None:
    codec = codec_for(players, variant)
    game = codec.game
    seen: set[int] = set()
    for seed in range(25):
        length = 0
        for state, seat in walk(codec, seed):
            assert len(state.queue) <= codec.encoding.queue_length
            if seat < 0:
                break
            ids = codec.legal_ids(state, seat)
            assert [codec.notations[i] for i in ids] == sorted(
                (str(a) for a in game.legal_actions(state, seat)), key=codec.notations.index
            )
            seen.update(ids)
            length += 1
        assert length <= codec.max_game_length
    assert seen == set(range(codec.num_actions)), "some ids never come up in random play"


# -- observations -----------------------------------------------------------------------------
@parametrize_setups
def test_observations_are_sized_finite_and_from_the_view_only(
    players: int, variant: str | None
) -> None:
    """Two states with the same view (determinize redraws all hidden parts) encode alike."""
    codec = codec_for(players, variant)
    game = codec.game
    high = codec.layout.high()
    for seed in range(3):
        rng = Rng(100 + seed)
        for step, (state, seat) in enumerate(walk(codec, seed)):
            for viewer in [*range(players), None]:
                view = game.view(state, viewer)
                vector = codec.encode(view)
                assert vector.shape == (codec.size,)
                assert vector.dtype == np.float32
                assert np.all(np.isfinite(vector))
                assert np.all((vector >= 0.0) & (vector <= high))
                if viewer is None or step % 3:
                    continue
                assert np.array_equal(codec.encode(json.loads(json.dumps(view))), vector)
                for _ in range(2):
                    twin = game.determinize(view, viewer, rng)
                    assert np.array_equal(codec.observe(twin, viewer), vector)
            if seat < 0:
                break


@parametrize_setups
def test_unseen_counts_are_the_deck_and_the_hidden_cards(players: int, variant: str | None) -> None:
    """What the view implies, checked against the state: the Research cards not seen anywhere
    are the deck and the cards set aside (G8); the unseen Secret cards are the others' hidden
    ones and those not dealt."""
    codec = codec_for(players, variant)
    encoding = codec.encoding
    for seed in range(2):
        for state, seat in walk(codec, seed):
            viewer = max(seat, 0)
            got = parts(codec, codec.game.view(state, viewer))
            research = [*state.deck, *state.aside]
            expected = [research.count(k) / encoding.card_scale for k in range(7)]
            assert got["unseen"] == pytest.approx(expected)
            if not encoding.uses_secrets:
                assert "unseen_secrets" not in got
                continue
            hidden = [*state.secret_aside]
            if seat >= 0:  # while the game goes on, the others' Secret cards are hidden
                hidden += [card for other, card in enumerate(state.secret) if other != viewer]
            expected = [hidden.count(k) / encoding.secret_scale for k in range(7)]
            assert got["unseen_secrets"] == pytest.approx(expected)


def test_a_commitment_shows_only_to_its_owner() -> None:
    """D3: the others see that seat 1 committed; only seat 1 sees which card (and its own
    unrevealed cards no longer hold it); the others still count it as unrevealed (R16)."""
    codec = codec_for(4)
    state = start(codec, 0, (RED, GREEN, BLUE))
    act(codec, state, 1, "play 7")
    mine = parts(codec, codec.game.view(state, 1))
    assert np.flatnonzero(mine["my_commitment"]).tolist() == [6]  # values 1..9: 7 at 6
    assert mine["committed"].tolist() == [1.0, 0.0, 0.0, 0.0]  # row 0: the viewer itself
    assert mine["unrevealed"][0].tolist() == [1.0] * 6 + [0.0] + [1.0] * 2
    for viewer in (0, 2, 3, None):
        theirs = parts(codec, codec.game.view(state, viewer))
        row = (1 - (viewer or 0)) % 4
        assert not theirs["my_commitment"].any()
        assert np.flatnonzero(theirs["committed"]).tolist() == [row]
        assert theirs["unrevealed"][row].all()
    other = state.clone()
    other.commit[1], other.hand[1] = 3, state.hand[1] ^ (1 << 3) ^ (1 << 7)
    for viewer in (0, 2, 3):
        assert np.array_equal(codec.observe(other, viewer), codec.observe(state, viewer))
    assert not np.array_equal(codec.observe(other, 1), codec.observe(state, 1))


def test_a_4_player_round_lands_in_its_segments() -> None:
    """R27: seats 0+2 play 9+1 (total 10, Leader 0), seats 1+3 play 2+3 (total 5, Leader 3):
    seat 0 takes an Individual card, then seat 1 a card shared with seat 3, then seat 2."""
    codec = codec_for(4)
    game = codec.game
    state = start(codec, 0, (RED, GREEN, BLUE))
    for seat, value in enumerate((9, 2, 1, 3)):
        act(codec, state, seat, f"play {value}")
    view = game.view(state, 2)
    got = parts(codec, view)
    assert got["phase"].tolist() == [0.0, 1.0, 0.0, 0.0]
    assert got["actor"].tolist() == [0.0, 0.0, 1.0, 0.0]  # seat 0 is two seats after seat 2
    assert got["seat"].tolist() == [0.0, 0.0, 1.0, 0.0]
    scale = codec.encoding.card_scale
    assert got["offer"][[RED, GREEN, BLUE]].tolist() == [1 / scale] * 3
    queue = got["queue"]  # rows: current step first; seats relative to seat 2
    assert queue[0].tolist() == queue_row(4, "individual", 2)  # seat 0
    assert queue[1].tolist() == queue_row(4, "shared", 3, 1)  # seat 1, with seat 3
    assert queue[2].tolist() == queue_row(4, "individual", 0)  # seat 2
    # last_played by relative seat: seat 2 (itself) 1, seat 3 3, seat 0 9, seat 1 2
    assert [int(np.flatnonzero(row)[0]) + 1 for row in got["last_played"]] == [1, 3, 9, 2]
    assert got["partner"].tolist() == [[0, 0, 1, 0], [0, 0, 0, 1], [1, 0, 0, 0], [0, 1, 0, 0]]
    act(codec, state, 0, "take red")
    act(codec, state, 1, "take blue")
    got = parts(codec, game.view(state, 3))  # rows: seats 3, 0, 1, 2
    assert got["individual"][1, RED] == 1 / scale
    assert got["shared"][0, BLUE] == got["shared"][2, BLUE] == 1 / scale
    assert got["shared"].sum() == 2 / scale
    assert got["individual"][3, GREEN] == 1 / scale  # the last card, taken at once (G1)
    assert got["phase"][0] == 1.0  # the next round, with a new offer from the deck
    assert got["offer"] * scale == pytest.approx([state.offer.count(k) for k in range(7)])
    research = codec.encoding.research
    unseen = got["unseen"] * scale
    for kind in range(7):
        on_offer = list(state.offer).count(kind)
        taken = kind in (RED, GREEN, BLUE)
        assert unseen[kind] == pytest.approx(research[kind] - on_offer - taken)


def test_secret_cards_show_to_their_owner_and_to_all_at_the_end() -> None:
    """R15: a Secret card is in its owner's observation only, until the game is over."""
    codec = codec_for(4)
    game = codec.game
    state = game.new_state(4, 5)
    secrets = state.secret
    for viewer in range(4):
        got = parts(codec, game.view(state, viewer))
        assert got["secret"][0, secrets[viewer]] == 1.0
        assert got["secret"].sum() == 1.0
        assert got["score_complete"].tolist() == [1.0, 0.0, 0.0, 0.0]
        scale = codec.encoding.secret_scale
        unseen = np.round(got["unseen_secrets"] * scale).astype(int).tolist()
        expected = [0] * 7
        for kind in game.params.secret_deck(4):
            expected[kind] += 1
        expected[secrets[viewer]] -= 1
        assert unseen == expected
    *_, (final, _) = walk(codec, 5)
    for viewer in (0, None):
        got = parts(codec, game.view(final, viewer))
        assert got["phase"][3] == 1.0
        assert got["secret"].sum() == 4.0
        assert got["score_complete"].all()
        outcome = game.outcome(final)
        assert outcome is not None
        assert np.flatnonzero(got["winners"]).tolist() == sorted(outcome.winners)
        assert got["score"] * 50 == pytest.approx(list(outcome.scores))


def test_the_3_player_share_step() -> None:
    """R36, G5: the lowest seat takes the card, then names its sharer: ``pending`` holds it."""
    codec = codec_for(3)
    game = codec.game
    state = start(codec, 1, (RED, BLUE))
    for seat, value in enumerate((5, 8, 2)):
        act(codec, state, seat, f"play {value}")
    got = parts(codec, game.view(state, 0))
    assert got["actor"].tolist() == [0.0, 1.0, 0.0]
    assert got["queue"][0].tolist() == queue_row(3, "individual", 1)
    assert got["queue"][1].tolist() == queue_row(3, "choose-partner", 2)
    act(codec, state, 1, "take red")  # the second card is then no choice (G1)
    assert [codec.notations[i] for i in codec.legal_ids(state, 2)] == ["share 0", "share 1"]
    got = parts(codec, game.view(state, 2))
    assert got["phase"][2] == 1.0
    assert got["pending"].tolist() == [0, 0, 0, 1, 0, 0, 0]
    assert got["actor"][0] == 1.0
    assert not got["queue"].any()
    act(codec, state, 2, "share 0")
    got = parts(codec, game.view(state, 2))
    scale = codec.encoding.card_scale
    assert not got["pending"].any()
    assert got["shared"][:, BLUE].tolist() == [1 / scale, 1 / scale, 0.0]  # seats 2, 0; not 1
    assert got["individual"][2, RED] == 1 / scale


def test_a_session_carries_the_finished_games() -> None:
    """R29, D9: after game 1 the observation shows game 2, and game 1's results by seat."""
    codec = codec_for(4, "session")
    game = codec.game
    for state, _ in walk(codec, 3):
        if state.game_number == 1:
            break
    view = game.view(state, 1)
    got = parts(codec, view)
    assert got["session_game"].tolist() == [0.0, 1.0, 0.0]
    first = view["session"]["history"][0]
    order = [1, 2, 3, 0]
    assert got["session_totals"] * 50 == pytest.approx([first["scores"][s] for s in order])
    left = codec.encoding.left_scale
    assert got["session_left"] * left == pytest.approx([first["left_sum"][s] for s in order])
    assert got["unrevealed"].all()  # a fresh deal: full Teamwork hands (G9)
    assert got["partner"][0, 3] == 1.0  # game 2 (G9): seat 1 (row 0) partners seat 0


def test_observations_differ_between_seats_and_steps() -> None:
    codec = codec_for(6)
    seen = set()
    steps = 0
    for state, _ in walk(codec, 9):
        vectors = {codec.observe(state, seat).tobytes() for seat in range(6)}
        assert len(vectors) == 6
        seen |= vectors
        steps += 1
    assert len(seen) == 6 * steps


# -- the adapters with a variant ------------------------------------------------------------
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
def test_the_session_variant_through_both_adapters() -> None:
    pytest.importorskip("pettingzoo")
    pyspiel = pytest.importorskip("pyspiel")
    from pettingzoo.test import api_test, seed_test

    from gamenight.adapters import openspiel as gos
    from gamenight.adapters.pettingzoo import env, raw_env

    api_test(raw_env("gnome", 4, variant="session"), num_cycles=400)
    seed_test(lambda: env("gnome", 4, variant="session"), num_cycles=200)
    game = gos.load("gnome", 4, variant="session", deal_bytes=2)
    assert game.num_distinct_actions() == 16
    assert game.max_game_length() == 168
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
