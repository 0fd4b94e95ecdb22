"""The Requirements heuristic bot: it plays from its view only and beats random play."""

from __future__ import annotations

import pytest

from gamenight.bots import RandomAgent, make_agent
from gamenight.core.registry import make_game
from gamenight.games.requirements.bots import RequirementsHeuristic
from gamenight.sim import play_match


def test_heuristic_beats_random_in_at_least_70_percent_of_400_seeded_games() -> None:
    game = make_game("requirements")
    heuristic, rand = RequirementsHeuristic(), RandomAgent()
    wins = 0
    for seed in range(400):
        seat = seed % 2  # the heuristic takes each seat in half the games
        agents = [heuristic, rand] if seat == 0 else [rand, heuristic]
        if seat in play_match(game, 2, seed, agents).outcome.winners:
            wins += 1
    assert wins >= 280, f"heuristic won {wins} of 400"


def test_the_heuristic_is_deterministic_for_a_seed() -> None:
    game = make_game("requirements")
    agents = [make_agent("heuristic", game), make_agent("heuristic:bluff=0.5", game)]
    first = play_match(game, 2, 7, agents, keep_record=True).record
    second = play_match(game, 2, 7, agents, keep_record=True).record
    assert first is not None
    assert second is not None
    assert first.actions == second.actions


@pytest.mark.parametrize("option", ["bluff=-1", "trust=x", "nerve=1"])
def test_bad_bot_options_are_refused(option: str) -> None:
    from gamenight.core import BotError

    with pytest.raises(BotError, match="heuristic"):
        make_agent(f"heuristic:{option}", make_game("requirements"))


@pytest.mark.parametrize(
    ("on_top", "answer"), [("Moxie/Spunk", "prove"), ("Moxie/Cheek", "concede")]
)
def test_the_heuristic_answers_a_challenge_true_claim_or_not(on_top: str, answer: str) -> None:
    """Issue 11 item 2: a challenged claimant is always asked (RULES G2); the heuristic proves
    a true claim and concedes a false one."""
    from requirements_positions import GAME, act, build

    from gamenight.core.rng import Rng

    state = build(requirement="Moxie/Spunk", pool_top=[on_top])
    act(state, "bid pool Moxie", "claim", "challenge")
    legal = GAME.legal_actions(state, 0)
    assert str(RequirementsHeuristic().act(GAME.view(state, 0), legal, Rng(0))) == answer
