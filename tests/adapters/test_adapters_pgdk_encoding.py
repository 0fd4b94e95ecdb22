"""The Pink Godzilla Dev Kit encoding: its id table against the card list and the parser, every
legal action of random and bot-played matches, and observations segment by segment against
the views they come from."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest

pytest.importorskip("numpy", reason="the adapters need the rl extra: pip install '.[rl]'")

import numpy as np

from gamenight.adapters.codec import Codec, make_codec
from gamenight.adapters.encodings.pgdk import PgdkEncoding
from gamenight.core.rng import Rng, derive_seed
from gamenight.games.pgdk import actions as kinds
from gamenight.games.pgdk import cards as cardlib
from gamenight.games.pgdk.actions import Action
from gamenight.games.pgdk.bots import PgdkHeuristic
from gamenight.games.pgdk.cards import DEFAULT_CARD_LIST
from gamenight.games.pgdk.rules import PgdkGame
from gamenight.games.pgdk.state import DEVELOP, PgdkState, Project

COUNTS = (2, 3, 4)
CODECS = {n: make_codec("pgdk", n) for n in COUNTS}
GAME: PgdkGame = cast(PgdkGame, CODECS[2].game)
KINDS = GAME.deck_list.kinds
LABELS = [kind.label for kind in KINDS]
K = len(KINDS)
STARTERS = cardlib.PROJECT_TYPES - {cardlib.EGG}


def parts(codec: Codec, view: dict[str, Any]) -> dict[str, Any]:
    return codec.layout.split(codec.encode(view))


def encoding(codec: Codec) -> PgdkEncoding:
    assert isinstance(codec.encoding, PgdkEncoding)
    return codec.encoding


def relative(seat: int, viewer: int, players: int) -> int:
    return (seat - viewer) % players


def play(codec: Codec, seed: int, bots: bool) -> Iterator[tuple[PgdkState, int]]:
    """(state, seat about to act) along one match; with ``bots`` every other seat is the
    heuristic bot (it completes videogames, so Going Gold, Clone windows and the end come up),
    the rest play uniformly at random. The seat that acts is drawn among ``to_act``."""
    game = codec.game
    rng = Rng(derive_seed(seed, 11))
    heuristic = PgdkHeuristic()
    players = codec.num_players
    state = game.new_state(players, seed)
    while True:
        actors = game.to_act(state)
        if not actors:
            yield state, -1
            return
        seat = actors[rng.randbelow(len(actors))]
        yield state, seat
        legal = game.legal_actions(state, seat)
        if bots and (seat + seed) % 2 == 0:
            action = heuristic.act(game.view(state, seat), legal, rng)
        else:
            action = legal[rng.randbelow(len(legal))]
        game.apply(state, seat, action)


# -- the id table ----------------------------------------------------------------------------
def expected_count(players: int) -> int:
    """The id count from the card list alone, as the encoding's docstring explains it."""
    project = [k for k in KINDS if k.type in cardlib.PROJECT_TYPES]
    starter_kinds = [k for k in KINDS if k.type in STARTERS]
    p = sum(k.count for k in starter_kinds)
    pinks = sum(1 for k in KINDS if k.power == cardlib.PINK_GODZILLA)
    used = [
        k
        for k in KINDS
        if k.type == cardlib.POWERUP or k.power in (cardlib.GOOD_GUARDIAN, cardlib.EVIL_GUARDIAN)
    ]
    neutral = [k for k in KINDS if k.power == cardlib.NEUTRAL_GUARDIAN]
    abilities = [k for k in KINDS if k.type == cardlib.ABILITY]
    cuttable = [k for k in starter_kinds if k.type != cardlib.TITLE]
    simple = 8  # pass, offer done, auction go, discard lowest, bid done, no bid, done, and
    # offer cancel (G25)
    by_any_card = 9 * K  # trade, offer, auction, bid, retrieve, steal, hunt, keep, discard
    return (
        simple
        + by_any_card
        + (K - pinks) * pinks  # godzilla CARD with PINK GODZILLA (D6, G2)
        + len(starter_kinds)  # play CARD new
        + len(project) * p  # play CARD on N
        + len(abilities)  # table
        + len(used)  # use
        + len(neutral) * p  # use CARD on N
        + players  # rob seat S
        + len(cuttable) * players * p  # cut CARD from seat S game N
        + p  # gold N
    )


