"""issue 16 item 3: what the rules keep for speed (counts on the state, the reading of the
last view determinized) agrees with working it out afresh."""

from __future__ import annotations

import json
from typing import Any

from gamenight.core.rng import Rng, derive_seed
from gamenight.games.requirements.rules import RequirementsGame
from gamenight.games.requirements.state import RequirementsState, shown_code

GAME = RequirementsGame()


def recounted(state: RequirementsState) -> list[int]:
    """Each reserve's exposed traits as a packed count, counted afresh."""
    return [shown_code([state.coin_up[c] for c in coins]) for coins in state.reserve]


def check(state: RequirementsState, where: str) -> None:
    assert state.reserve_shown == recounted(state), where


def test_issue16_item3_reserve_counts_agree_with_a_recount_along_random_play() -> None:
    """After every action of seeded random matches (2 players, the only count), in the state,
    its clone and a state determinized from each seat's view."""
    for players in RequirementsGame.spec.player_counts:
        for seed in range(40):
            state = GAME.new_state(players, seed)
            chooser = Rng(derive_seed(seed, 16))
            step = 0
            while actors := GAME.to_act(state):
                seat = actors[0]
                legal = GAME.legal_actions(state, seat)
                GAME.apply(state, seat, legal[chooser.randbelow(len(legal))])
                check(state, f"seed {seed}, step {step}")
                twin = state.clone()
                check(twin, f"clone, seed {seed}, step {step}")
                assert twin.reserve_shown is not state.reserve_shown
                if step % 7 == 0:
                    for viewer in range(players):
                        view = GAME.view(state, viewer)
                        sampled = GAME.determinize(view, viewer, Rng(seed * 100 + step))
                        check(sampled, f"determinized for {viewer}, seed {seed}, step {step}")
                step += 1


def test_issue16_item3_reserve_counts_of_a_clone_are_its_own() -> None:
    """A clone's counts move with its own reserves, not the original's."""
    state = GAME.new_state(2, 3)
    chooser = Rng(5)
    while GAME.to_act(state) and not any(state.reserve):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        GAME.apply(state, seat, legal[chooser.randbelow(len(legal))])
    twin = state.clone()
    before = state.reserve_shown[:]
    while GAME.to_act(twin) and twin.reserve == state.reserve:
        seat = GAME.to_act(twin)[0]
        legal = GAME.legal_actions(twin, seat)
        GAME.apply(twin, seat, legal[chooser.randbelow(len(legal))])
    assert state.reserve_shown == before == recounted(state)
    check(twin, "the clone, played on")


def _drawn(game: RequirementsGame, view: dict[str, Any], seat: int, seed: int) -> str:
    return json.dumps(game.determinize(view, seat, Rng(seed)).to_dict(), sort_keys=True)


def _positions(seeds: range) -> list[tuple[RequirementsState, int]]:
    """A state and its actor every ninth action of seeded random matches."""
    positions = []
    for seed in seeds:
        state = GAME.new_state(2, seed)
        chooser = Rng(derive_seed(seed, 17))
        step = 0
        while actors := GAME.to_act(state):
            if step % 9 == 0:
                positions.append((state.clone(), actors[0]))
            legal = GAME.legal_actions(state, actors[0])
            GAME.apply(state, actors[0], legal[chooser.randbelow(len(legal))])
            step += 1
    return positions


def test_issue16_item3_a_view_determinized_again_draws_as_a_fresh_reading() -> None:
    """A view asked about again and again (as ISMCTS does) is read once and kept; every draw
    from the kept reading is the draw a game that never saw the view makes."""
    for state, seat in _positions(range(6)):
        game = RequirementsGame()
        view = game.view(state, seat)
        drawn = [_drawn(game, view, seat, k) for k in range(4)]
        assert game.read_views.kept is not None
        assert game.read_views.kept[0] == view
        assert drawn == [_drawn(RequirementsGame(), view, seat, k) for k in range(4)]


def test_issue16_item3_a_view_changed_in_place_is_read_afresh() -> None:
    """The kept reading answers only views equal to a private copy of the view it read."""
    positions = _positions(range(1))
    (early, seat), (late, _) = positions[1], positions[-1]
    game = RequirementsGame()
    view = game.view(early, seat)
    for k in range(3):
        _drawn(game, view, seat, k)
    later_view = game.view(late, seat)  # the same seat's view, later in the match
    view.clear()
    view.update(json.loads(json.dumps(later_view)))
    assert _drawn(game, view, seat, 5) == _drawn(RequirementsGame(), later_view, seat, 5)
