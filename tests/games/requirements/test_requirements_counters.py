"""issue 16 item 3: the counts the state keeps for speed agree with a recount of the table."""

from __future__ import annotations

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