@pytest.mark.parametrize("players", COUNTS)
def test_sizes_follow_the_card_list(players: int) -> None:
    """106 cards of 99 kinds, 82 of which can start a videogame: games 1..82."""
    codec = CODECS[players]
    assert K == 99
    assert encoding(codec).max_projects == 82
    assert codec.num_actions == expected_count(players)
    assert codec.num_actions == {2: 17_850, 3: 22_771, 4: 27_692}[players]
    assert codec.size == {2: 5_076, 3: 6_852, 4: 8_628}[players]
    assert codec.notations[0] == "pass"
    # issue 12: 'offer cancel' (G25) comes last, so every earlier id keeps its number
    assert codec.notations[-2] == "discard Market Research 3"
    assert codec.notations[-1] == "offer cancel"
    layout = codec.layout
    assert layout["projects"].shape == (players, 82, 17)
    assert layout["completed"].shape == (players, 16, 10)  # 16 Titles: 16 completed at most
    assert layout["known"].shape == (players, K)


@pytest.mark.parametrize("players", COUNTS)
def test_the_id_table_round_trips_through_the_parser(players: int) -> None:
    codec = CODECS[players]
    assert len(set(codec.notations)) == codec.num_actions
    for action_id, notation in enumerate(codec.notations):
        action = GAME.parse_action(notation)
        assert str(action) == notation
        assert codec.ids[action] == action_id


def test_notations_stay_within_their_bounds() -> None:
    names = set(CODECS[4].notations)
    assert "play Pixel Quest on 82" in names
    assert "play Pixel Quest on 83" not in names
    assert "gold 82" in names
    assert "gold 83" not in names
    assert "play Easter Egg B7 on 1" in names
    assert "play Easter Egg B7 new" not in names  # R28: only onto a ready game
    assert "cut Pixel B3 from seat 3 game 82" in names
    assert "cut Pixel Quest from seat 0 game 1" not in names  # C3: never a Title
    assert "cut Easter Egg B7 from seat 0 game 1" not in names  # it completes its game
    assert "cut Neutral Guardian from seat 1 game 1" in names  # played as a Character
    assert "use Neutral Guardian on 82" in names
    assert "use Neutral Guardian" not in names
    assert "use Good Guardian" in names
    assert "use Clone The Clone" in names
    assert "table Blue Clone" in names
    # D6: never for a Pink Godzilla; G2: the Pink Godzilla given is named
    assert "godzilla Pink Godzilla 4 with Pink Godzilla 3" not in names
    assert "godzilla Tekkenzilla with Pink Godzilla 3" in names
    assert "godzilla Tekkenzilla with Pink Godzilla 5" in names
    assert "godzilla Tekkenzilla with Potion B2" not in names
    assert "godzilla Tekkenzilla" not in names
    assert "rob seat 3" in names
    assert "rob seat 4" not in names
    assert not any("seat 2" in name for name in CODECS[2].notations)


def test_beginners_variant_has_no_auction_or_bid_ids() -> None:
    codec = make_codec("pgdk", 3, variant="beginners")
    assert codec.num_actions == CODECS[3].num_actions - (K + 1) - (K + 2)
    assert not any(n.startswith(("auction", "bid", "no bid")) for n in codec.notations)
    assert codec.size == CODECS[3].size


def write_list(path: Path, change: dict[str, int]) -> str:
    """The built-in card list with the counts of some names changed (0 drops the row)."""
    lines = []
    total = 0
    for line in DEFAULT_CARD_LIST.read_text(encoding="utf-8").splitlines():
        fields = line.split(",")
        if line.startswith("#") or fields[0] == "count" or len(fields) < 3:
            lines.append(line)
            continue
        count = change.get(fields[2], int(fields[0]))
        if count:
            lines.append(",".join([str(count), *fields[1:]]))
            total += count
    text = "\n".join(line for line in lines if not line.startswith("# cards:"))
    path.write_text(f"# cards: {total}\n{text}\n", encoding="utf-8")
    return str(path)


def test_a_card_list_without_pink_godzillas_has_no_godzilla_ids(tmp_path: Path) -> None:
    card_list = write_list(tmp_path / "no-pink.csv", {"Pink Godzilla": 0})
    codec = make_codec("pgdk", 2, params={"card_list": card_list})
    assert encoding(codec).max_projects == 78
    assert not any(n.startswith("godzilla") for n in codec.notations)
    assert "gold 78" in codec.notations
    assert "gold 79" not in codec.notations
    assert codec.layout["projects"].shape == (2, 78, 17)


