"""``mend`` (issue 17 item 3, RULES.md G27): a world an inferring bot follows that the table
refutes (an opponent plays a card the world had put elsewhere, or a card the world kept for
it turns up elsewhere) is mended: the beliefs that still fit are kept, the rest drawn, where
``redraw_unseen`` can keep nothing. The general checks (the view shown, components, the world
left alone) are in tests/conformance/test_redraw_unseen.py; here, from explicit positions,
what is kept, and that the particle filter mends instead of dropping."""

from __future__ import annotations

import json
from collections import Counter

from pgdk_helpers import Table, make_game
from test_pgdk_redraw import card_of, follow, labels, seat_1_ends_its_turn, swap
from watching import watch_random_play

from gamenight.bots.inference import ParticleFilter
from gamenight.bots.ismcts import opponent_model
from gamenight.core.rng import Rng
from gamenight.games.pgdk.state import PgdkState

PLAY = "play Team Ninja Suppressors G5 new"


def seat_1_plays_a_card_the_world_put_in_the_deck() -> tuple[Table, PgdkState]:
    """Seat 1 holds a Team Ninja Suppressors G5 and a Potion B3 that seat 0 does not know;
    the world believes a Wild where the Team Ninja is (the Team Ninja in the deck)."""
    table = Table(players=2, active=1)
    table.develop(1)
    table.hand(0, "Potion B2")
    table.hand(1, "Team Ninja Suppressors G5", "Potion B3")
    game, world = table.game, table.state.clone()
    ninja = card_of(game, world.hands[1], "Team Ninja Suppressors G5")
    swap(world, ninja, card_of(game, world.deck, "Wild"))
    assert game.view(world, 0) == game.view(table.state, 0)
    return table, world


def test_issue17_g27_a_play_the_world_could_not_make_keeps_one_believed_card() -> None:
    table, world = seat_1_plays_a_card_the_world_put_in_the_deck()
    game = table.game
    public = game.public_action(table.state, 1, game.parse_action(PLAY))
    assert not [
        a for a in game.legal_actions(world, 1) if game.public_action(world, 1, a) == public
    ]
    table.match().apply(1, PLAY)
    view = game.view(table.state, 0)
    before = json.dumps(world.to_dict(), sort_keys=True)
    assert game.redraw_unseen(world, view, 0, Rng(1)) is None  # G26 cannot keep both
    kept = Counter[str]()
    for seed in range(16):
        mended = game.mend(world, view, 0, Rng(seed))
        assert mended is not None
        assert game.view(mended, 0) == view
        [card] = mended.hands[1]
        kept[game.card_label[card]] += 1
    # one place is left: either believed card, by chance; never a card the world did not hold
    assert set(kept) == {"Potion B3", "Wild"}
    assert json.dumps(world.to_dict(), sort_keys=True) == before  # the world is left alone


def test_issue17_g27_a_kept_card_now_seen_elsewhere_is_replaced_and_the_rest_kept() -> None:
    """The world believed seat 1 held the only Pixel Quest and a Potion B3; seat 0 has just
    drawn the Pixel Quest (G26 gives this world up)."""
    table = seat_1_ends_its_turn()
    game, real = table.game, table.state
    world = real.clone()
    swap(
        world, card_of(game, world.hands[1], "Jumpman G4"), card_of(game, world.deck, "Pixel Quest")
    )
    follow(table, world)
    view = game.view(real, 0)
    assert game.redraw_unseen(world, view, 0, Rng(5)) is None
    others = set()
    for seed in range(8):
        mended = game.mend(world, view, 0, Rng(seed))
        assert mended is not None
        assert game.view(mended, 0) == view
        held = labels(game, mended.hands[1])
        assert "Potion B3" in held
        assert "Pixel Quest" not in held
        held.remove("Potion B3")
        others.update(held)
    assert len(others) > 1  # the refuted card's place is dealt at random


def test_issue17_g27_the_filter_mends_every_world_the_play_refutes() -> None:
    """A filter whose worlds all lack the card seat 1 plays mends each of them: none is
    dropped for a fresh draw, and each keeps one of the two cards it believed."""
    table, world = seat_1_plays_a_card_the_world_put_in_the_deck()
    game = table.game
    particles = ParticleFilter(game, 0, opponent_model(game, "playout"), 6, 0.1, Rng(4))
    particles.reset(game.view(world, 0))
    particles.states = [world.clone() for _ in range(6)]
    public = game.public_action(table.state, 1, game.parse_action(PLAY))
    table.match().apply(1, PLAY)
    view = game.view(table.state, 0)
    particles.observe(1, public, view)
    assert (particles.mended, particles.dropped) == (6, 0)
    for state in particles.states:
        assert game.view(state, 0) == view
        assert labels(game, state.hands[1]) in (["Potion B3"], ["Wild"])
    assert particles.weights == [1 / 6] * 6  # mended alike, so weighted alike


def test_issue17_g27_a_watched_match_drops_no_world() -> None:
    """Seeded random play of two seats watched by seat 0: every world the table refutes is
    mended (where G26 keeps nothing, a world used to be dropped for a fresh one)."""
    game = make_game()
    state = game.new_state(2, 3)
    particles = ParticleFilter(game, 0, opponent_model(game, "playout"), 8, 0.1, Rng(4))
    particles.reset(game.view(state, 0))
    watch_random_play(game, state, particles, Rng(8), 150)
    assert particles.mended > 0
    assert particles.dropped == 0