def test_games_are_numbered_up_to_99_as_the_notation_allows(tmp_path: Path) -> None:
    card_list = write_list(tmp_path / "big.csv", {"Weapon": 3, "Vehicle": 3})
    codec = make_codec("pgdk", 2, params={"card_list": card_list})
    assert sum(k.count for k in encoding(codec).kinds if k.type in STARTERS) > 99
    assert encoding(codec).max_projects == 99
    assert codec.notations[-2].startswith("discard")  # then "offer cancel" (G25)
    assert "gold 99" in codec.notations


# -- every legal action has an id ----------------------------------------------------------------
@pytest.mark.parametrize("players", COUNTS)
def test_every_legal_action_of_many_matches_has_an_id(players: int) -> None:
    """Random matches and matches with the heuristic bot (which completes games, so Going
    Gold, Clone windows and the end come up); every seat's legal actions at every step."""
    codec = CODECS[players]
    game = codec.game
    phases = set()
    reasons = set()
    wanted = {2: 15, 3: 15, 4: 17}[players]
    for seed in range(60):  # at least 8 matches, more until the rarer phases have come up
        if seed >= 8 and len(phases) >= wanted and {"seat", "stalled"} <= reasons:
            break
        for state, seat in play(codec, seed, bots=seed % 4 != 0):
            phases.add(state.phase)
            for other in range(players):
                ids = codec.legal_ids(state, other)  # raises if an action has no id
                assert len(ids) == len(game.legal_actions(state, other))
            if seat < 0:
                outcome = game.outcome(state)
                assert outcome is not None
                reasons.add(outcome.reason.split(":")[0].split(" ")[0])
    assert {"seat", "stalled"} <= reasons
    assert len(phases) >= wanted, sorted(phases)


# -- observations ---------------------------------------------------------------------------
@pytest.mark.parametrize("players", COUNTS)
def test_observations_are_sized_finite_bounded_and_from_the_view_only(players: int) -> None:
    codec = CODECS[players]
    game = codec.game
    high = codec.layout.high()
    rng = Rng(players)
    for seed in (1, 2):
        for step, (state, seat) in enumerate(play(codec, seed, bots=True)):
            if step % 7:
                continue
            for viewer in [*range(players), None]:
                view = game.view(state, viewer)
                vector = codec.encode(view)
                assert vector.dtype == np.float32
                assert vector.shape == (codec.size,)
                assert np.all(np.isfinite(vector))
                assert np.all(vector >= 0.0)
                assert np.all(vector <= high)
                assert np.array_equal(codec.encode(json.loads(json.dumps(view))), vector)
                if viewer is not None and seat >= 0:
                    twin = game.determinize(view, viewer, rng)
                    assert np.array_equal(codec.observe(twin, viewer), vector)


@pytest.mark.parametrize("players", COUNTS)
def test_each_legal_id_names_what_the_observation_shows(players: int) -> None:
    """The ids and the segments line up: a card an action names is where the action takes it
    from, and a game number is a present slot of the right seat's videogames."""
    codec = CODECS[players]
    game = codec.game
    ready = encoding(codec).col_ready
    where = {
        kinds.TRADE: "row",
        kinds.AUCTION: "row",
        kinds.HUNT: "row",
        kinds.GODZILLA: "row",
        kinds.OFFER: "hand",
        kinds.BID: "hand",
        kinds.DISCARD: "hand",
        kinds.PLAY: "hand",
        kinds.TABLE: "hand",
        kinds.USE: "hand",
        kinds.USE_ON: "hand",
        kinds.RETRIEVE: "discard",
        kinds.KEEP: "peek",
    }
    checked = 0
    for seed in (3, 4, 5):
        for state, seat in play(codec, seed, bots=True):
            if seat < 0:
                break
            view = game.view(state, seat)
            got = parts(codec, view)
            for action_id in codec.legal_ids(state, seat):
                action = cast(Action, codec.actions[action_id])
                kind = action.kind
                if kind in where:
                    assert got[where[kind]][action.card] > 0, action
                if kind in (kinds.PLAY, kinds.USE_ON, kinds.GOLD) and action.slot >= 0:
                    assert got["projects"][0, action.slot, 0] == 1.0, action
                if kind == kinds.GOLD:
                    assert got["projects"][0, action.slot, ready] == 1.0, action
                if kind == kinds.CUT:
                    k = relative(action.seat, seat, players)
                    assert got["projects"][k, action.slot, 0] == 1.0, action
                    assert got["project_cards"][k, action.card] > 0, action
                if kind == kinds.STEAL:  # R27, G10: the thief has seen the whole hand
                    k = relative(view["rob"], seat, players)
                    assert got["known"][k, action.card] > 0, action
                if kind == kinds.ROB:
                    k = relative(action.seat, seat, players)
                    assert got["hand_sizes"][k] > 0, action
                checked += 1
    assert checked > 1000


# -- a position checked by hand -------------------------------------------------------------------
class Position:
    """A 4-player position built card by card from the deck (the components stay complete)."""

    def __init__(self) -> None:
        self.game = GAME
        self.state = PgdkState(4, GAME.num_cards, GAME.num_colours, Rng(0))
        self.state.deck = list(range(GAME.num_cards))

    def take(self, label: str) -> int:
        kind = GAME.kind_by_label[label]
        card = next(c for c in self.state.deck if GAME.kind_of[c] == kind)
        self.state.deck.remove(card)
        return card

    def cards(self, *labels: str) -> list[int]:
        return [self.take(label) for label in labels]

    def project(self, *labels: str, gold: bool = False, first: bool = False) -> Project:
        built = GAME.build(self.cards(*labels), gold=gold, first=first)
        assert built is not None
        return built


def hand_checked() -> PgdkState:
    """Seat 3 is developing; seat 2 (the usual viewer here) holds two Potion B2 (one of them
    shown to everyone) and Pixel Quest; seat 3 holds Jumpman B4 (seat 2 saw it go there) and a
    Wild; seat 3 has a ready blue game in slot 1 and a lone green Vehicle in slot 2; seat 0
    completed a pink game; seat 1 has the Blue Clone on the table."""
    table = Position()
    state = table.state
    state.active = state.actor = 3
    state.phase = DEVELOP
    state.plays_left = 2
    state.turn = 9
    state.row = table.cards("Elders B3", "Weapon P3")
    state.discard = table.cards("Budget Cut 3")
    state.hands[2] = table.cards("Potion B2", "Potion B2", "Pixel Quest")
    state.known[state.hands[2][0]] = (2 << 4) - 1  # public
    state.hands[3] = table.cards("Jumpman B4", "Wild")
    state.known[state.hands[3][0]] = 1 << 2  # seat 2 knows it
    state.projects[3] = [
        table.project("Chrono Jumpman", "Pixel B3", "Vehicle B3", "Potion B3"),
        table.project("Vehicle G3"),
    ]
    state.completed[0] = [
        table.project("Jumpman Kombat", "Elders P3", "Weapon P2", "Combo P2", gold=True, first=True)
    ]
    state.colours_done = 0b10
    state.specials[1] = table.cards("Blue Clone")
    state.abilities[1] = 1 << cardlib.CLONE
    state.clone_owner[0] = 1
    return state


def test_a_hand_checked_position_lands_in_the_right_segments() -> None:
    codec = CODECS[4]
    enc = encoding(codec)
    state = hand_checked()
    assert sorted(GAME.components(state)) == sorted(
        LABELS[GAME.kind_of[c]] for c in range(GAME.num_cards)
    )
    view = GAME.view(state, 2)
    got = parts(codec, view)
    label = LABELS.index
    assert list(np.flatnonzero(got["seat"])) == [2]
    assert list(np.flatnonzero(got["phase"])) == [5]  # develop
    assert list(np.flatnonzero(got["actor"])) == [1]  # seat 3 is next after seat 2
    assert list(np.flatnonzero(got["active"])) == [1]
    assert got["progress"][0] == pytest.approx(9 / 400)
    assert got["progress"][2] == pytest.approx(2 / 4)  # plays left/(2 + Crunch Time's 2)
    assert got["progress"][4] == pytest.approx(view["deck"] / 106)
    assert list(np.flatnonzero(got["colours_done"])) == [1]  # pink
    assert sorted(np.flatnonzero(got["row"])) == sorted([label("Elders B3"), label("Weapon P3")])
    assert list(np.flatnonzero(got["discard"])) == [label("Budget Cut 3")]
    # Own hand: both copies of Potion B2 fill their entry; one of them is public.
    assert got["hand"][label("Potion B2")] == 1.0
    assert got["hand"][label("Pixel Quest")] == 1.0
    assert got["hand"].sum() == 2.0
    assert got["hand_public"][label("Potion B2")] == 0.5
    assert not got["hand_seen"].any()
    # Seat 3 is relative seat 1: its size, the card seat 2 knows, never the Wild.
    assert got["hand_sizes"][1] == pytest.approx(0.2)
    assert list(np.flatnonzero(got["known"][1])) == [label("Jumpman B4")]
    assert not got["known"][0].any()
    # Seat 3's videogames: slot 0 ready and blue, slot 1 a lone green Vehicle.
    slot = got["projects"][1]
    c = GAME.num_colours
    assert slot[0, 0] == 1.0
    assert list(np.flatnonzero(slot[0, 1 : 1 + c])) == [0]
    assert slot[0, enc.col_title] == 1.0
    assert slot[0, enc.col_chars] == 0.5
    gears = [name.lower() for name in GAME.deck_list.gear_names]
    assert sorted(np.flatnonzero(slot[0, enc.col_gear : enc.col_gear + len(gears)])) == sorted(
        [gears.index("vehicle"), gears.index("potion")]
    )
    assert slot[0, enc.col_value] == pytest.approx(1.3)
    assert slot[0, enc.col_ready] == 1.0
    assert slot[0, enc.col_size] == pytest.approx(0.4)
    assert list(np.flatnonzero(slot[1, 1 : 1 + c])) == [3]  # green
    assert slot[1, enc.col_gear + gears.index("vehicle")] == 1.0
    assert slot[1, enc.col_ready] == 0.0
    assert not slot[2:].any()
    assert got["project_cards"][1][label("Vehicle G3")] == 1.0
    assert got["project_cards"][1].sum() == 4.5  # Potion B3 is one of two copies
    # Seat 0 (relative 2) completed a first pink game worth 10; seat 1 (relative 3) owns
    # the Blue Clone: 4 points each way.
    done = got["completed"][2]
    assert done[0, 0] == 1.0
    assert list(np.flatnonzero(done[0, 1 : 1 + c])) == [1]
    assert done[0, enc.done_value] == pytest.approx(1.0)
    assert done[0, enc.done_first] == 1.0
    assert done[0, enc.done_powered] == 0.0
    assert not done[1:].any()
    assert got["completed_cards"][label("Jumpman Kombat")] == 1.0
    assert got["points"] == pytest.approx(np.array([0.0, 0.0, 0.1, 0.04]))
    assert list(np.flatnonzero(got["specials"][3])) == [enc.ability_index[label("Blue Clone")]]

    # Seat 3 sees its own hand, and that seat 2 knows its Jumpman; seat 2's public Potion.
    mine = parts(codec, GAME.view(state, 3))
    assert mine["hand"][label("Jumpman B4")] == 1.0
    assert mine["hand"][label("Wild")] == 0.5  # one of two copies
    assert mine["hand_seen"][label("Jumpman B4")] == 1.0
    assert list(np.flatnonzero(mine["known"][3])) == [label("Potion B2")]
    assert mine["known"][3][label("Potion B2")] == 0.5
    assert mine["projects"][0, 0, enc.col_ready] == 1.0

    # The spectator sees no hand and only what is public.
    public = parts(codec, GAME.view(state, None))
    assert not public["seat"].any()
    assert not public["hand"].any()
    assert not public["known"][3].any()  # seat 3's Jumpman is known to seat 2 only
    assert public["known"][2][label("Potion B2")] == 0.5


def test_a_different_hidden_hand_gives_the_same_observation() -> None:
    """Swap seat 3's unknown Wild for a deck card: seat 2's vector is unchanged, seat 3's not."""
    codec = CODECS[4]
    state = hand_checked()
    other = state.clone()
    wild = other.hands[3][1]
    swap = other.deck[0]
    other.hands[3][1] = swap
    other.deck[0] = wild
    assert np.array_equal(codec.observe(state, 2), codec.observe(other, 2))
    assert np.array_equal(codec.observe(state, None), codec.observe(other, None))
    assert not np.array_equal(codec.observe(state, 3), codec.observe(other, 3))


def test_the_length_bound_is_far_above_real_matches() -> None:
    for players, codec in CODECS.items():
        bound = codec.max_game_length
        assert 0 < bound < 2**31
        longest = max(sum(1 for _ in play(codec, seed, bots=False)) for seed in range(3))
        assert longest * 100 < bound, (players, longest, bound)
